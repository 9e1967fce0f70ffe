/**
 * The line API `GET /web-api/line/v1/…` against a world of games the test makes through the
 * operator API (FEED is off): sections and their time filters, champs, cards with the main
 * markets and the game page with all of them, pagination, top, search, team and champ
 * pages, results, the player's hidden sports, and the answers to bad requests.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { describeEachDb } from '@betsite/db/testing';
import {
  ApiErrorSchema,
  ChampResponseSchema,
  ChampsResponseSchema,
  FastRegistrationResponseSchema,
  GameResponseSchema,
  GamesResponseSchema,
  LINE_API_BASE,
  LineErrorCode,
  ResultsResponseSchema,
  SearchResponseSchema,
  SportsResponseSchema,
  TeamResponseSchema,
  GameCardSchema,
  type GameDetail,
  type LineMarket,
  type OpsCreateGame,
  type OpsFinish,
} from '@betsite/contracts';
import { createClock, type ServerClock } from '../../lib/clock.ts';
import { buildTestApp, opsHeaders } from '../../testing.ts';
import { refreshListRows } from './list-rows.ts';
import { lendSession } from '../auth/lent-sessions.ts';

const TopResponseSchema = GamesResponseSchema.pick({ games: true });

let ipCounter = 0;
const nextIp = () => {
  ipCounter++;
  return `10.41.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Seconds from now to the next 12:00 UTC: the results of a day stay on that day. */
const secondsToNoon = (now: number) => {
  const noon = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate(), 12);
  return ((noon > now ? noon : noon + DAY) - now) / 1000;
};

/** The whole-game two-way market of `type` closest to even money, of the preferred scope (list rows show it). */
function mainOf(markets: readonly LineMarket[], type: 'total' | 'handicap', scope: string): LineMarket {
  const candidates = markets.filter((m) => m.type === type && m.scope === scope);
  const imbalance = (m: LineMarket) => Math.abs((m.outcomes[0]?.coef ?? 0) - (m.outcomes[1]?.coef ?? 0));
  const best = candidates.reduce<LineMarket | undefined>((a, m) => (a === undefined || imbalance(m) < imbalance(a) ? m : a), undefined);
  if (!best) throw new Error(`no ${type} on ${scope}`);
  return best;
}

describeEachDb('line API', (t) => {
  let app: FastifyInstance;
  let clock: ServerClock;
  /** When the old results were finished (a noon UTC), and "now" of the rest: two days later. */
  let t0: number;
  let now: number;

  const call = (options: InjectOptions) => app.inject({ remoteAddress: nextIp(), ...options });
  const ops = async (method: 'POST' | 'PATCH', url: string, payload: unknown) => {
    const res = await call({ method, url: `/ops-api/v1/games${url}`, headers: opsHeaders, payload: payload as InjectOptions['payload'] });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res;
  };
  const create = async (body: OpsCreateGame): Promise<GameDetail> => GameResponseSchema.parse((await ops('POST', '', body)).json()).game;
  const finish = async (id: number, body: OpsFinish) => ops('POST', `/${id}/finish`, body);
  const get = async <S extends z.ZodType>(schema: S, path: string, headers: Record<string, string> = {}): Promise<z.output<S>> => {
    const res = await call({ url: `${LINE_API_BASE}${path}`, headers });
    expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    return schema.parse(res.json());
  };
  const expectError = (res: LightMyRequestResponse, status: number, code: string) => {
    expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
    expect(ApiErrorSchema.parse(res.json()).code).toBe(code);
  };
  const ids = (games: readonly { id: number }[]) => games.map((g) => g.id);

  // The world.
  let oldLive: GameDetail, oldZone: GameDetail;
  let fLine1: GameDetail, fLine2: GameDetail, fLine3: GameDetail, fLive1: GameDetail, fCup1: GameDetail, fLive2: GameDetail, fPast: GameDetail;
  let hLine: GameDetail, hLive: GameDetail, tLine: GameDetail;
  let fDone: GameDetail, hCancelled: GameDetail, fLineFinished: GameDetail;
  let PL: number, CUP: number, OLD: number, HOCKEY: number, TENNIS: number;

  beforeAll(async () => {
    clock = createClock({ fake: true });
    app = await buildTestApp(t.handle, { clock, auth: { rateLimits: { registration: 1000, login: 1000 } } });

    clock.advance!(secondsToNoon(clock.now()));
    t0 = clock.now();
    // Two days ago: one game played live, one finished from the line without play.
    oldLive = await create({ sportId: 1, champName: 'Old Results League', home: 'Old Live Home', away: 'Old Live Away', live: true });
    OLD = oldLive.champId;
    await finish(oldLive.id, { score: { home: 1, away: 1 }, periods: [{ home: 1, away: 0 }, { home: 0, away: 1 }] });
    clock.advance!(60);
    oldZone = await create({ sportId: 1, champId: OLD, home: 'Old Zone Home', away: 'Old Zone Away' });
    await finish(oldZone.id, { score: { home: 0, away: 2 }, periods: [{ home: 0, away: 1 }, { home: 0, away: 1 }] });

    clock.advance!(2 * 24 * 3600 - 60);
    now = clock.now();
    // Football: "Premier Test League" and "Cup 50% _Special_".
    fLine1 = await create({ sportId: 1, champName: 'Premier Test League', home: 'Arsenal Test', away: 'Chelsea Test' });
    PL = fLine1.champId;
    fLine2 = await create({ sportId: 1, champId: PL, home: 'Everton Test', away: 'Fulham Test', startsAt: now + 3 * HOUR, isTop: true });
    fLine3 = await create({ sportId: 1, champId: PL, home: 'Leeds Test', away: 'Arsenal Test', startsAt: now + 5 * HOUR });
    fLive1 = await create({ sportId: 1, champId: PL, home: 'Milan Live', away: 'Inter Live', live: true });
    fCup1 = await create({ sportId: 1, champName: 'Cup 50% _Special_', home: 'Roma Cup', away: 'Lazio Cup', startsAt: now + 90 * MINUTE });
    CUP = fCup1.champId;
    fLive2 = await create({ sportId: 1, champId: CUP, home: 'Porto Cup', away: 'Benfica Cup', live: true, startsAt: now - 40 * MINUTE });
    await ops('POST', `/${fLive2.id}/score`, { score: { home: 1, away: 0 }, period: 2 });
    // Its start passed but nobody put it in play: in no section.
    fPast = await create({ sportId: 1, champId: PL, home: 'Late Home', away: 'Late Away', startsAt: now - HOUR });
    // Ice hockey and tennis.
    hLine = await create({ sportId: 2, champName: 'Hockey Test League', home: 'Bruins Ice', away: 'Rangers Ice', startsAt: now + 30 * MINUTE });
    HOCKEY = hLine.champId;
    hLive = await create({ sportId: 2, champId: HOCKEY, home: 'Oilers Ice', away: 'Flames Ice', live: true, startsAt: now - 10 * MINUTE, isTop: true });
    tLine = await create({ sportId: 4, champName: 'Tennis Test Open', home: 'Nadal Court', away: 'Federer Court', startsAt: now + 4 * HOUR });
    TENNIS = tLine.champId;
    // A top competition (filter 6 and the top list).
    await t.db.updateTable('champs').set({ sort_order: 1 }).where('id', '=', TENNIS).execute();
    // Written past the line writer: the list rows (which copy a champ's order) are computed again by hand.
    await refreshListRows(t.db, [tLine.id]);
    // Today's results: played live; cancelled; finished from the line.
    fDone = await create({ sportId: 1, champId: PL, home: 'Done Home', away: 'Done Away', live: true });
    await finish(fDone.id, { score: { home: 3, away: 1 }, periods: [{ home: 2, away: 0 }, { home: 1, away: 1 }] });
    hCancelled = await create({ sportId: 2, champId: HOCKEY, home: 'Cancelled Home', away: 'Cancelled Away' });
    await finish(hCancelled.id, { score: { home: 0, away: 0 }, cancelled: true });
    fLineFinished = await create({ sportId: 1, champId: CUP, home: 'Walkover Home', away: 'Walkover Away' });
    await finish(fLineFinished.id, { score: { home: 3, away: 0 }, periods: [{ home: 3, away: 0 }, { home: 0, away: 0 }] });
  });
  afterAll(() => app.close());

  const counts = (sports: readonly { id: number; count: number }[]) => Object.fromEntries(sports.map((s) => [s.id, s.count]));

  describe('sports', () => {
    it('counts the games of each sport in the line and in live, and leaves out sports without games', async () => {
      const line = await get(SportsResponseSchema, '/sports?section=line');
      expect(line.section).toBe('line');
      expect(line.sports).toEqual([
        { id: 1, slug: 'football', name: 'Football', isCyber: false, count: 4 },
        { id: 2, slug: 'ice-hockey', name: 'Ice Hockey', isCyber: false, count: 1 },
        { id: 4, slug: 'tennis', name: 'Tennis', isCyber: false, count: 1 },
      ]);
      const live = await get(SportsResponseSchema, '/sports?section=live');
      expect(live.section).toBe('live');
      expect(counts(live.sports)).toEqual({ 1: 2, 2: 1 });
    });

    it('applies the time filters: 1 upcoming, 2 and 3 the period in play, 6 recommended', async () => {
      const line = async (filter: number) => counts((await get(SportsResponseSchema, `/sports?section=line&filter=${filter}`)).sports);
      const live = async (filter: number) => counts((await get(SportsResponseSchema, `/sports?section=live&filter=${filter}`)).sports);
      // Line: 1 = starting within 2 hours; 2 and 3 are as 0; 6 = top games and top competitions.
      expect(await line(0)).toEqual({ 1: 4, 2: 1, 4: 1 });
      expect(await line(1)).toEqual({ 1: 2, 2: 1 });
      expect(await line(2)).toEqual({ 1: 4, 2: 1, 4: 1 });
      expect(await line(3)).toEqual({ 1: 4, 2: 1, 4: 1 });
      expect(await line(6)).toEqual({ 1: 1, 4: 1 });
      // Live: 1 = started within the last 30 minutes; 2 first period; 3 second period.
      expect(await live(1)).toEqual({ 1: 1, 2: 1 });
      expect(await live(2)).toEqual({ 1: 1, 2: 1 });
      expect(await live(3)).toEqual({ 1: 1 });
      expect(await live(6)).toEqual({ 2: 1 });
    });

    it('is a private list a browser may keep for a moment', async () => {
      const res = await call({ url: `${LINE_API_BASE}/sports?section=line` });
      expect(res.headers['cache-control']).toBe('private, max-age=2');
    });
  });

  describe('champs of a sport', () => {
    it('lists the champs with games in the section, with their counts and country', async () => {
      const line = await get(ChampsResponseSchema, '/champs?section=line&sportId=1');
      expect(line.champs).toEqual([
        { id: CUP, sportId: 1, name: 'Cup 50% _Special_', country: { id: expect.any(Number), name: 'World', code: 'WORLD' }, order: 100, count: 1 },
        { id: PL, sportId: 1, name: 'Premier Test League', country: { id: expect.any(Number), name: 'World', code: 'WORLD' }, order: 100, count: 3 },
      ]);
      expect((await get(ChampsResponseSchema, '/champs?section=line&sportId=1&filter=1')).champs.map((c) => [c.id, c.count])).toEqual([
        [CUP, 1],
        [PL, 1],
      ]);
      expect((await get(ChampsResponseSchema, '/champs?section=live&sportId=1')).champs.map((c) => [c.id, c.count])).toEqual([
        [CUP, 1],
        [PL, 1],
      ]);
      expect((await get(ChampsResponseSchema, '/champs?section=live&sportId=1&filter=3')).champs.map((c) => c.id)).toEqual([CUP]);
      expect((await get(ChampsResponseSchema, '/champs?section=line&sportId=4')).champs).toEqual([
        expect.objectContaining({ id: TENNIS, sportId: 4, name: 'Tennis Test Open', order: 1, count: 1 }),
      ]);
      // A sport without games in the section.
      expect((await get(ChampsResponseSchema, '/champs?section=live&sportId=4')).champs).toEqual([]);
      expect((await get(ChampsResponseSchema, '/champs?section=line&sportId=3')).champs).toEqual([]);
    });
  });

  describe('games', () => {
    it('lists a section by sport, champ and kick-off, with total, limit and offset', async () => {
      const all = await get(GamesResponseSchema, '/games?section=line&sportId=1');
      expect(all.total).toBe(4);
      expect(ids(all.games)).toEqual([fLine1.id, fLine2.id, fLine3.id, fCup1.id]);
      const page = await get(GamesResponseSchema, '/games?section=line&sportId=1&limit=2&offset=1');
      expect(page.total).toBe(4);
      expect(ids(page.games)).toEqual([fLine2.id, fLine3.id]);
      const past = await get(GamesResponseSchema, '/games?section=line&sportId=1&limit=2&offset=4');
      expect(past).toEqual({ total: 4, games: [] });

      const everything = await get(GamesResponseSchema, '/games?section=line');
      expect(everything.total).toBe(6);
      expect(ids(everything.games)).toEqual([fLine1.id, fLine2.id, fLine3.id, fCup1.id, hLine.id, tLine.id]);
      const byChamp = await get(GamesResponseSchema, `/games?section=line&champId=${CUP}`);
      expect(ids(byChamp.games)).toEqual([fCup1.id]);
      // No game is in both sections; finished and stale ones are in neither.
      const live = await get(GamesResponseSchema, '/games?section=live');
      expect(ids(live.games)).toEqual([fLive1.id, fLive2.id, hLive.id]);
      for (const gone of [fPast, fDone, hCancelled, fLineFinished, oldLive, oldZone]) {
        expect(ids([...everything.games, ...live.games])).not.toContain(gone.id);
      }
    });

    it('applies the time filters to the list', async () => {
      const list = async (query: string) => {
        const answer = await get(GamesResponseSchema, `/games?${query}`);
        expect(answer.total).toBe(answer.games.length);
        return ids(answer.games);
      };
      expect(await list('section=line&filter=1')).toEqual([fLine1.id, fCup1.id, hLine.id]);
      expect(await list('section=line&filter=6')).toEqual([fLine2.id, tLine.id]);
      expect(await list('section=line&filter=2')).toEqual(await list('section=line'));
      expect(await list('section=live&filter=1')).toEqual([fLive1.id, hLive.id]);
      expect(await list('section=live&filter=2')).toEqual([fLive1.id, hLive.id]);
      expect(await list('section=live&filter=3')).toEqual([fLive2.id]);
      expect(await list('section=live&filter=6')).toEqual([hLive.id]);
    });

    it('shows the scoreboard of a live game on its card', async () => {
      const { games } = await get(GamesResponseSchema, `/games?section=live&champId=${CUP}`);
      expect(games).toHaveLength(1);
      expect(games[0]).toMatchObject({
        id: fLive2.id,
        status: 2,
        isLive: true,
        isFinished: false,
        live: { period: 2, score: { home: 1, away: 0 }, periods: [{ home: 0, away: 0 }, { home: 1, away: 0 }], clock: { seconds: 0, running: true, rate: 1 } },
      });
      const { games: line } = await get(GamesResponseSchema, `/games?section=line&champId=${CUP}`);
      expect(line[0]).toMatchObject({ id: fCup1.id, status: 1, isLive: false, live: null, startsAt: now + 90 * MINUTE });
    });

    it('gives a card the main markets only (1X2 or winner, the main total, the main handicap) and the game page all of them', async () => {
      for (const game of [fLine1, hLine, tLine]) {
        const detail = (await get(GameResponseSchema, `/games/${game.id}`)).game;
        expect(detail.markets.length).toBe(detail.marketsCount);
        const { games } = await get(GamesResponseSchema, `/games?section=line&champId=${game.champId}`);
        const card = games.find((g) => g.id === game.id);
        if (!card) throw new Error(`game ${game.id} is not listed`);
        expect(card.marketsCount).toBe(detail.marketsCount);
        const expected =
          game.sportId === 1
            ? [detail.markets.find((m) => m.key === '1x2:match'), mainOf(detail.markets, 'total', 'match'), mainOf(detail.markets, 'handicap', 'match')]
            : game.sportId === 2
              ? [
                  detail.markets.find((m) => m.key === 'winner:match'),
                  detail.markets.find((m) => m.key === '1x2:regular'),
                  mainOf(detail.markets, 'total', 'regular'),
                  mainOf(detail.markets, 'handicap', 'regular'),
                ]
              : // Tennis: the total of games (periods-sum) before the total of sets; the set handicap of the match.
                [detail.markets.find((m) => m.key === 'winner:match'), mainOf(detail.markets, 'handicap', 'match'), mainOf(detail.markets, 'total', 'periods-sum')];
        expect(card.markets.map((m) => m.key).sort()).toEqual(expected.map((m) => m?.key).sort());
        // A card's market is the game page's, outcome for outcome.
        for (const market of card.markets) expect(market).toEqual(detail.markets.find((m) => m.key === market.key));
        // Nothing of a single period.
        expect(card.markets.every((m) => !/^p\d+$/.test(m.scope))).toBe(true);
      }
      const football = (await get(GameResponseSchema, `/games/${fLine1.id}`)).game;
      expect(football.marketsCount).toBe(44);
      expect(football.markets.filter((m) => m.type === 'total' && m.scope === 'match')).toHaveLength(10);
      expect(football.markets.some((m) => m.scope === 'p1') && football.markets.some((m) => m.scope === 'p2')).toBe(true);
    });

    it('answers a game page with every market, the format and no result, uncached', async () => {
      const res = await call({ url: `${LINE_API_BASE}/games/${fLine1.id}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      const { game } = GameResponseSchema.parse(res.json());
      expect(game).toEqual(fLine1);
      expect(game).toMatchObject({
        sportId: 1,
        sportSlug: 'football',
        champId: PL,
        champName: 'Premier Test League',
        countryCode: 'WORLD',
        home: { name: 'Arsenal Test' },
        away: { name: 'Chelsea Test' },
        startsAt: now + HOUR,
        status: 1,
        isLive: false,
        isFinished: false,
        isTop: false,
        suspended: false,
        live: null,
        format: { periods: 2, periodMinutes: 45 },
        result: null,
      });
      expect(game.permanentId).toMatch(/^ops:/);
      // Any game, whatever its state.
      const done = (await get(GameResponseSchema, `/games/${fDone.id}`)).game;
      expect(done).toMatchObject({ status: 4, isFinished: true, result: { score: { home: 3, away: 1 }, cancelled: false } });
    });

    it('answers 404 for unknown games, champs and sports', async () => {
      expectError(await call({ url: `${LINE_API_BASE}/games/999999` }), 404, LineErrorCode.gameNotFound);
      expectError(await call({ url: `${LINE_API_BASE}/games?section=line&champId=999999` }), 404, LineErrorCode.champNotFound);
      expectError(await call({ url: `${LINE_API_BASE}/games?section=line&sportId=5` }), 404, LineErrorCode.sportNotFound);
    });
  });

  describe('top', () => {
    it('lists the operator picks first, then the top competitions, then by kick-off', async () => {
      const line = await get(TopResponseSchema, '/top?section=line');
      expect(ids(line.games)).toEqual([fLine2.id, tLine.id, hLine.id, fLine1.id, fCup1.id, fLine3.id]);
      expect(line.games[0]?.isTop).toBe(true);
      expect(line.games.every((g) => GameCardSchema.safeParse(g).success && g.markets.length > 0)).toBe(true);
      expect(ids((await get(TopResponseSchema, '/top?section=line&limit=2')).games)).toEqual([fLine2.id, tLine.id]);
      expect(ids((await get(TopResponseSchema, '/top?section=live')).games)).toEqual([hLive.id, fLive2.id, fLive1.id]);
    });
  });

  describe('search', () => {
    it('finds teams and their games by a part of the name, case-insensitively', async () => {
      const found = await get(SearchResponseSchema, '/search?q=arsenal');
      expect(found.teams).toEqual([{ id: fLine1.home.id, sportId: 1, name: 'Arsenal Test', country: { id: expect.any(Number), name: 'World', code: 'WORLD' } }]);
      expect(fLine3.away.id).toBe(fLine1.home.id);
      expect(ids(found.games)).toEqual([fLine1.id, fLine3.id]);
      expect(found.champs).toEqual([]);
    });

    it('finds champs and the games in them, live first, then by kick-off', async () => {
      const found = await get(SearchResponseSchema, '/search?q=test%20league');
      expect(found.champs.map((c) => [c.name, c.count])).toEqual([
        ['Hockey Test League', 2],
        ['Premier Test League', 4],
      ]);
      expect(found.teams).toEqual([]);
      expect(ids(found.games)).toEqual([hLive.id, fLive1.id, hLine.id, fLine1.id, fLine2.id, fLine3.id]);
      expect(ids((await get(SearchResponseSchema, '/search?q=test%20league&limit=2')).games)).toEqual([hLive.id, fLive1.id]);
    });

    it('reads %, _ and \\ as letters, not wildcards', async () => {
      const percent = await get(SearchResponseSchema, `/search?q=${encodeURIComponent('50%')}`);
      expect(percent.champs.map((c) => c.id)).toEqual([CUP]);
      expect(ids(percent.games)).toEqual([fLive2.id, fCup1.id]);
      const underscore = await get(SearchResponseSchema, `/search?q=${encodeURIComponent('_special_')}`);
      expect(underscore.champs.map((c) => c.id)).toEqual([CUP]);
      // As wildcards these would match "Roma Cup", "Test League" and every name.
      for (const q of ['R_ma', 't%l', '%%', '__', 'ab\\', 'a\\%', "o'b"]) {
        expect(await get(SearchResponseSchema, `/search?q=${encodeURIComponent(q)}`), q).toEqual({ champs: [], teams: [], games: [] });
      }
    });

    it('leaves finished games out of the games it finds', async () => {
      const found = await get(SearchResponseSchema, '/search?q=done');
      expect(found.teams.map((team) => team.name)).toEqual(['Done Away', 'Done Home']);
      expect(found.games).toEqual([]);
    });
  });

  describe('team and champ pages', () => {
    it('shows a team with its current games and results', async () => {
      const page = await get(TeamResponseSchema, `/teams/${fLine1.home.id}`);
      expect(page.team).toEqual({ id: fLine1.home.id, sportId: 1, name: 'Arsenal Test', country: { id: expect.any(Number), name: 'World', code: 'WORLD' } });
      expect(ids(page.games)).toEqual([fLine1.id, fLine3.id]);
      expect(page.results).toEqual([]);
      const done = await get(TeamResponseSchema, `/teams/${fDone.away.id}`);
      expect(done.games).toEqual([]);
      expect(done.results).toEqual([
        {
          id: fDone.id,
          sportId: 1,
          champId: PL,
          champName: 'Premier Test League',
          home: fDone.home,
          away: fDone.away,
          startsAt: now,
          finishedAt: now,
          status: 4,
          score: { home: 3, away: 1 },
          periods: [
            { home: 2, away: 0 },
            { home: 1, away: 1 },
          ],
        },
      ]);
    });

    it('shows a champ with its line and live games (live first) and its results', async () => {
      const page = await get(ChampResponseSchema, `/champs/${PL}`);
      expect(page.champ).toMatchObject({ id: PL, sportId: 1, name: 'Premier Test League', order: 100, count: 4 });
      expect(ids(page.games)).toEqual([fLive1.id, fLine1.id, fLine2.id, fLine3.id]);
      expect(ids(page.results)).toEqual([fDone.id]);
      const old = await get(ChampResponseSchema, `/champs/${OLD}`);
      expect(old.champ.count).toBe(0);
      expect(old.games).toEqual([]);
      expect(ids(old.results)).toEqual([oldZone.id, oldLive.id]);
    });

    it('answers 404 for unknown teams and champs', async () => {
      expectError(await call({ url: `${LINE_API_BASE}/teams/999999` }), 404, LineErrorCode.teamNotFound);
      expectError(await call({ url: `${LINE_API_BASE}/champs/999999` }), 404, LineErrorCode.champNotFound);
    });
  });

  describe('results', () => {
    it('lists the last 24 hours by default: finished and cancelled, with the sports that have some', async () => {
      const zone = await get(ResultsResponseSchema, '/results');
      expect(ids(zone.results)).toEqual([fDone.id, fLineFinished.id, hCancelled.id]);
      expect(zone.results.map((r) => [r.status, r.score])).toEqual([
        [4, { home: 3, away: 1 }],
        [4, { home: 3, away: 0 }],
        [5, { home: 0, away: 0 }],
      ]);
      expect(zone.results.every((r) => r.finishedAt === now)).toBe(true);
      expect(zone.sports.map((s) => [s.id, s.count])).toEqual([
        [1, 2],
        [2, 1],
      ]);
      expect(await get(ResultsResponseSchema, '/results?type=zone')).toEqual(zone);
    });

    it('lists only games played in live with type=live', async () => {
      const live = await get(ResultsResponseSchema, '/results?type=live');
      expect(ids(live.results)).toEqual([fDone.id]);
      expect(live.sports.map((s) => [s.id, s.count])).toEqual([[1, 1]]);
    });

    it('filters by sport (the sports list stays whole), champ and UTC day', async () => {
      const hockey = await get(ResultsResponseSchema, '/results?sportId=2');
      expect(ids(hockey.results)).toEqual([hCancelled.id]);
      expect(hockey.sports.map((s) => s.id)).toEqual([1, 2]);
      expect(ids((await get(ResultsResponseSchema, `/results?champId=${CUP}`)).results)).toEqual([fLineFinished.id]);
      expect(ids((await get(ResultsResponseSchema, '/results?limit=1')).results)).toEqual([fDone.id]);

      const day = await get(ResultsResponseSchema, `/results?date=${utcDay(t0)}`);
      expect(ids(day.results)).toEqual([oldZone.id, oldLive.id]);
      expect(day.results.map((r) => r.finishedAt)).toEqual([t0 + MINUTE, t0]);
      expect(ids((await get(ResultsResponseSchema, `/results?type=live&date=${utcDay(t0)}`)).results)).toEqual([oldLive.id]);
      expect(ids((await get(ResultsResponseSchema, `/results?date=${utcDay(now)}`)).results)).toEqual([fDone.id, fLineFinished.id, hCancelled.id]);
      expect(await get(ResultsResponseSchema, `/results?date=${utcDay(t0 + DAY)}`)).toEqual({ results: [], sports: [] });
      expect(await get(ResultsResponseSchema, `/results?sportId=4`)).toMatchObject({ results: [] });
    });

    it('answers 404 for an unknown sport or champ', async () => {
      expectError(await call({ url: `${LINE_API_BASE}/results?sportId=7` }), 404, LineErrorCode.sportNotFound);
      expectError(await call({ url: `${LINE_API_BASE}/results?champId=999999` }), 404, LineErrorCode.champNotFound);
      expectError(await call({ url: `${LINE_API_BASE}/champs?section=line&sportId=5` }), 404, LineErrorCode.sportNotFound);
    });
  });

  describe('invalid requests', () => {
    it('answer 400 invalid_request', async () => {
      const bad = [
        '/sports',
        '/sports?section=foo',
        '/sports?section=LINE',
        '/sports?section=line&filter=4',
        '/sports?section=line&filter=abc',
        '/sports?section=line&filter=1.5',
        '/sports?section=line&sportId=1',
        '/champs?section=line',
        '/champs?section=line&sportId=0',
        '/champs?section=line&sportId=abc',
        '/champs?section=line&sportId=1&filter=5',
        '/games',
        '/games?section=line&limit=201',
        '/games?section=line&limit=0',
        '/games?section=line&offset=-1',
        '/games?section=line&champId=0',
        '/games?section=line&page=2',
        '/games/abc',
        '/games/0',
        '/games/1.5',
        '/top',
        '/top?section=line&limit=51',
        '/top?section=line&filter=1',
        '/search',
        '/search?q=a',
        '/search?q=%20a%20',
        `/search?q=${'x'.repeat(65)}`,
        '/search?q=test&limit=51',
        '/search?q=test&section=line',
        '/teams/abc',
        '/teams/0',
        '/champs/-1',
        '/results?type=foo',
        '/results?date=2024-13-01',
        '/results?date=yesterday',
        '/results?date=0000-01-01',
        '/results?date=9999-12-31',
        '/results?limit=201',
        '/results?section=line',
      ];
      for (const path of bad) expectError(await call({ url: `${LINE_API_BASE}${path}` }), 400, 'invalid_request');
    });
  });

  describe("a player's hidden sports", () => {
    const register = async () => {
      const res = await call({ method: 'POST', url: '/web-api/registration/v1/fast', payload: { country: 'gb', currency: 'GBP', language: 'en', bonusChoice: 1 } });
      expect(res.statusCode, res.body).toBe(201);
      return FastRegistrationResponseSchema.parse(res.json());
    };

    it('are left out of sports, champs, games, top and search in the section they were hidden in', async () => {
      const player = await register();
      await t.db
        .insertInto('user_disallowed_sports')
        .values([
          { user_id: player.userId, market: 'line', sport_id: 1 },
          { user_id: player.userId, market: 'live', sport_id: 2 },
        ])
        .execute();
      const as = { 'x-auth': player.token };

      expect(counts((await get(SportsResponseSchema, '/sports?section=line', as)).sports)).toEqual({ 2: 1, 4: 1 });
      expect(counts((await get(SportsResponseSchema, '/sports?section=live', as)).sports)).toEqual({ 1: 2 });
      expect(counts((await get(SportsResponseSchema, '/sports?section=line&filter=1', as)).sports)).toEqual({ 2: 1 });
      expect((await get(ChampsResponseSchema, '/champs?section=line&sportId=1', as)).champs).toEqual([]);
      expect((await get(ChampsResponseSchema, '/champs?section=live&sportId=1', as)).champs).toHaveLength(2);
      expect((await get(ChampsResponseSchema, '/champs?section=live&sportId=2', as)).champs).toEqual([]);

      expect(await get(GamesResponseSchema, '/games?section=line&sportId=1', as)).toEqual({ total: 0, games: [] });
      const line = await get(GamesResponseSchema, '/games?section=line', as);
      expect([line.total, ids(line.games)]).toEqual([2, [hLine.id, tLine.id]]);
      const live = await get(GamesResponseSchema, '/games?section=live', as);
      expect([live.total, ids(live.games)]).toEqual([2, [fLive1.id, fLive2.id]]);

      expect(ids((await get(TopResponseSchema, '/top?section=line', as)).games)).toEqual([tLine.id, hLine.id]);
      expect(ids((await get(TopResponseSchema, '/top?section=live', as)).games)).toEqual([fLive2.id, fLive1.id]);

      // Football shows only as live, hockey only as line.
      const found = await get(SearchResponseSchema, '/search?q=test%20league', as);
      expect(ids(found.games)).toEqual([fLive1.id, hLine.id]);
      expect(found.champs.map((c) => [c.name, c.count])).toEqual([
        ['Hockey Test League', 1],
        ['Premier Test League', 1],
      ]);
      expect(ids((await get(SearchResponseSchema, '/search?q=arsenal', as)).games)).toEqual([]);
      expect(ids((await get(ChampResponseSchema, `/champs/${PL}`, as)).games)).toEqual([fLive1.id]);
      expect(ids((await get(TeamResponseSchema, `/teams/${fLine1.home.id}`, as)).games)).toEqual([]);

      // The game page itself is not a list: it still answers.
      expect((await get(GameResponseSchema, `/games/${fLine1.id}`, as)).game.id).toBe(fLine1.id);
    });

    it('are read once for a page’s own calls (one lent session), and afresh by the next request', async () => {
      const player = await register();
      const page = lendSession({ tokenHash: 'page', userId: player.userId, expiresAt: new Date(Date.now() + 60_000), remember: false, via: 'cookie' });
      try {
        expect(counts((await get(SportsResponseSchema, '/sports?section=line', page.header)).sports)).toEqual({ 1: 4, 2: 1, 4: 1 });
        await t.db.insertInto('user_disallowed_sports').values({ user_id: player.userId, market: 'line', sport_id: 1 }).execute();
        // The page's second call keeps the page's view of its player...
        expect(counts((await get(SportsResponseSchema, '/sports?section=line&filter=0', page.header)).sports)).toEqual({ 1: 4, 2: 1, 4: 1 });
      } finally {
        page.release();
      }
      // ...and the player's next request sees the change.
      expect(counts((await get(SportsResponseSchema, '/sports?section=line', { 'x-auth': player.token })).sports)).toEqual({ 2: 1, 4: 1 });
    });

    it('are nobody else’s: another player and a visitor see everything', async () => {
      const other = await register();
      const as = { 'x-auth': other.token };
      for (const headers of [as, {}]) {
        expect(counts((await get(SportsResponseSchema, '/sports?section=line', headers)).sports)).toEqual({ 1: 4, 2: 1, 4: 1 });
        expect(counts((await get(SportsResponseSchema, '/sports?section=live', headers)).sports)).toEqual({ 1: 2, 2: 1 });
        expect((await get(GamesResponseSchema, '/games?section=line', headers)).total).toBe(6);
      }
    });
  });
});
