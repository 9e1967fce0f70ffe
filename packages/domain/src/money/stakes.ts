/**
 * SPEC §9 default amount steps and initial stakes per currency, in major units as written
 * in the spec. A currency without a value of its own takes the RUB value (SPEC: "fallback
 * to RUB values"), read as that many units of its own currency.
 */
import { DEFAULT_CURRENCY, resolveCurrency, type CurrencyCode } from './currencies.ts';
import { toMinor } from './decimal.ts';
import type { Minor } from './minor.ts';

/** Decimal texts; the default currency always has one. */
type PerCurrency = Partial<Record<CurrencyCode, string>> & Record<typeof DEFAULT_CURRENCY, string>;

const AMOUNT_STEPS: PerCurrency = { RUB: '100', USD: '2.5', EUR: '2.5', GBP: '2.5', JPY: '500' };
const INITIAL_STAKES: PerCurrency = { RUB: '150', USD: '5', EUR: '5', GBP: '5' };

/** The minimum amount step in minor units of `currency` (RUB for an unknown currency). */
export function amountStep(currency: string): Minor {
  return perCurrency(AMOUNT_STEPS, currency);
}

/** The initial stake in minor units of `currency` (RUB for an unknown currency). */
export function initialStake(currency: string): Minor {
  return perCurrency(INITIAL_STAKES, currency);
}

function perCurrency(table: PerCurrency, code: string): Minor {
  const currency = resolveCurrency(code).code;
  return toMinor(table[currency] ?? table[DEFAULT_CURRENCY], currency);
}
