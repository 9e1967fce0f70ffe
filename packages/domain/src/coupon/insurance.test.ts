import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minor } from '../money/minor.ts';
import type { BetStatus } from '../sports/settlement.ts';
import { INSURANCE_SHARES, insurancePaybackAmount, insurancePremium, insuranceQuote, lossProbability, MAX_INSURANCE_SCENARIO_SELECTIONS } from './insurance.ts';
import { couponArb, openScenarios, pricedCouponArb, sel } from './testing.ts';
import type { CouponDraft } from './types.ts';

/** P(payout 0) by brute force over every win/lose scenario of the open selections. */
function bruteLoss(coupon: CouponDraft, current: Record<string, number>, statuses: Record<string, BetStatus>): { num: bigint; den: bigint } {
  const { scenarios, denominator } = openScenarios(coupon, current, statuses);
  return { num: scenarios.reduce((sum, s) => (s.payout === 0n ? sum + s.weight : sum), 0n), den: denominator };
}

const base = { status: 'accepted', insured: false, statuses: {} };

describe('insurance', () => {
  it('an express of 2.00 and 2.50 with one selection won: P(loss) = 1 − 1/2.5 = 0.6; premium = ceil(insured × 0.6 × 1.05)', () => {
    const express = { typeId: 1 as const, selections: [sel('a', 2000), sel('b', 2500)], amount: minor(10_00n) };
    expect(lossProbability(express, { b: 2500 }, { a: 1 })).toEqual({ num: 1500n, den: 2500n });
    const quote = insuranceQuote({ ...base, coupon: express, stake: minor(10_00n), currentCoefs: { b: 2500 }, statuses: { a: 1 }, margin: 0.05 });
    expect(quote).toEqual({
      available: true,
      offers: [
        { share: 25, amount: 2_50n, premium: 158n }, // 250 × 0.63 = 157.5 → 158
        { share: 50, amount: 5_00n, premium: 315n },
        { share: 75, amount: 7_50n, premium: 473n }, // 472.5 → 473
        { share: 100, amount: 10_00n, premium: 630n },
      ],
    });
  });

  it('refuses what cannot be insured, with a reason', () => {
    const express = { typeId: 1 as const, selections: [sel('a', 2000), sel('b', 2500)], amount: minor(10_00n) };
    const input = { ...base, coupon: express, stake: minor(10_00n), currentCoefs: { a: 2000, b: 2500 } };
    expect(insuranceQuote({ ...input, status: 'pending' })).toEqual({ available: false, reason: 'not_accepted' });
    expect(insuranceQuote({ ...input, status: 'sold' })).toEqual({ available: false, reason: 'not_accepted' });
    expect(insuranceQuote({ ...input, insured: true })).toEqual({ available: false, reason: 'already_insured' });
    expect(insuranceQuote({ ...input, statuses: { a: 0 } })).toEqual({ available: false, reason: 'selection_lost' });
    expect(insuranceQuote({ ...input, statuses: { a: 1, b: 1 } })).toEqual({ available: false, reason: 'nothing_open' });
    expect(insuranceQuote({ ...input, currentCoefs: { a: 2000 } })).toEqual({ available: false, reason: 'selection_unavailable' });
    // A near-certain loss: every premium would reach the insured part.
    const longShot = { typeId: 0 as const, selections: [sel('a', 1_000_000)], amount: minor(100n) };
    expect(insuranceQuote({ ...base, coupon: longShot, stake: minor(100n), currentCoefs: { a: 1_000_000 } })).toEqual({ available: false, reason: 'no_offer' });
    // A system of 11 open selections is beyond the scenarios; an express of 20 is not.
    const system = { typeId: 2 as const, systemValue: 2, selections: Array.from({ length: MAX_INSURANCE_SCENARIO_SELECTIONS + 1 }, (_, i) => sel(`s${i}`, 1500)), amount: minor(55_00n) };
    const all = Object.fromEntries(system.selections.map((s) => [s.id, 1500]));
    expect(insuranceQuote({ ...base, coupon: system, stake: minor(55_00n), currentCoefs: all })).toEqual({ available: false, reason: 'too_many_selections' });
    const long = { typeId: 1 as const, selections: Array.from({ length: 20 }, (_, i) => sel(`s${i}`, 1050)), amount: minor(10_00n) };
    expect(insuranceQuote({ ...base, coupon: long, stake: minor(10_00n), currentCoefs: Object.fromEntries(long.selections.map((s) => [s.id, 1050])) }).available).toBe(true);
  });

  it('P(loss) equals the brute-force probability of a zero payout, for every type', () => {
    fc.assert(
      fc.property(pricedCouponArb, ({ coupon, statuses, prices }) => {
        const loss = lossProbability(coupon, prices, statuses);
        if (!Object.values(statuses).some((s) => s < 0)) {
          expect(loss).toBeNull();
          return;
        }
        const brute = bruteLoss(coupon, prices, statuses);
        expect(loss).not.toBeNull();
        // Same fraction (cross-multiplied: the denominators are the same product).
        expect(loss!.num * brute.den).toBe(brute.num * loss!.den);
      }),
      { numRuns: 200 },
    );
  });

  it('premiums: at least 1, below the insured part, growing with the share, the margin and the odds of losing', () => {
    fc.assert(
      fc.property(
        couponArb(1),
        fc.integer({ min: 0, max: 150 }),
        fc.integer({ min: 1, max: 500 }),
        (coupon, marginThousandths, lengthen) => {
          const margin = marginThousandths / 1000;
          const prices = Object.fromEntries(coupon.selections.map((s) => [s.id, s.coef]));
          const stake = coupon.amount!;
          const quote = insuranceQuote({ ...base, coupon, stake, currentCoefs: prices, margin });
          if (!quote.available) {
            expect(['no_offer']).toContain(quote.reason);
            return;
          }
          let previous = 0n;
          for (const offer of quote.offers) {
            expect(INSURANCE_SHARES).toContain(offer.share);
            expect(offer.amount).toBe((stake * BigInt(offer.share)) / 100n);
            expect(offer.premium).toBeGreaterThanOrEqual(1n);
            expect(offer.premium).toBeLessThan(offer.amount);
            expect(offer.premium).toBeGreaterThanOrEqual(previous);
            previous = offer.premium;
          }
          const loss = lossProbability(coupon, prices, {})!;
          const first = quote.offers[0]!;
          expect(insurancePremium(first.amount, loss, margin + 0.01)).toBeGreaterThanOrEqual(first.premium);
          // Longer odds on an open selection: the coupon is likelier to lose, the premium not lower.
          const id = coupon.selections[0]!.id;
          const longer = { ...prices, [id]: Math.min(1_000_000, prices[id]! + lengthen) };
          expect(insurancePremium(first.amount, lossProbability(coupon, longer, {})!, margin)).toBeGreaterThanOrEqual(first.premium);
          // Fair value bound: the premium covers at least the expected payback.
          expect(first.premium * loss.den).toBeGreaterThanOrEqual(first.amount * loss.num);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('pays back the insured part only when the coupon paid nothing', () => {
    fc.assert(
      fc.property(fc.option(fc.bigInt({ min: 1n, max: 10n ** 12n })), fc.bigInt({ min: 0n, max: 10n ** 12n }), (insured, payout) => {
        const back = insurancePaybackAmount(insured === null ? null : minor(insured), minor(payout));
        expect(back).toBe(insured !== null && payout === 0n ? insured : 0n);
      }),
    );
  });
});
