import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minor } from '../money/minor.ts';
import type { BetStatus } from '../sports/settlement.ts';
import { cashOutOffer } from './cash-out.ts';
import { openScenarios, pricedCouponArb, sel } from './testing.ts';
import type { CouponDraft } from './types.ts';

/** The offer by brute force: every win/lose scenario of the open selections settled, weighted by Π (1/c or 1 − 1/c). */
function bruteForce(coupon: CouponDraft, current: Record<string, number>, statuses: Record<string, BetStatus>, margin: number): bigint | null {
  const { scenarios, denominator } = openScenarios(coupon, current, statuses);
  const numerator = scenarios.reduce((sum, s) => sum + s.weight * s.payout, 0n);
  const ppm = BigInt(Math.round(margin * 1e6));
  const offer = (numerator * (1_000_000n - ppm)) / (denominator * 1_000_000n);
  return offer > 0n ? offer : null;
}

describe('cashOutOffer', () => {
  it('an express: payout if the open selections win × Π 1/current coef × (1 − margin)', () => {
    const express = { typeId: 1 as const, selections: [sel('a', 1500), sel('b', 2000), sel('c', 2500)], amount: minor(1_000n) };
    // 7500 × (1/2)(1/2.5) × 0.95 = 1425.
    expect(cashOutOffer(express, { b: 2000, c: 2500 }, { a: 1 }, 0.05)).toBe(1_425n);
    // The odds of b shortened to 1.25: 7500 × 0.8 × 0.4 × 0.95 = 2280.
    expect(cashOutOffer(express, { b: 1250, c: 2500 }, { a: 1 }, 0.05)).toBe(2_280n);
  });

  it('is not offered with a lost selection, nothing open, or an open selection without a price', () => {
    const express = { typeId: 1 as const, selections: [sel('a', 1500), sel('b', 2000)], amount: minor(1_000n) };
    expect(cashOutOffer(express, { b: 2000 }, { a: 0 }, 0.05)).toBeNull();
    expect(cashOutOffer(express, {}, { a: 1, b: 1 }, 0.05)).toBeNull();
    expect(cashOutOffer(express, {}, { a: 1 }, 0.05)).toBeNull();
    expect(cashOutOffer(express, { b: 900 }, { a: 1 }, 0.05)).toBeNull();
    // A system keeps paying with a lost selection, but the offer stops (the rule: a lost selection).
    const system = { typeId: 2 as const, selections: [sel('a', 1500), sel('b', 2000), sel('c', 2500)], amount: minor(3_000n) };
    expect(cashOutOffer(system, { b: 2000, c: 2500 }, { a: 0 }, 0.05)).toBeNull();
  });

  it('equals the brute-force expectation over every scenario, for every type', () => {
    fc.assert(
      fc.property(pricedCouponArb, fc.integer({ min: 0, max: 150 }).map((m) => m / 1000), ({ coupon, statuses, prices }, margin) => {
        const open = Object.values(statuses).some((s) => s < 0);
        const offer = cashOutOffer(coupon, prices, statuses, margin);
        if (!open) expect(offer).toBeNull();
        else expect(offer).toBe(bruteForce(coupon, prices, statuses, margin));
      }),
      { numRuns: 200 },
    );
  });

  it('a system of 16 open selections prices by linearity (no 2^16 scenarios)', () => {
    const coefs = [1234, 1987, 2501, 1333, 3999, 1010, 1777, 2222, 1555, 4321, 1848, 2999, 1101, 3456, 1678, 2050];
    const system = { typeId: 2 as const, systemValue: 8, selections: coefs.map((c, i) => sel(`s${i}`, c)), amount: minor(1_287_000n) };
    const prices = Object.fromEntries(coefs.map((c, i) => [`s${i}`, c]));
    const offer = cashOutOffer(system, prices, {}, 0.05) as bigint;
    // Each line's expected return at its own prices is about its stake: the offer is near 0.95 × the charged amount.
    expect(Number(offer) / 1_287_000).toBeGreaterThan(0.94);
    expect(Number(offer) / 1_287_000).toBeLessThan(0.95);
    // A chain of 13 open selections is priced by scenarios only up to 12.
    const chain = { typeId: 3 as const, selections: coefs.slice(0, 13).map((c, i) => sel(`s${i}`, c)), amount: minor(1_000n) };
    expect(cashOutOffer(chain, prices, {}, 0.05)).toBeNull();
    expect(cashOutOffer({ ...chain, selections: chain.selections.slice(0, 12) }, prices, {}, 0.05)).not.toBeNull();
  });
});
