import { describe, expect, it } from 'vitest';
import { accessCheckGuard } from './access-check.ts';
import { testContext, type TestContextOptions } from './test-context.ts';

describe('access-check guard', () => {
  it.each<[string, TestContextOptions, 'continue' | 'not-found']>([
    ['known route', { url: '/en/line' }, 'continue'],
    ['unknown route', { url: '/en/no-such-page-xyz' }, 'not-found'],
    ['unknown route without language: url-language first', { url: '/nonsense/path' }, 'continue'],
    ['hidden language for a visitor: url-language first', { url: '/kk/nonsense' }, 'continue'],
    ['hidden language for a player is judged', { url: '/kk/nonsense', user: { loggedIn: true } }, 'not-found'],
    ['fixed redirect source', { url: '/en/office' }, 'continue'],
    ['guest-only redirect for a player', { url: '/en/user/forgotpassword', user: { loggedIn: true } }, 'not-found'],
    ['unavailable by name', { url: '/en/promo', site: { unavailableRoutes: ['promo'] } }, 'not-found'],
    ['unavailable by number', { url: '/en/rules/1', site: { unavailableRoutes: ['47'] } }, 'not-found'],
    ['another route unavailable', { url: '/en/rules/1', site: { unavailableRoutes: ['promo'] } }, 'continue'],
    ['identification off', { url: '/en/office/identification', site: { flags: { identificationEnabled: false } } }, 'not-found'],
    ['identification on', { url: '/en/office/identification' }, 'continue'],
    ['registration not allowed', { url: '/en/registration', site: { registrationAllowed: false } }, 'not-found'],
    ['registration on a VIP domain', { url: '/en/registration', site: { isVipDomain: true } }, 'not-found'],
    ['registration allowed', { url: '/en/registration' }, 'continue'],
    ['payment page unavailable', { url: '/en/payment', site: { flags: { paymentPageAvailable: false } } }, 'not-found'],
    ['payment page for players only, visitor', { url: '/en/payment', site: { flags: { paymentPageOnlyLoggedIn: true } } }, 'not-found'],
    [
      'payment page for players only, player',
      { url: '/en/payment', user: { loggedIn: true }, site: { flags: { paymentPageOnlyLoggedIn: true } } },
      'continue',
    ],
    ['debugger off', { url: '/en/debugger' }, 'not-found'],
    ['debugger on', { url: '/en/debugger', site: { flags: { debuggerPage: true } } }, 'continue'],
    ['confirm terms off', { url: '/en/confirm', site: { flags: { confirmTermsEnabled: false } } }, 'not-found'],
    ['404 pattern', { url: '/en/news/old-story', site: { urlsToRedirectTo404: ['news/old-*'] } }, 'not-found'],
    ['404 pattern not matching', { url: '/en/news/new-story', site: { urlsToRedirectTo404: ['news/old-*'] } }, 'continue'],
  ])('%s', (_name, options, kind) => {
    expect(accessCheckGuard(testContext(options)).kind).toBe(kind);
  });
});
