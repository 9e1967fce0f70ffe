/**
 * Cash-out ("sell", SPEC §4; issue 11): the house buys an open coupon back at the expected
 * payout at the current odds of its open selections, less a margin (domain cashOutOffer).
 *
 * Accepting: in one ledger unit the coupon row is locked, the offer recomputed from the odds
 * in the database, the coupon marked `sold` with payout = the offer and the payout posted
 * (house-bets shard of the coupon → player, `coupon:{id}:cash-out`). The rule on a moved
 * offer: it is paid only when it equals the amount the player accepted; any difference, up
 * or down, is refused with the new offer (409 `cash_out_changed`) for the player to decide
 * again — the player is never paid an amount they did not see, and the house never pays on
 * odds that no longer hold. The update is guarded by `status = 'accepted'` (the only status the
 * settlement sweep pays), so a cash-out and a settlement racing pay once between them; the
 * row lock makes concurrent cash-outs of one coupon queue, and all but the first find it sold.
 *
 * Not offered: a pending live coupon, anything not open, an insured coupon (its payback
 * would need pricing too), a lost selection, an open selection without a price now.
 */
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { cashOutOffer, DEFAULT_MARGIN, toMinor, type CurrencyCode, type Minor } from '@betsite/domain';
import { CouponActionErrorCode, type CashOutOffer } from '@betsite/contracts';
import type { Database } from '@betsite/db';
import { AppError } from '../../lib/errors.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { money } from './draft.ts';
import { ownCoupon, pricedCoupon, type CouponRow } from './priced.ts';

/** The house's margin on a cash-out offer (as on the odds it prices from). */
export const CASH_OUT_MARGIN = DEFAULT_MARGIN;

type Reason = NonNullable<CashOutOffer['reason']>;
type Offer = { amount: Minor } | { amount: null; reason: Reason };

export interface CashOutDeps {
  db: Kysely<Database>;
  ledger: Ledger;
  logger: FastifyBaseLogger;
}

/** The offer for a coupon row, reading the odds through `db` (the caller's transaction when accepting). */
async function offerOf(db: Kysely<Database>, row: CouponRow): Promise<Offer> {
  if (row.status === 'pending') return { amount: null, reason: 'pending' };
  if (row.status !== 'accepted') return { amount: null, reason: 'not_open' };
  if (row.insured_amount !== null) return { amount: null, reason: 'insured' };
  const priced = await pricedCoupon(db, row);
  if (priced.lost) return { amount: null, reason: 'selection_lost' };
  if (priced.unavailable) return { amount: null, reason: 'selection_unavailable' };
  const amount = cashOutOffer(priced.draft, priced.currentCoefs, priced.statuses, CASH_OUT_MARGIN);
  return amount === null ? { amount: null, reason: 'no_offer' } : { amount };
}

const shown = (offer: Offer, currency: CurrencyCode): CashOutOffer =>
  offer.amount === null ? { available: false, amount: null, reason: offer.reason } : { available: true, amount: money(offer.amount, currency) };

export function createCashOut({ db, ledger, logger }: CashOutDeps) {
  return {
    async offer(userId: string, id: string): Promise<CashOutOffer> {
      const row = await ownCoupon(db, userId, id);
      return shown(await offerOf(db, row), row.currency as CurrencyCode);
    },

    /** Sells the coupon at `asked` (major-unit text) if that is still the offer; the caller answers the coupon. */
    async take(userId: string, id: string, asked: string): Promise<void> {
      const first = await ownCoupon(db, userId, id);
      const currency = first.currency as CurrencyCode;
      let amount: Minor;
      try {
        amount = toMinor(asked, currency);
      } catch {
        throw new AppError(400, 'invalid_request', `Invalid amount for ${currency}`, [{ path: 'body.amount', message: 'Too many decimal places' }]);
      }
      const house = await ledger.houseAccount('house-bets', currency, id);
      await ledger.unit(async (unit) => {
        const row = await ownCoupon(unit.db, userId, id, true);
        const offer = await offerOf(unit.db, row);
        if (offer.amount === null) throw new AppError(409, CouponActionErrorCode.cashOutUnavailable, 'This coupon cannot be cashed out now', { reason: offer.reason });
        if (offer.amount !== amount) throw new AppError(409, CouponActionErrorCode.cashOutChanged, 'The cash-out offer has changed', { offer: shown(offer, currency) });
        const sold = await unit.db
          .updateTable('coupons')
          .set({ status: 'sold', payout: offer.amount, settled_at: unit.now, updated_at: unit.now })
          .where('id', '=', row.id)
          .where('status', '=', 'accepted')
          .executeTakeFirst();
        if (sold.numUpdatedRows !== 1n) throw new AppError(409, CouponActionErrorCode.cashOutUnavailable, 'This coupon cannot be cashed out now', { reason: 'not_open' });
        await unit.post({
          idempotencyKey: `coupon:${row.id}:cash-out`,
          kind: 'bet-cash-out',
          entries: [
            { accountId: house.id, amount: -offer.amount },
            { accountId: row.account_id, amount: offer.amount },
          ],
          metadata: { couponId: row.id },
        });
      });
      logger.info({ couponId: id, amount: String(amount) }, 'coupon cashed out');
    },
  };
}

export type CashOut = ReturnType<typeof createCashOut>;
