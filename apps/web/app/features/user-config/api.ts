/**
 * Calls about the player's own state (contracts `user-config.ts`). Types only from the
 * contracts: importing their values would bundle zod into the page, so the paths are
 * repeated here and `satisfies` keeps the copies honest.
 */
import type { USER_CONFIG_API as CONTRACT_API, BonusChoice, BonusChoiceResponse, UserConfig, UserConfigResponse } from '@betsite/contracts';
import { api, type ApiClient, type ApiResult } from '../../shell/http.ts';

export const USER_CONFIG_API = {
  userConfig: '/web-api/office/v1/user-config',
  rights: '/web-api/auth/v1/rights',
  bonusChoice: '/web-api/office/v1/bonus-choice',
  activate: '/web-api/registration/v1/activate',
  activateResend: '/web-api/registration/v1/activate/resend',
  getToken: '/web-api/user/gettoken',
  autoLogoff: '/web-api/auth/v1/auto-logoff',
  disallowedSports: '/web-api/office/v1/disallowed-sports',
} as const satisfies typeof CONTRACT_API;

/** SPEC §7 user config (`{ result, error }`): the config, or throws (a visitor, the network, an error answer). */
export async function fetchUserConfig(client: ApiClient = api): Promise<UserConfig> {
  const answer = await client.get<UserConfigResponse>(USER_CONFIG_API.userConfig);
  if (!answer.ok) throw new Error(`user config: HTTP ${answer.status}`);
  const { result, error } = answer.body ?? { result: null, error: null };
  if (error || !result || typeof result.user_id !== 'string') throw new Error(`user config: ${error?.message ?? 'unexpected answer'}`);
  return result;
}

export function postBonusChoice(choice: BonusChoice, client: ApiClient = api): Promise<ApiResult<BonusChoiceResponse>> {
  return client.post<BonusChoiceResponse>(USER_CONFIG_API.bonusChoice, { choice });
}
