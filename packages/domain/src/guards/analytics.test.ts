import { describe, expect, it } from 'vitest';
import { routeByName } from '../routes/route-table.ts';
import { ANALYTICS_DELAY_MS, analyticsDelayMs, analyticsGuard } from './analytics.ts';
import { testContext } from './test-context.ts';

/** A seam for the adapter: whatever the facts, it never stops a navigation. */
describe('analytics guard', () => {
  it.each([
    ['visitor, known page', testContext({ url: '/en/line' })],
    ['player, unknown page, navigation', testContext({ url: '/en/nope', from: '/en/', user: { loggedIn: true } })],
    ['bot', testContext({ url: '/en/?modal=login', device: { userAgent: 'Googlebot/2.1' } })],
    ['maintenance', testContext({ url: '/en/line', site: { maintenance: { isActive: true } } })],
  ])('%s → continue', (_case, ctx) => expect(analyticsGuard(ctx)).toEqual({ kind: 'continue' }));
});

describe('analyticsDelayMs (SPEC §9)', () => {
  it.each([
    ['registration', 0],
    ['registration-old', 0],
    ['line', ANALYTICS_DELAY_MS],
    ['login', ANALYTICS_DELAY_MS],
  ])('%s → %d', (name, delay) => expect(analyticsDelayMs(routeByName(name) ?? null)).toBe(delay));
  it('unknown page → delayed', () => expect(analyticsDelayMs(null)).toBe(10_000));
});
