import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ROUTES, routeByName, type RouteDef } from '../routes/route-table.ts';
import { accessByAuthorizationGuard, allowedWhenBanned, BAN_CODES, banFlagOf, bannedLanding } from './access-by-authorization.ts';
import { testContext, type TestContextOptions } from './test-context.ts';
import type { GuardDecision, GuardEffect } from './types.ts';

const player = { user: { loggedIn: true } };
const middleware = { site: { flags: { accountMiddleware: true } } };
const loginModal: GuardEffect[] = [{ kind: 'open-modal', modal: 'login' }];

describe('access guard (SPEC §2)', () => {
  it.each<[string, TestContextOptions, GuardDecision]>([
    ['open route', { url: '/en/line' }, { kind: 'continue' }],
    ['players-only route, player', { url: '/en/office/history', ...player }, { kind: 'continue' }],
    ['visitor → login', { url: '/en/office/history' }, { kind: 'redirect', url: '/en/user/login', status: 302 }],
    [
      'visitor → login with referral params only',
      { url: '/de/office/history?affid=1&btag=b&x=2' },
      { kind: 'redirect', url: '/de/user/login?affid=1&btag=b', status: 302 },
    ],
    [
      'visitor navigating → login and the login modal',
      { url: '/en/office/history', from: '/en/line' },
      { kind: 'redirect', url: '/en/user/login', status: 302, effects: loginModal },
    ],
    [
      'visitor with account middleware → authApp (the login route), no modal',
      { url: '/en/office/history', from: '/en/line', ...middleware },
      { kind: 'redirect', url: '/en/user/login', status: 302 },
    ],
    [
      'visitor, login route switched off → home',
      { url: '/en/office/history?refererid=3', site: { unavailableRoutes: ['login'] } },
      { kind: 'redirect', url: '/en/?refererid=3', status: 302 },
    ],
    ['visitors-only route, visitor', { url: '/en/user/login' }, { kind: 'continue' }],
    ['visitors-only route, player → home', { url: '/en/user/login', ...player }, { kind: 'redirect', url: '/en/', status: 302 }],
    [
      'visitors-only route, player with account middleware → account',
      { url: '/en/registration', ...player, ...middleware },
      { kind: 'redirect', url: '/en/office/account', status: 302 },
    ],
    ['unknown route', { url: '/en/nope' }, { kind: 'continue' }],
    ['navigation blocked', { url: '/en/line', user: { navigationBlocked: true } }, { kind: 'cancel', reason: 'navigation-blocked' }],
  ])('%s', (_name, options, decision) => {
    expect(accessByAuthorizationGuard(testContext(options))).toEqual(decision);
  });
});

describe('ban handling (SPEC §2, §9)', () => {
  const forbidden = routeByName('office-recharge');
  const deduceForbidden: RouteDef = { ...routeByName('office-deduce')!, meta: { ...routeByName('office-deduce')!.meta, banFlag: 25 } };
  const banned = (banLevel: number, url: string, from: string | null = '/en/rules/1') =>
    accessByAuthorizationGuard(testContext({ url, from, user: { loggedIn: true, banLevel } }));

  it.each<[string, number, RouteDef | undefined, GuardDecision]>([
    ['not banned', 0, forbidden, { kind: 'continue' }],
    ['banned, page of their own record', 2, routeByName('office-history'), { kind: 'continue' }],
    ['banned, forbidden route', 2, forbidden, { kind: 'cancel', reason: 'banned', code: BAN_CODES.forbidden }],
    ['level 1, forbidden route', 1, forbidden, { kind: 'cancel', reason: 'banned', code: BAN_CODES.withdrawalOnly }],
    ['level 1, withdrawal flagged forbidden is still allowed', 1, deduceForbidden, { kind: 'continue' }],
    ['level 2, withdrawal flagged forbidden', 2, deduceForbidden, { kind: 'cancel', reason: 'banned', code: 45 }],
  ])('%s', (_name, banLevel, route, decision) => {
    expect(
      accessByAuthorizationGuard(testContext({ url: '/en/office/x', from: '/en/rules/1', route: route ?? null, user: { loggedIn: true, banLevel } })),
    ).toEqual(decision);
  });

  it('level 1 keeps withdrawal and the allowed pages only', () => {
    expect(banned(1, '/en/office/deduce')).toEqual({ kind: 'continue' });
    expect(banned(1, '/en/rules/1', '/en/office/deduce')).toEqual({ kind: 'continue' });
    expect(banned(1, '/en/confirm')).toEqual({ kind: 'continue' });
    for (const url of ['/en/', '/en/line', '/en/live', '/en/office/recharge', '/en/slots']) {
      expect(banned(1, url)).toEqual({ kind: 'cancel', reason: 'banned', code: 53 });
    }
  });

  it('higher levels keep nothing but the allowed pages (not even withdrawal)', () => {
    for (const url of ['/en/office/deduce', '/en/', '/en/line', '/en/office/recharge']) {
      expect(banned(2, url)).toEqual({ kind: 'cancel', reason: 'banned', code: 45 });
    }
    for (const url of ['/en/block-appeal-history', '/en/office/history', '/en/contacts', '/en/maintenance']) expect(banned(3, url)).toEqual({ kind: 'continue' });
  });

  it('a first request for a closed page goes to the page the player still has', () => {
    expect(banned(1, '/en/line', null)).toEqual({ kind: 'redirect', url: '/en/office/deduce', status: 302 });
    expect(banned(2, '/en/line', null)).toEqual({ kind: 'redirect', url: '/en/block-appeal-history', status: 302 });
    expect(
      accessByAuthorizationGuard(testContext({ url: '/en/line', user: { loggedIn: true, banLevel: 2 }, site: { unavailableRoutes: ['block-appeal-history'] } })),
    ).toEqual({ kind: 'not-found' });
  });

  it('a visitor is never judged as banned', () => {
    expect(accessByAuthorizationGuard(testContext({ url: '/en/line', from: '/en/', user: { loggedIn: false, banLevel: 2 } }))).toEqual({ kind: 'continue' });
  });

  it('every route is flagged 24 or 25; the landings are open to their levels', () => {
    for (const route of ROUTES) expect([24, 25]).toContain(banFlagOf(route));
    expect(allowedWhenBanned(routeByName(bannedLanding(1))!, 1)).toBe(true);
    expect(allowedWhenBanned(routeByName(bannedLanding(2))!, 2)).toBe(true);
    expect(allowedWhenBanned(routeByName(bannedLanding(1))!, 2)).toBe(false);
  });

  it('property: a banned player is let through only to allowed routes, a player without a ban anywhere', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ROUTES), fc.integer({ min: 0, max: 5 }), (route, banLevel) => {
        const decision = accessByAuthorizationGuard(testContext({ url: '/en/rules/1', from: '/en/contacts', route, user: { loggedIn: true, banLevel } }));
        if (decision.kind === 'cancel') {
          expect(banLevel).toBeGreaterThan(0);
          expect(decision.code).toBe(banLevel === 1 ? 53 : 45);
          expect(allowedWhenBanned(route, banLevel)).toBe(false);
        } else if (banLevel > 0) {
          expect(allowedWhenBanned(route, banLevel)).toBe(true);
        }
      }),
    );
  });

  it('marks the money routes forbidden for banned players', () => {
    for (const name of ['office-recharge', 'casino-game', 'slots-game', 'games-view']) expect(routeByName(name)?.meta.banFlag).toBe(25);
    expect(routeByName('office-deduce')?.meta.banFlag).toBeUndefined();
  });
});
