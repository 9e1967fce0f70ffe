/**
 * `GET` / `PUT /web-api/office/v1/disallowed-sports` (SPEC §6 "Sports can be blacklisted
 * per user for line and live", §7 "save disallowed sports (line, live)"): players only,
 * both lists replaced at once, bad lists refused, the user config and the line API follow
 * the saved lists, and concurrent saves of one player end in one of the sent states.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb } from '@betsite/db/testing';
import { SPORT, SPORTS } from '@betsite/domain';
import {
  ApiErrorSchema,
  DisallowedSportsResponseSchema,
  FastRegistrationResponseSchema,
  GameResponseSchema,
  GamesResponseSchema,
  LINE_API_BASE,
  SESSION_COOKIE,
  SportsResponseSchema,
  USER_CONFIG_API,
  UserConfigResponseSchema,
  type DisallowedSportsResponse,
  type GameDetail,
  type OpsCreateGame,
} from '@betsite/contracts';
import { buildTestApp, opsHeaders } from '../../testing.ts';

let ipCounter = 0;
const nextIp = () => {
  ipCounter++;
  return `10.77.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};
const SPORTS_URL = USER_CONFIG_API.disallowedSports;
const XRW = { 'x-requested-with': 'XMLHttpRequest' };
const NONE: DisallowedSportsResponse = { line: [], live: [] };

describeEachDb('disallowed sports', (t) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(t.handle, { auth: { rateLimits: { registration: 1000, login: 1000 } } });
  });
  afterAll(() => app.close());

  const call = (options: InjectOptions) => app.inject({ remoteAddress: nextIp(), ...options });
  const register = async () => {
    const res = await call({ method: 'POST', url: '/web-api/registration/v1/fast', payload: { country: 'gb', currency: 'GBP', language: 'en', bonusChoice: 1 } });
    expect(res.statusCode, res.body).toBe(201);
    return FastRegistrationResponseSchema.parse(res.json());
  };
  const put = (token: string, payload: unknown) =>
    call({ method: 'PUT', url: SPORTS_URL, headers: { 'x-auth': token }, payload: payload as InjectOptions['payload'] });
  const saved = async (token: string): Promise<DisallowedSportsResponse> => {
    const res = await call({ url: SPORTS_URL, headers: { 'x-auth': token } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    return DisallowedSportsResponseSchema.parse(res.json());
  };
  const configOf = async (token: string) => {
    const res = await call({ url: USER_CONFIG_API.userConfig, headers: { 'x-auth': token } });
    expect(res.statusCode, res.body).toBe(200);
    const config = UserConfigResponseSchema.parse(res.json()).result!;
    return { line: config.disallow_line_sport, live: config.disallow_live_sport };
  };
  const expectError = (res: LightMyRequestResponse, status: number, code: string) => {
    expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
    expect(ApiErrorSchema.parse(res.json()).code).toBe(code);
    expect(res.headers['cache-control']).toContain('no-store');
  };

  describe('visitors', () => {
    it('get 401 unauthorized for reading and saving', async () => {
      for (const headers of [{}, { 'x-auth': 'A'.repeat(22) }, { cookie: `${SESSION_COOKIE}=${'B'.repeat(22)}`, ...XRW }]) {
        expectError(await call({ url: SPORTS_URL, headers }), 401, 'unauthorized');
        expectError(await call({ method: 'PUT', url: SPORTS_URL, headers, payload: { line: [1], live: [] } }), 401, 'unauthorized');
        // Even a bad body: who you are is asked first.
        expectError(await call({ method: 'PUT', url: SPORTS_URL, headers, payload: { line: [999] } }), 401, 'unauthorized');
      }
    });

    it('get 401 after logging out', async () => {
      const player = await register();
      const out = await call({ method: 'POST', url: '/web-api/auth/v1/disconnect', headers: { 'x-auth': player.token } });
      expect(out.statusCode, out.body).toBeLessThan(300);
      expectError(await put(player.token, { line: [1], live: [] }), 401, 'unauthorized');
      expectError(await call({ url: SPORTS_URL, headers: { 'x-auth': player.token } }), 401, 'unauthorized');
    });
  });

  describe('a player', () => {
    it('starts with nothing hidden', async () => {
      const player = await register();
      expect(await saved(player.token)).toEqual(NONE);
    });

    it('saves both lists at once; the answer, GET and the user config show them sorted', async () => {
      const player = await register();
      const res = await put(player.token, { line: [SPORT.mma, SPORT.football, SPORT.tennis], live: [SPORT.dota2, SPORT.iceHockey] });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toContain('no-store');
      const expected = { line: [1, 4, 56], live: [2, 41] };
      expect(DisallowedSportsResponseSchema.parse(res.json())).toEqual(expected);
      expect(await saved(player.token)).toEqual(expected);
      expect(await configOf(player.token)).toEqual(expected);

      // The next save replaces both lists, not adds to them.
      const next = await put(player.token, { line: [], live: [SPORT.football] });
      expect(next.json()).toEqual({ line: [], live: [1] });
      expect(await saved(player.token)).toEqual({ line: [], live: [1] });
      expect(await configOf(player.token)).toEqual({ line: [], live: [1] });

      // Every sport, in both sections; then none again.
      const all = SPORTS.map((s) => s.id).sort((a, b) => a - b);
      expect((await put(player.token, { line: [...all].reverse(), live: all })).json()).toEqual({ line: all, live: all });
      expect(await saved(player.token)).toEqual({ line: all, live: all });
      expect((await put(player.token, NONE)).json()).toEqual(NONE);
      expect(await configOf(player.token)).toEqual(NONE);
    });

    it('changes only its own lists', async () => {
      const [a, b] = [await register(), await register()];
      expect((await put(a.token, { line: [1], live: [2] })).statusCode).toBe(200);
      expect((await put(b.token, { line: [3], live: [] })).statusCode).toBe(200);
      expect(await saved(a.token)).toEqual({ line: [1], live: [2] });
      expect(await saved(b.token)).toEqual({ line: [3], live: [] });
    });

    it('announces the change to every node, so answers kept for the player are forgotten', async () => {
      const { token, userId } = await register();
      const announced: string[] = [];
      const unsubscribe = await app.bus.subscribe('player-view.changed', (payload) => announced.push(payload.userId));
      try {
        expect((await put(token, { line: [1], live: [] })).statusCode).toBe(200);
        expect(announced).toEqual([userId]);
        // A refused save changes nothing and announces nothing.
        expect((await put(token, { line: [999], live: [] })).statusCode).toBe(400);
        expect(announced).toEqual([userId]);
      } finally {
        await unsubscribe();
      }
    });

    it('may save from the browser with the session cookie and X-Requested-With, not without (CSRF)', async () => {
      const player = await register();
      const cookie = { [SESSION_COOKIE]: player.token };
      const refused = await call({ method: 'PUT', url: SPORTS_URL, cookies: cookie, payload: { line: [1], live: [] } });
      expectError(refused, 403, 'csrf');
      const foreign = await call({ method: 'PUT', url: SPORTS_URL, cookies: cookie, headers: { ...XRW, origin: 'https://evil.example' }, payload: { line: [1], live: [] } });
      expectError(foreign, 403, 'csrf');
      expect(await saved(player.token)).toEqual(NONE);

      const ok = await call({ method: 'PUT', url: SPORTS_URL, cookies: cookie, headers: XRW, payload: { line: [1], live: [] } });
      expect(ok.statusCode, ok.body).toBe(200);
      // Reading needs no proof.
      const read = await call({ url: SPORTS_URL, cookies: cookie });
      expect(read.json()).toEqual({ line: [1], live: [] });
    });
  });

  describe('bad requests', () => {
    it('answer 400 invalid_request and change nothing', async () => {
      const player = await register();
      expect((await put(player.token, { line: [2], live: [3] })).statusCode).toBe(200);
      const bad: unknown[] = [
        { line: [999], live: [] },
        { line: [], live: [5] },
        { line: [0], live: [] },
        { line: [-1], live: [] },
        { line: [1.5], live: [] },
        { line: ['1'], live: [] },
        { line: [null], live: [] },
        { line: [1, 1], live: [] },
        { line: [], live: [4, 2, 4] },
        { line: [...SPORTS.map((s) => s.id), SPORTS[0]!.id], live: [] },
        { line: [1] },
        { live: [1] },
        {},
        { line: 1, live: [] },
        { line: '1,2', live: [] },
        { line: [1], live: [], extra: true },
        [1, 2],
        null,
      ];
      for (const payload of bad) {
        const res = await put(player.token, payload);
        expectError(res, 400, 'invalid_request');
      }
      // Malformed JSON, a JSON string, and no body.
      const json = { 'x-auth': player.token, 'content-type': 'application/json' };
      expectError(await call({ method: 'PUT', url: SPORTS_URL, headers: json, payload: '{"line":[1' }), 400, 'invalid_request');
      expectError(await call({ method: 'PUT', url: SPORTS_URL, headers: json, payload: '"line"' }), 400, 'invalid_request');
      expectError(await call({ method: 'PUT', url: SPORTS_URL, headers: { 'x-auth': player.token } }), 400, 'invalid_request');
      expect(await saved(player.token)).toEqual({ line: [2], live: [3] });
    });

    it('name the problem', async () => {
      const player = await register();
      const unknown = ApiErrorSchema.parse((await put(player.token, { line: [1, 999], live: [] })).json());
      expect(unknown.details).toEqual([{ path: 'body.line.1', message: 'Unknown sport id' }]);
      const twice = ApiErrorSchema.parse((await put(player.token, { line: [], live: [3, 3] })).json());
      expect(twice.details).toEqual([{ path: 'body.live', message: 'A sport is listed twice' }]);
    });
  });

  describe('concurrent saves of one player', () => {
    it('end in exactly one of the sent states, never a mix, never a 500', async () => {
      const player = await register();
      const ids = SPORTS.map((s) => s.id);
      // Overlapping states (a naive delete-then-insert would clash on the key or merge them).
      const states: DisallowedSportsResponse[] = Array.from({ length: 12 }, (_, i) => ({
        line: ids.filter((_, j) => (i + j) % 3 !== 0),
        live: ids.filter((_, j) => (i * 2 + j) % 4 === 0),
      }));
      for (let round = 0; round < 3; round++) {
        const answers = await Promise.all(states.map((state) => put(player.token, state)));
        for (const res of answers) expect(res.statusCode, res.body).toBe(200);
        const final = await saved(player.token);
        expect(states).toContainEqual(final);
        expect(await configOf(player.token)).toEqual(final);
      }
    });
  });

  describe('the line API', () => {
    let football: GameDetail, footballLine: GameDetail, hockey: GameDetail, hockeyLine: GameDetail;
    const create = async (body: OpsCreateGame): Promise<GameDetail> => {
      const res = await call({ method: 'POST', url: '/ops-api/v1/games', headers: opsHeaders, payload: body as InjectOptions['payload'] });
      expect(res.statusCode, res.body).toBe(201);
      return GameResponseSchema.parse(res.json()).game;
    };
    const line = async (path: string, token: string) => {
      const res = await call({ url: `${LINE_API_BASE}${path}`, headers: { 'x-auth': token } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as unknown;
    };
    const sportsOf = async (section: 'line' | 'live', token: string) => SportsResponseSchema.parse(await line(`/sports?section=${section}`, token)).sports.map((s) => s.id);
    const gamesOf = async (section: 'line' | 'live', token: string) => GamesResponseSchema.parse(await line(`/games?section=${section}`, token)).games.map((g) => g.id);

    beforeAll(async () => {
      football = await create({ sportId: SPORT.football, champName: 'Hidden Sports Cup', home: 'Alpha Hidden', away: 'Beta Hidden', live: true });
      footballLine = await create({ sportId: SPORT.football, champId: football.champId, home: 'Gamma Hidden', away: 'Delta Hidden' });
      hockey = await create({ sportId: SPORT.iceHockey, champName: 'Hidden Ice League', home: 'Ice Alpha', away: 'Ice Beta', live: true });
      hockeyLine = await create({ sportId: SPORT.iceHockey, champId: hockey.champId, home: 'Ice Gamma', away: 'Ice Delta' });
    });

    it('hides the saved sports from the player from the next request, and shows them again when un-hidden', async () => {
      const player = await register();
      expect(await sportsOf('live', player.token)).toEqual(expect.arrayContaining([1, 2]));
      expect(await gamesOf('live', player.token)).toEqual(expect.arrayContaining([football.id, hockey.id]));

      expect((await put(player.token, { line: [SPORT.iceHockey], live: [SPORT.football] })).statusCode).toBe(200);
      expect(await sportsOf('live', player.token)).not.toContain(1);
      expect(await sportsOf('live', player.token)).toContain(2);
      expect(await gamesOf('live', player.token)).not.toContain(football.id);
      expect(await gamesOf('live', player.token)).toContain(hockey.id);
      expect(await sportsOf('line', player.token)).toContain(1);
      expect(await sportsOf('line', player.token)).not.toContain(2);
      expect(await gamesOf('line', player.token)).toContain(footballLine.id);
      expect(await gamesOf('line', player.token)).not.toContain(hockeyLine.id);
      expect(GamesResponseSchema.parse(await line(`/games?section=live&sportId=1`, player.token))).toEqual({ total: 0, games: [] });

      // Another player and a visitor still see everything.
      const other = await register();
      expect(await gamesOf('live', other.token)).toEqual(expect.arrayContaining([football.id, hockey.id]));
      const visitor = await call({ url: `${LINE_API_BASE}/games?section=live` });
      expect(GamesResponseSchema.parse(visitor.json()).games.map((g) => g.id)).toEqual(expect.arrayContaining([football.id, hockey.id]));

      expect((await put(player.token, NONE)).statusCode).toBe(200);
      expect(await gamesOf('live', player.token)).toEqual(expect.arrayContaining([football.id, hockey.id]));
      expect(await gamesOf('line', player.token)).toEqual(expect.arrayContaining([footballLine.id, hockeyLine.id]));
    });
  });
});
