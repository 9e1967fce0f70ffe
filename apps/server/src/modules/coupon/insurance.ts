/**
 * Insurance ("insure", SPEC §4; issue 11; the rule in domain coupon/insurance.ts): the
 * player pays a premium for a share of the stake, paid back if the coupon settles paying
 * nothing.
 *
 * Buying: in one ledger unit the coupon row is locked, the premium recomputed from the odds
 * in the database, the coupon marked insured (`where status = 'accepted' and insured_at is
 * null`: once, and never after it settled or sold) and the premium posted (player →
 * house-bets shard of the coupon, `coupon:{id}:insurance`). With the premium the player saw,
 * a moved premium is refused (409 `insurance_changed`) rather than charged.
 *
 * Payback: the settlement (service.ts settleBatch) posts `coupon:{id}:insurance-payback` in
 * the unit that marks the coupon settled, from the insured amount it reads under the row
 * lock: an insurance bought after the sweep first read the row is still paid back, and one
 * trying after the settlement locked it finds the coupon settled and is refused.
 */
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_MARGIN, insuranceQuote, minor, toMinor, type CurrencyCode, type InsuranceQuote, type InsuranceShare } from '@betsite/domain';
import { CouponActionErrorCode, CouponErrorCode, type InsuranceQuoteResponse } from '@betsite/contracts';
import type { Database } from '@betsite/db';
import { AppError } from '../../lib/errors.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { InsufficientFundsError } from '../ledger/errors.ts';
import { money } from './draft.ts';
import { ownCoupon, pricedCoupon, type CouponRow } from './priced.ts';

/** The house's margin on the premium over P(loss). */
export const INSURANCE_MARGIN = DEFAULT_MARGIN;

async function quoteOf(db: Kysely<Database>, row: CouponRow): Promise<InsuranceQuote> {
  const base = { stake: minor(row.amount), status: row.status, insured: row.insured_amount !== null, margin: INSURANCE_MARGIN };
  // Only an accepted, uninsured coupon is worth pricing (the domain answers the reason otherwise).
  if (row.status !== 'accepted' || row.insured_amount !== null) return insuranceQuote({ ...base, coupon: { typeId: 0, selections: [] }, currentCoefs: {}, statuses: {} });
  // An open selection without a price now is absent from currentCoefs: the domain refuses it.
  const priced = await pricedCoupon(db, row);
  return insuranceQuote({ ...base, coupon: priced.draft, currentCoefs: priced.currentCoefs, statuses: priced.statuses });
}

const shown = (quote: InsuranceQuote, currency: CurrencyCode): InsuranceQuoteResponse =>
  quote.available
    ? { available: true, offers: quote.offers.map((o) => ({ share: o.share, amount: money(o.amount, currency), premium: money(o.premium, currency) })) }
    : { available: false, reason: quote.reason, offers: [] };

export interface InsuranceDeps {
  db: Kysely<Database>;
  ledger: Ledger;
  logger: FastifyBaseLogger;
}

export function createInsurance({ db, ledger, logger }: InsuranceDeps) {
  return {
    async quote(userId: string, id: string): Promise<InsuranceQuoteResponse> {
      const row = await ownCoupon(db, userId, id);
      return shown(await quoteOf(db, row), row.currency as CurrencyCode);
    },

    /** Insures `share` % of the stake; `seen` is the premium the player was shown (major-unit text), if sent. */
    async insure(userId: string, id: string, share: InsuranceShare, seen: string | undefined): Promise<void> {
      const first = await ownCoupon(db, userId, id);
      const currency = first.currency as CurrencyCode;
      let expected: bigint | null = null;
      if (seen !== undefined) {
        try {
          expected = toMinor(seen, currency);
        } catch {
          throw new AppError(400, 'invalid_request', `Invalid amount for ${currency}`, [{ path: 'body.premium', message: 'Too many decimal places' }]);
        }
      }
      const house = await ledger.houseAccount('house-bets', currency, id);
      try {
        await ledger.unit(async (unit) => {
          const row = await ownCoupon(unit.db, userId, id, true);
          const quote = await quoteOf(unit.db, row);
          if (!quote.available) throw new AppError(409, CouponActionErrorCode.insuranceUnavailable, 'This coupon cannot be insured now', { reason: quote.reason });
          const offer = quote.offers.find((o) => o.share === share);
          if (!offer) throw new AppError(409, CouponActionErrorCode.insuranceUnavailable, 'This share cannot be insured now', { reason: 'no_offer', insurance: shown(quote, currency) });
          if (expected !== null && offer.premium !== expected) throw new AppError(409, CouponActionErrorCode.insuranceChanged, 'The premium has changed', { insurance: shown(quote, currency) });
          const insured = await unit.db
            .updateTable('coupons')
            .set({ insured_amount: offer.amount, insurance_premium: offer.premium, insured_at: unit.now, updated_at: unit.now })
            .where('id', '=', row.id)
            .where('status', '=', 'accepted')
            .where('insured_at', 'is', null)
            .executeTakeFirst();
          if (insured.numUpdatedRows !== 1n) throw new AppError(409, CouponActionErrorCode.insuranceUnavailable, 'This coupon cannot be insured now', { reason: 'already_insured' });
          await unit.post({
            idempotencyKey: `coupon:${row.id}:insurance`,
            kind: 'bet-insurance',
            entries: [
              { accountId: row.account_id, amount: -offer.premium },
              { accountId: house.id, amount: offer.premium },
            ],
            metadata: { couponId: row.id, share, insured: String(offer.amount) },
          });
        });
      } catch (error) {
        if (error instanceof InsufficientFundsError) throw new AppError(422, CouponErrorCode.insufficientFunds, 'Not enough money on the account for the premium');
        throw error;
      }
      logger.info({ couponId: id, share }, 'coupon insured');
    },
  };
}

export type Insurance = ReturnType<typeof createInsurance>;

