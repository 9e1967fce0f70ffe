import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { takenCoef } from './coef-change.ts';

describe('changeCoefAction (SPEC §3)', () => {
  it('0 refuses any change, 1 takes any, 2 takes increases; an unchanged coef is always taken', () => {
    expect([takenCoef(1850, 1900, 0), takenCoef(1850, 1900, 1), takenCoef(1850, 1900, 2)]).toEqual([null, 1900, 1900]);
    expect([takenCoef(1850, 1800, 0), takenCoef(1850, 1800, 1), takenCoef(1850, 1800, 2)]).toEqual([null, 1800, null]);
    fc.assert(
      fc.property(fc.integer({ min: 1010, max: 1_000_000 }), fc.integer({ min: 1010, max: 1_000_000 }), fc.constantFrom(0 as const, 1 as const, 2 as const), (seen, current, action) => {
        const taken = takenCoef(seen, current, action);
        // Whatever is taken is the current price, never one the player did not accept.
        if (taken !== null) expect(taken).toBe(current);
        if (seen === current) expect(taken).toBe(current);
        if (action === 2 && taken !== null) expect(current).toBeGreaterThanOrEqual(seen);
      }),
    );
  });
});
