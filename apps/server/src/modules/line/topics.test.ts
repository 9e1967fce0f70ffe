/**
 * The line's live topics on a real port (`ws` client): `game:{id}` (snapshot = the game page,
 * then a numbered delta per operator change: prices, suspension, score, result) and
 * `section:{line|live}` (sports with counts, then the games that entered or left), unknown
 * and malformed topics, and resuming after a reconnect without a gap or a duplicate.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb } from '@betsite/db/testing';
import {
  GameDeltaSchema,
  GameDetailSchema,
  GameResponseSchema,
  LINE_API_BASE,
  LiveErrorCode,
  OpsFinishResponseSchema,
  SectionDeltaSchema,
  SectionSnapshotSchema,
  SportsResponseSchema,
  type GameDelta,
  type GameDetail,
  type LiveServerMessage,
  type OpsCreateGame,
} from '@betsite/contracts';
import { createClock, type ServerClock } from '../../lib/clock.ts';
import { buildTestApp, opsHeaders } from '../../testing.ts';
import { LiveTestClient, listenForLive } from '../live/testing.ts';

const snapshotOf = (message: LiveServerMessage) => {
  if (message.type !== 'snapshot') throw new Error(`expected a snapshot, got ${JSON.stringify(message).slice(0, 300)}`);
  return message;
};
const deltaOf = (message: LiveServerMessage) => {
  if (message.type !== 'delta') throw new Error(`expected a delta, got ${JSON.stringify(message).slice(0, 300)}`);
  return message;
};
const errorOf = (message: LiveServerMessage) => {
  if (message.type !== 'error') throw new Error(`expected an error, got ${JSON.stringify(message).slice(0, 300)}`);
  return message;
};

/** What a follower of `game:{id}` holds after a delta (contracts: deltas set state). */
function applyDelta(game: GameDetail, delta: GameDelta): GameDetail {
  const next: GameDetail = { ...game };
  if (delta.status !== undefined) next.status = delta.status;
  if (delta.isLive !== undefined) next.isLive = delta.isLive;
  if (delta.isFinished !== undefined) next.isFinished = delta.isFinished;
  if (delta.live !== undefined) next.live = delta.live;
  if (delta.suspended !== undefined) next.suspended = delta.suspended;
  if (delta.result !== undefined) next.result = delta.result;
  const changed = new Map((delta.markets ?? []).map((m) => [m.key, m]));
  next.markets = game.markets.map((market) => {
    const change = changed.get(market.key);
    const prices = new Map((change?.outcomes ?? []).map((o) => [o.key, o]));
    return {
      ...market,
      blocked: change ? change.blocked : market.blocked,
      outcomes: market.outcomes.map((o) => {
        const price = prices.get(o.key);
        const status = delta.settlements?.[o.key];
        return { ...o, ...(price ? { coef: price.coef, blocked: price.blocked } : {}), ...(status === undefined ? {} : { status }) };
      }),
    };
  });
  return next;
}

describeEachDb('line live topics', (t) => {
  let app: FastifyInstance;
  let url: string;
  let clock: ServerClock;
  const clients: LiveTestClient[] = [];
  const open = async () => {
    const client = await LiveTestClient.open(url);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    clock = createClock({ fake: true });
    app = await buildTestApp(t.handle, { clock });
    url = await listenForLive(app);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await app.close();
  });

  const ops = async (method: 'POST' | 'PATCH', path: string, payload?: unknown): Promise<LightMyRequestResponse> => {
    const res = await app.inject({ method, url: `/ops-api/v1/games${path}`, headers: opsHeaders, ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }) });
    expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(300);
    return res;
  };
  let counter = 0;
  const create = async (body: Partial<OpsCreateGame> = {}): Promise<GameDetail> => {
    counter++;
    return GameResponseSchema.parse((await ops('POST', '', { sportId: 1, champName: 'Topic League', home: `Home ${counter}`, away: `Away ${counter}`, ...body })).json()).game;
  };
  const read = async (id: number): Promise<GameDetail> => {
    const res = await app.inject({ url: `${LINE_API_BASE}/games/${id}` });
    expect(res.statusCode).toBe(200);
    return GameResponseSchema.parse(res.json()).game;
  };
  const sportsOf = async (section: 'line' | 'live') => SportsResponseSchema.parse((await app.inject({ url: `${LINE_API_BASE}/sports?section=${section}` })).json()).sports;
  const countOf = async (section: 'line' | 'live', sportId: number) => (await sportsOf(section)).find((s) => s.id === sportId)?.count ?? 0;
  const market = (game: GameDetail, key: string) => {
    const found = game.markets.find((m) => m.key === key);
    if (!found) throw new Error(`no market ${key}`);
    return found;
  };
  /** Subscribes and answers the snapshot's number and game. */
  const follow = async (client: LiveTestClient, gameId: number) => {
    client.send({ type: 'subscribe', topic: `game:${gameId}` });
    const snapshot = snapshotOf(await client.next());
    expect(snapshot.topic).toBe(`game:${gameId}`);
    return { seq: snapshot.seq, game: GameDetailSchema.parse(snapshot.data) };
  };
  const nextDelta = async (client: LiveTestClient, topic: string, seq: number): Promise<GameDelta> => {
    const delta = deltaOf(await client.next());
    expect([delta.topic, delta.seq]).toEqual([topic, seq]);
    return GameDeltaSchema.parse(delta.data);
  };

  describe('game:{id}', () => {
    it('answers a snapshot equal to the game page', async () => {
      const line = await create();
      const live = await create({ live: true });
      await ops('POST', `/${live.id}/score`, { score: { home: 1, away: 0 } });
      const client = await open();
      for (const game of [line, live]) {
        const { seq, game: snapshot } = await follow(client, game.id);
        expect(Number.isSafeInteger(seq)).toBe(true);
        expect(snapshot).toEqual(await read(game.id));
      }
    });

    it('tells an odds change with the next number: the changed markets, each with all its outcomes', async () => {
      const game = await create();
      const client = await open();
      const topic = `game:${game.id}`;
      const { seq } = await follow(client, game.id);
      clock.advance!(5);
      await ops('PATCH', `/${game.id}/odds`, { outcomes: [{ key: '1x2:match/home', coef: 2.345 }, { key: 'btts:match/no', blocked: true }] });
      const delta = await nextDelta(client, topic, seq + 1);
      const page = await read(game.id);
      const view = (key: string) => {
        const m = market(page, key);
        return { key, blocked: m.blocked, outcomes: m.outcomes.map((o) => ({ key: o.key, coef: o.coef, blocked: o.blocked })) };
      };
      expect(delta).toEqual({ gameId: game.id, markets: [view('1x2:match'), view('btts:match')], at: clock.now() });
      expect(delta.markets?.[0]?.outcomes).toEqual([
        { key: '1x2:match/home', coef: 2.345, blocked: false },
        { key: '1x2:match/draw', coef: market(game, '1x2:match').outcomes[1]?.coef, blocked: false },
        { key: '1x2:match/away', coef: market(game, '1x2:match').outcomes[2]?.coef, blocked: false },
      ]);
      // A refused change tells nothing.
      const refused = await app.inject({ method: 'PATCH', url: `/ops-api/v1/games/${game.id}/odds`, headers: opsHeaders, payload: { outcomes: [{ key: '1x2:match/home', coef: 5 }, { key: 'nope/x', coef: 2 }] } });
      expect(refused.statusCode).toBe(422);
      await client.expectNothing();
    });

    it('tells market and game suspensions', async () => {
      const game = await create({ live: true });
      const client = await open();
      const topic = `game:${game.id}`;
      const { seq } = await follow(client, game.id);
      await ops('POST', `/${game.id}/suspend`, { markets: ['total:match@2.5'] });
      const blocked = await nextDelta(client, topic, seq + 1);
      expect(blocked.markets).toEqual([{ key: 'total:match@2.5', blocked: true, outcomes: market(game, 'total:match@2.5').outcomes.map((o) => ({ key: o.key, coef: o.coef, blocked: false })) }]);
      await ops('POST', `/${game.id}/suspend`);
      expect(await nextDelta(client, topic, seq + 2)).toEqual({ gameId: game.id, suspended: true, at: clock.now() });
      await ops('POST', `/${game.id}/resume`, {});
      expect(await nextDelta(client, topic, seq + 3)).toEqual({ gameId: game.id, suspended: false, at: clock.now() });
    });

    it('tells a score: a line game goes live with its scoreboard', async () => {
      const game = await create();
      const client = await open();
      const topic = `game:${game.id}`;
      const { seq } = await follow(client, game.id);
      clock.advance!(30);
      await ops('POST', `/${game.id}/score`, { score: { home: 0, away: 1 }, clockSeconds: 600 });
      const delta = await nextDelta(client, topic, seq + 1);
      const page = await read(game.id);
      expect(delta).toEqual({ gameId: game.id, status: 2, isLive: true, isFinished: false, live: page.live, at: clock.now() });
      expect(delta.live).toEqual({ period: 1, clock: { seconds: 600, running: true, rate: 1, at: clock.now() }, score: { home: 0, away: 1 }, periods: [{ home: 0, away: 1 }] });
      // A goal in play: only the scoreboard.
      await ops('POST', `/${game.id}/score`, { score: { home: 1, away: 1 }, clockSeconds: 900 });
      const goal = await nextDelta(client, topic, seq + 2);
      expect(goal).toEqual({ gameId: game.id, live: (await read(game.id)).live, at: clock.now() });
    });

    it('tells the result: status, result, every settlement, the end of the suspension', async () => {
      const game = await create({ live: true });
      await ops('POST', `/${game.id}/suspend`);
      const client = await open();
      const topic = `game:${game.id}`;
      const { seq } = await follow(client, game.id);
      clock.advance!(5400);
      const answer = OpsFinishResponseSchema.parse(
        (await ops('POST', `/${game.id}/finish`, { score: { home: 2, away: 2 }, periods: [{ home: 1, away: 1 }, { home: 1, away: 1 }] })).json(),
      );
      const delta = await nextDelta(client, topic, seq + 1);
      expect(delta).toEqual({
        gameId: game.id,
        status: 4,
        isLive: false,
        isFinished: true,
        suspended: false,
        result: { score: { home: 2, away: 2 }, periods: [{ home: 1, away: 1 }, { home: 1, away: 1 }], finishedAt: clock.now(), cancelled: false },
        settlements: answer.settlements,
        // The scoreboard as it ended: the final score, the clock stopped.
        live: answer.game.live,
        at: clock.now(),
      });
      expect(delta.live).toMatchObject({ score: { home: 2, away: 2 }, clock: { running: false } });
      expect(Object.keys(delta.settlements ?? {})).toHaveLength(game.markets.flatMap((m) => m.outcomes).length);
      expect(delta.settlements?.['1x2:match/draw']).toBe(1);
      // A later subscriber gets the crowd's recent snapshot (taken before the finish), then
      // the finish from the ring: the same delta, numbered next.
      const late = await open();
      const first = await follow(late, game.id);
      expect(first.seq).toBe(seq);
      expect(await nextDelta(late, topic, seq + 1)).toEqual(delta);
      await late.expectNothing();
    });

    it('serves later subscribers the recent snapshot while nothing changed, and a fresh one after', async () => {
      const game = await create({ live: true });
      const a = await open();
      const first = await follow(a, game.id);
      const b = await open();
      const second = await follow(b, game.id);
      expect(second).toEqual(first);
      await b.expectNothing();
      // Nobody follows any more: the next subscriber reads the game again.
      await a.close();
      await b.close();
      await ops('PATCH', `/${game.id}/odds`, { outcomes: [{ key: '1x2:match/home', coef: 4.321 }] });
      const c = await open();
      const third = await follow(c, game.id);
      expect(third.seq).toBe(first.seq + 1);
      expect(third.game).toEqual(await read(game.id));
    });

    it('keeps a follower in step: snapshot plus deltas is the game page', async () => {
      const game = await create();
      const client = await open();
      const topic = `game:${game.id}`;
      let { seq, game: held } = await follow(client, game.id);
      const changes: [method: 'POST' | 'PATCH', path: string, payload?: unknown][] = [
        ['PATCH', '/odds', { outcomes: [{ key: '1x2:match/home', coef: 1.777 }, { key: 'total:match@2.5/over', coef: 2.02, blocked: true }] }],
        ['POST', '/suspend', { markets: ['handicap:match@0', 'btts:match'] }],
        ['POST', '/score', { score: { home: 1, away: 0 } }],
        ['POST', '/suspend'],
        ['PATCH', '/odds', { outcomes: [{ key: '1x2:match/home', coef: 1.4 }, { key: '1x2:match/away', blocked: true }] }],
        ['POST', '/resume', {}],
        ['POST', '/resume', { markets: ['btts:match'] }],
        ['POST', '/score', { score: { home: 1, away: 0 }, status: 3, clockSeconds: 2700 }],
        ['POST', '/score', { score: { home: 1, away: 2 }, period: 2 }],
      ];
      for (const [method, path, payload] of changes) {
        clock.advance!(7);
        await ops(method, `/${game.id}${path}`, payload);
        held = applyDelta(held, await nextDelta(client, topic, ++seq));
        expect(held, `${method} ${path}`).toEqual(await read(game.id));
      }
    });
  });

  describe('section:{line|live}', () => {
    it('answers the sports with their counts, as the sports list does', async () => {
      await create({ sportId: 2, champName: 'Topic Hockey', live: true });
      const client = await open();
      for (const section of ['line', 'live'] as const) {
        client.send({ type: 'subscribe', topic: `section:${section}` });
        const snapshot = snapshotOf(await client.next());
        expect(snapshot.topic).toBe(`section:${section}`);
        expect(SectionSnapshotSchema.parse(snapshot.data)).toEqual({ sports: await sportsOf(section) });
      }
    });

    it('tells the games that enter and leave a section, with the new counts', async () => {
      const lineClient = await open();
      const liveClient = await open();
      lineClient.send({ type: 'subscribe', topic: 'section:line' });
      liveClient.send({ type: 'subscribe', topic: 'section:live' });
      let lineSeq = snapshotOf(await lineClient.next()).seq;
      let liveSeq = snapshotOf(await liveClient.next()).seq;
      const sectionDelta = async (client: LiveTestClient, topic: string, seq: number) => {
        const delta = deltaOf(await client.next());
        expect([delta.topic, delta.seq]).toEqual([topic, seq]);
        return SectionDeltaSchema.parse(delta.data);
      };

      // A new line game enters the line.
      const game = await create({ sportId: 4, champName: 'Topic Tennis', home: 'Server A', away: 'Server B' });
      expect(await sectionDelta(lineClient, 'section:line', ++lineSeq)).toEqual({ added: [game.id], removed: [], counts: [{ sportId: 4, count: await countOf('line', 4) }], at: clock.now() });
      expect(await countOf('line', 4)).toBeGreaterThan(0);
      await liveClient.expectNothing(20);

      // Its first score puts it in play: it leaves the line and enters live.
      clock.advance!(60);
      await ops('POST', `/${game.id}/score`, { score: { home: 0, away: 0 }, periods: [{ home: 1, away: 0 }] });
      expect(await sectionDelta(lineClient, 'section:line', ++lineSeq)).toEqual({ added: [], removed: [game.id], counts: [{ sportId: 4, count: await countOf('line', 4) }], at: clock.now() });
      const liveCount = await countOf('live', 4);
      expect(liveCount).toBeGreaterThan(0);
      expect(await sectionDelta(liveClient, 'section:live', ++liveSeq)).toEqual({ added: [game.id], removed: [], counts: [{ sportId: 4, count: liveCount }], at: clock.now() });

      // A break and a new score keep it in live: nothing to tell.
      await ops('POST', `/${game.id}/score`, { score: { home: 0, away: 0 }, status: 3 });
      await ops('POST', `/${game.id}/score`, { score: { home: 1, away: 0 }, period: 2 });
      await lineClient.expectNothing(20);
      await liveClient.expectNothing(20);

      // The result takes it out of live.
      clock.advance!(3600);
      await ops('POST', `/${game.id}/finish`, { score: { home: 2, away: 0 }, periods: [{ home: 6, away: 3 }, { home: 6, away: 4 }] });
      expect(await sectionDelta(liveClient, 'section:live', ++liveSeq)).toEqual({ added: [], removed: [game.id], counts: [{ sportId: 4, count: liveCount - 1 }], at: clock.now() });
      await lineClient.expectNothing(20);

      // A game made live enters live at once.
      const live = await create({ sportId: 4, champName: 'Topic Tennis', home: 'Server C', away: 'Server D', live: true });
      expect(await sectionDelta(liveClient, 'section:live', ++liveSeq)).toEqual({ added: [live.id], removed: [], counts: [{ sportId: 4, count: liveCount }], at: clock.now() });
      // A line game finished without play leaves the line.
      const walkover = await create({ sportId: 4, champName: 'Topic Tennis', home: 'Server E', away: 'Server F' });
      expect(await sectionDelta(lineClient, 'section:line', ++lineSeq)).toMatchObject({ added: [walkover.id], removed: [] });
      await ops('POST', `/${walkover.id}/finish`, { score: { home: 0, away: 0 }, cancelled: true });
      expect(await sectionDelta(lineClient, 'section:line', ++lineSeq)).toEqual({ added: [], removed: [walkover.id], counts: [{ sportId: 4, count: await countOf('line', 4) }], at: clock.now() });
      await liveClient.expectNothing(20);
    });
  });

  describe('unknown topics', () => {
    it('answers unknown_topic for a game that does not exist and for malformed topics', async () => {
      const client = await open();
      for (const topic of ['game:999999', 'game:2147483647', 'game:abc', 'game:0', 'game:01', 'game:-1', 'game:1.5', 'game:99999999999', 'game', 'game:1:2', 'section:foo', 'section', 'section:LINE', 'section:line:1']) {
        client.send({ type: 'subscribe', topic });
        expect(errorOf(await client.next()), topic).toMatchObject({ code: LiveErrorCode.unknownTopic, topic });
      }
      // The connection still works.
      const game = await create();
      expect((await follow(client, game.id)).game.id).toBe(game.id);
    });
  });

  describe('resuming after a reconnect', () => {
    it('answers `resumed` and exactly the deltas missed, then the next ones', async () => {
      const game = await create();
      const topic = `game:${game.id}`;
      const first = await open();
      const { seq: start, game: snapshot } = await follow(first, game.id);
      await ops('PATCH', `/${game.id}/odds`, { outcomes: [{ key: '1x2:match/home', coef: 2.2 }] });
      let held = applyDelta(snapshot, await nextDelta(first, topic, start + 1));
      await first.close();

      // Missed while away.
      await ops('PATCH', `/${game.id}/odds`, { outcomes: [{ key: '1x2:match/home', coef: 2.3 }] });
      await ops('POST', `/${game.id}/suspend`);
      clock.advance!(90);
      await ops('POST', `/${game.id}/score`, { score: { home: 1, away: 0 } });

      const second = await open();
      second.send({ type: 'subscribe', topic, fromSeq: start + 1 });
      expect(await second.next()).toEqual({ type: 'resumed', topic, seq: start + 1 });
      const missed = [await nextDelta(second, topic, start + 2), await nextDelta(second, topic, start + 3), await nextDelta(second, topic, start + 4)];
      expect(missed[0]?.markets?.[0]?.outcomes[0]).toEqual({ key: '1x2:match/home', coef: 2.3, blocked: false });
      expect(missed[1]).toMatchObject({ suspended: true });
      expect(missed[2]).toMatchObject({ status: 2, isLive: true, live: { score: { home: 1, away: 0 } } });
      await second.expectNothing();
      for (const delta of missed) held = applyDelta(held, delta);
      expect(held).toEqual(await read(game.id));

      await ops('POST', `/${game.id}/resume`);
      expect(await nextDelta(second, topic, start + 5)).toEqual({ gameId: game.id, suspended: false, at: clock.now() });
      await second.expectNothing();
    });

    it('answers just `resumed` when nothing was missed, and a snapshot for a number it cannot continue', async () => {
      const game = await create();
      const topic = `game:${game.id}`;
      const first = await open();
      const { seq } = await follow(first, game.id);
      await first.close();
      const second = await open();
      second.send({ type: 'subscribe', topic, fromSeq: seq });
      expect(await second.next()).toEqual({ type: 'resumed', topic, seq });
      await second.expectNothing();
      second.send({ type: 'subscribe', topic, fromSeq: seq + 1000 });
      const snapshot = snapshotOf(await second.next());
      expect(snapshot.seq).toBe(seq);
      expect(GameDetailSchema.parse(snapshot.data)).toEqual(await read(game.id));
    });
  });
});
