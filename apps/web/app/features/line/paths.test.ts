import { describe, expect, it } from 'vitest';
import { locateRoute } from '@betsite/domain';
import { TIME_FILTERS } from '@betsite/contracts';
import {
  champGamePath,
  champPath,
  cyberGamePath,
  cyberPath,
  filterOfMenu,
  gamePath,
  listingPath,
  MENU_FILTERS,
  MENU_SEGMENTS,
  menuOfFilter,
  menusOf,
  parseCyberParams,
  parseIdSlug,
  slugify,
  teamPath,
  type CyberLocation,
} from './paths.ts';
import { card } from './testing.ts';

describe('the time-filter segment', () => {
  it('names every SPEC time filter exactly once, and reads back', () => {
    expect(Object.values(MENU_FILTERS).sort()).toEqual([...TIME_FILTERS].sort());
    for (const filter of TIME_FILTERS) expect(filterOfMenu(menuOfFilter(filter))).toBe(filter);
    expect(MENU_FILTERS).toEqual({ all: 0, upcoming: 1, 'first-period': 2, 'second-period': 3, recommended: 6 });
  });

  it('is "all" when absent and nothing for an unknown segment', () => {
    expect(filterOfMenu(undefined)).toBe(0);
    expect(filterOfMenu('')).toBe(0);
    expect(filterOfMenu('1-football')).toBeNull();
    expect(filterOfMenu('toString')).toBeNull();
  });

  it('offers the period filters in live only', () => {
    expect(menusOf('live')).toEqual(MENU_SEGMENTS);
    expect(menusOf('line')).toEqual(['all', 'upcoming', 'recommended']);
  });
});

describe('ids and slugs', () => {
  it('slugs names as ascii words', () => {
    expect(slugify('Manchester United')).toBe('manchester-united');
    expect(slugify('  Atlético  Madrid! ')).toBe('atletico-madrid');
    expect(slugify('ЦСКА')).toBe('x');
    expect(slugify('a'.repeat(100))).toHaveLength(80);
  });

  it('reads the id of an id-slug segment', () => {
    expect(parseIdSlug('345-arsenal-chelsea')).toBe(345);
    expect(parseIdSlug('345')).toBe(345);
    expect(parseIdSlug('0-x')).toBeNull();
    expect(parseIdSlug('x-345')).toBeNull();
    expect(parseIdSlug('99999999999-x')).toBeNull();
    expect(parseIdSlug(undefined)).toBeNull();
  });
});

describe('urls of sports pages', () => {
  const game = card({ id: 345, isLive: true });

  it('lead to the route they name, with the params the loader reads', () => {
    const path = gamePath(game, 'en');
    expect(path).toBe('/en/live/all/1-football/7-premier-league/345-arsenal-chelsea');
    const located = locateRoute(path);
    expect(located.route?.name).toBe('live-game');
    expect(located.params).toMatchObject({ menu: 'all', sport: '1-football', champ: '7-premier-league', game: '345-arsenal-chelsea' });
    expect(gamePath({ ...game, isLive: false }, 'ru', { menu: 'upcoming' })).toBe('/ru/line/upcoming/1-football/7-premier-league/345-arsenal-chelsea');
    expect(locateRoute(teamPath({ id: 9, name: 'Real Madrid' }, 'en'))).toMatchObject({ route: { name: 'team' }, params: { team: '9-real-madrid' } });
    expect(locateRoute(champPath({ id: 7, name: 'Premier League' }, 'en'))).toMatchObject({ route: { name: 'champ-home' }, params: { champ: '7-premier-league' } });
    expect(locateRoute(champPath({ id: 7, name: 'Premier League' }, 'en', 'final')).route?.name).toBe('champ-final');
    expect(locateRoute(champGamePath({ id: 7, name: 'Premier League' }, game, 'en'))).toMatchObject({ route: { name: 'champ-game' }, params: { game: '345-arsenal-chelsea' } });
  });

  it('keep the bare listing short and put the filter first', () => {
    expect(listingPath('en', 'live')).toBe('/en/live');
    expect(listingPath('en', 'line', { menu: 'upcoming' })).toBe('/en/line/upcoming');
    expect(listingPath('en', 'live', { sport: { id: 1, slug: 'football' } })).toBe('/en/live/all/1-football');
    expect(listingPath('en', 'live', { menu: 'first-period', sport: { id: 4 }, champ: { id: 3, name: 'ATP Doha' } })).toBe('/en/live/first-period/4-tennis/3-atp-doha');
    // A champ without its sport is no url.
    expect(listingPath('en', 'live', { champ: { id: 3, name: 'ATP Doha' } })).toBe('/en/live');
    expect(locateRoute('/en/live/first-period/4-tennis/3-atp-doha')).toMatchObject({ route: { name: 'live' }, params: { menu: 'first-period', sport: '4-tennis', champ: '3-atp-doha' } });
  });
});

describe('cyber urls', () => {
  const cases: Array<[string, CyberLocation]> = [
    ['/en/cyber/real', { kind: 'all' }],
    ['/en/cyber/real/cs2', { kind: 'discipline', discipline: 'cs2' }],
    ['/en/cyber/real/cs2/champs', { kind: 'champs', discipline: 'cs2' }],
    ['/en/cyber/real/dota-2/live', { kind: 'section', discipline: 'dota-2', section: 'live' }],
    ['/en/cyber/real/cs2/12-iem-katowice', { kind: 'champ', discipline: 'cs2', champId: 12 }],
    ['/en/cyber/real/cs2/12-iem-katowice/line/88-navi-faze', { kind: 'game', discipline: 'cs2', champId: 12, section: 'line', gameId: 88 }],
  ];

  it('read the segments SPEC §2 lists and build them back', () => {
    for (const [path, location] of cases) {
      const located = locateRoute(path);
      expect(located.route?.name, path).toBe('cyber');
      expect(parseCyberParams(located.params), path).toEqual(location);
      expect(cyberPath('en', location, { champ: 'IEM Katowice', game: { id: 88, home: { name: 'NAVI' }, away: { name: 'FaZe' } } })).toBe(path);
    }
    expect(parseCyberParams({ type: 'real', discipline: 'all' })).toEqual({ kind: 'all' });
  });

  it('refuse what is not a cyber page', () => {
    expect(parseCyberParams({ type: 'virtual' })).toBeNull();
    expect(parseCyberParams({ type: 'real', discipline: 'cs2', champ: 'no-id' })).toBeNull();
    expect(parseCyberParams({ type: 'real', discipline: 'cs2', champ: 'champs', section: 'live' })).toBeNull();
    expect(parseCyberParams({ type: 'real', discipline: 'cs2', champ: '12-x', section: 'later', game: '3' })).toBeNull();
    expect(parseCyberParams({ type: 'real', discipline: 'cs2', champ: '12-x', section: 'live' })).toBeNull();
  });

  it('link a cyber game in the section it is in', () => {
    const game = card({ id: 88, sportId: 40, sportSlug: 'cs2', champId: 12, champName: 'IEM Katowice', home: { id: 1, name: 'NAVI' }, away: { id: 2, name: 'FaZe' }, isLive: true });
    expect(cyberGamePath(game, 'en')).toBe('/en/cyber/real/cs2/12-iem-katowice/live/88-navi-faze');
  });
});
