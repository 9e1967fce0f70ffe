import { describe, expect, it } from 'vitest';
import { contextLanguage, hasAllowedUrlLanguage, isRouteAvailable, languageRoot, withQuery } from './context.ts';
import { testContext, type TestContextOptions } from './test-context.ts';

describe('contextLanguage / hasAllowedUrlLanguage', () => {
  it.each<[TestContextOptions, string, boolean]>([
    [{ url: '/de/line' }, 'de', true],
    [{ url: '/line' }, 'ru', false],
    [{ url: '/line', cookies: { lng: 'ar' } }, 'ar', false],
    [{ url: '/zz/line', acceptLanguage: 'de' }, 'de', false],
    [{ url: '/kk/line' }, 'ru', false],
    [{ url: '/kk/line', user: { loggedIn: true } }, 'kk', true],
  ])('%j → %s (allowed url language: %s)', (options, lng, allowed) => {
    const ctx = testContext(options);
    expect(contextLanguage(ctx)).toBe(lng);
    expect(hasAllowedUrlLanguage(ctx)).toBe(allowed);
    expect(languageRoot(ctx)).toBe(`/${lng}/`);
  });
});

describe('isRouteAvailable', () => {
  it.each<[string, string[], boolean]>([
    ['login', [], true],
    ['login', ['login'], false],
    ['rules', ['47'], false],
    ['rules', ['48'], true],
    ['no-such-route', [], false],
  ])('%s with %j off → %s', (name, unavailableRoutes, available) => {
    expect(isRouteAvailable(testContext({ site: { unavailableRoutes } }), name)).toBe(available);
  });
});

describe('withQuery', () => {
  it.each([
    ['/en/', '', '/en/'],
    ['/en/user/login', 'a=1&b=2', '/en/user/login?a=1&b=2'],
  ])('%s + %s', (path, query, url) => expect(withQuery(path, new URLSearchParams(query))).toBe(url));
});
