/**
 * The limit service (SPEC §7 limit-service-api v3) and the reality check through the shared
 * browser client (X-Requested-With, a 401 refreshes the token once). The paths are the
 * contracts' `LIMITS_API`, repeated here so zod stays out of the browser bundle; `satisfies`
 * keeps the copy honest.
 */
import type {
  LIMITS_API as CONTRACT_API,
  AvailableLimits,
  LimitActionResponse,
  LimitPingResponse,
  PlayerLimits,
  ProtectionSettings,
  RealityCheckState,
  SelfExcludeReasons,
  SetLimitsResponse,
  TestAnswersResponse,
} from '@betsite/contracts';
import { api, type ApiClient, type ApiResult } from '../../shell/http.ts';

const BASE = '/limit-service-api/api/external/web/v3';

export const LIMITS_API = {
  base: BASE,
  availableLimits: `${BASE}/availablelimits`,
  limits: `${BASE}/limits`,
  testAnswers: `${BASE}/testanswers`,
  limitAction: `${BASE}/limitaction`,
  limit: `${BASE}/limit`,
  selfExcludeReasons: `${BASE}/reasons/selfexclude`,
  ping: `${BASE}/ping`,
  selfBlock: `${BASE}/selfblock`,
  realityCheck: '/web-api/api/web/user/v1/reality-check',
  opsPlayerLimits: '/ops-api/v1/players/:id/limits',
} as const satisfies typeof CONTRACT_API;

const withLanguage = (lng: string) => ({ headers: { 'accept-language': lng } });

export const fetchLimits = (client: ApiClient = api): Promise<ApiResult<PlayerLimits>> => client.get<PlayerLimits>(LIMITS_API.limits);

export const fetchAvailableLimits = (lng: string, client: ApiClient = api): Promise<ApiResult<AvailableLimits>> =>
  client.get<AvailableLimits>(LIMITS_API.availableLimits, withLanguage(lng));

export const fetchSelfExcludeReasons = (lng: string, client: ApiClient = api): Promise<ApiResult<SelfExcludeReasons>> =>
  client.get<SelfExcludeReasons>(LIMITS_API.selfExcludeReasons, withLanguage(lng));

export interface LimitChangeInput {
  limitType: number;
  limitValue: number;
  selfExcludeReason?: number;
}

export const saveLimits = (limits: readonly LimitChangeInput[], lng: string, client: ApiClient = api): Promise<ApiResult<SetLimitsResponse>> =>
  client.post<SetLimitsResponse>(LIMITS_API.limits, { limits }, withLanguage(lng));

export const sendTestAnswers = (tokenGuid: string, answers: readonly { questionId: number; answerId: number }[], client: ApiClient = api): Promise<ApiResult<TestAnswersResponse>> =>
  client.post<TestAnswersResponse>(LIMITS_API.testAnswers, { tokenGuid, answers });

/**
 * Confirm or reject due changes (SPEC §7 "limitaction (POST confirm or reject) or limit
 * (DELETE), by configuration"): a reject goes as `DELETE limit` when the site says so.
 */
export function limitAction(
  action: 'confirm' | 'reject',
  types: readonly number[],
  mode: ProtectionSettings['limitActionMode'],
  lng: string,
  client: ApiClient = api,
): Promise<ApiResult<LimitActionResponse>> {
  if (action === 'reject' && mode === 'delete') {
    // DELETE takes one type (or all pending ones when left out).
    const query = types.length === 1 ? `?limitType=${types[0]}` : '';
    return client.request<LimitActionResponse>(`${LIMITS_API.limit}${query}`, { method: 'DELETE', ...withLanguage(lng) });
  }
  return client.post<LimitActionResponse>(LIMITS_API.limitAction, { action, ...(types.length > 0 ? { limitTypes: types } : {}) }, withLanguage(lng));
}

export const ping = (client: ApiClient = api): Promise<ApiResult<LimitPingResponse>> => client.post<LimitPingResponse>(LIMITS_API.ping, {}, { refreshOn401: false });

export const fetchRealityCheck = (client: ApiClient = api): Promise<ApiResult<RealityCheckState>> => client.get<RealityCheckState>(LIMITS_API.realityCheck);

export const reportRealityCheck = (
  action: 'continue' | 'log_out' | 'nothing',
  doNotShowAgain: boolean,
  client: ApiClient = api,
): Promise<ApiResult<RealityCheckState>> =>
  client.post<RealityCheckState>(LIMITS_API.realityCheck, { data: { attributes: { action, do_not_show_again: doNotShowAgain } } }, { refreshOn401: action !== 'log_out' });
