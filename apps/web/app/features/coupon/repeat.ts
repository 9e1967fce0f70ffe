/**
 * SPEC §4 "repeat" and §3 isCouponLoadedFromCode: a past coupon or a saved code becomes the
 * slip's new draft — its bets at the odds the line offers now, with their blocks, bankers,
 * type and system value. My bets and the success view call `repeatCoupon`; the slip's
 * "load a code" calls `loadDraft` with the code's draft.
 */
import type { Coupon, GameDetail } from '@betsite/contracts';
import { api } from '../../shell/http.ts';
import { getSelectionStore, lineApi } from '../line/index.ts';
import { couponDraftOf, extrasStore, rebuildDraft, EMPTY_EXTRAS, type DraftBet } from './slip-state.ts';

export interface DraftLoaded {
  /** Selections now in the slip. */
  added: number;
  /** Bets the line no longer offers. */
  missing: number;
}

/** Replaces the slip with the draft's bets over their games now (games fetched once each). */
export async function loadDraft(draft: { typeId?: number | undefined; systemValue?: number | null | undefined; bets: readonly DraftBet[] }): Promise<DraftLoaded> {
  const line = lineApi(api);
  const ids = [...new Set(draft.bets.map((b) => b.gameId))];
  const answers = await Promise.all(ids.map((id) => line.game(id)));
  const games = new Map<number, GameDetail>();
  answers.forEach((a) => {
    if (a.ok) games.set(a.body.game.id, a.body.game);
  });
  const rebuilt = rebuildDraft({ typeId: draft.typeId ?? (draft.bets.length > 1 ? 1 : 0), systemValue: draft.systemValue ?? null, bets: draft.bets }, games);
  const store = getSelectionStore();
  if (!store) return { added: 0, missing: draft.bets.length };
  store.clear();
  for (const s of rebuilt.selections) store.toggle(s);
  store.setType(rebuilt.typeId, rebuilt.systemValue);
  extrasStore()?.set({ ...EMPTY_EXTRAS, ...rebuilt.extras });
  return { added: rebuilt.selections.length, missing: rebuilt.missing };
}

/** SPEC §4 repeat: a new draft from a past coupon. */
export const repeatCoupon = (coupon: Pick<Coupon, 'typeId' | 'systemValue' | 'bets'>): Promise<DraftLoaded> => loadDraft(couponDraftOf(coupon));
