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
 * Baseline (issue 14), per database, after the product has stopped: a bare fastify over the
 * database the product left behind (bench/support/line-baseline-server.ts) answering the same
 * rows — the games the line listing showed with the outcomes of the markets it showed, and the
 * football game with every outcome — each with one plain indexed SELECT; printed with the
 * ratio product/baseline of each mode.
 *
 * Usage: node --import tsx bench/line.ts [connections=50] [seconds=15]   (BENCH_DB=pglite|postgres for one only)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GamesResponse, GameResponse, SportsResponse } from '@betsite/contracts';
import { freePort } from '../e2e/support/server.ts';
import { forEachDatabase, type BenchDatabase } from './support/databases.ts';
import { gamesIn, getJson, waitForLine } from './support/line-fill.ts';
import { describe, load, ratio, type LoadFigure } from './support/load.ts';
import { startBenchServer, webBuilt } from './support/server.ts';
import { spawnServer } from './support/spawned.ts';

const connections = Number(process.argv[2] ?? 50);
const duration = Number(process.argv[3] ?? 15);
const headers = { accept: 'application/json', 'accept-encoding': 'gzip', 'accept-language': 'en' };
const LISTING = '/web-api/line/v1/games?section=line&sportId=1&limit=50';

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

/** What the baseline reads: the rows of the product's answers, and the product's figures to compare. */
interface Measured {
  mode: string;
  listing: LoadFigure;
  detail: LoadFigure;
  rows: { gameIds: number[]; marketKeys: string[] };
  gameId: number;
}

const cacheModes = process.env.LINE_CACHE_TTL_MS === undefined ? ['1000', '0'] : [process.env.LINE_CACHE_TTL_MS];

async function measureDb(db: BenchDatabase) {
  // A fresh data directory per run (a restart on a filled PGlite directory measures the feed
  // catching up instead), ours: PGlite's files stay after the product stops, for the baseline.
  const dataDirs: string[] = [];
  try {
    const measured: Measured[] = [];
    for (const ttl of cacheModes) {
      dataDirs.push(mkdtempSync(join(tmpdir(), 'betsite-bench-line-')));
      measured.push(await measure(db, ttl, dataDirs.at(-1)!));
    }
    await measureBaseline(db, dataDirs.at(-1)!, measured);
  } finally {
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
}

/** Warm-up, one request alone, then the load; printed under `label`. */
async function target(label: string, url: string, path: string): Promise<LoadFigure> {
  // Warm up JIT, caches and the database before measuring.
  await load(url, { connections, duration: 3, headers, warmup: 0 });
  const single = await alone(url);
  const before = loadavg()[0] ?? 0;
  const figure = await load(url, { connections, duration, headers, warmup: 0 });
  console.log(`  ${label}: GET ${path}  (one request alone: ${single.toFixed(1)} ms; load average before ${before.toFixed(2)})`);
  console.log(`    ${describe(figure)}`);
  return figure;
}

async function measure(db: BenchDatabase, cacheTtlMs: string, dataDir: string): Promise<Measured> {
  const server = await startBenchServer({ FEED: 'simulated', RATE_LIMITS_SCALE: '1000000', LINE_CACHE_TTL_MS: cacheTtlMs, DATA_DIR: dataDir, ...db.env });
  try {
    const { origin } = server;
    const filled = await waitForLine(origin);
    const live = gamesIn(await getJson<SportsResponse>(`${origin}/web-api/line/v1/sports?section=live`));
    const football =
      (await getJson<GamesResponse>(`${origin}/web-api/line/v1/games?section=live&sportId=1&limit=1`)).games[0] ??
      (await getJson<GamesResponse>(`${origin}/web-api/line/v1/games?section=line&sportId=1&limit=1`)).games[0];
    if (!football) throw new Error('no football game in the line');
    const detail = await getJson<GameResponse>(`${origin}/web-api/line/v1/games/${football.id}`);
    const outcomes = detail.game.markets.reduce((sum, m) => sum + m.outcomes.length, 0);
    const listed = (await getJson<GamesResponse>(`${origin}${LISTING}`)).games;
    const pairs = listed.flatMap((g) => g.markets.map((m) => [g.id, m.key] as const));
    const rows = { gameIds: pairs.map(([id]) => id), marketKeys: pairs.map(([, key]) => key) };

    const cache = cacheTtlMs === '0' ? 'every request read from the database' : `list answers reused for ${cacheTtlMs} ms (as served)`;
    console.log(`Line API [${db.label}, ${cache}]: ${connections} connections, ${duration} s each, ${webBuilt() ? 'server.ts' : 'build() without pages'}, simulated feed running`);
    console.log(`  line filled: ${filled.line} games in the line, ${live} in play (stable after ${filled.seconds.toFixed(0)} s)`);
    const figures: LoadFigure[] = [];
    const targets: [string, string][] = [
      ['sports menu', '/web-api/line/v1/sports?section=line'],
      [`line listing (${listed.length} games, ${pairs.length} markets)`, LISTING],
      ['live listing', '/web-api/line/v1/games?section=live&limit=50'],
      [`football game (${detail.game.markets.length} markets, ${outcomes} outcomes, ${football.isLive ? 'live' : 'pre-match'})`, `/web-api/line/v1/games/${football.id}`],
    ];
    for (const [label, path] of targets) figures.push(await target(label, `${origin}${path}`, path));
    return { mode: cacheTtlMs === '0' ? 'no list cache' : 'as served', listing: figures[1]!, detail: figures[3]!, rows, gameId: football.id };
  } finally {
    await server.stop();
  }
}

async function measureBaseline(db: BenchDatabase, dataDir: string, measured: Measured[]) {
  const last = measured.at(-1);
  if (!last) return;
  const env: Record<string, string> = db.env.DATABASE_URL ? { DATABASE_URL: db.env.DATABASE_URL } : { PGLITE_DIR: join(dataDir, 'pglite') };
  const server = await spawnServer(['--import', 'tsx', 'bench/support/line-baseline-server.ts'], { NODE_ENV: 'production', ...env }, await freePort());
  try {
    const res = await fetch(`${server.origin}/rows`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(last.rows) });
    if (!res.ok) throw new Error(`baseline /rows answered ${res.status}`);
    const listed = await getJson<{ outcomes: unknown[] }[]>(`${server.origin}/listing`);
    const detailed = await getJson<{ outcomes: unknown[] }>(`${server.origin}/games/${last.gameId}`);
    const outcomes = listed.reduce((sum, g) => sum + g.outcomes.length, 0);
    console.log(`Line baseline [${db.label}]: bare fastify + compress over the database the product left (feed stopped), the JSON built by one indexed SELECT`);
    const listing = await target(`listing's games and main outcomes from the tables (${listed.length} games, ${outcomes} outcomes)`, `${server.origin}/listing`, '/listing');
    const hasRows = (await fetch(`${server.origin}/listing-rows`)).ok;
    const rows = hasRows ? await target(`the same listing as stored in line_list_rows`, `${server.origin}/listing-rows`, '/listing-rows') : null;
    const detail = await target(`football game's outcomes (${detailed.outcomes.length})`, `${server.origin}/games/${last.gameId}`, `/games/${last.gameId}`);
    const versus = (what: string, product: LoadFigure, baseline: LoadFigure) =>
      `  ${what}: ${product.rps.toFixed(0)} req/s p99 ${product.p99} ms vs baseline ${baseline.rps.toFixed(0)} req/s p99 ${baseline.p99} ms — ${ratio(product, baseline)}`;
    for (const m of measured) {
      console.log(versus(`line listing, product ${m.mode}, baseline from the tables`, m.listing, listing));
      if (rows) console.log(versus(`line listing, product ${m.mode}, baseline from line_list_rows`, m.listing, rows));
      console.log(versus(`game detail, product ${m.mode}`, m.detail, detail));
    }
  } finally {
    await server.stop();
  }
}

await forEachDatabase(measureDb);
