import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { antiExpressCoef, antiExpressFactor } from './anti-express.ts';
import { selectionFactor } from './factors.ts';

describe('anti-express coef', () => {
  it('is 1 + (fair − 1)(1 − margin), fair = 1 / (1 − 1/Π coef), rounded to 3 decimals', () => {
    expect(antiExpressCoef([1500, 2000, 2500])).toBe(1146); // Π 7.5 → fair 1.153846 → 1.146154
    expect(antiExpressCoef([1500, 2000])).toBe(1475); // Π 3 → fair 1.5 → 1.475
    expect(antiExpressCoef([1500, 2000], 0)).toBe(1500);
    expect(antiExpressCoef([1010, 1010])).toBe(Math.round(1000 + (1 / (1 - 1 / 1.0201) - 1) * 0.95 * 1000));
  });

  it('is at least 1.01', () => {
    expect(antiExpressCoef([10_000, 10_000, 10_000])).toBe(1010); // 1.00095 before the floor
  });

  it('agrees with the formula in floating point (to the rounding) and falls as the express coef rises', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1010, max: 20_000 }), { minLength: 2, maxLength: 8 }), fc.integer({ min: 0, max: 200 }), (coefs, bp) => {
        const margin = bp / 1000;
        const product = coefs.reduce((p, c) => p * (c / 1000), 1);
        const float = Math.max(1.01, 1 + (1 / (1 - 1 / product) - 1) * (1 - margin));
        expect(Math.abs(antiExpressCoef(coefs, margin) - float * 1000)).toBeLessThanOrEqual(0.5 + 1e-6);
        expect(antiExpressCoef([...coefs, 1500], margin)).toBeLessThanOrEqual(antiExpressCoef(coefs, margin));
      }),
    );
  });

  it('refuses a margin outside [0, 1)', () => {
    expect(() => antiExpressCoef([1500, 2000], 1)).toThrow(RangeError);
    expect(() => antiExpressCoef([1500, 2000], -0.1)).toThrow(RangeError);
  });
});

describe('anti-express settlement factor', () => {
  const f = (statuses: number[], coefs: number[]) =>
    antiExpressFactor(
      statuses.map((s, i) => selectionFactor(s as 0, coefs[i] as number)),
      coefs,
    );

  it('wins on a loss, recomputing the coef without returned selections', () => {
    expect(f([0, 1, 1], [1500, 2000, 2500])).toEqual({ sum: 1146n, shares: 1n });
    expect(f([1, 2, 0], [1500, 2000, 2500])).toEqual({ sum: 1345n, shares: 1n });
    expect(f([1, 1, 1], [1500, 2000, 2500])).toEqual({ sum: 0n, shares: 1n });
    expect(f([2, 3, 2], [1500, 2000, 2500])).toEqual({ sum: 1000n, shares: 1n });
    expect(f([-1, 0], [1500, 2000])).toBeNull();
  });

  it('splits half statuses into equal shares', () => {
    // a half lose half win (6): the lost half wins 1.475, the won half loses.
    expect(f([6, 1], [1500, 2000])).toEqual({ sum: 1475n, shares: 2n });
    // both half win half return (4): shares WW 0, WR 0, RW 0, RR 1000.
    expect(f([4, 4], [1500, 2000])).toEqual({ sum: 1000n, shares: 4n });
  });
});
