import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_COEF, MIN_COEF, isCoef } from './coef.ts';
import { DEFAULT_MARGIN, applyMargin, impliedProbabilities, overround, type MarginMethod } from './margin.ts';

/** 2 to 30 exclusive outcomes, none so likely or unlikely that the price is clamped. */
const marketArb = fc
  .array(fc.double({ min: 0.02, max: 1, noNaN: true }), { minLength: 2, maxLength: 30 })
  .map((weights) => {
    const sum = weights.reduce((a, b) => a + b, 0);
    return weights.map((w) => w / sum);
  })
  // Below 0.85: even with a 15% margin the price stays above MIN_COEF (1.01), unclamped.
  .filter((ps) => ps.every((p) => p > 0.002 && p < 0.85));
const methodArb = fc.constantFrom<MarginMethod>('power', 'proportional');

describe('applyMargin', () => {
  it('prices an even two-way market at 1.905 with the default 5%', () => {
    expect(DEFAULT_MARGIN).toBe(0.05);
    expect(applyMargin([0.5, 0.5])).toEqual([1.905, 1.905]);
    expect(applyMargin([0.5, 0.5], { margin: 0 })).toEqual([2, 2]);
    expect(applyMargin([0.25, 0.75], { method: 'proportional' })).toEqual([3.81, 1.27]);
  });

  it('puts more margin on the long shot with the power method', () => {
    const [favourite = 0, outsider = 0] = applyMargin([0.8, 0.2]);
    const [pFavourite = 0, pOutsider = 0] = applyMargin([0.8, 0.2], { method: 'proportional' });
    expect(outsider).toBeLessThan(pOutsider);
    expect(favourite).toBeGreaterThan(pFavourite);
  });

  it('gives implied probabilities summing to 1 + margin, rounded to 3 decimals', () => {
    fc.assert(
      fc.property(marketArb, methodArb, fc.double({ min: 0, max: 0.15, noNaN: true }), (ps, method, margin) => {
        const coefs = applyMargin(ps, { margin, method });
        for (const coef of coefs) expect(isCoef(coef)).toBe(true);
        // Rounding a coefficient c to 3 decimals moves 1/c by at most 0.0005/c² ≤ 0.0005 (plus float noise).
        expect(Math.abs(overround(coefs) - margin)).toBeLessThanOrEqual(0.0005 * coefs.length + 1e-9);
      }),
    );
  });

  it('keeps the order: the likelier outcome never has the higher coefficient', () => {
    fc.assert(
      fc.property(marketArb, methodArb, (ps, method) => {
        const coefs = applyMargin(ps, { method });
        for (let i = 0; i < ps.length; i++) {
          for (let j = 0; j < ps.length; j++) {
            if ((ps[i] ?? 0) > (ps[j] ?? 0)) expect(coefs[i]).toBeLessThanOrEqual(coefs[j] ?? 0);
          }
        }
      }),
    );
  });

  it('recovers the fair probabilities with no margin', () => {
    fc.assert(
      fc.property(marketArb, (ps) => {
        const back = impliedProbabilities(applyMargin(ps, { margin: 0 }));
        back.forEach((q, i) => expect(Math.abs(q - (ps[i] ?? 0))).toBeLessThan(0.002));
      }),
    );
  });

  it('clamps a near-certainty at the minimum and an impossibility at the maximum', () => {
    expect(applyMargin([1, 0])).toEqual([MIN_COEF, MAX_COEF]);
    expect(applyMargin([0.999, 0.001])[0]).toBe(MIN_COEF);
    expect(applyMargin([2, 2])).toEqual([1.905, 1.905]); // weights are normalised
  });

  it('refuses a margin out of range or a market with nothing possible', () => {
    expect(() => applyMargin([0.5, 0.5], { margin: -0.01 })).toThrow(RangeError);
    expect(() => applyMargin([0.5, 0.5], { margin: 1 })).toThrow(RangeError);
    expect(() => applyMargin([0, 0])).toThrow(RangeError);
    expect(() => applyMargin([])).toThrow(RangeError);
  });
});
