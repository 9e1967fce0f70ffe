import { describe, expect, it } from 'vitest';
import { createSendBudget } from './send-budget.ts';

describe('the per-address budget of free code requests', () => {
  it('is exhausted after `free` requests of a window, per address, and renews with the next window', () => {
    let now = 1_000_000;
    const budget = createSendBudget({ free: 3, windowMs: 60_000, now: () => now });
    for (let i = 0; i < 3; i++) {
      expect(budget.exhausted('a')).toBe(false);
      budget.spend('a');
    }
    expect(budget.exhausted('a')).toBe(true);
    expect(budget.exhausted('b')).toBe(false);
    now += 59_999;
    expect(budget.exhausted('a')).toBe(true);
    now += 1;
    expect(budget.exhausted('a')).toBe(false);
    budget.spend('a');
    expect(budget.exhausted('a')).toBe(false);
  });
});
