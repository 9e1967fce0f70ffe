import { describe, expect, it } from 'vitest';
import { bonusPageGuard } from './bonus-page.ts';
import { testContext } from './test-context.ts';

describe('bonus-page guard', () => {
  it.each<[string, boolean, string | null]>([
    ['/en/bonuses/casino/42?x=1', true, '/en/bonus-offer/casino/42?x=1'],
    ['/en/bonuses', true, '/en/bonus-offer'],
    ['/en/bonus-offer/casino', true, null],
    ['/en/bonus-offer/sport/7#rules', false, '/en/bonuses/sport/7#rules'],
    ['/en/bonuses/casino', false, null],
    ['/en/line', true, null],
  ])('%s (promoBonusToOffer %s) → %s', (url, promoBonusToOffer, target) => {
    const decision = bonusPageGuard(testContext({ url, site: { flags: { promoBonusToOffer } } }));
    expect(decision).toEqual(target === null ? { kind: 'continue' } : { kind: 'redirect', url: target, status: 302 });
  });
});
