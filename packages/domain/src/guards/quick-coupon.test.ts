import { describe, expect, it } from 'vitest';
import { quickCouponGuard } from './quick-coupon.ts';
import { testContext } from './test-context.ts';

/** A seam for the adapter: whatever the facts, it never stops a navigation. */
describe('quick-coupon guard', () => {
  it.each([
    ['visitor, known page', testContext({ url: '/en/line' })],
    ['player, unknown page, navigation', testContext({ url: '/en/nope', from: '/en/', user: { loggedIn: true } })],
    ['bot', testContext({ url: '/en/?modal=login', device: { userAgent: 'Googlebot/2.1' } })],
    ['maintenance', testContext({ url: '/en/line', site: { maintenance: { isActive: true } } })],
  ])('%s → continue', (_case, ctx) => expect(quickCouponGuard(ctx)).toEqual({ kind: 'continue' }));
});
