import { describe, expect, it } from 'vitest';
import { routeByName } from '../routes/route-table.ts';
import { dictionariesFor, dictionaryLoaderGuard } from './dictionary-loader.ts';
import { testContext } from './test-context.ts';

/** A seam for the adapter: whatever the facts, it never stops a navigation. */
describe('dictionary-loader guard', () => {
  it.each([
    ['visitor, known page', testContext({ url: '/en/line' })],
    ['player, unknown page, navigation', testContext({ url: '/en/nope', from: '/en/', user: { loggedIn: true } })],
    ['bot', testContext({ url: '/en/?modal=login', device: { userAgent: 'Googlebot/2.1' } })],
    ['maintenance', testContext({ url: '/en/line', site: { maintenance: { isActive: true } } })],
  ])('%s → continue', (_case, ctx) => expect(dictionaryLoaderGuard(ctx)).toEqual({ kind: 'continue' }));
});

describe('dictionariesFor', () => {
  it.each([
    ['line', ['main', 'sports']],
    ['office-history', ['main', 'office', 'sports', 'casino']],
    ['office-security', ['main', 'office']],
    ['print-coupon', ['main', 'sports']],
    ['internal-vpn', ['main']],
  ])('%s → %j', (name, dictionaries) => expect(dictionariesFor(routeByName(name) ?? null)).toEqual(dictionaries));
  it('unknown page → main', () => expect(dictionariesFor(null)).toEqual(['main']));
});
