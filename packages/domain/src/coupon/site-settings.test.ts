import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { initialStake } from '../money/stakes.ts';
import { quoteCoupon } from './quote.ts';
import { couponLimits, DEFAULT_BETTING_SETTINGS, withBettingSettings } from './site-settings.ts';

describe('betting settings', () => {
  it('sets amounts in initial stakes of the currency: the defaults are 0.10 – 500.00 EUR, payouts up to 500,000.00 EUR', () => {
    expect(couponLimits(DEFAULT_BETTING_SETTINGS, 'EUR')).toEqual({ minAmount: 10n, maxAmount: 500_00n, maxPayout: 500_000_00n });
    expect(couponLimits(DEFAULT_BETTING_SETTINGS, 'RUB')).toEqual({ minAmount: 3_00n, maxAmount: 15_000_00n, maxPayout: 15_000_000_00n });
    expect(couponLimits({ ...DEFAULT_BETTING_SETTINGS, maxStakeInInitialStakes: null, maxPayoutInInitialStakes: null, limitedTypeIds: [0, 1] }, 'EUR')).toEqual({ minAmount: 10n, maxAmount: null, maxPayout: null, limitedTypes: [0, 1] });
  });

  it('never sets a minimum below one minor unit and rounds a fractional setting (to 0.001 initial stakes) up', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }).map((n) => n / 1000), fc.constantFrom('EUR', 'RUB', 'JPY', 'USD', 'KZT'), (times, currency) => {
        const { minAmount } = couponLimits({ ...DEFAULT_BETTING_SETTINGS, minStakeInInitialStakes: times }, currency);
        expect(minAmount! >= 1n).toBe(true);
        expect(Number(minAmount) + 1).toBeGreaterThanOrEqual(Number(initialStake(currency)) * times);
      }),
    );
  });

  it('makes the quote refuse a stake above the max and below the min, and caps the possible win at the max payout', () => {
    const selections = [{ id: 'a', gameId: 1, coef: 1000_000 }];
    const draft = (amount: bigint) => withBettingSettings({ typeId: 0, selections, currency: 'EUR', amount: amount as never }, { ...DEFAULT_BETTING_SETTINGS, maxPayoutInInitialStakes: 1000 });
    expect(quoteCoupon(draft(500_01n)).errors.map((e) => e.code)).toContain('amount_above_max');
    expect(quoteCoupon(draft(9n)).errors.map((e) => e.code)).toContain('amount_below_min');
    const ok = quoteCoupon(draft(10_00n));
    expect(ok.errors).toEqual([]);
    expect(ok.possibleWin).toBe(5_000_00n);
  });
});
