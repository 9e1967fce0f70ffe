/**
 * Calls of the wallet (the server's accounts API), through the shared browser client (SPEC
 * §7 headers, §8: a 401 refreshes the token and retries once). Types only from the
 * contracts: zod stays out of the browser bundle, and answers get a light shape check instead.
 */
import type { AccountChangeResponse, AccountsResponse } from '@betsite/contracts';
import { api, type ApiClient } from '../../shell/http.ts';
import { ACCOUNTS_ENDPOINTS, isAccountsResponse } from './wallet.ts';

/** The player's accounts; throws on any failure (a visitor, the network, a bad answer). */
export async function fetchAccounts(client: ApiClient = api): Promise<AccountsResponse> {
  const answer = await client.get(ACCOUNTS_ENDPOINTS.accounts);
  if (!answer.ok) throw new Error(`accounts: HTTP ${answer.status}`);
  if (!isAccountsResponse(answer.body)) throw new Error('accounts: unexpected answer');
  return answer.body;
}

/** SPEC §8: a failed account action is `success: false` with the server's message when it sent one. */
export type AccountActionResult = { success: true; body: AccountChangeResponse } | { success: false; message: string | null; network: boolean };

export async function accountAction(action: 'add' | 'remove' | 'active' | 'hideBalance', body: unknown, client: ApiClient = api): Promise<AccountActionResult> {
  const answer = await client.post<AccountChangeResponse>(ACCOUNTS_ENDPOINTS[action], body);
  if (answer.ok && typeof answer.body === 'object' && answer.body !== null && isAccountsResponse(answer.body.accounts)) {
    return { success: true, body: answer.body };
  }
  return { success: false, message: answer.ok ? null : answer.message, network: !answer.ok && answer.network };
}
