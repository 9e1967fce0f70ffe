/**
 * Calls of the wallet (the server's accounts API). Types only from the contracts: zod stays
 * out of the browser bundle, and answers get a light shape check instead.
 */
import type { AccountChangeResponse, AccountsResponse } from '@betsite/contracts';
import { ACCOUNTS_ENDPOINTS, isAccountsResponse } from './wallet.ts';

/** The player's accounts; throws on any failure (a visitor, the network, a bad answer). */
export async function fetchAccounts(fetchFn: typeof fetch = fetch): Promise<AccountsResponse> {
  const response = await fetchFn(ACCOUNTS_ENDPOINTS.accounts, { credentials: 'same-origin', cache: 'no-store', headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`accounts: HTTP ${response.status}`);
  const body: unknown = await response.json();
  if (!isAccountsResponse(body)) throw new Error('accounts: unexpected answer');
  return body;
}

/** SPEC §8: a failed account action is `success: false` with the server's message when it sent one. */
export type AccountActionResult = { success: true; body: AccountChangeResponse } | { success: false; message: string | null; network: boolean };

export async function accountAction(
  action: 'add' | 'remove' | 'active' | 'hideBalance',
  body: unknown,
  fetchFn: typeof fetch = fetch,
): Promise<AccountActionResult> {
  let response: Response;
  try {
    response = await fetchFn(ACCOUNTS_ENDPOINTS[action], {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      credentials: 'same-origin',
      body: JSON.stringify(body),
    });
  } catch {
    return { success: false, message: null, network: true };
  }
  let parsed: unknown = null;
  try {
    parsed = await response.json();
  } catch {
    parsed = null;
  }
  if (response.ok && typeof parsed === 'object' && parsed !== null && isAccountsResponse((parsed as { accounts?: unknown }).accounts)) {
    return { success: true, body: parsed as AccountChangeResponse };
  }
  const message = typeof parsed === 'object' && parsed !== null && typeof (parsed as { message?: unknown }).message === 'string' ? (parsed as { message: string }).message : null;
  return { success: false, message, network: false };
}
