import { describe, expect, it } from 'vitest';
import { ROUTES } from '@betsite/domain';
import { NAV_TARGETS, pathsFor, type RouteName } from './paths.ts';

describe('typed paths', () => {
  const en = pathsFor('en');

  it('builds route-table urls in the bound language', () => {
    expect(en.to('home')).toBe('/en/');
    expect(en.to('login')).toBe('/en/user/login');
    expect(pathsFor('ru').to('line', { menu: 'popular', sport: 'football' })).toBe('/ru/line/popular/football');
    expect(en.to('rules', { ruleGroup: 1 })).toBe('/en/rules/1');
    expect(en.to('casino-game', { subcategory: 'slots', gameId: 42 })).toBe('/en/casino/slots/game/42');
  });

  it('maps the navigation names of SPEC §2', () => {
    expect(en.to('forgotpassword')).toBe('/en/?modal=forgot-password');
    expect(en.to('recharge')).toBe('/en/office/recharge');
    expect(en.to('account')).toBe('/en/office/account');
    expect(en.to('confirm-terms')).toBe('/en/confirm');
    expect(en.to('live-casino')).toBe('/en/casino/live');
    expect(en.to('virtual-sports')).toBe('/en/virtualsports');
    expect(en.to('partners')).toBe('/en/ourpartners');
    expect(en.to('hunting-and-fishing')).toBe('/en/fishinghunting');
    expect(en.to('toto-frame', { totoSection: 'draw' })).toBe('/en/toto/draw');
    expect(en.to('promotionsFullRoute', { promotionId: 'welcome' })).toBe('/en/promotions/welcome');
    expect(en.to('bonus', { id: 7 })).toBe('/en/bonus/casino/7');
    expect(en.to('games-view', { gameRoute: 'fortuna-bonus' })).toBe('/en/games/fortuna-bonus');
    expect(en.to('cyber-real')).toBe('/en/cyber/real');
  });

  it('adds a query and encodes params', () => {
    expect(en.to('casino-search', {}, { q: 'book of ra' })).toBe('/en/casino-search?q=book+of+ra');
    expect(en.to('forgotpassword', undefined, { keepModals: 1 })).toBe('/en/?modal=forgot-password&keepModals=1');
    expect(en.to('news', { slug: 'a b/c' })).toBe('/en/news/a%20b%2Fc');
  });

  it('every navigation target is a route of the table', () => {
    const names = new Set(ROUTES.map((r) => r.name));
    for (const target of Object.values(NAV_TARGETS)) expect(names.has(target.route)).toBe(true);
  });

  it('knows every route of the table (the union is derived from it)', () => {
    for (const route of ROUTES) {
      const name = route.name as RouteName;
      if (route.path.includes(':') && !/^[^:]*(:\w+\?\/?)*$/.test(route.path)) continue; // needs params
      expect(() => (en.to as (n: RouteName) => string)(name)).not.toThrow();
    }
  });

  it('rejects missing required params at compile time and at run time', () => {
    // @ts-expect-error — `rules` needs `ruleGroup`
    expect(() => en.to('rules')).toThrow();
    // @ts-expect-error — not a route name
    expect(() => en.to('no-such-route')).toThrow();
  });
});
