import { describe, expect, it } from 'vitest';
import type { ChampItem, SportCount } from '@betsite/contracts';
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

  it('leave the routes of other pages to them', async () => {
    expect(await load(fakeApi(), 'multi', {}, '/en/multi')).toEqual({ kind: 'other' });
  });
});
