/**
 * An open coupon priced at the current odds, for cash-out and insurance: its draft as placed,
 * each selection's settled status, and the current coef of every open selection that can
 * still be priced. A selection whose game finished, whose outcome already has a result (the
 * sweep may not have copied it yet) or that is blocked, suspended or gone has no price: its
 * result may be known, so nothing is offered on it.
 */
import type { Kysely, Selectable } from 'kysely';
import type { BetStatus, CouponDraft } from '@betsite/domain';
import type { CouponsTable, Database } from '@betsite/db';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../ledger/movement.ts';
import { betKey, loadBets } from './bets.ts';
import { placedDraft } from './draft.ts';

export type CouponRow = Selectable<CouponsTable>;

export interface PricedCoupon {
  draft: CouponDraft;
  /** Stored SPEC §3 bet status by selection id (betKey). */
  statuses: Record<string, BetStatus>;
  /** Thousandths, for the open selections that have a price now. */
  currentCoefs: Record<string, number>;
  /** An open selection without a price now. */
  unavailable: boolean;
  /** A selection settled lost. */
  lost: boolean;
}

/** The player's coupon (404 for an unknown id or another player's); `forUpdate` locks the row for the caller's transaction. */
export async function ownCoupon(db: Kysely<Database>, userId: string, id: string, forUpdate = false): Promise<CouponRow> {
  if (!isUuid(id)) throw notFound('No such coupon');
  let query = db.selectFrom('coupons').selectAll().where('id', '=', id);
  if (forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row || row.user_id !== userId) throw notFound('No such coupon');
  return row;
}

export async function pricedCoupon(db: Kysely<Database>, row: CouponRow): Promise<PricedCoupon> {
  const selections = await db.selectFrom('coupon_selections').selectAll().where('coupon_id', '=', row.id).orderBy('position').execute();
  const draft = placedDraft(row.plan, selections);
  const refs = selections.map((s) => ({ gameId: s.game_id, outcomeKey: s.outcome_key }));
  const states = await loadBets(db, refs);
  const results = await db
    .selectFrom('outcomes')
    .select(['game_id', 'key'])
    .where((eb) => eb.or(refs.map((r) => eb.and([eb('game_id', '=', r.gameId), eb('key', '=', r.outcomeKey)]))))
    .where('status', '>=', 0)
    .execute();
  const decided = new Set(results.map((r) => betKey({ gameId: r.game_id, outcomeKey: r.key })));
  const statuses: Record<string, BetStatus> = {};
  const currentCoefs: Record<string, number> = {};
  let unavailable = false;
  let lost = false;
  for (const s of selections) {
    const key = betKey({ gameId: s.game_id, outcomeKey: s.outcome_key });
    statuses[key] = s.status as BetStatus;
    if (s.status === 0) lost = true;
    if (s.status >= 0) continue;
    const state = states.get(key);
    if (!state || state.blocked || state.finished || decided.has(key)) unavailable = true;
    else currentCoefs[key] = state.coef;
  }
  return { draft, statuses, currentCoefs, unavailable, lost };
}
