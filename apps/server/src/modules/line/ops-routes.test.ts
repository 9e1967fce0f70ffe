/**
 * The operator's game endpoints `/ops-api/v1/games…`: the token, making games, prices and
 * blocked flags (all or nothing), suspending and resuming, scores that put a game in play,
 * finishing with every outcome settled (SPEC §3 statuses), the end of changes after the
 * result, and concurrent price changes from two nodes.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '@betsite/db';
import { describeEachDb } from '@betsite/db/testing';
import {
  ApiErrorSchema,
  GameResponseSchema,
  GamesResponseSchema,
  LINE_API_BASE,
  LineErrorCode,
  OpsFinishResponseSchema,
  ResultsResponseSchema,
  type GameDetail,
  type OpsCreateGame,
} from '@betsite/contracts';
import { createClock, type ServerClock } from '../../lib/clock.ts';
import { buildTestApp, opsHeaders } from '../../testing.ts';

const BASE = '/ops-api/v1/games';

describeEachDb('operator game endpoints', (t) => {
  let app: FastifyInstance;
  let clock: ServerClock;

  beforeAll(async () => {
    clock = createClock({ fake: true });
    app = await buildTestApp(t.handle, { clock });
  });
  afterAll(() => app.close());

  const opsCall = (method: 'POST' | 'PATCH', url: string, payload?: unknown, headers: Record<string, string> = opsHeaders) =>
    app.inject({ method, url: `${BASE}${url}`, headers, ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }) });
  const expectError = (res: LightMyRequestResponse, status: number, code: string) => {
    expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
    expect(ApiErrorSchema.parse(res.json()).code).toBe(code);
  };
  const gameOf = (res: LightMyRequestResponse, status = 200): GameDetail => {
    expect(res.statusCode, res.body).toBe(status);
    return GameResponseSchema.parse(res.json()).game;
  };
  let counter = 0;
  const create = async (body: Partial<OpsCreateGame> = {}): Promise<GameDetail> => {
    counter++;
    return gameOf(await opsCall('POST', '', { sportId: 1, champName: 'Ops Test League', home: `Home ${counter}`, away: `Away ${counter}`, ...body }), 201);
  };
  const read = async (id: number): Promise<GameDetail> => {
    const res = await app.inject({ url: `${LINE_API_BASE}/games/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    return GameResponseSchema.parse(res.json()).game;
  };
  const outcome = (game: GameDetail, key: string) => {
    const found = game.markets.flatMap((m) => m.outcomes).find((o) => o.key === key);
    if (!found) throw new Error(`no outcome ${key}`);
    return found;
  };
  const market = (game: GameDetail, key: string) => {
    const found = game.markets.find((m) => m.key === key);
    if (!found) throw new Error(`no market ${key}`);
    return found;
  };
  const section = async (name: 'line' | 'live', champId: number) => {
    const res = await app.inject({ url: `${LINE_API_BASE}/games?section=${name}&champId=${champId}&limit=200` });
    return GamesResponseSchema.parse(res.json()).games.map((g) => g.id);
  };
  /** Everything the game page shows, without the clock's moment (a read does not change it). */
  const state = async (id: number) => read(id);

  describe('the token', () => {
    it('is required on every endpoint: none or a wrong one answers 401', async () => {
      const game = await create();
      const calls: [method: 'POST' | 'PATCH', url: string, payload: unknown][] = [
        ['POST', '', { sportId: 1, champName: 'X', home: 'A', away: 'B' }],
        ['PATCH', `/${game.id}/odds`, { outcomes: [] }],
        ['PATCH', `/${game.id}`, { isTop: true }],
        ['POST', `/${game.id}/suspend`, {}],
        ['POST', `/${game.id}/resume`, {}],
        ['POST', `/${game.id}/score`, { score: { home: 1, away: 0 } }],
        ['POST', `/${game.id}/finish`, { score: { home: 1, away: 0 } }],
      ];
      const wrong: Record<string, string>[] = [{}, { authorization: 'Bearer wrong-token-0123456789abcdef' }, { authorization: opsHeaders.authorization.replace('Bearer ', 'Basic ') }, { authorization: 'Bearer ' }];
      for (const headers of wrong) {
        for (const [method, url, payload] of calls) expectError(await opsCall(method, url, payload, headers), 401, 'unauthorized');
      }
      expect(await read(game.id)).toEqual(game);
    });
  });

  describe('making a game', () => {
    it('makes a line game in a new champ, priced, starting in an hour by default', async () => {
      const game = await create({ champName: 'Brand New Cup', home: 'North', away: 'South' });
      expect(game).toMatchObject({
        sportId: 1,
        sportSlug: 'football',
        champName: 'Brand New Cup',
        countryCode: 'WORLD',
        home: { name: 'North' },
        away: { name: 'South' },
        startsAt: clock.now() + 3_600_000,
        status: 1,
        isLive: false,
        isFinished: false,
        isTop: false,
        liveInLive: false,
        suspended: false,
        live: null,
        result: null,
        format: { periods: 2, periodMinutes: 45 },
      });
      expect(game.marketsCount).toBe(game.markets.length);
      expect(game.markets.length).toBeGreaterThan(10);
      for (const m of game.markets) {
        expect(m.blocked).toBe(false);
        for (const o of m.outcomes) {
          expect(o.coef).toBeGreaterThan(1);
          expect(o.status).toBeUndefined();
        }
      }
      expect(await read(game.id)).toEqual(game);
      expect(await section('line', game.champId)).toEqual([game.id]);
      expect(await section('live', game.champId)).toEqual([]);
    });

    it('adds a game to an existing champ by id, and reuses a champ and teams by name', async () => {
      const first = await create({ champName: 'Shared Champ', home: 'Alpha', away: 'Beta' });
      const byId = await create({ champId: first.champId, home: 'Gamma', away: 'Alpha', isTop: true, liveInLive: true, startsAt: clock.now() + 7_200_000 });
      expect(byId).toMatchObject({ champId: first.champId, champName: 'Shared Champ', isTop: true, liveInLive: true, startsAt: clock.now() + 7_200_000 });
      expect(byId.away.id).toBe(first.home.id);
      const byName = await create({ champName: 'shared champ', home: 'BETA', away: 'Delta' });
      expect(byName.champId).toBe(first.champId);
      expect(byName.home.id).toBe(first.away.id);
      expect(await section('line', first.champId)).toEqual([first.id, byName.id, byId.id]);
    });

    it('makes a live game: in play at once, in the live section', async () => {
      const game = await create({ champName: 'Live Made Cup', live: true });
      expect(game).toMatchObject({
        status: 2,
        isLive: true,
        startsAt: clock.now(),
        live: { period: 1, score: { home: 0, away: 0 }, periods: [{ home: 0, away: 0 }], clock: { seconds: 0, running: true, rate: 1, at: clock.now() } },
      });
      expect(await section('live', game.champId)).toEqual([game.id]);
      expect(await section('line', game.champId)).toEqual([]);
    });

    it('prices other sports by their own catalogue', async () => {
      const tennis = await create({ sportId: 4, champName: 'Ops Tennis', home: 'Server', away: 'Receiver' });
      expect(tennis).toMatchObject({ sportId: 4, sportSlug: 'tennis', format: { periods: 3, setsToWin: 2 } });
      expect(tennis.markets.map((m) => m.key)).toContain('winner:match');
      expect(tennis.markets.map((m) => m.key)).not.toContain('1x2:match');
    });

    it('answers 404 for an unknown sport or champ, or a champ of another sport', async () => {
      expectError(await opsCall('POST', '', { sportId: 5, champName: 'Nowhere', home: 'A', away: 'B' }), 404, LineErrorCode.sportNotFound);
      expectError(await opsCall('POST', '', { sportId: 1, champId: 999_999, home: 'A', away: 'B' }), 404, LineErrorCode.champNotFound);
      const football = await create({ champName: 'Football Only' });
      expectError(await opsCall('POST', '', { sportId: 2, champId: football.champId, home: 'A', away: 'B' }), 404, LineErrorCode.champNotFound);
      // Nothing was made by the refusals.
      expect(await section('line', football.champId)).toEqual([football.id]);
      expect(await t.db.selectFrom('champs').select('id').where('name', '=', 'Nowhere').execute()).toEqual([]);
    });

    it('answers 400 for invalid bodies', async () => {
      const bodies: unknown[] = [
        undefined,
        {},
        { sportId: 1, home: 'A', away: 'B' }, // neither champId nor champName
        { sportId: 1, champName: 'C', home: '', away: 'B' },
        { sportId: 1, champName: 'C', home: '   ', away: 'B' },
        { sportId: 1, champName: 'C', home: 'A' },
        { sportId: 1, champName: 'C', home: 'A'.repeat(101), away: 'B' },
        { sportId: 0, champName: 'C', home: 'A', away: 'B' },
        { sportId: 1000, champName: 'C', home: 'A', away: 'B' },
        { sportId: 1, champId: 0, home: 'A', away: 'B' },
        { sportId: 1, champName: 'C', home: 'A', away: 'B', startsAt: -1 },
        { sportId: 1, champName: 'C', home: 'A', away: 'B', startsAt: 1.5 },
        { sportId: 1, champName: 'C', home: 'A', away: 'B', live: 'yes' },
        { sportId: 1, champName: 'C', home: 'A', away: 'B', extra: true },
        // Ids in a body are numbers; times and scores within sane bounds (not a 500 further on).
        { sportId: '1', champName: 'C', home: 'A', away: 'B' },
        { sportId: 1, champId: '3', home: 'A', away: 'B' },
        { sportId: 1, champName: 'C', home: 'A', away: 'B', startsAt: 9e15 },
        { sportId: 1, champName: 'C', home: 'A', away: 'B', startsAt: Date.UTC(2101, 0, 1) },
      ];
      for (const body of bodies) expectError(await opsCall('POST', '', body), 400, 'invalid_request');
    });

    it('refuses a game of a team against itself (teams are one per name, in any case): 400', async () => {
      for (const [home, away] of [
        ['Mirror FC', 'Mirror FC'],
        ['Mirror FC', 'mirror fc'],
        ['Mirror FC', ' MIRROR FC '],
      ]) {
        const res = await opsCall('POST', '', { sportId: 1, champName: 'Mirror League', home, away });
        expectError(res, 400, 'invalid_request');
        expect(ApiErrorSchema.parse(res.json()).details).toEqual([{ path: 'body.away', message: expect.any(String) }]);
      }
      expect(await t.db.selectFrom('champs').select('id').where('name', '=', 'Mirror League').execute()).toEqual([]);
    });

    it('makes games concurrently on two nodes, sharing the champ and the teams they name', async () => {
      const secondDb: DbHandle = t.handle.url ? await createDb({ databaseUrl: t.handle.url }) : t.handle;
      const second = await buildTestApp(secondDb, { clock });
      try {
        const pairs = Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? ['Race North', 'Race South'] : ['race south', 'RACE NORTH']));
        const answers = await Promise.all(
          pairs.map(([home, away], i) =>
            (i % 2 === 0 ? app : second).inject({ method: 'POST', url: BASE, headers: opsHeaders, payload: { sportId: 1, champName: 'Race Cup', home, away } }),
          ),
        );
        const games = answers.map((a) => gameOf(a, 201));
        expect(new Set(games.map((g) => g.champId)).size).toBe(1);
        expect(new Set(games.flatMap((g) => [g.home.id, g.away.id])).size).toBe(2);
        expect(new Set(games.map((g) => g.id)).size).toBe(12);
        expect((await section('line', games[0]!.champId)).sort((a, b) => a - b)).toEqual(games.map((g) => g.id).sort((a, b) => a - b));
      } finally {
        await second.close();
        if (secondDb !== t.handle) await secondDb.close();
      }
    });
  });

  describe('flags', () => {
    it('marks a game top (it leads the top games) and live-in-live, and takes them back', async () => {
      const game = await create();
      const marked = gameOf(await opsCall('PATCH', `/${game.id}`, { isTop: true, liveInLive: true }));
      expect(marked).toMatchObject({ isTop: true, liveInLive: true });
      expect(await read(game.id)).toEqual(marked);
      const top = (await app.inject({ url: '/web-api/line/v1/top?section=line&limit=1' })).json() as { games: { id: number }[] };
      expect(top.games[0]?.id).toBe(game.id);
      expect(gameOf(await opsCall('PATCH', `/${game.id}`, { isTop: false }))).toMatchObject({ isTop: false, liveInLive: true });
    });

    it('answers 400 for invalid flags, 404 for an unknown game, 409 for a finished one', async () => {
      const game = await create();
      for (const body of [{}, { isTop: 'yes' }, { isTop: true, other: 1 }, undefined]) expectError(await opsCall('PATCH', `/${game.id}`, body), 400, 'invalid_request');
      expectError(await opsCall('PATCH', '/2147483000', { isTop: true }), 404, 'game_not_found');
      await opsCall('POST', `/${game.id}/finish`, { score: { home: 0, away: 0 } });
      expectError(await opsCall('PATCH', `/${game.id}`, { isTop: true }), 409, 'game_finished');
    });
  });

  describe('odds', () => {
    it('sets prices and blocked flags, visible on the game page', async () => {
      const game = await create();
      const before = outcome(game, 'total:match@2.5/over');
      const changed = gameOf(
        await opsCall('PATCH', `/${game.id}/odds`, {
          outcomes: [
            { key: '1x2:match/home', coef: 2.5 },
            { key: '1x2:match/away', coef: 3.125, blocked: true },
            { key: 'total:match@2.5/over', blocked: true },
          ],
        }),
      );
      const page = await read(game.id);
      expect(page).toEqual(changed);
      expect(outcome(page, '1x2:match/home')).toMatchObject({ coef: 2.5, blocked: false });
      expect(outcome(page, '1x2:match/away')).toMatchObject({ coef: 3.125, blocked: true });
      expect(outcome(page, 'total:match@2.5/over')).toMatchObject({ coef: before.coef, blocked: true });
      // Everything else as it was.
      const untouched = (g: GameDetail) => g.markets.flatMap((m) => m.outcomes).filter((o) => !['1x2:match/home', '1x2:match/away', 'total:match@2.5/over'].includes(o.key));
      expect(untouched(page)).toEqual(untouched(game));

      gameOf(await opsCall('PATCH', `/${game.id}/odds`, { outcomes: [{ key: 'total:match@2.5/over', blocked: false }] }));
      expect(outcome(await read(game.id), 'total:match@2.5/over')).toMatchObject({ coef: before.coef, blocked: false });
      // An empty change is no change.
      expect(gameOf(await opsCall('PATCH', `/${game.id}/odds`, {}))).toEqual(await read(game.id));
    });

    it('takes the last entry of an outcome named twice in one change', async () => {
      const game = await create();
      const first = await opsCall('PATCH', `/${game.id}/odds`, { outcomes: [{ key: '1x2:match/home', coef: 2.1 }, { key: '1x2:match/home', coef: 2.4 }] });
      expect(outcome(gameOf(first), '1x2:match/home').coef).toBe(2.4);
      const second = await opsCall('PATCH', `/${game.id}/odds`, { outcomes: [{ key: '1x2:match/home', coef: 3.3 }, { key: '1x2:match/home', coef: 1.9 }] });
      expect(outcome(gameOf(second), '1x2:match/home').coef).toBe(1.9);
    });

    it('changes nothing when one key is unknown: 422 outcome_not_found, the whole change rolled back', async () => {
      const game = await create();
      for (const unknown of ['1x2:match/nope', '1x2:match', 'total:match@9.5/over', 'x'.repeat(128)]) {
        const res = await opsCall('PATCH', `/${game.id}/odds`, {
          outcomes: [
            { key: '1x2:match/home', coef: 9.999, blocked: true },
            { key: unknown, coef: 2 },
            { key: 'btts:match/yes', coef: 1.5 },
          ],
        });
        expectError(res, 422, LineErrorCode.outcomeNotFound);
        expect(ApiErrorSchema.parse(res.json()).message).toContain(unknown);
        expect(await read(game.id)).toEqual(game);
      }
    });

    it('answers 400 for invalid prices and bodies, 404 for an unknown game', async () => {
      const game = await create();
      const bodies: unknown[] = [
        { outcomes: [{ key: '1x2:match/home', coef: 1 }] },
        { outcomes: [{ key: '1x2:match/home', coef: 1000.5 }] },
        { outcomes: [{ key: '1x2:match/home', coef: 1.2345 }] },
        { outcomes: [{ key: '1x2:match/home', coef: '2.5' }] },
        { outcomes: [{ key: '', coef: 2 }] },
        { outcomes: [{ key: '1x2:match/home', price: 2500 }] },
        { outcomes: [{ key: '1x2:match/home', blocked: 'yes' }] },
        { outcomes: {} },
        { outcomes: [], markets: [] },
      ];
      for (const body of bodies) expectError(await opsCall('PATCH', `/${game.id}/odds`, body), 400, 'invalid_request');
      expect(await read(game.id)).toEqual(game);
      expectError(await opsCall('PATCH', '/abc/odds', { outcomes: [] }), 400, 'invalid_request');
      expectError(await opsCall('PATCH', '/999999/odds', { outcomes: [{ key: '1x2:match/home', coef: 2 }] }), 404, LineErrorCode.gameNotFound);
    });

    it('takes many concurrent changes of one game from two nodes: every one answers 200 and the last written price stays', async () => {
      const game = await create();
      // A second node on its own connections (PostgreSQL) or the same embedded database.
      const secondDb: DbHandle = t.handle.url ? await createDb({ databaseUrl: t.handle.url }) : t.handle;
      const second = await buildTestApp(secondDb, { clock });
      try {
        const coefs = Array.from({ length: 24 }, (_, i) => 1.5 + i * 0.125);
        const answers = await Promise.all(
          coefs.map((coef, i) =>
            (i % 2 === 0 ? app : second).inject({
              method: 'PATCH',
              url: `${BASE}/${game.id}/odds`,
              headers: opsHeaders,
              payload: { outcomes: [{ key: '1x2:match/home', coef }, { key: '1x2:match/draw', coef: coef + 1 }] },
            }),
          ),
        );
        expect(answers.map((a) => a.statusCode)).toEqual(coefs.map(() => 200));
        for (const answer of answers) GameResponseSchema.parse(answer.json());
        const page = await read(game.id);
        const home = outcome(page, '1x2:match/home').coef;
        expect(coefs).toContain(home);
        // Each change wrote both outcomes in one transaction: they belong to the same change.
        expect(outcome(page, '1x2:match/draw').coef).toBe(home + 1);
      } finally {
        await second.close();
        if (secondDb !== t.handle) await secondDb.close();
      }
    });
  });

  describe('suspending and resuming', () => {
    it('blocks and unblocks the markets given', async () => {
      const game = await create();
      const suspended = gameOf(await opsCall('POST', `/${game.id}/suspend`, { markets: ['1x2:match', 'total:match@2.5'] }));
      expect(market(suspended, '1x2:match').blocked).toBe(true);
      expect(market(suspended, 'total:match@2.5').blocked).toBe(true);
      expect(suspended.markets.filter((m) => m.blocked).map((m) => m.key)).toEqual(['1x2:match', 'total:match@2.5']);
      expect(suspended.suspended).toBe(false);
      expect(await read(game.id)).toEqual(suspended);
      const resumed = gameOf(await opsCall('POST', `/${game.id}/resume`, { markets: ['1x2:match'] }));
      expect(resumed.markets.filter((m) => m.blocked).map((m) => m.key)).toEqual(['total:match@2.5']);
      gameOf(await opsCall('POST', `/${game.id}/resume`, { markets: ['total:match@2.5'] }));
      expect(await read(game.id)).toEqual(game);
    });

    it('changes nothing when a market is unknown: 422 market_not_found', async () => {
      const game = await create();
      for (const path of ['suspend', 'resume']) {
        const res = await opsCall('POST', `/${game.id}/${path}`, { markets: ['1x2:match', '1x2:match/home'] });
        expectError(res, 422, LineErrorCode.marketNotFound);
        expect(await read(game.id)).toEqual(game);
      }
    });

    it('suspends and resumes the whole game without a body', async () => {
      const game = await create();
      expect(gameOf(await opsCall('POST', `/${game.id}/suspend`)).suspended).toBe(true);
      expect((await read(game.id)).suspended).toBe(true);
      // The markets keep their own flags.
      expect((await read(game.id)).markets.every((m) => !m.blocked)).toBe(true);
      expect(gameOf(await opsCall('POST', `/${game.id}/resume`, {})).suspended).toBe(false);
      expect(await read(game.id)).toEqual(game);
    });

    it('answers 400 for invalid bodies and 404 for an unknown game', async () => {
      const game = await create();
      for (const body of [{ markets: [] }, { markets: [''] }, { markets: '1x2:match' }, { all: true }]) {
        expectError(await opsCall('POST', `/${game.id}/suspend`, body), 400, 'invalid_request');
      }
      expectError(await opsCall('POST', '/999999/suspend', {}), 404, LineErrorCode.gameNotFound);
      expectError(await opsCall('POST', '/999999/resume', { markets: ['1x2:match'] }), 404, LineErrorCode.gameNotFound);
    });
  });

  describe('score', () => {
    it('puts a line game in play: it leaves the line and enters live', async () => {
      const game = await create({ champName: 'Kick-off Cup' });
      expect(await section('line', game.champId)).toEqual([game.id]);
      clock.advance!(60);
      const live = gameOf(await opsCall('POST', `/${game.id}/score`, { score: { home: 1, away: 0 } }));
      expect(live).toMatchObject({
        status: 2,
        isLive: true,
        isFinished: false,
        live: { period: 1, score: { home: 1, away: 0 }, periods: [{ home: 1, away: 0 }], clock: { seconds: 0, running: true, rate: 1, at: clock.now() } },
      });
      expect(await read(game.id)).toEqual(live);
      expect(await section('line', game.champId)).toEqual([]);
      expect(await section('live', game.champId)).toEqual([game.id]);
    });

    it('derives the periods when they are not given, and takes them when they are', async () => {
      const game = await create({ live: true });
      gameOf(await opsCall('POST', `/${game.id}/score`, { score: { home: 1, away: 0 }, clockSeconds: 1200 }));
      // Half-time: a break keeps the period, the clock stops.
      const half = gameOf(await opsCall('POST', `/${game.id}/score`, { score: { home: 1, away: 0 }, status: 3, clockSeconds: 2700 }));
      expect(half).toMatchObject({ status: 3, isLive: true, live: { period: 1, periods: [{ home: 1, away: 0 }], clock: { seconds: 2700, running: false } } });
      expect(await section('live', game.champId)).toContain(game.id);
      // Second half: the first half's score stays, the second takes the rest.
      const second = gameOf(await opsCall('POST', `/${game.id}/score`, { score: { home: 2, away: 2 }, period: 2 }));
      expect(second).toMatchObject({
        status: 2,
        live: { period: 2, score: { home: 2, away: 2 }, periods: [{ home: 1, away: 0 }, { home: 1, away: 2 }], clock: { seconds: 0, running: true } },
      });
      const given = gameOf(await opsCall('POST', `/${game.id}/score`, { score: { home: 3, away: 2 }, periods: [{ home: 2, away: 0 }, { home: 1, away: 2 }], clockSeconds: 4000 }));
      expect(given.live).toMatchObject({ period: 2, score: { home: 3, away: 2 }, periods: [{ home: 2, away: 0 }, { home: 1, away: 2 }], clock: { seconds: 4000 } });
      expect((await read(game.id)).live).toEqual(given.live);
    });

    it('answers 400 for invalid scores and 404 for an unknown game', async () => {
      const game = await create();
      for (const body of [{}, { score: { home: -1, away: 0 } }, { score: { home: 1 } }, { score: { home: 1, away: 0 }, status: 4 }, { score: { home: 1, away: 0 }, period: 0 }, { score: { home: 1.5, away: 0 } }, { score: { home: 2 ** 31, away: 0 } }]) {
        expectError(await opsCall('POST', `/${game.id}/score`, body), 400, 'invalid_request');
      }
      expect(await read(game.id)).toEqual(game);
      expectError(await opsCall('POST', '/999999/score', { score: { home: 1, away: 0 } }), 404, LineErrorCode.gameNotFound);
    });
  });

  describe('finish', () => {
    const finish = async (id: number, body: unknown) => {
      const res = await opsCall('POST', `/${id}/finish`, body);
      expect(res.statusCode, res.body).toBe(200);
      return OpsFinishResponseSchema.parse(res.json());
    };
    const expectSettled = async (id: number, answer: { game: GameDetail; settlements: Record<string, number> }) => {
      const page = await read(id);
      expect(page).toEqual(answer.game);
      const outcomes = page.markets.flatMap((m) => m.outcomes);
      expect(Object.keys(answer.settlements).sort()).toEqual(outcomes.map((o) => o.key).sort());
      for (const o of outcomes) {
        expect(o.status, o.key).toBe(answer.settlements[o.key]);
        expect(o.blocked, o.key).toBe(true);
      }
      expect(page.markets.every((m) => m.blocked)).toBe(true);
      return page;
    };

    it('settles every outcome of a football game 2-1 (1-0, 1-1) by SPEC §3', async () => {
      const game = await create({ champName: 'Settlement League', live: true });
      clock.advance!(6000);
      const answer = await finish(game.id, { score: { home: 2, away: 1 }, periods: [{ home: 1, away: 0 }, { home: 1, away: 1 }] });
      const page = await expectSettled(game.id, answer);
      expect(page).toMatchObject({
        status: 4,
        isLive: false,
        isFinished: true,
        suspended: false,
        result: { score: { home: 2, away: 1 }, periods: [{ home: 1, away: 0 }, { home: 1, away: 1 }], finishedAt: clock.now(), cancelled: false },
        live: { score: { home: 2, away: 1 }, periods: [{ home: 1, away: 0 }, { home: 1, away: 1 }], clock: { running: false } },
      });
      // Hand-computed: 0 lose, 1 win, 2 return, 4 half win half return, 5 half lose half return.
      expect(answer.settlements).toMatchObject({
        '1x2:match/home': 1,
        '1x2:match/draw': 0,
        '1x2:match/away': 0,
        'double-chance:match/home-or-draw': 1,
        'double-chance:match/home-or-away': 1,
        'double-chance:match/draw-or-away': 0,
        'draw-no-bet:match/home': 1,
        'draw-no-bet:match/away': 0,
        // Three goals.
        'total:match@2.5/over': 1,
        'total:match@2.5/under': 0,
        'total:match@3.5/over': 0,
        'total:match@3.5/under': 1,
        'total:match@3/over': 2, // a whole line hit: the stake back
        'total:match@3/under': 2,
        'total:match@2.75/over': 4, // half on over 2.5 (won), half on over 3 (returned)
        'total:match@2.75/under': 5, // half on under 2.5 (lost), half on under 3 (returned)
        'total:match@2.25/over': 1, // over 2 and over 2.5 both won
        'total:match@2.25/under': 0,
        // Won by one goal.
        'handicap:match@-1/home': 2,
        'handicap:match@-1/away': 2,
        'handicap:match@-0.75/home': 4, // half on −0.5 (won), half on −1 (returned)
        'handicap:match@-0.75/away': 5, // half on +0.5 (lost), half on +1 (returned)
        'handicap:match@-1.5/home': 0,
        'handicap:match@-1.5/away': 1,
        'handicap:match@0/home': 1,
        'handicap:match@0/away': 0,
        'handicap:match@-0.25/home': 1,
        'handicap:match@-0.25/away': 0,
        'handicap:match@1/away': 0,
        'btts:match/yes': 1,
        'btts:match/no': 0,
        'correct-score:match@4/2-1': 1,
        'correct-score:match@4/1-2': 0,
        'correct-score:match@4/1-1': 0,
        'correct-score:match@4/other': 0,
        'odd-even:match/odd': 1,
        'odd-even:match/even': 0,
        // First half 1-0.
        '1x2:p1/home': 1,
        '1x2:p1/draw': 0,
        'double-chance:p1/draw-or-away': 0,
        'total:p1@0.5/over': 1,
        'total:p1@1.5/over': 0,
        'total:p1@1.5/under': 1,
        'handicap:p1@-0.5/home': 1,
        'handicap:p1@0/away': 0,
        'btts:p1/yes': 0,
        'btts:p1/no': 1,
        'correct-score:p1@2/1-0': 1,
        'correct-score:p1@2/0-0': 0,
        'correct-score:p1@2/other': 0,
        'odd-even:p1/odd': 1,
        // Second half 1-1.
        '1x2:p2/home': 0,
        '1x2:p2/draw': 1,
        'total:p2@1.5/over': 1,
        'total:p2@1.5/under': 0,
        'total:p2@2.5/under': 1,
      });
      // Lose, win, return, half win and half lose: nothing else can come of a final score here.
      expect(new Set(Object.values(answer.settlements))).toEqual(new Set([0, 1, 2, 4, 5]));
    });

    it('settles a draw and a high score: draw-no-bet returns, "any other score" wins', async () => {
      const draw = await create();
      const drawn = await finish(draw.id, { score: { home: 1, away: 1 }, periods: [{ home: 0, away: 0 }, { home: 1, away: 1 }] });
      expect(drawn.settlements).toMatchObject({
        '1x2:match/draw': 1,
        'draw-no-bet:match/home': 2,
        'draw-no-bet:match/away': 2,
        'handicap:match@0/home': 2,
        'handicap:match@0/away': 2,
        'handicap:match@-0.25/home': 5,
        'handicap:match@-0.25/away': 4,
        'total:match@2/over': 2,
        'total:match@2.25/under': 4,
        'odd-even:match/even': 1,
        '1x2:p1/draw': 1,
        'btts:p1/no': 1,
      });
      await expectSettled(draw.id, drawn);

      const rout = await create();
      const routed = await finish(rout.id, { score: { home: 5, away: 0 }, periods: [{ home: 3, away: 0 }, { home: 2, away: 0 }] });
      expect(routed.settlements).toMatchObject({
        'correct-score:match@4/other': 1,
        'correct-score:match@4/4-0': 0,
        'correct-score:p1@2/other': 1,
        'total:match@4.5/over': 1,
        'handicap:match@-2.5/home': 1,
        'handicap:match@2.5/away': 0,
        'btts:match/no': 1,
      });
    });

    it('returns the bets of a set never played (tennis 2-0)', async () => {
      const game = await create({ sportId: 4, champName: 'Ops Tennis Finals', home: 'Seed One', away: 'Seed Two', live: true });
      const answer = await finish(game.id, { score: { home: 2, away: 0 }, periods: [{ home: 6, away: 4 }, { home: 6, away: 3 }] });
      await expectSettled(game.id, answer);
      const s = answer.settlements;
      expect(s).toMatchObject({
        'winner:match/home': 1,
        'winner:match/away': 0,
        'correct-score:match/2-0': 1,
        'correct-score:match/2-1': 0,
        'correct-score:match/0-2': 0,
        'handicap:match@-1.5/home': 1,
        'handicap:match@1.5/away': 0,
        'total:period-count@2.5/under': 1,
        'total:period-count@2.5/over': 0,
        'winner:p1/home': 1,
        'winner:p2/home': 1,
        // The third set was never played.
        'winner:p3/home': 2,
        'winner:p3/away': 2,
      });
      // 19 games in all.
      for (const [key, status] of Object.entries(s)) {
        const line = /^total:periods-sum@([\d.]+)\/(over|under)$/.exec(key);
        if (line) expect(status, key).toBe((Number(line[1]) < 19) === (line[2] === 'over') ? 1 : 0);
        if (key.startsWith('total:p3@')) expect(status, key).toBe(2);
      }
    });

    it('returns every outcome (3) of a cancelled game', async () => {
      const game = await create({ champName: 'Cancelled Cup' });
      const answer = await finish(game.id, { score: { home: 0, away: 0 }, cancelled: true });
      const page = await expectSettled(game.id, answer);
      expect(new Set(Object.values(answer.settlements))).toEqual(new Set([3]));
      expect(page).toMatchObject({ status: 5, isFinished: true, isLive: false, result: { score: { home: 0, away: 0 }, periods: [], cancelled: true } });
    });

    it('moves the game to the results: out of its section, into results', async () => {
      const game = await create({ champName: 'Results Move Cup', live: true });
      await opsCall('POST', `/${game.id}/score`, { score: { home: 0, away: 1 } });
      expect(await section('live', game.champId)).toEqual([game.id]);
      clock.advance!(60);
      await finish(game.id, { score: { home: 0, away: 2 }, periods: [{ home: 0, away: 1 }, { home: 0, away: 1 }] });
      expect(await section('live', game.champId)).toEqual([]);
      expect(await section('line', game.champId)).toEqual([]);
      const res = await app.inject({ url: `${LINE_API_BASE}/results?champId=${game.champId}` });
      const { results } = ResultsResponseSchema.parse(res.json());
      expect(results).toEqual([
        expect.objectContaining({ id: game.id, status: 4, finishedAt: clock.now(), score: { home: 0, away: 2 }, periods: [{ home: 0, away: 1 }, { home: 0, away: 1 }] }),
      ]);
      // A line game finished without play leaves the line too.
      const line = await create({ champName: 'Results Move Line' });
      await finish(line.id, { score: { home: 1, away: 0 }, periods: [] });
      expect(await section('line', line.champId)).toEqual([]);
    });

    it('ends every change after the result: 409 game_finished, nothing changed', async () => {
      const game = await create({ live: true });
      await finish(game.id, { score: { home: 1, away: 0 }, periods: [{ home: 1, away: 0 }, { home: 0, away: 0 }] });
      const finished = await state(game.id);
      const changes: [method: 'POST' | 'PATCH', url: string, payload: unknown][] = [
        ['PATCH', `/${game.id}/odds`, { outcomes: [{ key: '1x2:match/home', coef: 2 }] }],
        ['POST', `/${game.id}/suspend`, {}],
        ['POST', `/${game.id}/resume`, { markets: ['1x2:match'] }],
        ['POST', `/${game.id}/score`, { score: { home: 2, away: 0 } }],
        ['POST', `/${game.id}/finish`, { score: { home: 0, away: 0 }, cancelled: true }],
      ];
      for (const [method, url, payload] of changes) expectError(await opsCall(method, url, payload), 409, LineErrorCode.gameFinished);
      expect(await state(game.id)).toEqual(finished);
    });

    it('answers 400 for invalid results and 404 for an unknown game', async () => {
      const game = await create();
      for (const body of [{}, { score: { home: 1, away: -1 } }, { score: { home: 1, away: 0 }, cancelled: 'no' }, { score: { home: 1, away: 0 }, periods: [{ home: 1 }] }, { score: { home: 1, away: 0 }, winner: 'home' }]) {
        expectError(await opsCall('POST', `/${game.id}/finish`, body), 400, 'invalid_request');
      }
      expect(await read(game.id)).toEqual(game);
      expectError(await opsCall('POST', '/999999/finish', { score: { home: 1, away: 0 } }), 404, LineErrorCode.gameNotFound);
    });
  });
});
