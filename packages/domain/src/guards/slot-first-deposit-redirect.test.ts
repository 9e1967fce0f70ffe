import { describe, expect, it } from 'vitest';
import { slotFirstDepositRedirectGuard } from './slot-first-deposit-redirect.ts';
import { testContext } from './test-context.ts';

describe('slot-first-deposit-redirect guard', () => {
  it.each<[string, boolean, string | null]>([
    ['/en/bonuses/casino/slot_first_deposit', true, '/en/slots/first-deposit'],
    ['/de/bonus-offer/casino/slot_first_deposit', true, '/de/slots/first-deposit'],
    ['/en/bonus/casino/slot_first_deposit', true, '/en/slots/first-deposit'],
    ['/en/bonuses/casino/slot_first_deposit', false, null],
    ['/en/bonuses/casino/other', true, null],
    ['/en/promotions/slot_first_deposit', true, null],
  ])('%s (flag %s) → %s', (url, slotFirstDepositRedirect, target) => {
    expect(slotFirstDepositRedirectGuard(testContext({ url, site: { flags: { slotFirstDepositRedirect } } }))).toEqual(
      target === null ? { kind: 'continue' } : { kind: 'redirect', url: target, status: 301 },
    );
  });
});
