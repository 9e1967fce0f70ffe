/**
 * The server process of bench/feed-fanout.ts: `build()` of the real app (no pages) with the
 * load feed (load-feed.ts) as its line's provider, so odds go the production way — feed
 * event → ingester (batched, one transaction per batch) → writer → `game:{id}` delta →
 * sockets. Started by the benchmark with the environment it wants (NODE_ENV=production,
 * FEED=off, OPS_TOKEN, DATA_DIR, DATABASE_URL); prints `LISTENING <origin>` when ready to
 * accept sockets, and exits when its stdin closes (the benchmark ended, however).
 *
 * Bench-only routes (registered before listen, on 127.0.0.1 only):
 * - `GET /bench/state`: whether the ingester runs, and our ids of the load games;
 * - `GET /bench/stats`: process memory, ingester and live stats;
 * - `POST /bench/run {perSecond, seconds}`: emits the load, waits until every event is
 *   written and published, answers the emission report and what the server measured:
 *   per transaction (writer.commit) its wait, statements, commit and publishing times; per
 *   `game:` delta how long after its event it was published and how long the publish
 *   call (numbering, bus, serialising, writing to every subscriber's socket) took; the
 *   ingester's backlog, event-loop delay and CPU used during the run.
 *
 * The measuring wraps `app.line.writer.commit`, `app.db.transaction` and `app.live.publish` of this process only;
 * nothing in the server is changed.
 */
import { loadEnv } from '../../apps/server/src/config/env.ts';
import { build } from '../../apps/server/src/app.ts';
import type { IngesterStats } from '../../apps/server/src/modules/line/ingest.ts';
import type { Committed, LineWork, LineWriter } from '../../apps/server/src/modules/line/writer.ts';
import type { LiveHubStats } from '../../apps/server/src/modules/live/hub.ts';
import { LOAD_FEED_NAME, LoadFeed, loadGameId, wallClock, type LoadRunReport } from './load-feed.ts';
import { probeProcess, type ProcessMeasures } from './process-probe.ts';
import { summarise, type Summary } from './stats.ts';

export interface ServerMeasures extends ProcessMeasures {
  /** One entry per writer.commit (a feed batch is one). */
  transactions: {
    count: number;
    /** Events applied per transaction. */
    events: Summary;
    /** The batch's first event: from its emission to the start of its transaction's statements (the flush delay, earlier batches, BEGIN). */
    queuedMs: Summary;
    /** From writer.commit to the start of the work in the transaction (the previous transaction, BEGIN, a pooled connection). */
    beginMs: Summary;
    /** The statements of the batch (UPDATE markets, UPDATE outcomes per event). */
    workMs: Summary;
    /** From the end of the work to the commit: the list rows' update (list-rows.ts) and COMMIT. */
    commitMs: Summary;
    /** From the commit to the first publish: the previous transaction's deltas going out (the writer publishes in commit order). */
    publishWaitMs: Summary;
    /** From the first publish to the last delta out. */
    publishMs: Summary;
    totalMs: Summary;
  };
  deltas: {
    /** Feed event (the delta's `at`, its latest event) → the publish call. */
    eventToPublishMs: Summary;
    /** The publish call itself (memory bus: numbering, serialising and every socket write happen inside). */
    publishCallMs: Summary;
    /** Markets per delta (> 1: events merged in one batch). */
    markets: Summary;
  };
  /** Events the ingester applied during the run. */
  applied: number;
  /** List rows of the run's writes, in games: computed again whole, patched (lines chosen again among them), left as they were. */
  listRows: LineWriter['listRows'];
  /** Events emitted but not yet committed, sampled every 10 ms. */
  backlogMax: number;
  ingester: IngesterStats | null;
}

/** One transaction of the writer (wall-clock ms). */
export interface TxRecord {
  start: number;
  workStart: number;
  workEnd: number;
  committed: number;
  firstPublish: number;
  end: number;
  events: number;
  /** Emission time of the batch's first event. */
  firstEventAt: number;
}

export interface RunAnswer {
  report: LoadRunReport;
  server: ServerMeasures;
  /** Every transaction, when asked for (`raw: true`). */
  transactions?: TxRecord[];
}

export interface StateAnswer {
  ready: boolean;
  /** Our game id of load game i at index i. */
  gameIds: number[];
  marketsPerGame: number;
}

export interface StatsAnswer {
  memory: NodeJS.MemoryUsage;
  live: LiveHubStats & { connections: number };
}

await serve();

async function serve(): Promise<void> {
  const games = Number(process.env.FANOUT_GAMES ?? 100);
  const feed = new LoadFeed(games);
  const env = loadEnv(process.env);
  const app = await build({ env, line: { feed } });

  // --- measuring, around the writer and the live publish of this process
  /** Committed transactions whose deltas are not all out yet, oldest first (they publish in this order). */
  const publishing: TxRecord[] = [];
  const txs: TxRecord[] = [];
  const eventToPublish: number[] = [];
  const publishCall: number[] = [];
  const marketsPerDelta: number[] = [];
  const { writer, ingester } = app.line;
  const applied = () => ingester?.stats().applied ?? 0;

  /** The transaction whose work ran last and has not committed yet (the writer runs one at a time). */
  let open: TxRecord | null = null;
  // The writer's COMMIT: when its transaction's `execute` resolves (wrapped on this process's Kysely instance).
  const transaction = app.db.transaction.bind(app.db);
  app.db.transaction = () => {
    const builder = transaction();
    const execute = builder.execute.bind(builder);
    builder.execute = async (callback) => {
      const result = await execute(callback);
      if (open) {
        open.committed = wallClock();
        publishing.push(open);
        open = null;
      }
      return result;
    };
    return builder;
  };
  // `run` commits through `commit` too: wrapping it sees every transaction.
  const commit = writer.commit.bind(writer);
  writer.commit = <T,>(work: LineWork<T>): Promise<Committed<T>> => {
    const record: TxRecord = { start: wallClock(), workStart: Number.NaN, workEnd: Number.NaN, committed: Number.NaN, firstPublish: Number.NaN, end: Number.NaN, events: 0, firstEventAt: Number.NaN };
    const answer = commit(async (trx, changes) => {
      record.workStart = wallClock();
      open = record;
      // The ingester takes the events after the last one it committed (load events only, in seq order).
      record.firstEventAt = feed.emittedAtSeq((ingester?.stats().lastSeq ?? 0) + 1);
      const before = applied();
      const result = await work(trx, changes);
      record.events = applied() - before;
      record.workEnd = wallClock();
      return result;
    });
    void answer.then(
      ({ published }) =>
        published.then(() => {
          record.end = wallClock();
          if (Number.isNaN(record.firstPublish)) record.firstPublish = record.end;
          publishing.splice(publishing.indexOf(record), 1);
          txs.push(record);
        }),
      () => {
        if (open === record) open = null;
      },
    );
    return answer;
  };
  const publish = app.live.publish;
  app.live.publish = (topic, data, options) => {
    const start = wallClock();
    // Deltas leave in commit order: the oldest committed transaction not yet out is the one publishing.
    const current = publishing[0];
    if (current && Number.isNaN(current.firstPublish)) current.firstPublish = start;
    const answer = publish(topic, data, options);
    if (topic.startsWith('game:')) {
      const delta = data as { at: number; markets?: unknown[] };
      eventToPublish.push(start - delta.at);
      publishCall.push(wallClock() - start);
      marketsPerDelta.push(delta.markets?.length ?? 0);
    }
    return answer;
  };

  let gameIds: number[] = [];
  app.get('/bench/state', async (): Promise<StateAnswer> => {
    const running = ingester?.stats().running ?? false;
    if (running && gameIds.length < games) {
      const rows = await app.db.selectFrom('games').select(['id', 'provider_id']).where('provider', '=', LOAD_FEED_NAME).execute();
      const byProviderId = new Map(rows.map((r) => [r.provider_id, r.id]));
      const ids = Array.from({ length: games }, (_, i) => byProviderId.get(loadGameId(i)));
      if (ids.every((id) => id !== undefined)) gameIds = ids as number[];
    }
    return { ready: running && gameIds.length === games, gameIds, marketsPerGame: feed.marketsOf(0) };
  });

  // With --expose-gc (the benchmark starts this process with it), memory is read after a full collection.
  const collect = (globalThis as { gc?: () => void }).gc;
  app.get('/bench/stats', async (): Promise<StatsAnswer> => {
    collect?.();
    return { memory: process.memoryUsage(), live: app.live.stats() };
  });

  app.post<{ Body: { perSecond: number; seconds: number; raw?: boolean } }>('/bench/run', async (request): Promise<RunAnswer> => {
    const { perSecond, seconds, raw = false } = request.body;
    txs.length = 0;
    eventToPublish.length = 0;
    publishCall.length = 0;
    marketsPerDelta.length = 0;
    const stopProbe = probeProcess();
    let backlogMax = 0;
    const sampler = setInterval(() => {
      backlogMax = Math.max(backlogMax, feed.lastSeq - (ingester?.stats().lastSeq ?? 0));
    }, 10);
    const appliedBefore = applied();
    const rowsBefore = { ...writer.listRows };
    const report = await feed.run({ perSecond, seconds });
    await ingester?.settled();
    await writer.idle();
    const probed = stopProbe();
    clearInterval(sampler);
    return {
      report,
      server: {
        transactions: {
          count: txs.length,
          events: summarise(txs.map((t) => t.events)),
          queuedMs: summarise(txs.map((t) => t.workStart - t.firstEventAt)),
          beginMs: summarise(txs.map((t) => t.workStart - t.start)),
          workMs: summarise(txs.map((t) => t.workEnd - t.workStart)),
          commitMs: summarise(txs.map((t) => t.committed - t.workEnd)),
          publishWaitMs: summarise(txs.map((t) => t.firstPublish - t.committed)),
          publishMs: summarise(txs.map((t) => t.end - t.firstPublish)),
          totalMs: summarise(txs.map((t) => t.end - t.start)),
        },
        deltas: { eventToPublishMs: summarise(eventToPublish), publishCallMs: summarise(publishCall), markets: summarise(marketsPerDelta) },
        applied: applied() - appliedBefore,
        listRows: {
          recomputed: writer.listRows.recomputed - rowsBefore.recomputed,
          patched: writer.listRows.patched - rowsBefore.patched,
          linesChosen: writer.listRows.linesChosen - rowsBefore.linesChosen,
          unchanged: writer.listRows.unchanged - rowsBefore.unchanged,
        },
        backlogMax,
        ...probed,
        ingester: ingester?.stats() ?? null,
      },
      ...(raw ? { transactions: [...txs] } : {}),
    };
  });

  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  console.log(`LISTENING ${address}`);
  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    void app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, shutdown);
  // The benchmark holds our stdin: when it goes away (even killed), so do we.
  process.stdin.once('end', shutdown).resume();
}
