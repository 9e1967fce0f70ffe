/**
 * The line API under load (issue 4): the production server with the simulated feed (a week
 * of games in the line, the games of the moment in play), measured by autocannon on
 * - `GET /web-api/line/v1/sports?section=line` (the sports menu with counts),
 * - `GET /web-api/line/v1/games?section=line&sportId=1&limit=50` (the main listing),
 * - `GET /web-api/line/v1/games?section=live&limit=50` (the live listing),
 * - `GET /web-api/line/v1/games/{id}` of a football game (every market),
 * on PGlite and, when there is one, on a throwaway PostgreSQL database (bench/support/databases.ts).
 * The feed keeps ingesting while the requests run, as in production. Responses are asked
 * for gzipped, as browsers do.
 *
 * First the line fills: the simulated feed prices the next 6 hours at start-up and the rest
 * of the week 80 games a second; the count of `sports?section=line` is polled until it
 * stops growing.
 *
 * Each database twice: as served (a node reuses a list answer for 1 s, LINE_CACHE_TTL_MS)
 * and with every request read from the database (LINE_CACHE_TTL_MS=0); set
 * LINE_CACHE_TTL_MS to run one of them only.
 *
 * Usage: node --import tsx bench/line.ts [connections=50] [seconds=15]   (BENCH_DB=pglite|postgres for one only)
 */
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import type { GamesResponse, GameResponse, SportsResponse } from '@betsite/contracts';
import { forEachDatabase, type BenchDatabase } from './support/databases.ts';
import { startBenchServer, webBuilt } from './support/server.ts';

const connections = Number(process.argv[2] ?? 50);
const duration = Number(process.argv[3] ?? 15);
const FILL_POLL_MS = 2_000;
/** The line counts as filled when its count has not grown for this many polls in a row. */
const FILL_STABLE_POLLS = 4;
const FILL_TIMEOUT_MS = 300_000;
const headers = { accept: 'application/json', 'accept-encoding': 'gzip', 'accept-language': 'en' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** Median time of `count` requests one after another (no concurrency): the cost of one request. */
async function alone(url: string, count = 20): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(count / 2)] ?? Number.NaN;
}

const total = (sports: SportsResponse) => sports.sports.reduce((sum, s) => sum + s.count, 0);

async function waitForLine(origin: string): Promise<{ line: number; seconds: number }> {
  const started = Date.now();
  let last = -1;
  let stable = 0;
  for (;;) {
    const count = total(await getJson<SportsResponse>(`${origin}/web-api/line/v1/sports?section=line`));
    stable = count > 0 && count <= last ? stable + 1 : 0;
    last = Math.max(last, count);
    if (stable >= FILL_STABLE_POLLS) return { line: last, seconds: (Date.now() - started) / 1000 };
    if (Date.now() - started > FILL_TIMEOUT_MS) throw new Error(`the line did not stop growing within ${FILL_TIMEOUT_MS / 1000} s (${count} games)`);
    await sleep(FILL_POLL_MS);
  }
}

const cacheModes = process.env.LINE_CACHE_TTL_MS === undefined ? ['1000', '0'] : [process.env.LINE_CACHE_TTL_MS];

async function measureDb(db: BenchDatabase) {
  for (const ttl of cacheModes) await measure(db, ttl);
}

async function measure(db: BenchDatabase, cacheTtlMs: string) {
  const server = await startBenchServer({ FEED: 'simulated', RATE_LIMITS_SCALE: '1000000', LINE_CACHE_TTL_MS: cacheTtlMs, ...db.env });
  try {
    const { origin } = server;
    const filled = await waitForLine(origin);
    const live = total(await getJson<SportsResponse>(`${origin}/web-api/line/v1/sports?section=live`));
    const football =
      (await getJson<GamesResponse>(`${origin}/web-api/line/v1/games?section=live&sportId=1&limit=1`)).games[0] ??
      (await getJson<GamesResponse>(`${origin}/web-api/line/v1/games?section=line&sportId=1&limit=1`)).games[0];
    if (!football) throw new Error('no football game in the line');
    const detail = await getJson<GameResponse>(`${origin}/web-api/line/v1/games/${football.id}`);
    const outcomes = detail.game.markets.reduce((sum, m) => sum + m.outcomes.length, 0);

    const cache = cacheTtlMs === '0' ? 'every request read from the database' : `list answers reused for ${cacheTtlMs} ms (as served)`;
    console.log(`Line API [${db.label}, ${cache}]: ${connections} connections, ${duration} s each, ${webBuilt() ? 'server.ts' : 'build() without pages'}, simulated feed running`);
    console.log(`  line filled: ${filled.line} games in the line, ${live} in play (stable after ${filled.seconds.toFixed(0)} s)`);
    const targets: [string, string][] = [
      ['sports menu', '/web-api/line/v1/sports?section=line'],
      ['line listing', '/web-api/line/v1/games?section=line&sportId=1&limit=50'],
      ['live listing', '/web-api/line/v1/games?section=live&limit=50'],
      [`football game (${detail.game.markets.length} markets, ${outcomes} outcomes, ${football.isLive ? 'live' : 'pre-match'})`, `/web-api/line/v1/games/${football.id}`],
    ];
    for (const [label, path] of targets) {
      const url = `${origin}${path}`;
      // Warm up JIT, caches and the database before measuring.
      await autocannon({ url, connections, duration: 3, headers });
      const single = await alone(url);
      const load = loadavg()[0] ?? 0;
      const result = await autocannon({ url, connections, duration, headers });
      const failed = result.non2xx + result.errors + result.timeouts;
      const bytes = result.requests.total > 0 ? result.throughput.total / result.requests.total : 0;
      console.log(`  ${label}: GET ${path}  (one request alone: ${single.toFixed(1)} ms; load average before ${load.toFixed(2)})`);
      console.log(
        `    requests/s avg ${result.requests.average.toFixed(0)}  latency ms p50 ${result.latency.p50}  p90 ${result.latency.p90}  p99 ${result.latency.p99}  max ${result.latency.max}  ` +
          `(${result.requests.total} requests, ${(bytes / 1024).toFixed(1)} KB each on the wire; non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts})`,
      );
      if (failed > 0) console.log(`    statuses ${JSON.stringify(result.statusCodeStats)}`);
    }
  } finally {
    await server.stop();
  }
}

await forEachDatabase(measureDb);
