/**
 * Feed fan-out (issue 4 benchmark): from a feed event to the client having read the
 * message, through the production path — provider event → ingester (batched, one
 * transaction per batch) → writer → `game:{id}` delta → every subscriber's socket — with
 * N WebSocket subscribers on one node and R odds changes a second. Aim: p99 under 100 ms,
 * no message lost.
 *
 * The server is its own process (bench/support/fanout-server.ts: `build()` of the real app,
 * NODE_ENV=production, its line fed by bench/support/load-feed.ts): G live football games
 * with their 44 markets; each event changes one market of one game, its first outcome's
 * coefficient encoding the event's number, so every subscriber can tell exactly which
 * events it got. Subscribers are spread evenly over the games (5,000 over 100: 50 a game,
 * each hearing 5 changes a second). Both processes read the same clock.
 *
 * Printed per database (PGlite, then a throwaway PostgreSQL database when there is a
 * server, see bench/support/databases.ts): events emitted and the rate achieved; market
 * updates delivered; lost (an event of a subscriber's game it never saw), sequence gaps;
 * latency feed event → client read, p50/p90/p99/max; and where the time goes on the server
 * (per transaction: begin, statements, commit, publishing; per delta: event → publish and
 * the publish call itself; ingester backlog, event-loop delay, CPU), and the server's
 * resident memory per connection.
 *
 * Baseline (issue 14), after the databases: a bare `ws` broadcast server
 * (bench/support/fanout-baseline-server.ts) with the same sockets, protocol and load feed —
 * no ingester, database or bus — measured the same way; the closing lines put each product
 * run beside it: latency (ratio baseline/product), lost, GC pauses in all, event-loop delay,
 * CPU and memory per connection, all measured inside each server process.
 *
 * Usage: node --import tsx bench/feed-fanout.ts [clients=5000] [perSecond=500] [seconds=20] [games=100]
 *        (BENCH_DB=pglite|postgres for one database only; FANOUT_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof'
 *        passes options to the server's node, e.g. to profile it)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import { LIVE_WS_PATH } from '@betsite/contracts';
import { stopProcess } from '../e2e/support/server.ts';
import { forEachDatabase } from './support/databases.ts';
import type { BaselineRunAnswer } from './support/fanout-baseline-server.ts';
import type { RunAnswer, ServerMeasures, StateAnswer, StatsAnswer } from './support/fanout-server.ts';
import type { ProcessMeasures } from './support/process-probe.ts';
import { decodeEvent, wallClock } from './support/load-feed.ts';
import { percentiles, summarise, type Summary } from './support/stats.ts';
import { START_ENV } from './support/server.ts';
import { closeAll } from './support/sockets.ts';

const [clients, perSecond, seconds, games] = [5000, 500, 20, 100].map((fallback, i) => Number(process.argv[2 + i] ?? fallback)) as [number, number, number, number];
const CONNECT_CONCURRENCY = 200;
const WARMUP_SECONDS = 3;
/** After the last event is published: time for the last frames to arrive. */
const STRAGGLERS_MS = 2_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface FanoutServer {
  origin: string;
  pid: number;
  stop(): Promise<void>;
}

/** `script` (fanout-server.ts: the product; fanout-baseline-server.ts: the bare `ws` baseline) in its own process. */
async function startFanoutServer(script: string, env: Record<string, string>): Promise<FanoutServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'betsite-bench-fanout-'));
  const nodeArgs = process.env.FANOUT_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, ['--expose-gc', ...nodeArgs, '--import', 'tsx', fileURLToPath(new URL(`./support/${script}`, import.meta.url))], {
    env: {
      ...process.env,
      ...START_ENV,
      FAKE_CLOCK: '0',
      FEED: 'off',
      OPS_TOKEN: 'bench-ops-token-0123456789',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      FANOUT_GAMES: String(games),
      ...env,
    },
    // Its stdin stays open while we run: the server exits when it closes.
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const stop = () => stopProcess(child, dataDir);
  try {
    const origin = await new Promise<string>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`fan-out server exited with code ${code}`)));
      createInterface({ input: child.stdout! }).on('line', (line) => {
        if (line.startsWith('LISTENING ')) resolve(line.slice('LISTENING '.length));
        else console.log(line);
      });
    });
    return { origin, pid: child.pid ?? 0, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function call<T>(server: FanoutServer, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.origin}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

interface Client {
  socket: WebSocket;
  /** Index of its game (0 … games-1). */
  game: number;
  lastSeq: number;
  /** Event numbers seen. */
  received: Set<number>;
}

/** Pairs of numbers in typed arrays (half a million updates would otherwise be a GC load on the clients' process). */
class Log {
  size = 0;
  events = new Float64Array(1 << 16);
  readAt = new Float64Array(1 << 16);

  push(event: number, readAt: number): void {
    if (this.size === this.events.length) {
      const grow = (from: Float64Array) => {
        const to = new Float64Array(from.length * 2);
        to.set(from);
        return to;
      };
      this.events = grow(this.events);
      this.readAt = grow(this.readAt);
    }
    this.events[this.size] = event;
    this.readAt[this.size] = readAt;
    this.size++;
  }
}

/** What every client heard, all in one place (one process reads every socket). */
const heard = {
  /** Per market update: its event number and when it was read. */
  updates: new Log(),
  deltas: 0,
  gaps: 0,
  duplicates: 0,
  duplicateEvents: 0,
  resnapshots: 0,
  errors: 0,
  closed: 0,
  reset() {
    this.updates = new Log();
    this.deltas = this.gaps = this.duplicates = this.duplicateEvents = this.resnapshots = this.errors = this.closed = 0;
  },
};

interface Frame {
  type: string;
  seq?: number;
  data?: { markets?: { outcomes: { coef: number }[] }[] };
}

function openClient(url: string, game: number, gameId: number): Promise<Client> {
  const socket = new WebSocket(url, { perMessageDeflate: false });
  const client: Client = { socket, game, lastSeq: 0, received: new Set() };
  let ready = false;
  return new Promise((resolve, reject) => {
    socket.on('error', (error) => {
      if (!ready) reject(error);
    });
    socket.on('close', () => {
      if (ready) heard.closed++;
    });
    socket.on('open', () => socket.send(JSON.stringify({ type: 'subscribe', topic: `game:${gameId}` })));
    socket.on('message', (raw) => {
      const readAt = wallClock();
      const frame = JSON.parse(String(raw)) as Frame;
      if (frame.type === 'delta') {
        const seq = frame.seq ?? 0;
        if (seq <= client.lastSeq) heard.duplicates++;
        else if (seq !== client.lastSeq + 1) heard.gaps++;
        client.lastSeq = seq;
        heard.deltas++;
        for (const market of frame.data?.markets ?? []) {
          const coef = market.outcomes[0]?.coef;
          if (coef === undefined) continue;
          const n = decodeEvent(coef);
          if (client.received.has(n)) heard.duplicateEvents++;
          client.received.add(n);
          heard.updates.push(n, readAt);
        }
      } else if (frame.type === 'snapshot') {
        client.lastSeq = frame.seq ?? 0;
        if (ready) heard.resnapshots++;
        else {
          ready = true;
          resolve(client);
        }
      } else if (frame.type === 'error') {
        heard.errors++;
        console.error('live error:', String(raw));
        if (!ready) reject(new Error(String(raw)));
      }
    });
  });
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** What the comparison with the baseline needs of a run. */
interface FanoutFigure {
  label: string;
  latency: Summary;
  lost: number;
  expected: number;
  server: ProcessMeasures;
  /** RSS per connection, bytes (connected, after a full GC). */
  perConnection: number;
}

async function measure(label: string, start: () => Promise<FanoutServer>): Promise<FanoutFigure> {
  const server = await start();
  const opened: Client[] = [];
  try {
    let state: StateAnswer = { ready: false, gameIds: [], marketsPerGame: 0 };
    for (const started = Date.now(); !state.ready; await sleep(250)) {
      if (Date.now() - started > 120_000) throw new Error('the ingester did not start within 120 s');
      state = await call<StateAnswer>(server, '/bench/state');
    }
    await sleep(1000);
    const before = await call<StatsAnswer>(server, '/bench/stats');

    const url = `${server.origin.replace(/^http/, 'ws')}${LIVE_WS_PATH}`;
    const connectStarted = performance.now();
    for (let i = 0; i < clients; i += CONNECT_CONCURRENCY) {
      const batch = Array.from({ length: Math.min(CONNECT_CONCURRENCY, clients - i) }, (_, j) => {
        const game = (i + j) % games;
        return openClient(url, game, state.gameIds[game] ?? 0);
      });
      opened.push(...(await Promise.all(batch)));
    }
    const connectSeconds = (performance.now() - connectStarted) / 1000;
    await sleep(3000);
    const connected = await call<StatsAnswer>(server, '/bench/stats');

    // Warm-up: JIT, buffers, the database's caches; not measured.
    await call<RunAnswer>(server, '/bench/run', { perSecond, seconds: WARMUP_SECONDS });
    await sleep(1000);
    heard.reset();

    const loadBefore = loadavg()[0] ?? 0;
    const dump = process.env.FANOUT_DUMP;
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const gcPauses: number[] = [];
    const gcObserver = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) gcPauses.push(entry.duration);
    });
    gcObserver.observe({ entryTypes: ['gc'] });
    const cpuBefore = process.cpuUsage();
    const runStarted = wallClock();
    const answer = await call<RunAnswer | BaselineRunAnswer>(server, '/bench/run', { perSecond, seconds, raw: dump !== undefined });
    const { report, server: measured } = answer;
    await sleep(STRAGGLERS_MS);
    loop.disable();
    gcObserver.disconnect();
    const clientCpu = process.cpuUsage(cpuBefore);
    const clientCpuShare = (clientCpu.user + clientCpu.system) / 1000 / (wallClock() - runStarted);
    const after = await call<StatsAnswer>(server, '/bench/stats');

    // Lost: an event of the client's game within the run that it never saw.
    let expected = 0;
    let lost = 0;
    const firstOfGame = (game: number) => report.first + ((((game - report.first) % games) + games) % games);
    for (const client of opened) {
      for (let n = firstOfGame(client.game); n <= report.last; n += games) {
        expected++;
        if (!client.received.has(n)) lost++;
      }
    }
    // Latency of each update from its event's `at` (its emission), and from when the event was
    // due: the emitter shares the server's event loop, so a blocked loop delays emission too.
    const latency: number[] = [];
    const fromSchedule: number[] = [];
    const interval = 1000 / perSecond;
    let outside = 0;
    const { updates } = heard;
    for (let i = 0; i < updates.size; i++) {
      const index = (updates.events[i] ?? -1) - report.first;
      const emitted = report.emittedAt[index];
      if (emitted === undefined) {
        outside++; // the warm-up's last frames
        continue;
      }
      const readAt = updates.readAt[i] ?? Number.NaN;
      latency.push(readAt - emitted);
      fromSchedule.push(readAt - (report.scheduledStart + index * interval));
    }
    const end = summarise(latency);
    const events = report.last - report.first + 1;

    console.log(
      `Feed fan-out [${label}]: ${games} live football games × ${state.marketsPerGame} markets, ${clients} WebSocket subscribers (${(clients / games).toFixed(0)} a game), ` +
        `${perSecond} odds changes/s for ${seconds} s, one node; ${cpus().length} CPUs shared by the server and the clients (load average before the run ${loadBefore.toFixed(2)})`,
    );
    console.log(`  connect + subscribe  ${connectSeconds.toFixed(1)} s (${opened.length} snapshots)`);
    console.log(
      `  emitted ${events} events in ${(report.durationMs / 1000).toFixed(1)} s (${((events / report.durationMs) * 1000).toFixed(0)}/s; emission behind schedule at worst ${report.maxBehindMs.toFixed(1)} ms); ` +
        `delivered ${latency.length} market updates in ${heard.deltas} messages (${Math.round(latency.length / seconds)}/s)`,
    );
    console.log(`  latency feed event → client read  ${percentiles(end)}  (mean ${end.mean.toFixed(1)} ms)`);
    console.log(`          from when the event was due  ${percentiles(summarise(fromSchedule))}`);
    console.log(
      `  lost ${lost} of ${expected} (seq gaps ${heard.gaps}, duplicate deltas ${heard.duplicates}, events seen twice ${heard.duplicateEvents}, re-snapshots ${heard.resnapshots}, errors ${heard.errors}, sockets closed ${heard.closed})`,
    );
    if ('transactions' in measured) printProductServer(measured);
    const clientLoop = (ns: number) => Math.max(0, ns / 1e6 - 5).toFixed(1);
    console.log(
      `  server: event-loop delay p50 ${measured.eventLoopDelayMs.p50.toFixed(1)}  p99 ${measured.eventLoopDelayMs.p99.toFixed(1)}  max ${measured.eventLoopDelayMs.max.toFixed(1)} ms ` +
        `(clients' p99 ${clientLoop(loop.percentile(99))}  max ${clientLoop(loop.max)} ms); GC ${measured.gc.count} pauses, ${measured.gc.totalMs.toFixed(0)} ms in all, longest ${measured.gc.maxMs.toFixed(1)} ms ` +
        `(clients' ${gcPauses.reduce((a, b) => a + b, 0).toFixed(0)} ms, longest ${Math.max(0, ...gcPauses).toFixed(1)} ms); ` +
        `CPU: server ${(measured.cpu * 100).toFixed(0)}% of a core, clients ${(clientCpuShare * 100).toFixed(0)}%`,
    );
    const perConnection = (from: number, to: number) => kb((to - from) / clients);
    console.log(
      `  server memory (after a full GC)  RSS ${mb(before.memory.rss)} → ${mb(connected.memory.rss)} connected → ${mb(after.memory.rss)} after the load; ` +
        `per connection ${perConnection(before.memory.rss, connected.memory.rss)} RSS connected (snapshot send buffers included), ${perConnection(before.memory.rss, after.memory.rss)} after the load, ` +
        `${perConnection(before.memory.heapUsed, connected.memory.heapUsed)} JS heap`,
    );
    if (outside > 0) console.log(`  (${outside} updates of the warm-up arrived after it and were left out)`);
    if (dump) {
      const file = `${dump}.${label.replaceAll(/[^A-Za-z0-9]+/g, '-')}.json`;
      const heardEvents = Array.from(updates.events.subarray(0, updates.size));
      const readAt = Array.from(updates.readAt.subarray(0, updates.size));
      writeFileSync(file, JSON.stringify({ report, transactions: 'transactions' in answer ? answer.transactions : undefined, updates: { events: heardEvents, readAt } }));
      console.log(`  raw figures in ${file}`);
    }
    if (lost > 0 || heard.gaps > 0) process.exitCode = 1;
    return { label, latency: end, lost, expected, server: measured, perConnection: (connected.memory.rss - before.memory.rss) / clients };
  } finally {
    await closeAll(opened.map((c) => c.socket));
    heard.reset();
    await server.stop();
  }
}

/** Where the product's time goes, from the server's own records. */
function printProductServer(measured: ServerMeasures) {
  const t = measured.transactions;
  const d = measured.deltas;
  console.log(
    `  server: ${t.count} transactions, events each ${percentiles(t.events, '')}; ingester applied ${measured.applied}, skipped ${measured.ingester?.skipped ?? '?'} in all; ` +
      `backlog at worst ${measured.backlogMax} events`,
  );
  console.log(`    per transaction: begin ${percentiles(t.beginMs)}`);
  console.log(`                     its first event queued ${percentiles(t.queuedMs)}`);
  console.log(`                     statements ${percentiles(t.workMs)}`);
  console.log(`                     list rows + commit ${percentiles(t.commitMs)}`);
  console.log(`                     publishing of the one before ${percentiles(t.publishWaitMs)}`);
  console.log(`                     publish all ${percentiles(t.publishMs)}`);
  console.log(`                     total ${percentiles(t.totalMs)}`);
  const rows = measured.listRows;
  console.log(`    list rows (games): ${rows.recomputed} computed again, ${rows.patched} patched (${rows.linesChosen} with their lines chosen again), ${rows.unchanged} unchanged`);
  console.log(`    per delta: event → publish ${percentiles(d.eventToPublishMs)}; publish call (fan-out to ${(clients / games).toFixed(0)} sockets) ${percentiles(d.publishCallMs)}; markets ${percentiles(d.markets, '')}`);
}

const figures: FanoutFigure[] = [];
await forEachDatabase(async (db) => {
  figures.push(await measure(db.label, () => startFanoutServer('fanout-server.ts', db.env)));
});
const baseline = await measure('baseline: bare ws broadcast', () => startFanoutServer('fanout-baseline-server.ts', {}));
console.log(`Fan-out, product beside the bare ws broadcast (${clients} sockets, ${perSecond} changes/s, ${seconds} s):`);
const ms = (v: number) => v.toFixed(1);
for (const f of figures) {
  const b = baseline;
  console.log(
    `  [${f.label}] latency p50 ${ms(f.latency.p50)} vs ${ms(b.latency.p50)}, p99 ${ms(f.latency.p99)} vs ${ms(b.latency.p99)} ms ` +
      `(ratio baseline/product p50 ${(b.latency.p50 / f.latency.p50).toPrecision(2)}, p99 ${(b.latency.p99 / f.latency.p99).toPrecision(2)}); lost ${f.lost} vs ${b.lost}; ` +
      `GC ${f.server.gc.totalMs.toFixed(0)} vs ${b.server.gc.totalMs.toFixed(0)} ms in all (longest ${ms(f.server.gc.maxMs)} vs ${ms(b.server.gc.maxMs)}); ` +
      `event-loop delay p99 ${ms(f.server.eventLoopDelayMs.p99)} vs ${ms(b.server.eventLoopDelayMs.p99)} ms; CPU ${(f.server.cpu * 100).toFixed(0)}% vs ${(b.server.cpu * 100).toFixed(0)}%; ` +
      `RSS per connection ${kb(f.perConnection)} vs ${kb(b.perConnection)}`,
  );
}

