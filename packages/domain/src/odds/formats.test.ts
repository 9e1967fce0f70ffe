import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_COEF, coefThousandths, roundCoef } from './coef.ts';
import {
  COEF_VIEW,
  americanToDecimal,
  decimalToAmerican,
  decimalToFractional,
  decimalToHongKong,
  decimalToIndonesian,
  decimalToMalay,
  formatCoef,
  fractionalToDecimal,
  hongKongToDecimal,
  indonesianToDecimal,
  isCoefViewId,
  malayToDecimal,
  parseCoef,
  smallestFraction,
  type CoefViewId,
  type FractionalOdds,
} from './formats.ts';
import { FRACTIONAL_LADDER } from './ladder.ts';

/**
 * Any coefficient with 3 decimals in [1.001, MAX_COEF] (below MIN_COEF too: a format must
 * not break there either), biased to real prices and to the formats' boundaries: evens,
 * the very short prices, the ladder.
 */
const coefArb = fc
  .oneof(
    fc.integer({ min: 1001, max: 10_000 }),
    fc.integer({ min: 1001, max: MAX_COEF * 1000 }),
    fc.integer({ min: 1001, max: 1020 }),
    fc.integer({ min: 1990, max: 2010 }),
    fc
      .tuple(fc.constantFrom(...FRACTIONAL_LADDER), fc.integer({ min: -6, max: 6 }))
      .map(([[n, d], step]) => coefThousandths(roundCoef(1 + n / d)) + step),
  )
  .filter((thousandths) => thousandths >= 1001 && thousandths <= MAX_COEF * 1000)
  .map((thousandths) => thousandths / 1000);

describe('coefficient formats', () => {
  it('convert a known table of prices', () => {
    const table: Array<[number, string, string, string, string, string]> = [
      // decimal, fractional, american, Hong Kong, Indonesian, Malay
      [1.5, '1/2', '-200', '0.50', '-2.00', '0.50'],
      [2, '1/1', '+100', '1.00', '+1.00', '1.00'],
      [3.75, '11/4', '+275', '2.75', '+2.75', '-0.36'],
      [1.909, '10/11', '-110', '0.91', '-1.10', '0.91'],
      [1.25, '1/4', '-400', '0.25', '-4.00', '0.25'],
      [3, '2/1', '+200', '2.00', '+2.00', '-0.50'],
      [11, '10/1', '+1000', '10.00', '+10.00', '-0.10'],
      [1.833, '5/6', '-120', '0.83', '-1.20', '0.83'],
      [2.625, '13/8', '+163', '1.63', '+1.63', '-0.62'],
    ];
    for (const [decimal, fractional, american, hongKong, indonesian, malay] of table) {
      expect(formatCoef(decimal, COEF_VIEW.fractional), `${decimal}`).toBe(fractional);
      expect(formatCoef(decimal, COEF_VIEW.american), `${decimal}`).toBe(american);
      expect(formatCoef(decimal, COEF_VIEW.hongKong), `${decimal}`).toBe(hongKong);
      expect(formatCoef(decimal, COEF_VIEW.indonesian), `${decimal}`).toBe(indonesian);
      expect(formatCoef(decimal, COEF_VIEW.malay), `${decimal}`).toBe(malay);
    }
  });

  it('print a known table in every SPEC §9 view id', () => {
    // decimal id 0 … Malay 3 places id 16 (decision 0008), as a bookmaker's conversion chart prints them.
    const views = [0, 1, 2, 4, 5, 6, 14, 15, 16] as const;
    const table: Array<[number, ...string[]]> = [
      [1.5, '1.50', '1/2', '-200', '0.50', '-2.00', '0.50', '0.500', '-2.000', '0.500'],
      [1.8, '1.80', '4/5', '-125', '0.80', '-1.25', '0.80', '0.800', '-1.250', '0.800'],
      [2, '2.00', '1/1', '+100', '1.00', '+1.00', '1.00', '1.000', '+1.000', '1.000'],
      [2.5, '2.50', '6/4', '+150', '1.50', '+1.50', '-0.67', '1.500', '+1.500', '-0.667'],
      [4, '4.00', '3/1', '+300', '3.00', '+3.00', '-0.33', '3.000', '+3.000', '-0.333'],
      // 1.010 is the ladder's 1/100 (the smallest fraction that reads back to it is 1/96).
      [1.01, '1.01', '1/100', '-10000', '0.01', '-100.00', '0.01', '0.010', '-100.000', '0.010'],
    ];
    for (const [decimal, ...texts] of table) {
      views.forEach((view, i) => expect(formatCoef(decimal, view), `${decimal} in ${view}`).toBe(texts[i]));
    }
  });

  it('show decimals with two or three places, and the precise Asian variants with three', () => {
    expect(formatCoef(1.5, COEF_VIEW.decimal)).toBe('1.50');
    expect(formatCoef(1.909, COEF_VIEW.decimal)).toBe('1.909');
    expect(formatCoef(12, COEF_VIEW.decimal)).toBe('12.00');
    expect(formatCoef(1.909, COEF_VIEW.hongKongPrecise)).toBe('0.909');
    expect(formatCoef(1.909, COEF_VIEW.indonesianPrecise)).toBe('-1.100');
    expect(formatCoef(3.75, COEF_VIEW.malayPrecise)).toBe('-0.364');
    expect(formatCoef(1.0005, COEF_VIEW.decimal)).toBe('1.001');
    expect(formatCoef(1000, COEF_VIEW.malay)).toBe('-0.001'); // never "-0.00"
    expect(formatCoef(1000, COEF_VIEW.american)).toBe('+99900');
  });

  it('know exactly the view ids of SPEC §9', () => {
    for (const id of [0, 1, 2, 4, 5, 6, 14, 15, 16]) expect(isCoefViewId(id)).toBe(true);
    for (const id of [3, 7, 13, 17, -1, 1.5, '0', null]) expect(isCoefViewId(id)).toBe(false);
  });

  it('read prices back and refuse what is not a price of the format', () => {
    expect(parseCoef('11/4', COEF_VIEW.fractional)).toBe(3.75);
    expect(parseCoef('Evens', COEF_VIEW.fractional)).toBe(2);
    expect(parseCoef('-200', COEF_VIEW.american)).toBe(1.5);
    expect(parseCoef('275', COEF_VIEW.american)).toBe(3.75);
    expect(parseCoef('-100', COEF_VIEW.american)).toBe(2);
    expect(parseCoef('-2.00', COEF_VIEW.indonesian)).toBe(1.5);
    expect(parseCoef('-0.5', COEF_VIEW.malay)).toBe(3);
    expect(parseCoef('0.5', COEF_VIEW.hongKong)).toBe(1.5);
    expect(parseCoef('1.5', COEF_VIEW.decimal)).toBe(1.5);
    const bad: Array<[string, CoefViewId]> = [
      ['1', COEF_VIEW.decimal],
      ['0.9', COEF_VIEW.decimal],
      ['abc', COEF_VIEW.decimal],
      ['1e3', COEF_VIEW.decimal],
      ['99', COEF_VIEW.american],
      ['-50', COEF_VIEW.american],
      ['0.5', COEF_VIEW.indonesian],
      ['-1.5', COEF_VIEW.malay],
      ['0', COEF_VIEW.malay],
      ['1.5', COEF_VIEW.malay],
      ['0', COEF_VIEW.hongKong],
      ['0/4', COEF_VIEW.fractional],
      ['3/0', COEF_VIEW.fractional],
      ['1.5/2', COEF_VIEW.fractional],
    ];
    for (const [text, view] of bad) expect(parseCoef(text, view), `${text} in ${view}`).toBeNull();
  });

  it('convert exactly both ways', () => {
    fc.assert(
      fc.property(coefArb, (d) => {
        expect(americanToDecimal(decimalToAmerican(d))).toBeCloseTo(d, 9);
        expect(hongKongToDecimal(decimalToHongKong(d))).toBeCloseTo(d, 9);
        expect(indonesianToDecimal(decimalToIndonesian(d))).toBeCloseTo(d, 9);
        expect(malayToDecimal(decimalToMalay(d))).toBeCloseTo(d, 9);
        expect(roundCoef(fractionalToDecimal(smallestFraction(d)))).toBe(d);
        const malay = decimalToMalay(d);
        expect(malay > -1 && malay <= 1).toBe(true);
        expect(Math.abs(decimalToAmerican(d))).toBeGreaterThanOrEqual(100);
        expect(Math.abs(decimalToIndonesian(d))).toBeGreaterThanOrEqual(1);
      }),
    );
  });

  it('read every 3-place format back to the very same coefficient', () => {
    // Fractional too, off the ladder's 2-decimal spans (below).
    const exact: CoefViewId[] = [
      COEF_VIEW.decimal,
      COEF_VIEW.hongKongPrecise,
      COEF_VIEW.indonesianPrecise,
    ];
    fc.assert(
      fc.property(coefArb, fc.constantFrom(...exact), (d, view) => {
        expect(parseCoef(formatCoef(d, view), view)).toBe(d);
      }),
    );
  });

  it('read the rounded formats back to within their display step', () => {
    // American (whole units of 100), Hong Kong and Indonesian move the decimal by at most
    // half a display step; Malay is compared in its own units, where long odds crowd near 0.
    const rounded: CoefViewId[] = [COEF_VIEW.american, COEF_VIEW.hongKong, COEF_VIEW.indonesian];
    fc.assert(
      fc.property(coefArb, fc.constantFrom(...rounded), (d, view) => {
        const back = parseCoef(formatCoef(d, view), view);
        expect(back).not.toBeNull();
        expect(Math.abs((back ?? 0) - d)).toBeLessThanOrEqual(0.0055);
      }),
    );
    fc.assert(
      fc.property(coefArb, (d) => {
        const back = parseCoef(formatCoef(d, COEF_VIEW.malay), COEF_VIEW.malay) ?? 0;
        expect(Math.abs(decimalToMalay(back) - decimalToMalay(d))).toBeLessThanOrEqual(0.0055);
        const precise = parseCoef(formatCoef(d, COEF_VIEW.malayPrecise), COEF_VIEW.malayPrecise) ?? 0;
        expect(Math.abs(decimalToMalay(precise) - decimalToMalay(d))).toBeLessThanOrEqual(0.001);
      }),
    );
  });

  it('keep the order of prices in every format that is monotone', () => {
    fc.assert(
      fc.property(coefArb, coefArb, (a, b) => {
        fc.pre(a < b);
        expect(decimalToAmerican(a)).toBeLessThan(decimalToAmerican(b));
        expect(decimalToIndonesian(a)).toBeLessThan(decimalToIndonesian(b));
        expect(decimalToHongKong(a)).toBeLessThan(decimalToHongKong(b));
      }),
    );
  });
});

const ALL_VIEWS = Object.values(COEF_VIEW) as CoefViewId[];

/** A coefficient's number in a view's own units (Malay, American …), unrounded. */
function unitOf(view: CoefViewId, d: number): number {
  switch (view) {
    case COEF_VIEW.decimal:
      return d;
    case COEF_VIEW.fractional:
    case COEF_VIEW.hongKong:
    case COEF_VIEW.hongKongPrecise:
      return decimalToHongKong(d);
    case COEF_VIEW.american:
      return decimalToAmerican(d);
    case COEF_VIEW.indonesian:
    case COEF_VIEW.indonesianPrecise:
      return decimalToIndonesian(d);
    case COEF_VIEW.malay:
    case COEF_VIEW.malayPrecise:
      return decimalToMalay(d);
  }
}

/**
 * What a printed price says: its number in the view's units, the decimal price it stands
 * for (unrounded) and half a unit of its last printed place.
 */
function reading(text: string, view: CoefViewId): { value: number; decimal: number; halfStep: number } {
  if (view === COEF_VIEW.fractional) {
    const [numerator = Number.NaN, denominator = Number.NaN] = text.split('/').map(Number);
    const value = numerator / denominator;
    return { value, decimal: 1 + value, halfStep: 0.0005 };
  }
  const value = Number(text);
  const places = text.includes('.') ? text.length - text.indexOf('.') - 1 : 0;
  const toDecimal: Record<Exclude<CoefViewId, 1>, (value: number) => number> = {
    0: (v) => v,
    2: americanToDecimal,
    4: hongKongToDecimal,
    14: hongKongToDecimal,
    5: indonesianToDecimal,
    15: indonesianToDecimal,
    6: malayToDecimal,
    16: malayToDecimal,
  };
  return { value, decimal: toDecimal[view](value), halfStep: 0.5 * 10 ** -places };
}

/** The ladder price shown for `d` when it is not `d` at 3 decimals: its 2-decimal quote lies beyond `d`. */
function expectLadderSpanHolds(d: number, fraction: FractionalOdds): void {
  const shown = 1 + fraction.numerator / fraction.denominator;
  if (roundCoef(shown) === d) return;
  expect(FRACTIONAL_LADDER, `${d}`).toContainEqual([fraction.numerator, fraction.denominator]);
  const quote = Math.round(shown * 100 + 1e-7) / 100;
  expect(d).toBeGreaterThanOrEqual(Math.min(quote, roundCoef(shown)) - 1e-9);
  expect(d).toBeLessThanOrEqual(Math.max(quote, roundCoef(shown)) + 1e-9);
}

/** Integer-exact: does n/d lie in the 3-decimal rounding interval [net − 0.0005, net + 0.0005) of net = t/1000? */
function inRoundingInterval(t: number, n: number, d: number): boolean {
  return 2000 * n >= (2 * t - 1) * d && 2000 * n < (2 * t + 1) * d;
}

/** The smallest denominator with a fraction in that interval, by trying every one. */
function smallestDenominatorByBruteForce(t: number): number {
  for (let d = 1; ; d++) if (inRoundingInterval(t, Math.ceil(((2 * t - 1) * d) / 2000), d)) return d;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

describe('fractional odds (issue 11)', () => {
  it('give the smallest denominator, the exact half included: 1.188 → 3/16', () => {
    // 3/16 = 0.1875 is the lower end of 1.188's rounding interval [0.1875, 0.1885).
    expect(smallestFraction(1.188)).toEqual({ numerator: 3, denominator: 16 });
    expect(decimalToFractional(1.188)).toEqual({ numerator: 3, denominator: 16 });
    expect(formatCoef(1.188, COEF_VIEW.fractional)).toBe('3/16');
    expect(formatCoef(1.1875, COEF_VIEW.fractional)).toBe('3/16'); // rounds half up to 1.188
    expect(parseCoef('3/16', COEF_VIEW.fractional)).toBe(1.188);
    expect(smallestFraction(1.667)).toEqual({ numerator: 2, denominator: 3 });
    expect(smallestFraction(4.33)).toEqual({ numerator: 293, denominator: 88 });
    expect(smallestFraction(1000)).toEqual({ numerator: 999, denominator: 1 });
    expect(smallestFraction(1.001)).toEqual({ numerator: 1, denominator: 667 });
    for (const notAPrice of [1, 0.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(smallestFraction(notAPrice)).toEqual({ numerator: 0, denominator: 1 });
    }
  });

  it('show 4.33 and 4.333 as 10/3, and the ladder price of every coefficient on it', () => {
    for (const d of [4.33, 4.331, 4.332, 4.333]) expect(formatCoef(d, COEF_VIEW.fractional), `${d}`).toBe('10/3');
    expect(formatCoef(4.329, COEF_VIEW.fractional)).toBe('233/70'); // below the span: exact
    expect(formatCoef(4.334, COEF_VIEW.fractional)).toBe('957/287');
    const examples: Array<[number, string]> = [
      [1.909, '10/11'], [1.91, '10/11'], [1.444, '4/9'], [1.44, '4/9'], [1.667, '4/6'], [1.67, '4/6'],
      [2.5, '6/4'], [3.125, '85/40'], [3.13, '85/40'], [2.375, '11/8'], [2.38, '11/8'], [1.286, '2/7'],
      [1.29, '2/7'], [1.833, '5/6'], [1.83, '5/6'], [1.727, '8/11'], [1.73, '8/11'], [2.05, '21/20'],
      [1.01, '1/100'], [1.13, '2/15'], [1.125, '1/8'], [1.06, '1/16'], [101, '100/1'], [1000, '999/1'],
    ];
    for (const [d, text] of examples) expect(formatCoef(d, COEF_VIEW.fractional), `${d}`).toBe(text);
    for (const [numerator, denominator] of FRACTIONAL_LADDER) {
      const d = roundCoef(1 + numerator / denominator);
      expect(decimalToFractional(d), `${numerator}/${denominator}`).toEqual({ numerator, denominator });
      expect(parseCoef(`${numerator}/${denominator}`, COEF_VIEW.fractional)).toBe(d);
    }
  });

  it('are the smallest-denominator fraction within the 3-decimal rounding interval, reduced, off the ladder', () => {
    fc.assert(
      fc.property(coefArb, (d) => {
        const t = coefThousandths(d) - 1000;
        const { numerator, denominator } = smallestFraction(d);
        expect(inRoundingInterval(t, numerator, denominator)).toBe(true);
        expect(denominator).toBe(smallestDenominatorByBruteForce(t));
        expect(gcd(numerator, denominator)).toBe(1);
        const shown = decimalToFractional(d);
        if (!FRACTIONAL_LADDER.some(([n, q]) => n === shown.numerator && q === shown.denominator)) {
          expect(shown).toEqual(smallestFraction(d));
        }
        expectLadderSpanHolds(d, shown);
      }),
      { numRuns: 2000 },
    );
  });

  it('agree with a brute-force search of the smallest denominator for every price up to 21.000', () => {
    for (let t = 1; t <= 20_000; t++) {
      const { numerator, denominator } = smallestFraction((1000 + t) / 1000);
      if (denominator !== smallestDenominatorByBruteForce(t) || !inRoundingInterval(t, numerator, denominator)) {
        expect.fail(`${(1000 + t) / 1000} gave ${numerator}/${denominator}`);
      }
    }
  });
});

describe('every format at every boundary (issue 11)', () => {
  it('never shows Malay "-1.00" for 2.001–2.005, and reads those prices back', () => {
    const expected = ['-0.999', '-0.998', '-0.997', '-0.996', '-0.995'];
    [2.001, 2.002, 2.003, 2.004, 2.005].forEach((d, i) => {
      expect(formatCoef(d, COEF_VIEW.malay), `${d}`).toBe(expected[i]);
      expect(parseCoef(formatCoef(d, COEF_VIEW.malay), COEF_VIEW.malay)).toBe(d);
      expect(formatCoef(d, COEF_VIEW.malayPrecise)).toBe(expected[i]);
    });
    expect(formatCoef(2, COEF_VIEW.malay)).toBe('1.00');
    expect(formatCoef(1.995, COEF_VIEW.malay)).toBe('1.00');
    expect(formatCoef(2.006, COEF_VIEW.malay)).toBe('-0.99');
    expect(parseCoef('-1.00', COEF_VIEW.malay)).toBeNull(); // not a Malay price, and never printed
  });

  it('never show Hong Kong "0.00" below 1.005', () => {
    expect([1.001, 1.002, 1.003, 1.004, 1.005].map((d) => formatCoef(d, COEF_VIEW.hongKong))).toEqual([
      '0.001', '0.002', '0.003', '0.004', '0.01',
    ]);
    expect(parseCoef('0.001', COEF_VIEW.hongKong)).toBe(1.001);
  });

  it('read every printed price back, never refused, to within its last printed place', () => {
    const exact: CoefViewId[] = [COEF_VIEW.decimal, COEF_VIEW.hongKongPrecise, COEF_VIEW.indonesianPrecise];
    fc.assert(
      fc.property(coefArb, fc.constantFrom(...ALL_VIEWS), (d, view) => {
        const text = formatCoef(d, view);
        const back = parseCoef(text, view);
        expect(back, `${d} as ${text} in ${view}`).not.toBeNull();
        if (view === COEF_VIEW.fractional) {
          // Exact, or a ladder price whose 2-decimal quote reaches d: at most 0.005 away.
          expectLadderSpanHolds(d, decimalToFractional(d));
          expect(Math.abs((back ?? 0) - d)).toBeLessThanOrEqual(0.005 + 1e-9);
          return;
        }
        const { value, decimal, halfStep } = reading(text, view);
        expect(Math.abs(value - unitOf(view, d)), `${d} as ${text} in ${view}`).toBeLessThanOrEqual(halfStep + 1e-9);
        expect(back).toBe(roundCoef(decimal));
        if (exact.includes(view)) expect(back).toBe(d);
      }),
      { numRuns: 5000 },
    );
  });

  it('never show a higher coefficient as a lower price', () => {
    const pairArb = fc.oneof(
      fc.tuple(coefArb, coefArb).map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const),
      fc
        .tuple(coefArb, fc.integer({ min: 1, max: 12 }))
        .filter(([a, step]) => a + step / 1000 <= MAX_COEF)
        .map(([a, step]) => [a, roundCoef(a + step / 1000)] as const),
    );
    fc.assert(
      fc.property(pairArb, fc.constantFrom(...ALL_VIEWS), ([a, b], view) => {
        const low = reading(formatCoef(a, view), view).decimal;
        const high = reading(formatCoef(b, view), view).decimal;
        expect(low, `${a} ≤ ${b} in ${view}`).toBeLessThanOrEqual(high);
      }),
      { numRuns: 5000 },
    );
  });

  it('hold both for every coefficient from 1.001 to 100 in every format, and Malay to 250', () => {
    // Every coefficient there, so every boundary is checked, not sampled: evens, the short
    // end, the ladder's spans, where Hong Kong and Malay add places (2-place Malay at 201).
    // Above, prices are whole ladder steps and the formats' rounding is smooth (fast-check).
    const sweeps: Array<[CoefViewId[], number]> = [
      [ALL_VIEWS, 100],
      [[COEF_VIEW.malay, COEF_VIEW.malayPrecise], 250],
    ];
    for (const [views, last] of sweeps) {
      for (const view of views) {
        let previous = 0;
        for (let t = 1001; t <= last * 1000; t++) {
          const d = t / 1000;
          const text = formatCoef(d, view);
          const back = parseCoef(text, view);
          const { value, decimal, halfStep } = reading(text, view);
          const close =
            view === COEF_VIEW.fractional
              ? Math.abs((back ?? 0) - d) <= 0.005 + 1e-9
              : back === roundCoef(decimal) && Math.abs(value - unitOf(view, d)) <= halfStep + 1e-9;
          if (back === null || !close || decimal < previous) {
            expect.fail(`${d} in ${view}: "${text}" reads ${back}, price ${decimal} after ${previous}`);
          }
          previous = decimal;
        }
      }
    }
  });
});
