import { describe, expect, it } from 'vitest';
import { BET_TYPE_EXAMPLES } from './examples.ts';
import { quoteCoupon } from './quote.ts';
import { settleCoupon } from './settle.ts';
import { COUPON_TYPE_IDS } from './types.ts';

describe('worked examples (hand-computed, for the rules pages)', () => {
  it('cover every coupon type', () => {
    expect(new Set(BET_TYPE_EXAMPLES.map((e) => e.typeId))).toEqual(new Set(COUPON_TYPE_IDS));
  });

  for (const example of BET_TYPE_EXAMPLES) {
    it(`${example.typeId}: ${example.title}`, () => {
      const quote = quoteCoupon(example.coupon);
      expect(quote.errors).toEqual([]);
      expect({
        lines: quote.lines,
        unitStake: quote.unitStake,
        charged: quote.charged,
        totalCoef: quote.totalCoef,
        possibleWin: quote.possibleWin,
        ...(example.quote.systemOptions ? { systemOptions: quote.systemOptions } : {}),
      }).toEqual(example.quote);
      const settlement = settleCoupon(example.coupon, example.statuses);
      expect(settlement.payout).toBe(example.payout);
      expect(settlement.charged).toBe(example.quote.charged);
      // Every selection won (lost, for an anti-express): the quoted possible win.
      const decisive = example.typeId === 6 ? 0 : 1;
      const all = Object.fromEntries(example.coupon.selections.map((s) => [s.id, decisive] as const));
      expect(settleCoupon(example.coupon, all).payout).toBe(example.quote.possibleWin);
    });
  }
});
