import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REDIRECT_CACHE_MAX_ENTRIES, RedirectCache, serverRerenderCheckGuard } from './server-rerender-check.ts';
import { testContext } from './test-context.ts';
import type { GuardDecision, RedirectAnswer } from './types.ts';

const full: RedirectAnswer = { redirect: true, code: 301, url: '/en/new', reasons: ['moved'], breadcrumbs: ['/en/old'] };
const logged = (message: string) => expect.objectContaining({ kind: 'continue', effects: [expect.objectContaining({ kind: 'log', message })] });

describe('server-rerender-check guard', () => {
  it.each<[string, RedirectAnswer | null, GuardDecision | ReturnType<typeof logged>]>([
    ['not asked', null, { kind: 'continue' }],
    ['no redirect', { redirect: false }, { kind: 'continue' }],
    ['complete answer', full, { kind: 'redirect', url: '/en/new', status: 301 }],
    ['empty reasons and breadcrumbs still count', { ...full, code: 308, reasons: [], breadcrumbs: [] }, { kind: 'redirect', url: '/en/new', status: 308 }],
    ['missing code', { ...full, code: undefined }, logged('redirect service format error')],
    ['unknown code', { ...full, code: 200 }, logged('redirect service format error')],
    ['missing url', { ...full, url: undefined }, logged('redirect service format error')],
    ['missing reasons', { ...full, reasons: undefined }, logged('redirect service format error')],
    ['missing breadcrumbs', { ...full, breadcrumbs: undefined }, logged('redirect service format error')],
    ['to the current url', { ...full, url: '/en/old' }, logged('cyclic redirect dropped')],
    ['to a url already visited', { ...full, breadcrumbs: ['/en/new', '/en/x'] }, logged('cyclic redirect dropped')],
  ])('%s', (_name, redirect, expected) => {
    expect(serverRerenderCheckGuard(testContext({ url: '/en/old', redirect }))).toEqual(expected);
  });
});

describe('RedirectCache', () => {
  const answer: RedirectAnswer = { redirect: false };

  it('evicts the least recently used entry', () => {
    const cache = new RedirectCache(2);
    cache.set('/a', answer);
    cache.set('/b', answer);
    cache.get('/a');
    cache.set('/c', answer);
    expect(cache.get('/b')).toBeUndefined();
    expect(cache.get('/a')).toBe(answer);
    expect(cache.get('/c')).toBe(answer);
  });

  it('rejects a size below one', () => expect(() => new RedirectCache(0)).toThrow(RangeError));

  it('never holds more than 20 entries', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.string({ maxLength: 3 })), { maxLength: 200 }), (ops) => {
        const cache = new RedirectCache();
        for (const [isSet, url] of ops) {
          if (isSet) cache.set(url, answer);
          else cache.get(url);
          expect(cache.size).toBeLessThanOrEqual(REDIRECT_CACHE_MAX_ENTRIES);
        }
        if (ops.at(-1)?.[0] === true) expect(cache.get(ops.at(-1)![1])).toBe(answer);
      }),
    );
  });
});
