/**
 * Coefficient display formats (SPEC §3 global setting `coefViewId`, §9 "0 decimal,
 * 2 american, 1 fractional, and variants 4, 5, 6, 14, 15, 16").
 *
 * Decision (docs/decisions/0008): the variants are the three Asian formats —
 *   4 Hong Kong, 5 Indonesian, 6 Malay, shown with 2 decimals as Asian books print them;
 *   14, 15, 16 the same three shown with 3 decimals, the precision of the stored
 *   coefficient (SPEC: coefs rounded to 3 decimals): Hong Kong and Indonesian then read
 *   back to the very same coefficient. Malay above evens is −1/(d−1), which crowds long
 *   odds towards 0, so it reads back to within its last printed place.
 * Every format prints text its own parser reads back: where the usual places would print
 * something that is not a price of the format (Malay or Hong Kong "0.00", Malay "−1.00" for
 * 2.001–2.005), it prints more places instead (Malay −0.999 … −0.995, Hong Kong 0.001).
 * Fractional shows the bookmakers' ladder price a coefficient stands for (4.33 and 4.333
 * → 10/3, 2.5 → 6/4), otherwise the exact smallest-denominator fraction (1.188 → 3/16).
 * The stored and traded value is always the decimal coefficient; a format is only a view.
 *
 *   decimal d   fractional   american          Hong Kong   Indonesian          Malay
 *   1.5         1/2          -200              0.50        -2.00               0.50
 *   2.0         1/1 (evens)  +100              1.00        +1.00               1.00
 *   3.75        11/4         +275              2.75        +2.75               -0.36
 * American and Indonesian print an explicit "+" on positive values; Hong Kong and Malay do not.
 */
import { coefThousandths, roundCoef } from './coef.ts';
import { FRACTIONAL_LADDER } from './ladder.ts';

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
 * The fraction shown for a coefficient (rounded to 3 decimals first): its ladder price
 * (`FRACTIONAL_LADDER`) where it has one, otherwise `smallestFraction`. A ladder price
 * stands for its own 3-decimal coefficient and for the coefficients between that and its
 * 2-decimal quote, as bookmakers' charts print it: 4.330–4.333 → 10/3, 1.909–1.910 → 10/11,
 * 1.440–1.444 → 4/9, 2.5 → 6/4. Where two spans meet (1/8 and 2/15 are both quoted 1.13)
 * the nearer price wins, and a coefficient that is a ladder price at 3 decimals always shows
 * it. Ladder prices keep the ladder's terms (4/6, 85/40); other fractions are reduced.
 */
export function decimalToFractional(decimal: number): FractionalOdds {
  const coef = roundCoef(decimal);
  const ladder = LADDER_BY_COEF.get(coefThousandths(coef));
  return ladder ? { ...ladder } : smallestFraction(coef);
}

/**
 * The fraction with the smallest denominator that reads back to the same 3-decimal
 * coefficient, i.e. whose net win n/d lies in the coefficient's rounding interval
 * [net − 0.0005, net + 0.0005) (half up, so 1.1875 = 3/16 rounds to 1.188): 1.188 → 3/16,
 * 1.909 → 10/11, 1.667 → 2/3. Found by descending the Stern–Brocot tree in exact integer
 * arithmetic; the first fraction met inside the interval has the smallest denominator and
 * is already reduced. 0/1 for what is not a price (1 or less, NaN, ∞).
 */
export function smallestFraction(decimal: number): FractionalOdds {
  const net = coefThousandths(roundCoef(decimal)) - 1000;
  if (!(net > 0 && net <= 1e9)) return { numerator: 0, denominator: 1 };
  // The interval is [low/M, high/M): everything below stays exact in doubles (< 2^53).
  const M = 2000;
  const low = 2 * net - 1;
  const high = 2 * net + 1;
  // Stern–Brocot neighbours a/b < low/M and c/d ≥ high/M, starting from 0/1 and 1/0.
  let [a, b, c, d] = [0, 1, 1, 0];
  for (;;) {
    const p = a + c;
    const q = b + d;
    if (p * M < low * q) {
      // The mediant is below: move the left bound as many steps right as stay below.
      const k = Math.floor((low * b - a * M - 1) / (c * M - low * d));
      [a, b] = [a + k * c, b + k * d];
    } else if (p * M >= high * q) {
      // The mediant is at or above the top: move the right bound as many steps left as stay there.
      const k = Math.floor((c * M - high * d) / (high * b - a * M));
      [c, d] = [c + k * a, d + k * b];
    } else {
      return { numerator: p, denominator: q };
    }
  }
}

/** The ladder price of each 3-decimal coefficient (in thousandths) that has one. */
const LADDER_BY_COEF: ReadonlyMap<number, FractionalOdds> = (() => {
  const claims = new Map<number, { fraction: FractionalOdds; exact: boolean; distance: number }>();
  for (const [numerator, denominator] of FRACTIONAL_LADDER) {
    const value = 1 + numerator / denominator;
    const three = coefThousandths(roundCoef(value));
    const two = Math.round(value * 100 + 1e-7) * 10; // the 2-decimal quote, half up
    for (let t = Math.max(1001, Math.min(two, three)); t <= Math.max(two, three); t++) {
      const exact = t === three;
      const distance = Math.abs(t / 1000 - value);
      const held = claims.get(t);
      if (!held || (exact && !held.exact) || (exact === held.exact && distance < held.distance)) {
        claims.set(t, { fraction: { numerator, denominator }, exact, distance });
      }
    }
  }
  return new Map([...claims].map(([t, claim]) => [t, claim.fraction]));
})();

export function fractionalToDecimal(fraction: FractionalOdds): number {
  const { numerator, denominator } = fraction;
  if (!(numerator > 0 && denominator > 0)) throw new RangeError('a fraction needs positive terms');
  return 1 + numerator / denominator;
}

// ---- display ----

/** Half-up to `places` decimals, as text. */
function fixed(value: number, places: number): string {
  const scale = 10 ** places;
  const rounded = Math.round(Math.abs(value) * scale + 1e-7) / scale;
  return `${value < 0 && rounded !== 0 ? '-' : ''}${rounded.toFixed(places)}`;
}

/**
 * `value` with `places` decimals, or with more where those would print text the view's own
 * parser refuses: Hong Kong and Malay "0.00" (very short odds, very long Malay odds) and
 * Malay "−1.00" (2.001–2.005, whose Malay price is −0.999 … −0.995).
 */
function printed(value: number, places: number, view: CoefViewId, plus = false): string {
  for (let more = places; ; more++) {
    const text = plus ? signed(fixed(value, more)) : fixed(value, more);
    if (more >= 6 || parseCoef(text, view) !== null) return text;
  }
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
      return printed(decimalToAmerican(coef), 0, view, true);
    case COEF_VIEW.hongKong:
    case COEF_VIEW.hongKongPrecise:
      return printed(decimalToHongKong(coef), view === COEF_VIEW.hongKong ? 2 : 3, view);
    case COEF_VIEW.indonesian:
    case COEF_VIEW.indonesianPrecise:
      return printed(decimalToIndonesian(coef), view === COEF_VIEW.indonesian ? 2 : 3, view, true);
    case COEF_VIEW.malay:
    case COEF_VIEW.malayPrecise:
      return printed(decimalToMalay(coef), view === COEF_VIEW.malay ? 2 : 3, view);
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
