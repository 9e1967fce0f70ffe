import { describe, expect, it } from 'vitest';
import type { ChampItem, ResultItem, SportCount } from '@betsite/contracts';
import type { ApiResult } from '../../shell/http.ts';
import type { LineApi } from './api.ts';
import { champFinal, cyberSportCounts, listingLimit, loadSportsPage, type SportsPageData } from './loaders.ts';
import { card, detail } from './testing.ts';

const ok = <T>(body: T): ApiResult<T> => ({ ok: true, status: 200, body });
const fail = (status: number, code: string | null = null): ApiResult<never> => ({ ok: false, status, code, message: null, body: null, network: status === 0 });

const football: SportCount = { id: 1, slug: 'football', name: 'Football', isCyber: false, count: 3 };
const premier: ChampItem = { id: 7, sportId: 1, name: 'Premier League', country: { id: 44, name: 'England', code: 'GB' }, order: 1, count: 3 };

function fakeApi(patch: Partial<LineApi> = {}): LineApi & { calls: string[] } {
  const calls: string[] = [];
  const log = (name: string, ...args: unknown[]) => calls.push(`${name}(${JSON.stringify(args)})`);
  return {
    calls,
    sports: async (...a) => (log('sports', ...a), ok({ section: a[0], sports: [football] })),
    champs: async (...a) => (log('champs', ...a), ok({ champs: [premier] })),
    games: async (...a) => (log('games', ...a), ok({ total: 1, games: [card()] })),
    game: async (...a) => (log('game', ...a), ok({ game: detail() })),
    top: async (...a) => (log('top', ...a), ok({ games: [] })),
    team: async (...a) => (log('team', ...a), fail(404, 'team_not_found')),
    champ: async (...a) => (log('champ', ...a), ok({ champ: premier, games: [], results: [] })),
    results: async (...a) => (log('results', ...a), ok({ results: [result()], sports: [football] })),
    search: async (...a) => (log('search', a[0], a[1]), ok({ champs: [], teams: [], games: [] })),
    ...patch,
  };
}

function result(patch: Partial<ResultItem> = {}): ResultItem {
  return {
    id: 501,
    sportId: 1,
    champId: 7,
    champName: 'Premier League',
    home: { id: 1, name: 'Arsenal' },
    away: { id: 2, name: 'Chelsea' },
    startsAt: Date.UTC(2026, 2, 12, 18, 30),
    finishedAt: Date.UTC(2026, 2, 12, 20, 20),
    status: 4,
    score: { home: 2, away: 1 },
    periods: [
      { home: 1, away: 0 },
      { home: 1, away: 1 },
    ],
    ...patch,
  };
}

const load = (api: LineApi, route: string, params: Record<string, string | undefined>, path: string) => loadSportsPage(api, route, params, new URL(`http://x${path}`), 'en');

async function thrown(promise: Promise<SportsPageData>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

/** A thrown `data(null, { status: 404 })` (React Router makes it the 404 page). */
const is404 = (error: unknown) => typeof error === 'object' && error !== null && 'init' in error && (error as { init: { status?: number } | null }).init?.status === 404;
const location = (error: unknown) => (error instanceof Response ? error.headers.get('location') : null);

describe('the listing loader', () => {
  it('asks for the sports, the sport’s champs and its games with the filter of the menu segment', async () => {
    const api = fakeApi();
    const data = await load(api, 'live', { menu: 'upcoming', sport: '1-football', champ: '7-premier-league' }, '/en/live/upcoming/1-football/7-premier-league');
    expect(data).toMatchObject({ kind: 'listing', section: 'live', filter: 1, menu: 'upcoming', sportId: 1, champ: { id: 7 }, total: 1, limit: 50, failed: false });
    expect(api.calls).toEqual(['sports(["live",1])', 'champs(["live",1,1])', 'games([{"section":"live","filter":1,"limit":50,"sportId":1,"champId":7}])']);
  });

  it('answers 404 for an unknown menu, sport or champ', async () => {
    expect(is404(await thrown(load(fakeApi(), 'line', { menu: 'soon' }, '/en/line/soon')))).toBe(true);
    expect(is404(await thrown(load(fakeApi(), 'line', { menu: 'all', sport: '77-curling' }, '/en/line/all/77-curling')))).toBe(true);
    expect(is404(await thrown(load(fakeApi(), 'line', { menu: 'all', sport: 'football' }, '/en/line/all/football')))).toBe(true);
    const noChamp = fakeApi({ champ: async () => fail(404, 'champ_not_found') });
    expect(is404(await thrown(load(noChamp, 'line', { menu: 'all', sport: '1-football', champ: '9-x' }, '/en/line/all/1-football/9-x')))).toBe(true);
  });

  it('shows an error state, not a 500, when the API fails', async () => {
    const data = await load(fakeApi({ games: async () => fail(0) }), 'live', {}, '/en/live');
    expect(data).toMatchObject({ kind: 'listing', failed: true, games: [], sports: [football] });
  });

  it('pages by 50 up to 200', () => {
    expect(listingLimit(new URLSearchParams())).toBe(50);
    expect(listingLimit(new URLSearchParams('limit=100'))).toBe(100);
    expect(listingLimit(new URLSearchParams('limit=120'))).toBe(150);
    expect(listingLimit(new URLSearchParams('limit=9999'))).toBe(200);
    expect(listingLimit(new URLSearchParams('limit=-3'))).toBe(50);
  });
});

describe('the game loader', () => {
  const params = { menu: 'all', sport: '1-football', champ: '7-premier-league', game: '101-arsenal-chelsea' };

  it('loads the game at its own url', async () => {
    const data = await load(fakeApi(), 'line-game', params, '/en/line/all/1-football/7-premier-league/101-arsenal-chelsea');
    expect(data).toMatchObject({ kind: 'game', context: 'section', section: 'line', game: { id: 101 } });
  });

  it('redirects a stale slug, and a game that went live to the live section', async () => {
    expect(location(await thrown(load(fakeApi(), 'line-game', { ...params, game: '101-old-name' }, '/en/line/all/1-football/7-premier-league/101-old-name?x=1')))).toBe(
      '/en/line/all/1-football/7-premier-league/101-arsenal-chelsea?x=1',
    );
    const live = fakeApi({ game: async () => ok({ game: detail({ isLive: true, status: 2 }) }) });
    expect(location(await thrown(load(live, 'line-game', params, '/en/line/all/1-football/7-premier-league/101-arsenal-chelsea')))).toBe(
      '/en/live/all/1-football/7-premier-league/101-arsenal-chelsea',
    );
  });

  it('keeps a finished game where it was opened', async () => {
    const finished = fakeApi({ game: async () => ok({ game: detail({ isFinished: true, status: 4 }) }) });
    expect(await load(finished, 'live-game', params, '/en/live/all/1-football/7-premier-league/101-arsenal-chelsea')).toMatchObject({ kind: 'game', section: 'live' });
  });

  it('is the 404 page for a game the API does not know, and an error state when the API is down', async () => {
    expect(is404(await thrown(load(fakeApi({ game: async () => fail(404, 'game_not_found') }), 'live-game', params, '/en/live/x')))).toBe(true);
    expect(is404(await thrown(load(fakeApi(), 'live-game', { ...params, game: 'nothing' }, '/en/live/x')))).toBe(true);
    // A 404 without the line API's code: the API itself is missing — an error, not a missing game.
    expect(await load(fakeApi({ game: async () => fail(404) }), 'live-game', params, '/en/live/x')).toEqual({ kind: 'failed' });
    expect(await load(fakeApi({ game: async () => fail(503) }), 'live-game', params, '/en/live/x')).toEqual({ kind: 'failed' });
  });

  it('checks that a champ game belongs to its champ', async () => {
    expect(is404(await thrown(load(fakeApi(), 'champ-game', { champ: '8-la-liga', game: '101-arsenal-chelsea' }, '/en/champ/8-la-liga/game/101-arsenal-chelsea')))).toBe(true);
    expect(await load(fakeApi(), 'champ-game', { champ: '7-premier-league', game: '101-arsenal-chelsea' }, '/en/champ/7-premier-league/game/101-arsenal-chelsea')).toMatchObject({ kind: 'game', context: 'champ' });
  });
});

describe('team, champ and cyber loaders', () => {
  it('answer 404 for an unknown team', async () => {
    expect(is404(await thrown(load(fakeApi(), 'team', { team: '5-nobody' }, '/en/team/5-nobody')))).toBe(true);
  });

  it('load a champ page', async () => {
    expect(await load(fakeApi(), 'champ-final', { champ: '7-premier-league' }, '/en/champ/7-premier-league/final')).toMatchObject({ kind: 'champ', page: 'final', champ: { id: 7 } });
  });

  it('restrict the cyber listing to esports and 404 an unknown discipline', async () => {
    const api = fakeApi();
    const data = await load(api, 'cyber', { type: 'real' }, '/en/cyber/real');
    expect(data).toMatchObject({ kind: 'cyber', sportId: null });
    expect(api.calls.filter((c) => c.startsWith('games')).every((c) => c.includes('"sportId":40') || c.includes('"sportId":41'))).toBe(true);
    expect(is404(await thrown(load(fakeApi(), 'cyber', { type: 'real', discipline: 'football' }, '/en/cyber/real/football')))).toBe(true);
    expect(is404(await thrown(load(fakeApi(), 'cyber', { type: 'other' }, '/en/cyber/other')))).toBe(true);
  });

  it('add up live and line counts of the cyber sports', () => {
    const cs2 = (count: number): SportCount => ({ id: 40, slug: 'cs2', name: 'Counter-Strike 2', isCyber: true, count });
    expect(cyberSportCounts([cs2(2), football], [cs2(5)]).map((s) => [s.id, s.count])).toEqual([
      [40, 7],
      [41, 0],
    ]);
  });

  it('find the final: the last scheduled game, else the last result', () => {
    const early = card({ id: 1, startsAt: 1_000 });
    const late = card({ id: 2, startsAt: 9_000 });
    expect(champFinal({ games: [late, early], results: [] }).game?.id).toBe(2);
    const result = (id: number, finishedAt: number) => ({ id, sportId: 1, champId: 7, champName: 'x', home: { id: 1, name: 'a' }, away: { id: 2, name: 'b' }, startsAt: 0, finishedAt, status: 4, score: { home: 1, away: 0 }, periods: [] });
    expect(champFinal({ games: [], results: [result(1, 5), result(2, 9)] }).result?.id).toBe(2);
    expect(champFinal({ games: [], results: [] })).toEqual({ game: null, result: null });
  });

});

describe('the results loader', () => {
  it('asks for every result of the last 24 hours by default, and for the live ones under results/live', async () => {
    const api = fakeApi();
    expect(await load(api, 'results', {}, '/en/results')).toMatchObject({
      kind: 'results',
      page: 'results',
      type: 'zone',
      champ: null,
      filter: { sportId: null, date: null },
      sports: [football],
      results: [{ id: 501 }],
      truncated: false,
      failed: false,
    });
    await load(api, 'results', { type: 'live' }, '/en/results/live');
    expect(api.calls).toEqual(['results([{"type":"zone","limit":200}])', 'results([{"type":"live","limit":200}])']);
  });

  it('passes the sport and the UTC day of the query, and leaves out what makes no sense', async () => {
    const api = fakeApi();
    expect(await load(api, 'results', { type: 'zone' }, '/en/results/zone?sport=1&date=2026-03-12')).toMatchObject({ filter: { sportId: 1, date: '2026-03-12' } });
    expect(await load(api, 'results', {}, '/en/results?sport=77&date=2026-02-30')).toMatchObject({ filter: { sportId: null, date: null } });
    expect(api.calls).toEqual(['results([{"type":"zone","limit":200,"sportId":1,"date":"2026-03-12"}])', 'results([{"type":"zone","limit":200}])']);
  });

  it('answers 404 for another type', async () => {
    expect(is404(await thrown(load(fakeApi(), 'results', { type: 'yesterday' }, '/en/results/yesterday')))).toBe(true);
  });

  it('loads one champ’s results by its id, and is the 404 page for a champ the API does not know', async () => {
    const api = fakeApi();
    expect(await load(api, 'champs', { champId: '7-premier-league' }, '/en/champs/7-premier-league?sport=2&date=2026-03-12')).toMatchObject({
      kind: 'results',
      page: 'champs',
      champ: { id: 7, name: 'Premier League', sportId: 1 },
      filter: { sportId: null, date: '2026-03-12' },
    });
    expect(api.calls).toEqual(['results([{"type":"zone","limit":200,"champId":7,"date":"2026-03-12"}])', 'champ([7])']);
    const unknown = fakeApi({ results: async () => fail(404, 'champ_not_found'), champ: async () => fail(404, 'champ_not_found') });
    expect(is404(await thrown(load(unknown, 'champs', { champId: '9-nobody' }, '/en/champs/9-nobody')))).toBe(true);
    expect(is404(await thrown(load(fakeApi(), 'champs', { champId: 'nobody' }, '/en/champs/nobody')))).toBe(true);
  });

  it('names the champ from its results when the champ call fails alone, and says so when the results fail', async () => {
    const data = await load(fakeApi({ champ: async () => fail(503) }), 'champs', { champId: '7' }, '/en/champs/7');
    expect(data).toMatchObject({ champ: { id: 7, name: 'Premier League' }, failed: false });
    expect(await load(fakeApi({ results: async () => fail(0) }), 'champs', {}, '/en/champs')).toMatchObject({ kind: 'results', page: 'champs', results: [], failed: true });
  });

  it('says when the answer may hold only part of the results', async () => {
    const many = Array.from({ length: 200 }, (_, i) => result({ id: i + 1 }));
    expect(await load(fakeApi({ results: async () => ok({ results: many, sports: [football] }) }), 'results', {}, '/en/results')).toMatchObject({ truncated: true });
  });
});

describe('the multi-live loader', () => {
  it('loads the games of ?games= in their order and the games in play', async () => {
    const api = fakeApi({ game: async (id) => (api.calls.push(`game(${id})`), ok({ game: detail({ id, isLive: true, status: 2 }) })) });
    const data = await load(api, 'multi', {}, '/en/multi?games=12,7,12,x');
    expect(data).toMatchObject({ kind: 'multi', asked: [12, 7], games: [{ id: 12 }, { id: 7 }], missing: [], unloaded: [], live: [{ id: 101 }], failed: false });
    expect(api.calls).toEqual(['games([{"section":"live","limit":200}])', 'game(12)', 'game(7)']);
  });

  it('has no choice without ?games= (the browser’s stored one applies), and an empty one with an empty list', async () => {
    expect(await load(fakeApi(), 'multi', {}, '/en/multi')).toMatchObject({ asked: null, games: [] });
    expect(await load(fakeApi(), 'multi', {}, '/en/multi?games=')).toMatchObject({ asked: [], games: [] });
  });

  it('tells gone games from games that failed to load', async () => {
    const api = fakeApi({ game: async (id) => (id === 1 ? fail(404, 'game_not_found') : id === 2 ? fail(503) : ok({ game: detail({ id }) })) });
    expect(await load(api, 'multi', {}, '/en/multi?games=1,2,3')).toMatchObject({ asked: [1, 2, 3], games: [{ id: 3 }], missing: [1], unloaded: [2], failed: true });
  });
});

describe('the statistic loader', () => {
  const now = Date.UTC(2026, 2, 12, 15, 0);
  const days = ['2026-03-12', '2026-03-11', '2026-03-10', '2026-03-09', '2026-03-08', '2026-03-07', '2026-03-06'];
  const loadAt = (api: LineApi, path: string) => loadSportsPage(api, 'statistic', {}, new URL(`http://x${path}`), 'en', now);
  const tennis: SportCount = { id: 4, slug: 'tennis', name: 'Tennis', isCyber: false, count: 1 };
  const laLiga = (patch: Partial<ResultItem>) => result({ champId: 8, champName: 'La Liga', ...patch });

  it('reads the sports of the last 7 UTC days, then the results of the busiest sport, and picks its busiest champ', async () => {
    const calls: string[] = [];
    const api = fakeApi({
      results: async (p = {}) => {
        calls.push(JSON.stringify(p));
        if (p.sportId === undefined) return ok({ results: [], sports: p.date === '2026-03-12' ? [football, tennis] : [football] });
        return ok({ results: p.date === '2026-03-12' ? [result({ id: 1 }), laLiga({ id: 2 }), laLiga({ id: 3 })] : [], sports: [] });
      },
    });
    const data = await loadAt(api, '/en/statistic');
    expect(data).toMatchObject({ kind: 'statistic', days, sportId: 1, champId: 8, truncated: false, failed: false });
    if (data.kind !== 'statistic') throw new Error('statistic expected');
    expect(data.sports.map((s) => [s.id, s.count])).toEqual([
      [1, 21],
      [4, 1],
    ]);
    expect(data.champs.map((c) => [c.id, c.count])).toEqual([
      [8, 2],
      [7, 1],
    ]);
    expect(data.results.map((r) => r.id)).toEqual([2, 3]);
    expect(calls.slice(0, 7)).toEqual(days.map((date) => JSON.stringify({ type: 'zone', date, limit: 1 })));
    expect(calls.slice(7)).toEqual(days.map((date) => JSON.stringify({ type: 'zone', sportId: 1, date, limit: 200 })));
  });

  it('takes the sport and the champ of the query', async () => {
    const api = fakeApi({ results: async (p = {}) => ok({ results: p.sportId === 1 ? [result({ id: 1 }), laLiga({ id: 2 }), laLiga({ id: 3 })] : [], sports: [football] }) });
    expect(await loadAt(api, '/en/statistic?sport=1&champ=7')).toMatchObject({ sportId: 1, champId: 7 });
    // A champ the sport has no results of: the busiest one instead.
    expect(await loadAt(api, '/en/statistic?sport=1&champ=99')).toMatchObject({ champId: 8 });
  });

  it('asks for the champ’s own results of a day the sport’s answer was cut short', async () => {
    const calls: string[] = [];
    const busy = Array.from({ length: 200 }, (_, i) => result({ id: 1000 + i, champId: 20 + (i % 5), champName: `Cup ${i % 5}` }));
    const api = fakeApi({
      results: async (p = {}) => {
        if (p.champId !== undefined) {
          calls.push(JSON.stringify(p));
          return ok({ results: [result({ id: 5000, champId: p.champId })], sports: [] });
        }
        return ok({ results: p.sportId !== undefined && p.date === '2026-03-10' ? busy : [], sports: [football] });
      },
    });
    const data = await loadAt(api, '/en/statistic?sport=1&champ=20');
    expect(calls).toEqual([JSON.stringify({ type: 'zone', champId: 20, date: '2026-03-10', limit: 200 })]);
    expect(data).toMatchObject({ champId: 20, results: [{ id: 5000 }], truncated: false });
  });

  it('has nothing to show when no game finished, and says so when the API fails', async () => {
    expect(await loadAt(fakeApi({ results: async () => ok({ results: [], sports: [] }) }), '/en/statistic')).toMatchObject({ sports: [], sportId: null, champId: null, results: [], failed: false });
    expect(await loadAt(fakeApi({ results: async () => fail(0) }), '/en/statistic')).toMatchObject({ failed: true, results: [] });
  });

  it('serves the popup too', async () => {
    expect(await loadSportsPage(fakeApi(), 'statisticpopup', {}, new URL('http://x/en/statisticpopup'), 'en', now)).toMatchObject({ kind: 'statistic' });
  });
});
