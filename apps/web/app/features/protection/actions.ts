/**
 * Confirm or cancel a pending limit change, for the office rows and the approval dialog
 * alike (SPEC §4, §8 "Limit confirm / cancel: success texts responsible_gaming_confirm_limit_success
 * and cancel_limit_success; errors use the server title or the confirm/cancel error text").
 */
import type { ProtectionSettings } from '@betsite/contracts';
import type { ApiClient } from '../../shell/http.ts';
import { api } from '../../shell/http.ts';
import { limitAction } from './api.ts';
import { withoutPending } from './protection.ts';
import { limitsStore, type LimitsStore } from './store.ts';

export type ActionOutcome = { ok: true; key: string } | { ok: false; message: string | null; key: string };

export async function runLimitAction(
  action: 'confirm' | 'reject',
  types: readonly number[],
  mode: ProtectionSettings['limitActionMode'],
  lng: string,
  store: LimitsStore = limitsStore,
  client: ApiClient = api,
): Promise<ActionOutcome> {
  const answer = await limitAction(action, types, mode, lng, client);
  if (answer.ok) {
    store.setList(answer.body.limitsData);
    return { ok: true, key: action === 'confirm' ? 'main:responsible_gaming_confirm_limit_success' : 'main:cancel_limit_success' };
  }
  // SPEC §4: a reject drops the pending change from the tab's copy unless unauthorised or forbidden.
  const current = store.limits();
  if (action === 'reject' && answer.status !== 401 && answer.status !== 403 && current) store.set(withoutPending(current, types));
  return {
    ok: false,
    message: answer.network ? null : answer.message,
    key: answer.network ? 'main:main_network_error' : action === 'confirm' ? 'main:protection_confirm_error' : 'main:protection_cancel_error',
  };
}
