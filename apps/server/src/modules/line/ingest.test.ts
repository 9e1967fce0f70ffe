/**
 * The simulated feed through the ingester into the database and out on the live topics:
 * games enter the line, go live, finish with every outcome settled as the domain settles
 * it; the same seed and clock give the same database; a restart catches up with what
 * happened meanwhile; a steady stream is written a batch per flush interval; one node at a
 * time ingests.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { createTestDb, testDbKinds, type TestDb } from '@betsite/db/testing';
import { createDb, type Database } from '@betsite/db';
import { GAME_STATUS, SPORT, outcomeFromKey, settleOutcome, type GameFormat, type GameResult, type SportId } from '@betsite/domain';
import { SimulatedFeed, type FeedEvent, type FeedListener, type FeedProvider, type FeedSnapshot } from '@betsite/feed';
import { SectionDeltaSchema, type LiveServerMessage } from '@betsite/contracts';
import { buildTestApp } from '../../testing.ts';
import type { ServerClock } from '../../lib/clock.ts';
import { LiveTestClient, listenForLive } from '../live/testing.ts';
import { priceOf } from './rows.ts';

/** Saturday 15 March 2025, 15:00 UTC: football, table tennis and more are playing. */
const SATURDAY_AFTERNOON = Date.UTC(2025, 2, 15, 15, 0, 0);
const SPORTS: SportId[] = [SPORT.football, SPORT.tableTennis];

function fixedClock(start: number): ServerClock & { set(time: number): void } {
  let now = start;
  return {
    fake: true,
    now: () => now,
    advance(seconds) {
      now += seconds * 1000;
    },
    set(time) {
      now = time;
    },
  };
}

async function ingesting(handle: TestDb | { db: Kysely<Database>; close(): Promise<void>; kind: 'pglite' | 'postgres'; ping(): Promise<boolean> }, clock: ServerClock, leaseMs = 15_000) {
  const feed = new SimulatedFeed({ seed: 7, clock, speed: 60, days: 1, sports: SPORTS });
  const app = await buildTestApp(handle, { clock, line: { feed, leaseMs } });
  return { app, feed };
}

/** Moves the feed's clock and waits until the ingester has written and published everything. */
async function play(app: FastifyInstance, feed: SimulatedFeed, clock: ServerClock, seconds: number, step = 20) {
  for (let left = seconds; left > 0; left -= step) {
    clock.advance?.(Math.min(step, left));
    feed.tick();
    await app.line.ingester?.settled();
  }
}

async function statusCounts(db: Kysely<Database>) {
  const rows = await db.selectFrom('games').select(['status', sql<number>`count(*)::int`.as('n')]).groupBy('status').execute();
  return Object.fromEntries(rows.map((r) => [r.status, r.n])) as Record<number, number>;
}

/** Every game's state and every price, as one comparable list. */
async function fingerprint(db: Kysely<Database>) {
  const games = await db
    .selectFrom('games')
    .select(['provider_id', 'status', 'period', 'score_home', 'score_away', 'suspended', 'result'])
    .orderBy('provider_id')
    .execute();
  const outcomes = await db
    .selectFrom('outcomes as o')
    .innerJoin('games as g', 'g.id', 'o.game_id')
    .select(['g.provider_id', 'o.key', 'o.price', 'o.blocked', 'o.status'])
    .orderBy('g.provider_id')
    .orderBy('o.key')
    .execute();
  return { games, outcomes };
}

/** The batching test's flush interval. */
const FLUSH_MS = 40;

/** The simulated feed's catalogue and snapshot, then only the events a test sends. */
class StreamFeed implements FeedProvider {
  readonly name: string;
  private readonly listeners = new Set<FeedListener>();
  private seq = 0;

  constructor(
    private readonly base: SimulatedFeed,
    private readonly taken: FeedSnapshot,
  ) {
    this.name = base.name;
  }

  catalogue() {
    return this.base.catalogue();
  }

  async snapshot(): Promise<FeedSnapshot> {
    return { ...this.taken, seq: 0 };
  }

  subscribe(listener: FeedListener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start() {}

  stop() {}

  emit(event: Omit<Extract<FeedEvent, { type: 'odds' }>, 'seq'>) {
    const numbered: FeedEvent = { ...event, seq: ++this.seq };
    for (const listener of this.listeners) listener(numbered);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDbKinds)('feed ingestion [%s]', (kind) => {
  let app: FastifyInstance | null = null;
  // A fresh database per test: each replays the same afternoon from its start.
  let t: TestDb;
  beforeEach(async () => {
    t = await createTestDb({ kind });
  });
  afterEach(async () => {
    await app?.close();
    app = null;
    await t.close();
  });

  it('plays games from the line through live to settled results', async () => {
    const clock = fixedClock(SATURDAY_AFTERNOON);
    const run = await ingesting(t, clock);
    app = run.app;
    await app.line.ingester?.start();
    await app.line.ingester?.settled();
    const before = await statusCounts(t.db);
    expect(before[GAME_STATUS.notStarted] ?? 0).toBeGreaterThan(10);

    // Two hours of real time at speed 60: many games start and end.
    await play(app, run.feed, clock, 2 * 3600, 60);
    const after = await statusCounts(t.db);
    expect(after[GAME_STATUS.finished] ?? 0).toBeGreaterThan(5);

    // The line API agrees with the database.
    const live = (await app.inject({ url: '/web-api/line/v1/sports?section=live' })).json() as { sports: { id: number; count: number }[] };
    const inPlay = (after[GAME_STATUS.live] ?? 0) + (after[GAME_STATUS.break] ?? 0);
    expect(live.sports.reduce((sum, s) => sum + s.count, 0)).toBe(inPlay);

    // Every outcome of every finished game is settled, exactly as the domain settles it from the stored result.
    const finished = await t.db.selectFrom('games').select(['id', 'result', 'format']).where('status', '=', GAME_STATUS.finished).execute();
    for (const game of finished) {
      const result = game.result as unknown as GameResult;
      expect(result.phase).toBe('finished');
      const outcomes = await t.db.selectFrom('outcomes').select(['key', 'status', 'blocked']).where('game_id', '=', game.id).execute();
      expect(outcomes.length).toBeGreaterThan(0);
      for (const outcome of outcomes) {
        const spec = outcomeFromKey(outcome.key);
        expect(spec, outcome.key).not.toBeNull();
        expect(outcome.status, outcome.key).toBe(settleOutcome(spec!, result, game.format as unknown as GameFormat));
        expect(outcome.blocked).toBe(true);
      }
    }
    const results = (await app.inject({ url: '/web-api/line/v1/results?type=live' })).json() as { results: { id: number }[] };
    expect(results.results.length).toBe(finished.length);
  }, 120_000);

  it('comes back after a restart: the games that ended meanwhile get their results, nothing is doubled', async () => {
    const clock = fixedClock(SATURDAY_AFTERNOON);
    let run = await ingesting(t, clock);
    app = run.app;
    await app.line.ingester?.start();
    await play(app, run.feed, clock, 30 * 60, 60);
    const liveBefore = await t.db.selectFrom('games').select(['id', 'provider_id']).where('status', 'in', [GAME_STATUS.live, GAME_STATUS.break]).execute();
    expect(liveBefore.length).toBeGreaterThan(0);
    const gamesBefore = await t.db.selectFrom('games').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    await app.close();

    // Down for an hour of real time (every game live before has ended at speed 60).
    clock.advance?.(3600);
    run = await ingesting(t, clock);
    app = run.app;
    await app.line.ingester?.start();
    await app.line.ingester?.settled();

    const ended = await t.db
      .selectFrom('games')
      .select(['status', 'finished_at'])
      .where(
        'id',
        'in',
        liveBefore.map((g) => g.id),
      )
      .execute();
    for (const game of ended) {
      expect([GAME_STATUS.finished, GAME_STATUS.cancelled]).toContain(game.status);
      expect(game.finished_at).not.toBeNull();
    }
    const duplicates = await t.db
      .selectFrom('games')
      .select(['provider_id', sql<number>`count(*)::int`.as('n')])
      .groupBy('provider_id')
      .having(sql`count(*)`, '>', 1)
      .execute();
    expect(duplicates).toEqual([]);
    const gamesAfter = await t.db.selectFrom('games').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    expect(gamesAfter.n).toBeGreaterThanOrEqual(gamesBefore.n);
  }, 120_000);

  it('tells the live section when a game starts and when it ends', async () => {
    const clock = fixedClock(SATURDAY_AFTERNOON);
    const run = await ingesting(t, clock);
    app = run.app;
    await app.line.ingester?.start();
    await app.line.ingester?.settled();
    const client = await LiveTestClient.open(await listenForLive(app));
    try {
      client.send({ type: 'subscribe', topic: 'section:live' });
      const first: LiveServerMessage = await client.next();
      expect(first.type).toBe('snapshot');
      const added = new Set<number>();
      const removed = new Set<number>();
      for (let i = 0; i < 60 && (added.size === 0 || removed.size === 0); i++) {
        await play(app, run.feed, clock, 60, 60);
        for (const message of await client.drain()) {
          if (message.type === 'error') throw new Error(`${message.code}`);
          if (message.type !== 'delta') continue;
          const delta = SectionDeltaSchema.parse(message.data);
          for (const id of delta.added) added.add(id);
          for (const id of delta.removed) removed.add(id);
        }
      }
      expect(added.size).toBeGreaterThan(0);
      expect(removed.size).toBeGreaterThan(0);
      // A game that left the live section is over.
      const left = await t.db.selectFrom('games').select('status').where('id', 'in', [...removed]).execute();
      for (const game of left) expect([GAME_STATUS.finished, GAME_STATUS.cancelled]).toContain(game.status);
    } finally {
      client.socket.close();
    }
  }, 120_000);

  // The batching under a steady stream of price changes (ingest.ts `schedule`): a batch is
  // written `flushMs` after its first event even when the writer was busy meanwhile (it used
  // to take what had come as soon as it was free), every change still arriving.
  it('writes a steady stream a batch per flush interval, every change arriving', async () => {
    const clock = { fake: true, now: () => SATURDAY_AFTERNOON };
    const base = new SimulatedFeed({ seed: 7, clock, days: 1, sports: [SPORT.football] });
    const snapshot = await base.snapshot();
    const feed = new StreamFeed(base, snapshot);
    app = await buildTestApp(t, { clock, line: { feed, flushMs: FLUSH_MS } });
    await app.line.ingester?.start();
    await app.line.ingester?.settled();

    // Each transaction takes 10 ms at least: events keep arriving while the writer is busy.
    let commits = 0;
    const { writer } = app.line;
    const commit = writer.commit.bind(writer);
    writer.commit = (work) => {
      commits++;
      return commit(async (trx, changes) => {
        await sleep(10);
        return work(trx, changes);
      });
    };

    // One market's price changed every 5 ms, each market of the game in turn.
    const [{ game, markets }] = snapshot.games as [FeedSnapshot['games'][number]];
    const events = 48;
    const last = new Map<string, number>();
    const started = performance.now();
    for (let n = 0; n < events; n++) {
      const market = markets[n % markets.length]!;
      const coef = 1.5 + n / 100;
      last.set(`${market.key}|${market.outcomes[0]!.key}`, coef);
      feed.emit({ type: 'odds', at: clock.now(), gameId: game.id, markets: [{ key: market.key, blocked: false, outcomes: market.outcomes.map((o, i) => ({ key: o.key, blocked: false, coef: i === 0 ? coef : o.coef })) }] });
      await sleep(5);
    }
    const elapsed = performance.now() - started;
    await app.line.ingester?.settled();

    // Each batch spans a flush interval from its first event: no more batches than intervals.
    expect(commits).toBeGreaterThanOrEqual(1);
    expect(commits).toBeLessThanOrEqual(Math.ceil(elapsed / FLUSH_MS) + 1);
    expect(commits).toBeLessThan(events / 2);
    expect(app.line.ingester?.stats()).toMatchObject({ applied: events, skipped: 0, queued: 0 });
    const rows = await t.db
      .selectFrom('outcomes as o')
      .innerJoin('games as g', 'g.id', 'o.game_id')
      .select(['o.market_key', 'o.key', 'o.price'])
      .where('g.provider_id', '=', game.id)
      .execute();
    const prices = new Map(rows.map((r) => [`${r.market_key}|${r.key}`, r.price]));
    for (const [key, coef] of last) expect(prices.get(key)).toBe(priceOf(coef));
  });
});

describe('feed ingestion is deterministic', () => {
  const handles: TestDb[] = [];
  afterEach(async () => {
    await Promise.all(handles.splice(0).map((h) => h.close()));
  });

  it('the same seed and the same clock give the same database', async () => {
    const prints = [];
    for (let i = 0; i < 2; i++) {
      const handle = await createTestDb();
      handles.push(handle);
      const clock = fixedClock(SATURDAY_AFTERNOON);
      const run = await ingesting(handle, clock);
      try {
        await run.app.line.ingester?.start();
        // Different batching each time (other step sizes): the state must not depend on it.
        await play(run.app, run.feed, clock, 40 * 60, i === 0 ? 30 : 90);
        prints.push(await fingerprint(handle.db));
      } finally {
        await run.app.close();
      }
    }
    expect(prints[0]?.games.length).toBeGreaterThan(10);
    expect(prints[1]).toEqual(prints[0]);
  }, 120_000);
});

describe.each(testDbKinds)('one node ingests at a time [%s]', (kind) => {
  const apps: FastifyInstance[] = [];
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    for (const close of closers.splice(0)) await close();
  });

  it('takes over when the ingesting node stops', async () => {
    const handle = await createTestDb({ kind });
    closers.push(() => handle.close());
    // PostgreSQL: each node its own connection pool, as separate processes would have.
    const second = handle.url ? await createDb({ databaseUrl: handle.url }) : handle;
    if (second !== handle) closers.unshift(() => second.close());
    const clock = fixedClock(SATURDAY_AFTERNOON);
    const a = await ingesting(handle, clock, 5_000);
    const b = await ingesting(second, clock, 5_000);
    apps.push(a.app, b.app);

    await a.app.line.leadership?.start();
    await b.app.line.leadership?.start();
    expect(a.app.line.leadership?.isLeader).toBe(true);
    expect(b.app.line.leadership?.isLeader).toBe(false);
    expect(b.app.line.ingester?.stats().running).toBe(false);

    await a.app.line.leadership?.stop();
    expect(a.app.line.ingester?.stats().running).toBe(false);
    await b.app.line.leadership?.check();
    expect(b.app.line.leadership?.isLeader).toBe(true);
    expect(b.app.line.ingester?.stats().running).toBe(true);
    await b.app.line.ingester?.settled();
    const games = await handle.db.selectFrom('games').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    expect(games.n).toBeGreaterThan(10);
  }, 60_000);

  it('fences off a node that stalled past its lease: its next batch is refused, writes nothing, and it stops', async () => {
    const handle = await createTestDb({ kind });
    closers.push(() => handle.close());
    const second = handle.url ? await createDb({ databaseUrl: handle.url }) : handle;
    if (second !== handle) closers.unshift(() => second.close());
    // Each node its own clock: only A's moves, so whatever changes in the database is A's doing.
    const clockA = fixedClock(SATURDAY_AFTERNOON);
    const clockB = fixedClock(SATURDAY_AFTERNOON);
    // Long leases: no renewal timer fires during the test; the expiry is made by hand.
    const a = await ingesting(handle, clockA, 60_000);
    const b = await ingesting(second, clockB, 60_000);
    apps.push(a.app, b.app);
    const lease = () => handle.db.selectFrom('feed_cursors').select(['owner', 'generation']).where('provider', '=', 'simulated').executeTakeFirstOrThrow();

    await a.app.line.leadership?.start();
    expect(a.app.line.leadership?.isLeader).toBe(true);
    await a.app.line.ingester?.settled();
    const first = await lease();
    expect(first.generation).toBe(1n);
    // A renewal keeps the generation.
    await a.app.line.leadership?.check();
    expect((await lease()).generation).toBe(1n);

    // A stalls past its lease (it does not know); B takes the lease over.
    await handle.db.updateTable('feed_cursors').set({ lease_until: new Date(Date.now() - 1000) }).where('provider', '=', 'simulated').execute();
    await b.app.line.leadership?.start();
    expect(b.app.line.leadership?.isLeader).toBe(true);
    await b.app.line.ingester?.settled();
    const taken = await lease();
    expect(taken.generation).toBe(2n);
    expect(taken.owner).not.toBe(first.owner);

    // A wakes up with events in hand: its batch is refused whole.
    const before = await fingerprint(handle.db);
    let delivered = 0;
    const unsubscribe = a.feed.subscribe(() => delivered++);
    clockA.advance?.(20 * 60);
    a.feed.tick();
    unsubscribe();
    await a.app.line.ingester?.settled();
    expect(delivered).toBeGreaterThan(0);
    expect(await fingerprint(handle.db)).toEqual(before);
    expect(a.app.line.ingester?.stats().running).toBe(false);
    expect(a.app.line.leadership?.isLeader).toBe(false);
    // …and stays off: the lease is B's.
    await a.app.line.leadership?.check();
    expect(a.app.line.leadership?.isLeader).toBe(false);
    expect(await lease()).toEqual(taken);

    // B writes on.
    clockB.advance?.(20 * 60);
    b.feed.tick();
    await b.app.line.ingester?.settled();
    expect(await fingerprint(handle.db)).not.toEqual(before);
  }, 60_000);
});
