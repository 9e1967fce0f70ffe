/**
 * The ingester's batching under a steady stream of price changes (ingest.ts `schedule`): a
 * batch is written `flushMs` after its first event even when the writer was busy meanwhile
 * (it used to take what had come as soon as it was free), so the
 * database sees a transaction per `flushMs` rather than one per event or two, and every
 * change still arrives, the last word per market winning.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, testDbKinds, type TestDb } from '@betsite/db/testing';
import { SPORT } from '@betsite/domain';
import { SimulatedFeed, type FeedEvent, type FeedListener, type FeedProvider, type FeedSnapshot } from '@betsite/feed';
import { buildTestApp } from '../../testing.ts';
import { priceOf } from './rows.ts';

/** Saturday 15 March 2025, 15:00 UTC. */
const SATURDAY_AFTERNOON = Date.UTC(2025, 2, 15, 15, 0, 0);
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

describe.each(testDbKinds)('feed ingestion batching [%s]', (kind) => {
  let app: FastifyInstance | null = null;
  let t: TestDb;
  beforeEach(async () => {
    t = await createTestDb({ kind });
  });
  afterEach(async () => {
    await app?.close();
    app = null;
    await t.close();
  });

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
