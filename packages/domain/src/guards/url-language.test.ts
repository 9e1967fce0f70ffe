import { describe, expect, it } from 'vitest';
import { testContext, type TestContextOptions } from './test-context.ts';
import { urlLanguageGuard } from './url-language.ts';

describe('url-language guard', () => {
  it.each<[string, TestContextOptions, string | null, number?]>([
    ['bare root', { url: '/' }, '/ru/', 302],
    ['no language', { url: '/nonsense/path' }, '/ru/nonsense/path', 302],
    ['query and hash kept', { url: '/line?x=1#top' }, '/ru/line?x=1#top', 302],
    ['cookie language', { url: '/line', cookies: { lng: 'de' } }, '/de/line', 302],
    ['browser language', { url: '/line', acceptLanguage: 'fr, en;q=0.8' }, '/en/line', 302],
    ['unknown language replaced', { url: '/zz/line' }, '/ru/line', 302],
    ['hidden language, visitor', { url: '/kk/line' }, '/ru/line', 302],
    ['hidden language, player', { url: '/kk/line', user: { loggedIn: true } }, null],
    ['language root without slash', { url: '/en?x=1' }, '/en/?x=1', 301],
    ['language root', { url: '/en/' }, null],
    ['normal page', { url: '/en/line' }, null],
    ['fixed redirect', { url: '/en/rules' }, '/en/rules/1', 301],
    ['fixed redirect keeps the query', { url: '/en/office?refererid=3' }, '/en/office/account?refererid=3', 302],
    ['fixed redirect with query', { url: '/en/user/forgotpassword' }, '/en/?modal=forgot-password', 302],
    ['guest-only redirect, player', { url: '/en/user/forgotpassword', user: { loggedIn: true } }, null],
    ['wildcard redirect', { url: '/de/lpage/spring' }, '/de/landing-page/spring', 301],
    ['old game route', { url: '/en/dragon' }, '/en/games/dragon-bonus', 301],
  ])('%s', (_name, options, url, status) => {
    const decision = urlLanguageGuard(testContext(options));
    if (url === null) expect(decision).toEqual({ kind: 'continue' });
    else expect(decision).toMatchObject({ kind: 'redirect', url, status });
  });

  it('logs a warning when it inserts the language', () => {
    expect(urlLanguageGuard(testContext({ url: '/line' })).effects).toEqual([
      expect.objectContaining({ kind: 'log', level: 'warn', message: 'url without an allowed language' }),
    ]);
  });
});
