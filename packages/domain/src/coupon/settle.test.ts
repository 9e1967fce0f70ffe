import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minor } from '../money/minor.ts';
import type { BetStatus } from '../sports/settlement.ts';
import { quoteCoupon } from './quote.ts';
import { settleCoupon } from './settle.ts';
import { anyCouponArb, anyStatusArb, couponArb, couponWithStatusesArb, every, statusesArb } from './testing.ts';
import type { CouponDraft, CouponTypeId } from './types.ts';

const RUNS = { numRuns: 300 };

describe('settleCoupon: properties over every type', () => {
  it('all win pays the quoted possible win (anti-express: all lose does, all win pays nothing)', () => {
    fc.assert(
      fc.property(anyCouponArb, fc.option(fc.bigInt({ min: 1n, max: 10n ** 12n })), (draft, maxPayout) => {
        const coupon: CouponDraft = maxPayout === null ? draft : { ...draft, limits: { maxPayout: minor(maxPayout) } };
        const quote = quoteCoupon(coupon);
        expect(quote.errors).toEqual([]);
        const anti = coupon.typeId === 6;
        expect(settleCoupon(coupon, every(coupon, anti ? 0 : 1)).payout).toBe(quote.possibleWin);
        if (anti) expect(settleCoupon(coupon, every(coupon, 1)).payout).toBe(0n);
      }),
      RUNS,
    );
  });

  it('all lose pays nothing (except an anti-express)', () => {
    fc.assert(
      fc.property(anyCouponArb, (coupon) => {
        const payout = settleCoupon(coupon, every(coupon, 0)).payout;
        if (coupon.typeId === 6) expect(payout).toBe(quoteCoupon(coupon).possibleWin);
        else expect(payout).toBe(0n);
      }),
      RUNS,
    );
  });

  it('every selection returned (2 or 3) gives back the charged amount, whatever the type', () => {
    fc.assert(
      fc.property(
        anyCouponArb.chain((coupon) => statusesArb(coupon, fc.constantFrom<BetStatus>(2, 3)).map((statuses) => ({ coupon, statuses }))),
        ({ coupon, statuses }) => {
          const settlement = settleCoupon(coupon, statuses);
          expect(settlement.payout).toBe(settlement.charged);
          expect(settlement.charged).toBe(quoteCoupon(coupon).charged);
        },
      ),
      RUNS,
    );
  });

  it('never pays below zero or above the max payout; pays only once every selection is settled', () => {
    fc.assert(
      fc.property(couponWithStatusesArb(anyStatusArb), fc.option(fc.bigInt({ min: 1n, max: 10n ** 9n })), ({ coupon: draft, statuses }, maxPayout) => {
        const coupon: CouponDraft = maxPayout === null ? draft : { ...draft, limits: { maxPayout: minor(maxPayout) } };
        const settlement = settleCoupon(coupon, statuses);
        const open = Object.values(statuses).some((s) => s < 0);
        if (open) {
          expect(settlement.payout).toBeNull();
          return;
        }
        expect(settlement.payout).not.toBeNull();
        expect(settlement.payout as bigint).toBeGreaterThanOrEqual(0n);
        // Each of multiple singles is a coupon of its own, capped alone.
        if (maxPayout !== null && coupon.typeId !== 9) expect(settlement.payout as bigint).toBeLessThanOrEqual(maxPayout);
        for (const line of settlement.lines) {
          if (line.payout !== null) expect(line.payout).toBeGreaterThanOrEqual(0n);
          if (line.payout !== null && maxPayout !== null && coupon.typeId === 9) expect(line.payout).toBeLessThanOrEqual(maxPayout);
          if (line.stake !== null) expect(line.stake).toBeGreaterThanOrEqual(0n);
        }
      }),
      RUNS,
    );
  });

  it('where lines are bets of their own, the payout is the sum of the lines', () => {
    fc.assert(
      fc.property(couponWithStatusesArb(), ({ coupon, statuses }) => {
        if (![0, 1, 2, 7, 8, 9].includes(coupon.typeId) && !(coupon.typeId === 4 && coupon.lobbyBlockId === undefined)) return;
        const settlement = settleCoupon(coupon, statuses);
        if (settlement.isCapped) return; // beyond the bigint range of a ledger amount
        expect(settlement.lines.reduce((sum, line) => sum + (line.payout as bigint), 0n)).toBe(settlement.payout);
      }),
      RUNS,
    );
  });

  it('charges the unit × lines where an amount is spread: C(n, k), C(n − b, k − b), 2ⁿ − 1, 2ⁿ − n − 1', () => {
    const binomial = (n: number, k: number): number => (k === 0 ? 1 : (binomial(n - 1, k - 1) * n) / k);
    fc.assert(
      fc.property(fc.constantFrom<CouponTypeId>(2, 4, 7, 8).chain(couponArb), (coupon) => {
        const quote = quoteCoupon(coupon);
        const n = coupon.selections.length;
        const amount = coupon.amount as bigint;
        expect(quote.charged).toBe((quote.unitStake as bigint) * BigInt(quote.lines));
        expect(quote.unitStake).toBe(amount / BigInt(quote.lines));
        expect(amount - quote.charged).toBeLessThan(BigInt(quote.lines));
        const settlement = settleCoupon(coupon, every(coupon, 1));
        expect(settlement.lines).toHaveLength(quote.lines);
        if (coupon.typeId === 7) expect(quote.lines).toBe(2 ** n - 1);
        if (coupon.typeId === 8) expect(quote.lines).toBe(2 ** n - n - 1);
        if (coupon.typeId === 2) {
          const b = coupon.bankerIds?.length ?? 0;
          const k = coupon.systemValue as number;
          expect(quote.lines).toBe(binomial(n - b, k - b));
          for (const line of settlement.lines) {
            expect(line.selectionIds).toHaveLength(k);
            for (const banker of coupon.bankerIds ?? []) expect(line.selectionIds).toContain(banker);
          }
        }
      }),
      RUNS,
    );
  });

  it('chain and conditional accounts never go negative and never stake more than they hold', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<CouponTypeId>(3, 5).chain((typeId) => couponArb(typeId).chain((coupon) => statusesArb(coupon).map((statuses) => ({ coupon, statuses })))),
        ({ coupon, statuses }) => {
          const settlement = settleCoupon(coupon, statuses);
          let account = settlement.charged as bigint;
          for (const leg of settlement.lines) {
            expect(leg.stake as bigint).toBeLessThanOrEqual(account);
            if (coupon.typeId === 3) expect(leg.stake as bigint).toBeLessThanOrEqual(coupon.amount as bigint);
            account = leg.accountAfter as bigint;
            expect(account).toBeGreaterThanOrEqual(0n);
            expect(leg.state === 'not-played').toBe(leg.stake === 0n);
          }
          expect(settlement.payout).toBe(account);
        },
      ),
      RUNS,
    );
  });

  it('a returned selection counts 1.00: an express or anti-express pays as if it were not there', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<CouponTypeId>(1, 6).chain((typeId) =>
          couponArb(typeId)
            .filter((c) => c.selections.length >= 3)
            .chain((coupon) => fc.tuple(fc.constant(coupon), statusesArb(coupon, fc.constantFrom<BetStatus>(0, 1)), fc.nat())),
        ),
        ([coupon, statuses, at]) => {
          const returned = coupon.selections[at % coupon.selections.length]?.id as string;
          const without: CouponDraft = { ...coupon, selections: coupon.selections.filter((s) => s.id !== returned) };
          const withReturn = settleCoupon(coupon, { ...statuses, [returned]: 2 }).payout;
          expect(withReturn).toBe(settleCoupon(without, statuses).payout);
        },
      ),
      RUNS,
    );
  });

  it('the order of selections does not matter where the type has no order (all but chain and conditional)', () => {
    fc.assert(
      fc.property(
        fc
          .constantFrom<CouponTypeId>(0, 1, 2, 4, 6, 7, 8, 9)
          .chain(couponArb)
          .chain((coupon) => fc.tuple(fc.constant(coupon), statusesArb(coupon), fc.shuffledSubarray([...coupon.selections], { minLength: coupon.selections.length }))),
        ([coupon, statuses, shuffled]) => {
          const payout = settleCoupon(coupon, statuses, { detail: false }).payout;
          expect(settleCoupon({ ...coupon, selections: shuffled }, statuses, { detail: false }).payout).toBe(payout);
        },
      ),
      RUNS,
    );
  });

  it('the detail and the quick path agree', () => {
    fc.assert(
      fc.property(couponWithStatusesArb(anyStatusArb), ({ coupon, statuses }) => {
        expect(settleCoupon(coupon, statuses, { detail: false }).payout).toBe(settleCoupon(coupon, statuses).payout);
      }),
      RUNS,
    );
  });
});

describe('settleCoupon: rules by example', () => {
  const sel = (id: string, coef: number, blockId?: number) => ({ id, gameId: id, coef, ...(blockId === undefined ? {} : { blockId }) });

  it('per-selection factors: win coef, lose 0, return 1, half win (1 + coef)/2, half lose 0.5, half lose half win coef/2', () => {
    const single = (status: BetStatus) => settleCoupon({ typeId: 0, selections: [sel('a', 2_500)], amount: minor(1_000n) }, { a: status }).payout;
    expect([1, 0, 2, 3, 4, 5, 6].map((s) => single(s as BetStatus))).toEqual([2_500n, 0n, 1_000n, 1_000n, 1_750n, 500n, 1_250n]);
    expect(single(-1)).toBeNull();
    expect(single(-2)).toBeNull();
  });

  it('rounds a line factor half up to 3 decimals before flooring the return', () => {
    // (1 + 1.855) / 2 = 1.4275 → 1.428: 1000 × 1.428 = 1428 (not ⌊1427.5⌋).
    expect(settleCoupon({ typeId: 0, selections: [sel('a', 1_855)], amount: minor(1_000n) }, { a: 4 }).payout).toBe(1_428n);
    // 1.5 × 1.5 × 1.01 = 2.2725 → 2.273 (exactly half: up).
    const express = { typeId: 1 as const, selections: [sel('a', 1_500), sel('b', 1_500), sel('c', 1_010)], amount: minor(100_000n) };
    expect(settleCoupon(express, every(express, 1)).lines[0]?.factor).toBe(2_273);
    expect(settleCoupon(express, every(express, 1)).payout).toBe(227_300n);
  });

  it('keeps settled lines while others are open; an open line has no return yet', () => {
    const system = { typeId: 2 as const, selections: [sel('a', 2_000), sel('b', 3_000), sel('c', 1_500)], amount: minor(3_000n) };
    const settlement = settleCoupon(system, { a: 1, b: 1 });
    expect(settlement.payout).toBeNull();
    expect(settlement.lines.map((l) => [l.selectionIds.join(''), l.payout, l.state])).toEqual([
      ['ab', 6_000n, 'won'],
      ['ac', null, 'open'],
      ['bc', null, 'open'],
    ]);
  });

  it('chain: a leg that finds the account empty is not played', () => {
    const chain = { typeId: 3 as const, selections: [sel('a', 2_000), sel('b', 3_000)], amount: minor(1_000n) };
    const settlement = settleCoupon(chain, { a: 0, b: 1 });
    expect(settlement.payout).toBe(0n);
    expect(settlement.lines.map((l) => l.state)).toEqual(['lost', 'not-played']);
    // A half loss leaves half the account for the next leg: 500 at 3.000.
    expect(settleCoupon(chain, { a: 5, b: 1 }).payout).toBe(1_500n);
  });

  it('conditional: a block never stakes more than the account holds', () => {
    const conditional = {
      typeId: 5 as const,
      selections: [sel('a', 1_500, 1), sel('b', 2_000, 2)],
      amountByBlockId: { 1: minor(1_000n), 2: minor(5_000n) },
    };
    const settlement = settleCoupon(conditional, { a: 1, b: 1 });
    expect(settlement.lines.map((l) => [l.stake, l.accountAfter])).toEqual([
      [1_000n, 1_500n],
      [1_500n, 3_000n],
    ]);
    expect(settlement.payout).toBe(3_000n);
    // A fixed amount below the account leaves the rest in it.
    const partial = { ...conditional, amountByBlockId: { 1: minor(1_000n), 2: minor(400n) } };
    expect(settleCoupon(partial, { a: 1, b: 0 }).payout).toBe(1_100n);
  });

  it('multi-bet: a lost lobby loses the bet; a half-lost lobby halves the system return', () => {
    const multi = {
      typeId: 4 as const,
      systemValue: 2,
      selections: [sel('a', 2_000, 1), sel('b', 2_000, 2), sel('c', 2_000, 3), sel('l', 1_500, 9)],
      lobbyBlockId: 9,
      amount: minor(3_000n),
    };
    expect(settleCoupon(multi, { a: 1, b: 1, c: 1, l: 0 }).payout).toBe(0n);
    const half = settleCoupon(multi, { a: 1, b: 1, c: 1, l: 5 });
    expect(half.lobby?.stake).toBe(12_000n);
    expect(half.payout).toBe(6_000n);
  });

  it('anti-express: every selection returned gives the stake back; all won pays nothing; a half status splits the stake', () => {
    const anti = { typeId: 6 as const, selections: [sel('a', 1_500), sel('b', 2_000)], amount: minor(10_000n) };
    expect(settleCoupon(anti, { a: 2, b: 3 }).payout).toBe(10_000n);
    expect(settleCoupon(anti, { a: 1, b: 1 }).payout).toBe(0n);
    // a lost: coef of 1.5 × 2.0 = 3 → fair 1.5 → 1 + 0.5 × 0.95 = 1.475.
    expect(settleCoupon(anti, { a: 0, b: 1 }).payout).toBe(14_750n);
    // b half lose half return (5): half the stake sees b lost (1.475), half sees b returned and a won (0).
    expect(settleCoupon(anti, { a: 1, b: 5 }).payout).toBe(7_375n);
  });

  it('the bonus bet pays its coef only when every selection wins; the hyper-bonus adds to an express', () => {
    const bonus = {
      typeId: 1 as const,
      selections: [sel('a', 1_500), sel('b', 2_000), sel('c', 1_800)],
      amount: minor(10_000n),
      isBonusBet: true,
    };
    expect(settleCoupon(bonus, every(bonus, 1)).payout).toBe(55_620n);
    expect(settleCoupon(bonus, { a: 1, b: 1, c: 2 }).payout).toBe(30_000n);
    const hyper = {
      typeId: 1 as const,
      selections: [sel('a', 2_000), sel('b', 2_000)],
      amount: minor(10_000n),
      hyperBonus: { percent: 5, minBetAmount: minor(5_000n), maxAmount: minor(1_000n) },
    };
    // Net win 30000 × 5% = 1500, capped at 1000.
    const settled = settleCoupon(hyper, every(hyper, 1));
    expect([settled.payout, settled.hyperBonus]).toEqual([41_000n, 1_000n]);
    expect(settleCoupon(hyper, { a: 1, b: 2 }).hyperBonus).toBe(500n);
  });

  it('caps at the max payout; each of multiple singles is capped alone', () => {
    const express = { typeId: 1 as const, selections: [sel('a', 3_000), sel('b', 3_000)], amount: minor(1_000n), limits: { maxPayout: minor(5_000n) } };
    expect(settleCoupon(express, every(express, 1))).toMatchObject({ payout: 5_000n, isCapped: true });
    const singles = { typeId: 9 as const, selections: [sel('a', 3_000), sel('b', 3_000)], amount: minor(2_000n), limits: { maxPayout: minor(5_000n) } };
    expect(settleCoupon(singles, every(singles, 1))).toMatchObject({ payout: 10_000n, isCapped: true });
  });

  it('refuses to settle a coupon that could not have been placed', () => {
    expect(() => settleCoupon({ typeId: 1, selections: [sel('a', 2_000)], amount: minor(1n) }, {})).toThrow(RangeError);
    expect(() => settleCoupon({ typeId: 1, selections: [sel('a', 2_000), sel('b', 2_000)] }, {})).toThrow(/amount_missing/);
  });

  it('is exact for huge stakes and long shots (no float in money)', () => {
    const huge = { typeId: 1 as const, selections: Array.from({ length: 12 }, (_, i) => sel(`s${i}`, 999_999)), amount: minor(10n ** 15n) };
    expect(settleCoupon(huge, every(huge, 1))).toMatchObject({ payout: 2n ** 63n - 1n, isCapped: true });
    const coefs = [1_777, 2_345, 3_999, 1_010, 9_876, 1_234];
    const system = { typeId: 2 as const, systemValue: 3, selections: coefs.map((c, i) => sel(`s${i}`, c)), amount: minor(2n ** 50n) };
    const unit = 2n ** 50n / 20n;
    let expected = 0n;
    for (let i = 0; i < 6; i++)
      for (let j = i + 1; j < 6; j++)
        for (let k = j + 1; k < 6; k++) {
          const product = BigInt(coefs[i] as number) * BigInt(coefs[j] as number) * BigInt(coefs[k] as number);
          expected += (unit * ((product + 500_000n) / 1_000_000n)) / 1000n;
        }
    expect(settleCoupon(system, every(system, 1)).payout).toBe(expected);
    expect(quoteCoupon(system).possibleWin).toBe(expected);
  });
});
