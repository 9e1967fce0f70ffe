import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineFactor, OPEN, roundLine, selectionFactor } from './factors.ts';
import { binomial, luckyLineCount, patentLineCount, sumLines, sumLinesExact, systemLineCount } from './lines.ts';

/** Factors of settled selections in 1/2000: every status of everyday and long-shot coefs. */
const factorArb = fc
  .tuple(fc.oneof(fc.integer({ min: 1010, max: 5000 }), fc.integer({ min: 1010, max: 1_000_000 })), fc.constantFrom(0, 1, 2, 4, 5, 6))
  .map(([coef, status]) => selectionFactor(status as 0 | 1 | 2 | 4 | 5 | 6, coef));

describe('line counts', () => {
  it('C(n, k), with bankers C(n − b, k − b), lucky 2ⁿ − 1, patent 2ⁿ − n − 1', () => {
    expect([binomial(16, 8), binomial(30, 15), binomial(5, 0), binomial(5, 6), binomial(50, 25)]).toEqual([
      12_870, 155_117_520, 1, 0, 126_410_606_437_752,
    ]);
    expect(systemLineCount(6, 4, 2)).toBe(binomial(4, 2));
    expect([3, 4, 8].map(luckyLineCount)).toEqual([7, 15, 255]);
    expect([3, 4, 8].map(patentLineCount)).toEqual([4, 11, 247]);
  });

  it('the walk visits each combination once: Σ_k C(n, k) over the sizes asked, bankers in every line', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.nat(), fc.nat(), fc.integer({ min: 0, max: 3 }), (n, a, b, bankers) => {
        const kMin = 1 + (a % n);
        const kMax = kMin + (b % (n - kMin + 1));
        const seen = new Set<string>();
        sumLines(Array<number>(n).fill(2_000), Array<number>(bankers).fill(3_000), kMin, kMax, 1n, (items) => {
          expect(items.length).toBeGreaterThanOrEqual(kMin);
          expect(items.length).toBeLessThanOrEqual(kMax);
          expect([...items].sort((x, y) => x - y)).toEqual(items);
          seen.add(items.join(','));
        });
        let expected = 0;
        for (let k = kMin; k <= kMax; k++) expected += binomial(n, k);
        expect(seen.size).toBe(expected);
      }),
    );
  });
});

describe('factors', () => {
  it('round a line half up to 3 decimals, exactly', () => {
    expect(lineFactor([2 * 1850])).toBe(1850n);
    expect(lineFactor([1855 + 1000])).toBe(1428n); // 1.4275 → 1.428
    expect(lineFactor([2 * 1500, 2 * 1500, 2 * 1010])).toBe(2273n); // 2.2725 → 2.273
    expect(lineFactor([2 * 1333, 2 * 1777])).toBe(2369n); // 2.368741 → 2.369
    expect(lineFactor([2 * 1500, OPEN])).toBeNull();
    expect(roundLine(2n * 1234n, 1)).toBe(1234n);
  });
});

describe('sumLines', () => {
  it('equals the plain bigint enumeration (exact rounding near halves, huge stakes, zero and half factors)', () => {
    fc.assert(
      fc.property(
        fc.array(factorArb, { minLength: 1, maxLength: 11 }),
        fc.array(factorArb, { maxLength: 2 }),
        fc.nat(),
        fc.nat(),
        fc.oneof(fc.bigInt({ min: 0n, max: 10_000_000n }), fc.bigInt({ min: 0n, max: 2n ** 62n })),
        (items, fixed, a, b, unit) => {
          const n = items.length;
          const kMin = 1 + (a % n);
          const kMax = kMin + (b % (n - kMin + 1));
          const exact = sumLinesExact(items.map(BigInt), fixed.map(BigInt), kMin, kMax, unit);
          expect(sumLines(items, fixed, kMin, kMax, unit)).toEqual(exact);
          let visited = 0n;
          sumLines(items, fixed, kMin, kMax, unit, (_items, _factor, ret) => {
            visited += ret ?? 0n;
          });
          expect(visited).toBe(exact.total);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('decides ties exactly where a double cannot: products at x.5 thousandths of every size', () => {
    // 1.5 × 1.5 × 1.01 = 2.2725; 1.005 is not a coef, but (1 + 1.009)/2 = 1.0045 is a half factor.
    for (const items of [
      [3000, 3000, 2020],
      [2009, 2009, 2009, 2009, 2009, 2009, 2009, 2009, 2009],
      [2002, 2004, 2006, 2008, 2010, 2012, 2014, 2016, 2018, 2020, 2022],
      [1999999, 1999999, 1999999, 1999999, 1999999],
    ]) {
      const n = items.length;
      expect(sumLines(items, [], 1, n, 123_456_789n)).toEqual(sumLinesExact(items.map(BigInt), [], 1, n, 123_456_789n));
    }
  });

  it('counts open lines and prunes nothing it must visit', () => {
    const lines: Array<[string, bigint | null]> = [];
    const sums = sumLines([2000, OPEN, 0], [], 2, 2, 1000n, (items, _f, ret) => lines.push([items.join(''), ret]));
    expect(lines).toEqual([
      ['01', null],
      ['02', 0n],
      ['12', null],
    ]);
    expect(sums.openLines).toBe(2);
  });
});
