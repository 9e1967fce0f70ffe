import { describe, expect, it } from 'vitest';
import { ACCOUNT_TYPES } from './account-types.ts';
import { CURRENCIES, isCurrencyCode, resolveCurrency } from './currencies.ts';
import { amountStep, initialStake } from './stakes.ts';

describe('currency defaults (SPEC §9)', () => {
  it('have the amount steps and initial stakes of the spec, in minor units', () => {
    expect(['RUB', 'USD', 'EUR', 'GBP', 'JPY'].map(amountStep)).toEqual([10_000n, 250n, 250n, 250n, 500n]);
    expect(['RUB', 'USD', 'EUR', 'GBP'].map(initialStake)).toEqual([15_000n, 500n, 500n, 500n]);
  });

  it('fall back to the RUB values, in the currency’s own units, and to RUB for unknown currencies', () => {
    expect(amountStep('KZT')).toBe(10_000n);
    expect(initialStake('JPY')).toBe(150n);
    expect(amountStep('XXX')).toBe(10_000n);
    expect(resolveCurrency('XXX')).toBe(CURRENCIES.RUB);
    expect(resolveCurrency(undefined).code).toBe('RUB');
    expect(resolveCurrency('GBP')).toEqual({ code: 'GBP', exponent: 2, symbol: '£' });
  });

  it('know the minor units of the currencies we hold', () => {
    expect(CURRENCIES.JPY.exponent).toBe(0);
    expect(Object.values(CURRENCIES).every((c) => /^[A-Z]{3}$/.test(c.code) && CURRENCIES[c.code] === c)).toBe(true);
    expect(isCurrencyCode('toString')).toBe(false);
  });

  it('number the SPEC §3 account types', () => {
    expect(ACCOUNT_TYPES).toEqual({ main: 0, bonus: 4, currency: 9 });
  });
});
