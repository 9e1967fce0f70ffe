import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMinor, toMinor } from './decimal.ts';
import { addMinor, MAX_MINOR, MIN_MINOR, minor, negateMinor, sumMinor, type Minor } from './minor.ts';

/** Amounts small enough that a few hundred of them cannot leave the bigint range. */
const amountArb = fc.bigInt({ min: -(2n ** 55n), max: 2n ** 55n }).map(minor);

describe('Minor', () => {
  it('is built from integers only', () => {
    expect(minor(150)).toBe(150n);
    expect(minor(-3n)).toBe(-3n);
    for (const bad of [0.5, 1e-7, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      expect(() => minor(bad), String(bad)).toThrow(RangeError);
    }
    expect(() => minor(MAX_MINOR + 1n)).toThrow(/out of range/);
    expect(() => minor(MIN_MINOR - 1n)).toThrow(/out of range/);
  });

  it('adds without losing precision where a float would (beyond 2^53)', () => {
    const big = minor(2n ** 53n);
    expect(addMinor(big, minor(1n))).toBe(2n ** 53n + 1n);
    expect(2 ** 53 + 1).toBe(2 ** 53);
    expect(negateMinor(big)).toBe(-(2n ** 53n));
    expect(() => addMinor(minor(MAX_MINOR), minor(1n))).toThrow(/out of range/);
  });

  it('sums exactly: the parts of an amount add back up to it, in any order and through decimal text', () => {
    fc.assert(
      fc.property(fc.array(amountArb, { maxLength: 200 }), fc.constantFrom('RUB', 'JPY', 'USD') , (parts, currency) => {
        const total = sumMinor(parts);
        expect(total).toBe(parts.reduce((a, b) => a + b, 0n));
        expect(sumMinor([...parts].reverse())).toBe(total);
        const reread: Minor[] = parts.map((p) => toMinor(formatMinor(p, currency), currency));
        expect(sumMinor(reread)).toBe(total);
        expect(sumMinor([total, ...parts.map(negateMinor)])).toBe(0n);
      }),
    );
  });

  it('counts a hundred kopeks as exactly one rouble, unlike 0.01 summed as floats', () => {
    const kopek = toMinor('0.01', 'RUB');
    expect(formatMinor(sumMinor(Array.from({ length: 100 }, () => kopek)), 'RUB')).toBe('1.00');
    expect(Array.from({ length: 100 }, () => 0.01).reduce((a, b) => a + b)).not.toBe(1);
  });
});
