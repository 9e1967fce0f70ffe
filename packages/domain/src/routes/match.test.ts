import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitLanguage } from '../language.ts';
import { buildPath, buildRestPath, createRouteMatcher, matchFixedRedirect, matchPattern, matchRoute } from './match.ts';
import { ROUTES, type RouteDef } from './route-table.ts';

describe('matchRoute', () => {
  it.each([
    ['', 'home', {}],
    ['line', 'line', {}],
    ['line/football', 'line', { menu: 'football' }],
    ['line/a/b/c', 'line', { menu: 'a', sport: 'b', champ: 'c' }],
    ['line/a/b/c/d', 'line-game', { menu: 'a', sport: 'b', champ: 'c', game: 'd' }],
    ['slots/vulkan', 'slots-vulkan', {}],
    ['slots/thank-you', 'slots-thank-you', {}],
    ['slots/popular', 'slots', { subcategory: 'popular' }],
    ['slots/popular/game/7/book-of-ra', 'slots-game', { subcategory: 'popular', gameId: '7', gameName: 'book-of-ra' }],
    ['casino/brand', 'casino-brand', {}],
    ['provably-fair', 'casino-verify', {}],
    ['casino/live', 'casino', { subcategory: 'live' }],
    ['bonus/casino/promo', 'bonus-casino-promo', {}],
    ['bonus/casino/42', 'bonus-casino-id', { id: '42' }],
    ['bonus/casino/tournaments', 'bonus-casino-tournaments', {}],
    ['office/payment/requests', 'office-payment-requests', {}],
    ['office/payment/5/transactions', 'office-payment-transactions', { topicId: '5' }],
    ['office/payment/5/9', 'office-payment-subtopic', { topicId: '5', subTopicId: '9' }],
    ['office/history', 'office-history', {}],
    ['champ', 'home-champ', {}],
    ['champ/12/home', 'champ-home', { champ: '12' }],
    ['user/login/', 'login', {}],
    ['USER/Login', 'login', {}],
    ['news/hello%20world', 'news', { slug: 'hello world' }],
    ['maintenance', 'maintenance', {}],
    ['block-ua', 'state-block-ua', {}],
  ])('%s → %s %j', (path, name, params) => {
    const m = matchRoute(path);
    expect(m?.route.name).toBe(name);
    expect(m?.params).toEqual(params);
  });

  it.each(['no-such-page-xyz', 'office', 'rules', 'user/login/extra', 'office/history/x'])('%s → null', (path) => {
    expect(matchRoute(path)).toBeNull();
  });

  it('ranks equal scores by table order, like React Router siblings', () => {
    const route = (name: string, path: string): RouteDef => ({
      name,
      path,
      kind: 'misc',
      titleKey: name,
      meta: { layout: 'main', access: 'all', dictionaries: [] },
    });
    const match = createRouteMatcher([route('first', ':a'), route('second', ':b'), route('static', 'x')]);
    expect(match('y')?.route.name).toBe('first');
    expect(match('x')?.route.name).toBe('static');
  });
});

describe('matchFixedRedirect', () => {
  it.each<[string, boolean, ReturnType<typeof matchFixedRedirect>]>([
    ['rules', false, { to: 'rules/1', status: 301, query: {} }],
    ['office', true, { to: 'office/account', status: 302, query: {} }],
    ['user/forgotpassword', false, { to: '', status: 302, query: { modal: 'forgot-password' } }],
    ['user/forgotpassword', true, null],
    ['lpage/summer/2025', false, { to: 'landing-page/summer/2025', status: 301, query: {} }],
    ['lpage', false, null],
    ['fortuna', false, { to: 'games/fortuna-bonus', status: 301, query: {} }],
    ['bonus-games/anything', false, { to: 'games', status: 301, query: {} }],
    ['Cyber/', false, { to: 'cyber/real', status: 301, query: {} }],
    ['line', false, null],
  ])('%s (logged in: %s) → %j', (path, loggedIn, expected) => {
    expect(matchFixedRedirect(path, loggedIn)).toEqual(expected);
  });
});

describe('buildPath', () => {
  it.each<[string, Record<string, string | number>, string]>([
    ['home', {}, '/en/'],
    ['login', {}, '/en/user/login'],
    ['line', { menu: 'football' }, '/en/line/football'],
    ['line', {}, '/en/line'],
    ['slots-game', { subcategory: 'new', gameId: 7 }, '/en/slots/new/game/7'],
    ['news', { slug: 'a/b c' }, '/en/news/a%2Fb%20c'],
  ])('%s %j → %s', (name, params, url) => expect(buildPath(name, params, 'en')).toBe(url));

  it.each<[string, Record<string, string>, RegExp]>([
    ['nope', {}, /unknown route/],
    ['print-coupon', {}, /needs param "couponId"/],
    ['line', { sport: 'x' }, /given without/],
  ])('%s %j throws', (name, params, error) => expect(() => buildRestPath(name, params)).toThrow(error));

  /** Values that cannot be mistaken for a static segment of any route. */
  const staticSegments = new Set(ROUTES.flatMap((r) => r.path.split('/')).map((s) => s.replace(/\?$/, '').toLowerCase()));
  const paramValue = fc.string({ minLength: 1, maxLength: 12 }).filter((v) => !staticSegments.has(v.toLowerCase()));

  it('matchRoute(buildPath(route, params)) is that route with those params', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ROUTES), fc.integer({ min: 0, max: 5 }), fc.array(paramValue, { minLength: 6, maxLength: 6 }), (route, optionalCount, values) => {
        const params: Record<string, string> = {};
        let optionals = 0;
        route.path.split('/').forEach((segment, i) => {
          if (!segment.startsWith(':')) return;
          if (segment.endsWith('?') && optionals++ >= optionalCount) return;
          params[segment.replace(/^:|\?$/g, '')] = values[i % values.length]!;
        });
        const url = buildPath(route.name, params, 'de');
        const { lng, rest } = splitLanguage(url);
        const match = matchRoute(rest);
        expect(lng).toBe('de');
        expect(match?.route.name).toBe(route.name);
        expect(match?.params).toEqual(params);
      }),
    );
  });
});

describe('matchPattern', () => {
  it.each([
    ['promotions/*', 'promotions/summer', true],
    ['promotions/*', 'promotions', false],
    ['/news/2019-*', 'news/2019-05-01', true],
    ['news/2019-*', 'news/2020-01-01', false],
    ['*/game/*', 'slots/new/game/7', true],
    ['casino', 'casino', true],
    ['casino', 'casino/live', false],
    ['*', 'anything/at/all', true],
    ['a*b*c', 'aXbYc', true],
    ['a*b*c', 'aXcYb', false],
  ])('%s ~ %s = %s', (pattern, path, expected) => expect(matchPattern(pattern, path)).toBe(expected));

  it('agrees with an equivalent regular expression', () => {
    const chars = fc.constantFrom('a', 'b', '/', '*');
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 8 }).map((c) => c.join('')), fc.array(fc.constantFrom('a', 'b', '/'), { maxLength: 10 }).map((c) => c.join('')), (pattern, path) => {
        const trim = (s: string) => s.split('/').filter(Boolean).join('/');
        const regex = new RegExp(`^${trim(pattern).replace(/\*/g, '.*')}$`, 's');
        expect(matchPattern(pattern, path)).toBe(regex.test(trim(path)));
      }),
    );
  });
});
