/** Casino amounts: whole minor units as decimal strings (contracts), shown with two decimals. */
import { CURRENCIES, formatMinor, minor, type CurrencyCode } from '@betsite/domain';

/** `1050` → `10.50` in the reader's locale; with a known currency, its sign and exponent. */
export function minorText(minorUnits: string, locale: string, currency?: string): string {
  if (!/^-?\d+$/.test(minorUnits)) return minorUnits;
  if (currency && currency in CURRENCIES) return formatMinor(minor(BigInt(minorUnits)), currency as CurrencyCode, locale);
  const n = BigInt(minorUnits);
  const sign = n < 0n ? '-' : '';
  const abs = n < 0n ? -n : n;
  const text = `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(text as Intl.StringNumericLiteral);
}
