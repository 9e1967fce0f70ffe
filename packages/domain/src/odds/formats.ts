/**
 * Coefficient display formats (SPEC §3 global setting `coefViewId`, §9 "0 decimal,
 * 2 american, 1 fractional, and variants 4, 5, 6, 14, 15, 16").
 *
 * Decision (docs/decisions/0008): the variants are the three Asian formats —
 *   4 Hong Kong, 5 Indonesian, 6 Malay, shown with 2 decimals as Asian books print them;
 *   14, 15, 16 the same three shown with 3 decimals, the precision of the stored
 *   coefficient (SPEC: coefs rounded to 3 decimals): Hong Kong and Indonesian then read
 *   back to the very same coefficient. Malay above evens is −1/(d−1), which crowds long
 *   odds towards 0, so it reads back to within its last printed place, and it prints more
 *   places rather than ever showing 0.
 * The stored and traded value is always the decimal coefficient; a format is only a view.
 *
 *   decimal d   fractional   american          Hong Kong   Indonesian          Malay
 *   1.5         1/2          -200              0.50        -2.00               0.50
 *   2.0         1/1 (evens)  +100              1.00        +1.00               1.00
 *   3.75        11/4         +275              2.75        +2.75               -0.36
 * American and Indonesian print an explicit "+" on positive values; Hong Kong and Malay do not.
 */
import { roundCoef } from './coef.ts';

export const COEF_VIEW = {
  decimal: 0,
  fractional: 1,
  american: 2,
  hongKong: 4,
  indonesian: 5,
  malay: 6,
  hongKongPrecise: 14,
  indonesianPrecise: 15,
  malayPrecise: 16,
} as const;

export type CoefViewId = (typeof COEF_VIEW)[keyof typeof COEF_VIEW];

const VIEW_IDS: readonly number[] = Object.values(COEF_VIEW);

export function isCoefViewId(value: unknown): value is CoefViewId {
  return typeof value === 'number' && VIEW_IDS.includes(value);
}

// ---- exact conversions (no display rounding) ----

/** Hong Kong odds are the net win per unit stake. */
export function decimalToHongKong(decimal: number): number {
  return decimal - 1;
}

export function hongKongToDecimal(hongKong: number): number {
  return hongKong + 1;
}

/** +(d-1)·100 from evens up, −100/(d-1) below. */
export function decimalToAmerican(decimal: number): number {
  const net = decimal - 1;
  return net >= 1 ? net * 100 : -100 / net;
}

/** Accepts |american| ≥ 100 (±100 both mean evens). */
export function americanToDecimal(american: number): number {
  if (!(Math.abs(american) >= 100)) throw new RangeError(`${american} is not an American price`);
  return american > 0 ? 1 + american / 100 : 1 + 100 / -american;
}

/** American divided by 100: +(d-1) from evens up, −1/(d-1) below. */
export function decimalToIndonesian(decimal: number): number {
  const net = decimal - 1;
  return net >= 1 ? net : -1 / net;
}

export function indonesianToDecimal(indonesian: number): number {
  if (!(Math.abs(indonesian) >= 1)) throw new RangeError(`${indonesian} is not an Indonesian price`);
  return indonesian > 0 ? 1 + indonesian : 1 + 1 / -indonesian;
}

/** Malay odds live in (−1, 1]: d-1 up to evens, −1/(d-1) above. */
export function decimalToMalay(decimal: number): number {
  const net = decimal - 1;
  return net <= 1 ? net : -1 / net;
}

export function malayToDecimal(malay: number): number {
  if (!(malay > -1 && malay <= 1 && malay !== 0)) throw new RangeError(`${malay} is not a Malay price`);
  return malay > 0 ? 1 + malay : 1 + 1 / -malay;
}

export interface FractionalOdds {
  numerator: number;
  denominator: number;
}

/**
 * The fraction with the smallest denominator that reads back to the same 3-decimal
 * coefficient (1.5 → 1/2, 1.909 → 10/11, 3.75 → 11/4, 2.0 → 1/1). Denominator 1000 always
 * qualifies, so the search ends.
 */
export function decimalToFractional(decimal: number): FractionalOdds {
  const net = roundCoef(decimal) - 1;
  const tolerance = 0.0005 - 1e-9;
  for (let denominator = 1; denominator <= 1000; denominator++) {
    const numerator = Math.round(net * denominator);
    if (numerator > 0 && Math.abs(numerator / denominator - net) < tolerance) return { numerator, denominator };
  }
  return reduce(Math.round(net * 1000), 1000);
}

export function fractionalToDecimal(fraction: FractionalOdds): number {
  const { numerator, denominator } = fraction;
  if (!(numerator > 0 && denominator > 0)) throw new RangeError('a fraction needs positive terms');
  return 1 + numerator / denominator;
}

function reduce(numerator: number, denominator: number): FractionalOdds {
  let a = numerator;
  let b = denominator;
  while (b) [a, b] = [b, a % b];
  return { numerator: numerator / a, denominator: denominator / a };
}

// ---- display ----

/** Half-up to `places` decimals, as text. */
function fixed(value: number, places: number): string {
  const scale = 10 ** places;
  const rounded = Math.round(Math.abs(value) * scale + 1e-7) / scale;
  return `${value < 0 && rounded !== 0 ? '-' : ''}${rounded.toFixed(places)}`;
}

/** Malay prices of very long odds crowd towards 0: keep adding places until one is not 0. */
function fixedNonZero(value: number, places: number): string {
  let text = fixed(value, places);
  for (let more = places + 1; /^-?0\.0+$/.test(text) && more <= 6; more++) text = fixed(value, more);
  return text;
}

function signed(text: string): string {
  return text.startsWith('-') ? text : `+${text}`;
}

/** The coefficient as the player chose to see it. */
export function formatCoef(decimal: number, view: CoefViewId): string {
  const coef = roundCoef(decimal);
  switch (view) {
    case COEF_VIEW.decimal: {
      const text = coef.toFixed(3);
      return text.endsWith('0') ? text.slice(0, -1) : text;
    }
    case COEF_VIEW.fractional: {
      const { numerator, denominator } = decimalToFractional(coef);
      return `${numerator}/${denominator}`;
    }
    case COEF_VIEW.american:
      return signed(fixed(decimalToAmerican(coef), 0));
    case COEF_VIEW.hongKong:
      return fixed(decimalToHongKong(coef), 2);
    case COEF_VIEW.indonesian:
      return signed(fixed(decimalToIndonesian(coef), 2));
    case COEF_VIEW.malay:
      return fixedNonZero(decimalToMalay(coef), 2);
    case COEF_VIEW.hongKongPrecise:
      return fixed(decimalToHongKong(coef), 3);
    case COEF_VIEW.indonesianPrecise:
      return signed(fixed(decimalToIndonesian(coef), 3));
    case COEF_VIEW.malayPrecise:
      return fixedNonZero(decimalToMalay(coef), 3);
  }
}

const NUMBER = /^[+-]?\d+(?:\.\d+)?$/;
const FRACTION = /^(\d+)\/(\d+)$/;

/**
 * Reads a price typed in `view` back into a decimal coefficient rounded to 3 places; null
 * for text that is not a price of that format. "evens"/"evs" read as 1/1.
 */
export function parseCoef(text: string, view: CoefViewId): number | null {
  const input = text.trim().toLowerCase();
  try {
    if (view === COEF_VIEW.fractional) {
      if (input === 'evens' || input === 'evs') return 2;
      const match = FRACTION.exec(input);
      if (!match) return null;
      return roundCoef(fractionalToDecimal({ numerator: Number(match[1]), denominator: Number(match[2]) }));
    }
    if (!NUMBER.test(input)) return null;
    const value = Number(input);
    const decimal = (() => {
      switch (view) {
        case COEF_VIEW.decimal:
          return value > 1 ? value : Number.NaN;
        case COEF_VIEW.american:
          return americanToDecimal(value);
        case COEF_VIEW.hongKong:
        case COEF_VIEW.hongKongPrecise:
          return value > 0 ? hongKongToDecimal(value) : Number.NaN;
        case COEF_VIEW.indonesian:
        case COEF_VIEW.indonesianPrecise:
          return indonesianToDecimal(value);
        case COEF_VIEW.malay:
        case COEF_VIEW.malayPrecise:
          return malayToDecimal(value);
      }
    })();
    return Number.isFinite(decimal) ? roundCoef(decimal) : null;
  } catch {
    return null;
  }
}
