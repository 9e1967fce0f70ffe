import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { randomHex } from './random-pool.ts';

describe('randomHex', () => {
  it('gives hex of the asked length, across pool refills and beyond the pool size', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), (bytes) => {
        expect(randomHex(bytes)).toMatch(new RegExp(`^[0-9a-f]{${bytes * 2}}$`));
      }),
    );
  });

  it('never hands out the same bytes twice (10,000 nonces of 128 bits, several pools)', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 10_000; i++) seen.add(randomHex(16));
    expect(seen.size).toBe(10_000);
  });
});
