import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_COEF, roundCoef } from './coef.ts';
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
  type CoefViewId,
} from './formats.ts';

/** Any offered coefficient: 3 decimals between MIN_COEF and MAX_COEF, biased to real prices. */
const coefArb = fc.oneof(
  fc.integer({ min: 1010, max: 10_000 }),
  fc.integer({ min: 1010, max: MAX_COEF * 1000 }),
).map((thousandths) => thousandths / 1000);

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
      [2.5, '2.50', '3/2', '+150', '1.50', '+1.50', '-0.67', '1.500', '+1.500', '-0.667'],
      [4, '4.00', '3/1', '+300', '3.00', '+3.00', '-0.33', '3.000', '+3.000', '-0.333'],
      // The smallest fraction that reads back to 1.010 is 1/96 (1.0104), not a chart's 1/100.
      [1.01, '1.01', '1/96', '-10000', '0.01', '-100.00', '0.01', '0.010', '-100.000', '0.010'],
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
        expect(roundCoef(fractionalToDecimal(decimalToFractional(d)))).toBe(d);
        const malay = decimalToMalay(d);
        expect(malay > -1 && malay <= 1).toBe(true);
        expect(Math.abs(decimalToAmerican(d))).toBeGreaterThanOrEqual(100);
        expect(Math.abs(decimalToIndonesian(d))).toBeGreaterThanOrEqual(1);
      }),
    );
  });

  it('read every 3-place format back to the very same coefficient', () => {
    const exact: CoefViewId[] = [
      COEF_VIEW.decimal,
      COEF_VIEW.fractional,
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
