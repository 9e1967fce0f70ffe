import { describe, expect, it } from 'vitest';
import { minor } from '../money/minor.ts';
import { quoteCoupon } from './quote.ts';
import type { CouponDraft, CouponSelection } from './types.ts';

const sel = (id: string, coef: number, extra: Partial<CouponSelection> = {}): CouponSelection => ({ id, gameId: id, coef, ...extra });
const three = [sel('a', 1500), sel('b', 2000), sel('c', 2500)];
const codes = (draft: CouponDraft) => quoteCoupon(draft).errors.map((e) => e.code);

describe('quoteCoupon', () => {
  it('lists the system options for every k: value, offset (bankers), minBetAmount and combo', () => {
    const five = [...three, sel('d', 1800), sel('e', 3100)];
    const plain = quoteCoupon({ typeId: 2, selections: five, amount: minor(10_000n), limits: { minAmount: minor(100n) } });
    expect(plain.systemOptions).toEqual([
      { value: 2, offset: 0, minBetAmount: 1_000n, combo: 10 },
      { value: 3, offset: 0, minBetAmount: 1_000n, combo: 10 },
      { value: 4, offset: 0, minBetAmount: 500n, combo: 5 },
    ]);
    const banker = quoteCoupon({ typeId: 2, selections: five, amount: minor(10_000n), systemValue: 3, isActiveSystemBanker: true, bankerIds: ['a', 'b'] });
    expect(banker.systemOptions).toEqual([
      { value: 3, offset: 2, minBetAmount: 3n, combo: 3 },
      { value: 4, offset: 2, minBetAmount: 3n, combo: 3 },
    ]);
    expect(banker.lines).toBe(3);
    // Bankers count only when the banker mode is on.
    expect(quoteCoupon({ typeId: 2, selections: five, amount: minor(10_000n), bankerIds: ['a'] }).lines).toBe(10);
  });

  it('refuses invalid drafts with error codes', () => {
    expect(codes({ typeId: 1, selections: [], amount: minor(100n) })).toEqual(['type_not_allowed', 'no_selections']);
    expect(codes({ typeId: 1, selections: [sel('a', 1500), sel('a', 1600)], amount: minor(100n) })).toContain('duplicate_selection');
    expect(codes({ typeId: 1, selections: [sel('a', 1500), sel('b', 1009)], amount: minor(100n) })).toEqual(['invalid_coef']);
    expect(codes({ typeId: 1, selections: [sel('a', 1500), sel('b', 1.5)], amount: minor(100n) })).toEqual(['invalid_coef']);
    expect(codes({ typeId: 2, selections: three, amount: minor(100n), systemValue: 3 })).toEqual(['system_value_out_of_range']);
    expect(codes({ typeId: 2, selections: three, amount: minor(100n), systemValue: 1 })).toEqual(['system_value_out_of_range']);
    expect(codes({ typeId: 2, selections: three, amount: minor(100n), isActiveSystemBanker: true, bankerIds: ['x'] })).toEqual(['unknown_banker']);
    expect(
      codes({ typeId: 2, selections: [sel('a', 1500, { isDisabledBanker: true }), ...three.slice(1), sel('d', 2000)], amount: minor(100n), isActiveSystemBanker: true, bankerIds: ['a'], systemValue: 3 }),
    ).toEqual(['banker_not_allowed']);
    expect(codes({ typeId: 1, selections: [sel('a', 1500), sel('b', 1500, { gameId: 'a' })], amount: minor(100n) })).toEqual(['type_not_allowed']);
    expect(codes({ typeId: 1, selections: three })).toEqual(['amount_missing']);
    expect(codes({ typeId: 1, selections: three, amount: minor(0n) })).toEqual(['amount_not_positive']);
    expect(codes({ typeId: 7, selections: three, amount: minor(6n) })).toEqual(['amount_below_min']);
    expect(codes({ typeId: 1, selections: three, amount: minor(100n), isBonusBet: true })).toEqual(['bonus_bet_not_offered']);
    const sixteen = Array.from({ length: 30 }, (_, i) => sel(`s${i}`, 1500));
    expect(codes({ typeId: 2, selections: sixteen, amount: minor(10n ** 9n), systemValue: 15 })).toEqual(['too_many_lines']);
  });

  it('refuses blocks that do not make a multi-bet or conditional', () => {
    const blocks = (ids: (number | undefined)[]) => ids.map((blockId, i) => sel(`s${i}`, 1500 + i, blockId === undefined ? {} : { blockId }));
    expect(codes({ typeId: 4, selections: blocks([1, 2, undefined]), amount: minor(1_000n) })).toEqual(['block_missing']);
    expect(codes({ typeId: 4, selections: blocks([1, 2, 2]), amount: minor(1_000n) })).toEqual(['too_few_blocks']);
    expect(codes({ typeId: 4, selections: blocks([0, 1, 2, 3]), amount: minor(1_000n), lobbyBlockId: 0 })).toEqual([]);
    expect(codes({ typeId: 4, selections: blocks([0, 1, 2, 2]), amount: minor(1_000n), lobbyBlockId: 0 })).toEqual(['too_few_blocks']);
    expect(codes({ typeId: 4, selections: blocks([0, 1, 2, 3]), amount: minor(1_000n), lobbyBlockId: 5 })).toEqual(['lobby_invalid']);
    expect(codes({ typeId: 5, selections: blocks([1, 1]), amount: minor(1_000n) })).toEqual(['too_few_blocks']);
    expect(codes({ typeId: 5, selections: blocks([1, 2]), amountByBlockId: { 1: 'max' } })).toEqual(['amount_missing']);
    expect(codes({ typeId: 5, selections: blocks([1, 2]), amountByBlockId: { 1: minor(100n), 2: minor(-5n) } })).toEqual(['amount_not_positive']);
    // The first block's amount falls back to `amount`; later blocks default to 'max'.
    expect(quoteCoupon({ typeId: 5, selections: blocks([1, 2]), amount: minor(1_000n) })).toMatchObject({ charged: 1_000n, possibleWin: 2_251n, errors: [] }); // 1000 × 1.500 × 1.501
  });

  it('applies min and max only to the listed types, and no max on a bonus account', () => {
    const limits = { minAmount: minor(1_000n), maxAmount: minor(50_000n), limitedTypes: [1, 2] as const };
    const express = (amount: bigint, extra: Partial<CouponDraft> = {}): CouponDraft => ({ typeId: 1, selections: three, amount: minor(amount), limits: { ...limits, limitedTypes: [...limits.limitedTypes] }, ...extra });
    expect(codes(express(999n))).toEqual(['amount_below_min']);
    expect(codes(express(50_001n))).toEqual(['amount_above_max']);
    expect(codes(express(50_001n, { isBonusAccount: true }))).toEqual([]);
    expect(codes({ ...express(999n), typeId: 6 })).toEqual([]);
    // A system needs the minimum on every line: 3 lines × 10.00.
    expect(quoteCoupon({ typeId: 2, selections: three, amount: minor(2_999n), limits: { ...limits, limitedTypes: [2] } }).errors).toEqual([
      { code: 'amount_below_min', limit: 3_000n },
    ]);
    // Multiple singles: each single against the limits.
    const singles = quoteCoupon({ typeId: 9, selections: three, amount: minor(2_000n), amountByBetId: { b: minor(60_000n) }, limits });
    expect(singles.errors).toEqual([]);
    expect(quoteCoupon({ typeId: 9, selections: three, amount: minor(2_000n), amountByBetId: { b: minor(60_000n) }, limits: { ...limits, limitedTypes: [9] } }).errors).toEqual([
      { code: 'amount_above_max', selectionIds: ['b'], limit: 50_000n },
    ]);
  });

  it('caps the possible win at the max payout and adds the hyper-bonus of an express', () => {
    const capped = quoteCoupon({ typeId: 1, selections: three, amount: minor(10_000n), limits: { maxPayout: minor(50_000n) } });
    expect(capped).toMatchObject({ possibleWin: 50_000n, isPayoutCapped: true });
    const hyper = quoteCoupon({ typeId: 1, selections: three, amount: minor(10_000n), hyperBonus: { percent: 10, minBetAmount: minor(1n), maxAmount: minor(100_000n) } });
    expect(hyper).toMatchObject({ possibleWin: 81_500n, hyperBonus: 6_500n });
  });

  it('gives the amount step and an initial amount of at least the type minimum (money/stakes.ts)', () => {
    expect(quoteCoupon({ typeId: 1, selections: three, currency: 'USD' })).toMatchObject({ amountStep: 250n, initialAmount: 500n });
    const lucky = quoteCoupon({ typeId: 7, selections: three, currency: 'USD', limits: { minAmount: minor(100n) } });
    expect(lucky).toMatchObject({ initialAmount: 700n, possibleWin: null, errors: [{ code: 'amount_missing' }] });
    expect(lucky.totalCoef).toBe(Math.round(((1.5 + 2 + 2.5 + 3 + 3.75 + 5 + 7.5) / 7) * 1000));
  });

  it('offers the bonus bet and the vip bet per SPEC §5', () => {
    const q = quoteCoupon({ typeId: 1, selections: three, amount: minor(1_000n), site: { isBonusBetEnabled: true, isVipBetShown: true }, limits: { maxAmount: minor(10n ** 6n) } });
    expect(q.bonusBet).toEqual({ offered: true, percent: 3, expressCoef: 7500, coef: 7725 });
    expect(q.vipBetAvailable).toBe(true);
    const taken = quoteCoupon({ typeId: 1, selections: three, amount: minor(1_000n), isBonusBet: true, site: { isBonusBetEnabled: true } });
    expect(taken).toMatchObject({ totalCoef: 7725, possibleWin: 7_725n, errors: [] });
  });

  it('is fast: a system 8 of 16 and a lucky 8 each quote in under 5 ms (median of 21)', () => {
    const coefs = [1234, 1987, 2501, 1333, 3999, 1010, 1777, 2222, 1555, 4321, 1848, 2999, 1101, 3456, 1678, 2050];
    const drafts: CouponDraft[] = [
      { typeId: 2, systemValue: 8, selections: coefs.map((c, i) => sel(`s${i}`, c)), amount: minor(1_000_000n) },
      { typeId: 7, selections: coefs.slice(0, 8).map((c, i) => sel(`s${i}`, c)), amount: minor(1_000_000n) },
    ];
    for (const draft of drafts) {
      const times: number[] = [];
      for (let i = 0; i < 21; i++) {
        const started = performance.now();
        const quote = quoteCoupon(draft);
        times.push(performance.now() - started);
        expect(quote.errors).toEqual([]);
      }
      times.sort((a, b) => a - b);
      expect(times[10]).toBeLessThan(5);
    }
  });
});
