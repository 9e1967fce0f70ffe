import { describe, expect, it } from 'vitest';
import type { ResultItem, SportCount } from '@betsite/contracts';
import { addSportCounts, champResultsPath, groupResults, lastDays, parseDay, parseResultsFilter, resultsPath, shiftDay, utcDay } from './results.ts';

const result = (id: number, sportId: number, champId: number): ResultItem => ({
  id,
  sportId,
  champId,
  champName: `Champ ${champId}`,
  home: { id: 1, name: 'A' },
  away: { id: 2, name: 'B' },
  startsAt: 0,
  finishedAt: 0,
  status: 4,
  score: { home: 1, away: 0 },
  periods: [],
});

describe('UTC days', () => {
  it('reads only real days', () => {
    expect(parseDay('2026-03-12')).toBe('2026-03-12');
    expect(parseDay('2024-02-29')).toBe('2024-02-29');
    for (const bad of ['2026-02-30', '2026-3-12', '12.03.2026', '', null, undefined, '2026-03-12T00:00']) expect(parseDay(bad)).toBeNull();
  });

  it('counts days in UTC whatever the hour', () => {
    expect(utcDay(Date.UTC(2026, 2, 12, 23, 59))).toBe('2026-03-12');
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
    expect(lastDays(Date.UTC(2026, 2, 2, 0, 5), 3)).toEqual(['2026-03-02', '2026-03-01', '2026-02-28']);
  });
});

describe('the results filter', () => {
  it('takes a known sport and a real day from the query', () => {
    expect(parseResultsFilter(new URLSearchParams('sport=4&date=2026-03-12'))).toEqual({ sportId: 4, date: '2026-03-12' });
    expect(parseResultsFilter(new URLSearchParams('sport=1-football'))).toEqual({ sportId: 1, date: null });
    expect(parseResultsFilter(new URLSearchParams('sport=999&date=tomorrow'))).toEqual({ sportId: null, date: null });
  });

  it('builds the urls of the results pages', () => {
    expect(resultsPath('en')).toBe('/en/results');
    expect(resultsPath('en', 'live', { sportId: 1, date: '2026-03-12' })).toBe('/en/results/live?sport=1&date=2026-03-12');
    expect(resultsPath('en', 'zone', { sportId: null, date: null })).toBe('/en/results');
    expect(champResultsPath('ru', null)).toBe('/ru/champs');
    expect(champResultsPath('en', { id: 7, name: 'Premier League' }, '2026-03-12')).toBe('/en/champs/7-premier-league?date=2026-03-12');
  });
});

describe('grouping results', () => {
  it('groups sport → champ in the order they first appear', () => {
    const groups = groupResults([result(1, 1, 7), result(2, 4, 30), result(3, 1, 8), result(4, 1, 7)]);
    expect(groups.map((s) => [s.sportId, s.champs.map((c) => [c.champId, c.results.map((r) => r.id)])])).toEqual([
      [
        1,
        [
          [7, [1, 4]],
          [8, [3]],
        ],
      ],
      [4, [[30, [2]]]],
    ]);
  });

  it('adds up the sports of several days, the busiest first', () => {
    const sport = (id: number, count: number): SportCount => ({ id, slug: `s${id}`, name: `S${id}`, isCyber: false, count });
    expect(addSportCounts([[sport(4, 2), sport(1, 1)], [sport(1, 1), sport(3, 0)], [sport(3, 1), sport(2, 0)]]).map((s) => [s.id, s.count])).toEqual([
      [1, 2],
      [4, 2],
      [3, 1],
    ]);
  });
});
