/**
 * Amounts are integer minor units as decimal strings (never floats); shown with the
 * currency's digits, or as "FUN" in demo mode (fun money, 2 digits).
 */
import { CURRENCIES } from '@betsite/domain';

export function exponentOf(currency: string): number {
  return Object.hasOwn(CURRENCIES, currency) ? CURRENCIES[currency as keyof typeof CURRENCIES].exponent : 2;
}

/** The label next to amounts: the currency code, or FUN in demo. */
export const moneyLabel = (currency: string, mode: 'real' | 'demo'): string => (mode === 'demo' ? 'FUN' : currency);

/** `123456` (minor) → `"1,234.56"`: digits grouped by three, exact (string arithmetic). */
export function formatMinorText(amount: bigint | string, exponent: number): string {
  const value = BigInt(amount);
  const digits = (value < 0n ? -value : value).toString().padStart(exponent + 1, '0');
  const whole = digits.slice(0, digits.length - exponent).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = exponent > 0 ? `.${digits.slice(-exponent)}` : '';
  return `${value < 0n ? '−' : ''}${whole}${fraction}`;
}

export function formatMoney(amount: bigint | string, currency: string, mode: 'real' | 'demo'): string {
  return `${formatMinorText(amount, exponentOf(currency))} ${moneyLabel(currency, mode)}`;
}

/** Thousandths of the stake → `"1.237×"` (floored, as the games pay). */
export function formatMultiplier(milli: bigint | number | string): string {
  const m = BigInt(milli);
  const whole = m / 1000n;
  const rest = m % 1000n;
  if (rest === 0n) return `${whole}×`;
  return `${whole}.${rest.toString().padStart(3, '0').replace(/0+$/, '')}×`;
}

/** Hundredths (dice rolls, crash points) → `"12.34"`. */
export const formatHundredths = (value: number): string => `${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`;

/**
 * The stakes offered between min and max: min, then the 1-2-5 steps above it, then max.
 * At most `limit` values, spread from min to max.
 */
export function stakeLadder(min: bigint, max: bigint, limit = 16): bigint[] {
  if (min <= 0n || max < min) return min > 0n ? [min] : [];
  const out: bigint[] = [min];
  let decade = 1n;
  while (decade * 10n <= min) decade *= 10n;
  for (;;) {
    for (const f of [1n, 2n, 5n]) {
      const v = decade * f;
      if (v > min && v < max) out.push(v);
    }
    if (decade * 10n >= max) break;
    decade *= 10n;
  }
  if (max !== min) out.push(max);
  if (out.length <= limit) return out;
  // Thin the middle evenly, keeping min and max.
  const step = (out.length - 1) / (limit - 1);
  return Array.from({ length: limit }, (_, i) => out[Math.round(i * step)] as bigint);
}

/** The stake to start with: the largest step up to a hundredth of the balance (else the smallest). */
export function defaultStake(ladder: readonly bigint[], balance: bigint): bigint {
  const affordable = ladder.filter((v) => v <= balance);
  const pool = affordable.length > 0 ? affordable : ladder;
  const aim = balance / 100n;
  let best = pool[0] ?? 0n;
  for (const v of pool) if (v <= aim) best = v;
  return best;
}
