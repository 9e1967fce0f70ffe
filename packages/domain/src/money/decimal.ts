/**
 * Decimal text ⇄ minor units, exactly: the text is split into digits, never read as a
 * float, so `0.1 + 0.2` style artefacts (`0.30000000000000004`) are refused rather than
 * rounded.
 */
import { CURRENCIES, type CurrencyCode } from './currencies.ts';
import { minor, type Minor } from './minor.ts';

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * `'10.5'` in RUB is 1050n. Accepts an optional minus, digits and at most the currency's
 * exponent of fraction digits (so `'500.0'` JPY is refused); no exponents, spaces,
 * grouping or plus signs.
 */
export function toMinor(text: string, currency: CurrencyCode): Minor {
  const { exponent } = CURRENCIES[currency];
  const match = DECIMAL.exec(text);
  if (!match) throw new RangeError(`"${text}" is not a decimal amount`);
  const [, sign, whole = '', fraction = ''] = match;
  if (fraction.length > exponent) {
    throw new RangeError(`"${text}" has more than ${exponent} fraction digits for ${currency}`);
  }
  const magnitude = BigInt(whole + fraction.padEnd(exponent, '0'));
  return minor(sign ? -magnitude : magnitude);
}

/** The canonical decimal text of an amount, `'-1234.50'`; `toMinor` reads it back. */
export function minorToDecimal(amount: Minor, currency: CurrencyCode): string {
  const { exponent } = CURRENCIES[currency];
  const digits = (amount < 0n ? -amount : amount).toString().padStart(exponent + 1, '0');
  const whole = digits.slice(0, digits.length - exponent);
  const fraction = exponent > 0 ? `.${digits.slice(-exponent)}` : '';
  return `${amount < 0n ? '-' : ''}${whole}${fraction}`;
}

/**
 * Without a locale: the canonical decimal (`'1234.50'`). With one: the localised currency
 * text (`'1 234,50 ₽'` in `ru`), formatted from the exact decimal string, not a float.
 */
export function formatMinor(amount: Minor, currency: CurrencyCode, locale?: string): string {
  const decimal = minorToDecimal(amount, currency);
  if (locale === undefined) return decimal;
  const { exponent } = CURRENCIES[currency];
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: exponent,
    maximumFractionDigits: exponent,
  }).format(decimal as Intl.StringNumericLiteral);
}
