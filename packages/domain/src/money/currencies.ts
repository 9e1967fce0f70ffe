/**
 * Currencies we hold money in: ISO 4217 code, the number of minor-unit digits (ISO 4217
 * "minor unit") and the symbol shown next to amounts (SPEC §3 Account `symbol`).
 */
export interface Currency {
  readonly code: string;
  /** Decimal digits of the minor unit: 2 for kopeks and cents, 0 for yen. */
  readonly exponent: number;
  readonly symbol: string;
}

export const CURRENCIES = {
  RUB: { code: 'RUB', exponent: 2, symbol: '₽' },
  USD: { code: 'USD', exponent: 2, symbol: '$' },
  EUR: { code: 'EUR', exponent: 2, symbol: '€' },
  GBP: { code: 'GBP', exponent: 2, symbol: '£' },
  JPY: { code: 'JPY', exponent: 0, symbol: '¥' },
  KZT: { code: 'KZT', exponent: 2, symbol: '₸' },
  UAH: { code: 'UAH', exponent: 2, symbol: '₴' },
  TRY: { code: 'TRY', exponent: 2, symbol: '₺' },
  AZN: { code: 'AZN', exponent: 2, symbol: '₼' },
  UZS: { code: 'UZS', exponent: 2, symbol: 'soʻm' },
  BRL: { code: 'BRL', exponent: 2, symbol: 'R$' },
  INR: { code: 'INR', exponent: 2, symbol: '₹' },
} as const satisfies Record<string, Currency>;

export type CurrencyCode = keyof typeof CURRENCIES;
export type KnownCurrency = (typeof CURRENCIES)[CurrencyCode];

/** SPEC §9: "currency fallback RUB". */
export const DEFAULT_CURRENCY = 'RUB' satisfies CurrencyCode;

export function isCurrencyCode(code: string): code is CurrencyCode {
  return Object.hasOwn(CURRENCIES, code);
}

/** The currency of `code`, or the default (RUB) for a code we do not hold money in. */
export function resolveCurrency(code: string | null | undefined): KnownCurrency {
  return CURRENCIES[code && isCurrencyCode(code) ? code : DEFAULT_CURRENCY];
}
