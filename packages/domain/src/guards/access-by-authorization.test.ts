import { describe, expect, it } from 'vitest';
import { routeByName, type RouteDef } from '../routes/route-table.ts';
import { accessByAuthorizationGuard, BAN_CODES } from './access-by-authorization.ts';
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

  it.each<[string, number, RouteDef | undefined, GuardDecision]>([
    ['not banned', 0, forbidden, { kind: 'continue' }],
    ['banned, open route', 2, routeByName('office-history'), { kind: 'continue' }],
    ['banned, forbidden route', 2, forbidden, { kind: 'cancel', reason: 'banned', code: BAN_CODES.forbidden }],
    ['level 1, forbidden route', 1, forbidden, { kind: 'cancel', reason: 'banned', code: BAN_CODES.withdrawalOnly }],
    ['level 1, withdrawal flagged forbidden is still allowed', 1, deduceForbidden, { kind: 'continue' }],
    ['level 2, withdrawal flagged forbidden', 2, deduceForbidden, { kind: 'cancel', reason: 'banned', code: 45 }],
  ])('%s', (_name, banLevel, route, decision) => {
    expect(accessByAuthorizationGuard(testContext({ url: '/en/office/x', route: route ?? null, user: { loggedIn: true, banLevel } }))).toEqual(decision);
  });

  it('marks the money routes forbidden for banned players', () => {
    for (const name of ['office-recharge', 'casino-game', 'slots-game', 'games-view']) expect(routeByName(name)?.meta.banFlag).toBe(25);
    expect(routeByName('office-deduce')?.meta.banFlag).toBeUndefined();
  });
});
