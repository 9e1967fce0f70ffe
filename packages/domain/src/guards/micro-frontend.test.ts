import { describe, expect, it } from 'vitest';
import { MICRO_FRONTEND_DEFAULTS, microFrontendGuard } from './micro-frontend.ts';
import { testContext } from './test-context.ts';

/** A seam for the adapter: whatever the facts, it never stops a navigation. */
describe('micro-frontend guard', () => {
  it.each([
    ['visitor, known page', testContext({ url: '/en/line' })],
    ['player, unknown page, navigation', testContext({ url: '/en/nope', from: '/en/', user: { loggedIn: true } })],
    ['bot', testContext({ url: '/en/?modal=login', device: { userAgent: 'Googlebot/2.1' } })],
    ['maintenance', testContext({ url: '/en/line', site: { maintenance: { isActive: true } } })],
  ])('%s → continue', (_case, ctx) => expect(microFrontendGuard(ctx)).toEqual({ kind: 'continue' }));
});

it('micro-frontend defaults (SPEC §9)', () => {
  expect(MICRO_FRONTEND_DEFAULTS).toEqual({ timeoutMs: 1000, retries: 3, reloadThrottleMs: 1000 });
});
