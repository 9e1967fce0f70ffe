import { describe, expect, it } from 'vitest';
import { roundCoef } from './coef.ts';
import { FRACTIONAL_LADDER } from './ladder.ts';

describe('the fractional ladder', () => {
  const texts = FRACTIONAL_LADDER.map(([n, d]) => `${n}/${d}`);

  it('runs from 1/1000 to 1000/1 through the bookmakers’ prices around evens, in order', () => {
    expect(texts[0]).toBe('1/1000');
    expect(texts.at(-1)).toBe('1000/1');
    const aroundEvens =
      '1/5 2/9 1/4 2/7 3/10 1/3 4/11 2/5 4/9 1/2 8/15 4/7 8/13 4/6 8/11 4/5 5/6 10/11 1/1 21/20 11/10 6/5 5/4 ' +
      '11/8 6/4 13/8 7/4 15/8 2/1 85/40 9/4 5/2 11/4 3/1 10/3 7/2 4/1 9/2 5/1 11/2 6/1 13/2 7/1 15/2 8/1 17/2 ' +
      '9/1 10/1 11/1 12/1';
    expect(texts.join(' ')).toContain(aroundEvens);
    expect(texts).toContain('100/1');
  });

  it('holds positive whole terms, and each price is a different coefficient at 3 decimals, increasing', () => {
    let previous = 1;
    for (const [numerator, denominator] of FRACTIONAL_LADDER) {
      expect(Number.isInteger(numerator) && numerator > 0 && Number.isInteger(denominator) && denominator > 0).toBe(true);
      const coef = roundCoef(1 + numerator / denominator);
      expect(coef, `${numerator}/${denominator}`).toBeGreaterThan(previous);
      previous = coef;
    }
  });
});
