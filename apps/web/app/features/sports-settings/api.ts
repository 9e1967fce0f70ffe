/**
 * `GET` / `PUT /web-api/office/v1/disallowed-sports` through the shared browser client
 * (SPEC §7 headers incl. X-Requested-With, §8: a 401 refreshes the token and retries once).
 * Types only from the contracts: zod stays out of the browser bundle.
 */
import type { DisallowedSports } from '@betsite/contracts';
import { api, type ApiClient, type ApiResult } from '../../shell/http.ts';
import { USER_CONFIG_API } from '../user-config/index.ts';
import { isDisallowedSports } from './sports-settings.ts';

/** The player's saved lists; throws on any failure (a visitor, the network, a bad answer). */
export async function fetchDisallowedSports(client: ApiClient = api): Promise<DisallowedSports> {
  const answer = await client.get(USER_CONFIG_API.disallowedSports);
  if (!answer.ok) throw new Error(`disallowed sports: HTTP ${answer.status}`);
  if (!isDisallowedSports(answer.body)) throw new Error('disallowed sports: unexpected answer');
  return answer.body;
}

/** Saves both lists; the answer is the saved lists (sorted), or the failure as the client reports it. */
export async function saveDisallowedSports(lists: DisallowedSports, client: ApiClient = api): Promise<ApiResult<DisallowedSports>> {
  const answer = await client.request<DisallowedSports>(USER_CONFIG_API.disallowedSports, { method: 'PUT', body: { line: lists.line, live: lists.live } });
  if (answer.ok && !isDisallowedSports(answer.body)) {
    return { ok: false, status: answer.status, code: null, message: null, body: answer.body, network: false };
  }
  return answer;
}
