import { describe, expect, it } from 'vitest';
import { minor } from '../money/minor.ts';
import { bonusBetOffer, bonusBetPercent, hyperBonusAmount, isVipBetAvailable } from './bonus.ts';
import type { CouponSelection } from './types.ts';

const sel = (coef: number, extra: Partial<CouponSelection> = {}): CouponSelection => ({ id: `${coef}-${Math.random()}`, gameId: Math.random(), coef, ...extra });

describe('bonus bet (SPEC §5)', () => {
  it('multiplies the express coef by 1 + n% for 1 to 9 selections, 1.1 beyond', () => {
    expect(Array.from({ length: 12 }, (_, i) => bonusBetPercent(i + 1))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10]);
    expect(bonusBetOffer(1, [sel(1500), sel(2000), sel(1800)], true)).toEqual({ offered: true, percent: 3, expressCoef: 5400, coef: 5562 });
    // 1.2^12 = 8.916100448256 → 8.916; × 1.1 = 9.8076 → 9.808.
    expect(bonusBetOffer(1, Array.from({ length: 12 }, () => sel(1200)), true)).toMatchObject({ percent: 10, expressCoef: 8916, coef: 9808 });
    // 1.111^3 = 1.371330631 → 1.371; × 1.03 = 1.41213 → 1.412.
    expect(bonusBetOffer(1, [sel(1111), sel(1111), sel(1111)], true)).toMatchObject({ coef: 1412 });
  });

  it('is offered only when enabled, on an express of 3+, every coef ≥ 1.1, no market kind 7', () => {
    const three = [sel(1500), sel(2000), sel(1800)];
    expect(bonusBetOffer(1, three, false)).toEqual({ offered: false, reason: 'disabled' });
    expect(bonusBetOffer(2, three, true)).toEqual({ offered: false, reason: 'not_express' });
    expect(bonusBetOffer(1, three.slice(0, 2), true)).toEqual({ offered: false, reason: 'too_few_selections' });
    expect(bonusBetOffer(1, [...three, sel(1099)], true)).toEqual({ offered: false, reason: 'coef_below_min' });
    expect(bonusBetOffer(1, [...three, sel(1100)], true).offered).toBe(true);
    expect(bonusBetOffer(1, [...three, sel(3000, { marketKind: 7 })], true)).toEqual({ offered: false, reason: 'market_kind' });
    expect(bonusBetOffer(1, [...three, sel(3000, { marketKind: 1 })], true).offered).toBe(true);
  });
});

describe('hyper-bonus', () => {
  const hyper = { percent: 2.5, minBetAmount: minor(1_000n), maxAmount: minor(50_000n) };
  it('adds percent of the net win, floored, from the min stake, up to the max', () => {
    expect(hyperBonusAmount(hyper, 1_000n, 5_000n)).toBe(100n);
    expect(hyperBonusAmount(hyper, 1_000n, 1_039n)).toBe(0n); // 39 × 2.5% = 0.975
    expect(hyperBonusAmount(hyper, 999n, 5_000n)).toBe(0n);
    expect(hyperBonusAmount(hyper, 1_000n, 1_000n)).toBe(0n);
    expect(hyperBonusAmount(hyper, 1_000n, 10_000_000n)).toBe(50_000n);
    expect(hyperBonusAmount(null, 1_000n, 5_000n)).toBe(0n);
  });
});

describe('vip bet (SPEC §5)', () => {
  const base = { isVipBetShown: true, maxAmount: 100_000n, selections: [{ isLive: false }], typeId: 1 as const };
  it('needs the site to show it, a finite max bet, line bets only, bets, and a type other than 9', () => {
    expect(isVipBetAvailable(base)).toBe(true);
    expect(isVipBetAvailable({ ...base, isVipBetShown: false })).toBe(false);
    expect(isVipBetAvailable({ ...base, maxAmount: null })).toBe(false);
    expect(isVipBetAvailable({ ...base, maxAmount: Number.POSITIVE_INFINITY })).toBe(false);
    expect(isVipBetAvailable({ ...base, selections: [{ isLive: false }, { isLive: true }] })).toBe(false);
    expect(isVipBetAvailable({ ...base, selections: [] })).toBe(false);
    expect(isVipBetAvailable({ ...base, typeId: 9 })).toBe(false);
    expect(isVipBetAvailable({ ...base, typeId: 0, selections: [{}] })).toBe(true);
  });
});
