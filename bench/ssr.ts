/**
 * SSR of the real home page `/en/` beside the bare stack (issue 14): the production server
 * (`npm run build` first) with the simulated feed running and its line filled, list answers
 * reused as in production (LINE_CACHE_TTL_MS default), measured by autocannon in three modes —
 * - a visitor as served (the 2 s page micro-cache),
 * - logged-in players as served: 50 players (one-click registrations) in turn, each page
 *   the shared render of its url and player variant (decision 0032, 2 s) with the player's id,
 * - a visitor and a logged-in player with every request rendered (PAGE_CACHE_TTL_MS=0) —
 * on PGlite and on a throwaway PostgreSQL database when there is one (bench/support/databases.ts:
 * DATABASE_URL or 127.0.0.1:5432; BENCH_DB=pglite|postgres for one only).
 *
 * Baseline, in the same run: bench/baseline (React Router 7 on the same react/react-router/vite,
 * a 100-row odds table, `createRequestListener` on node http), measured before and after the
 * product; each product figure is printed with its ratio to the mean of the two.
 *
 * Usage: node --import tsx bench/ssr.ts [connections=10] [seconds=15]
 */
import { gzipSync } from 'node:zlib';
import { loadavg } from 'node:os';
import { FastRegistrationResponseSchema } from '@betsite/contracts';
import { startBaseline } from './support/baseline.ts';
import { forEachDatabase, type BenchDatabase } from './support/databases.ts';
import { waitForLine } from './support/line-fill.ts';
import { describe, load, ratio, type LoadFigure } from './support/load.ts';
import { startBenchServer, webBuilt } from './support/server.ts';

const connections = Number(process.argv[2] ?? 10);
const duration = Number(process.argv[3] ?? 15);
const options = { connections, duration };
const pageHeaders = { accept: 'text/html', 'accept-language': 'en', 'accept-encoding': 'gzip' };
/** What the header shows a visitor only: a logged-in page without it was rendered for the player. */
const VISITOR_MARK = '?modal=login"';
/** Players taking turns in the shared-render mode. */
const PLAYERS = 50;

if (!webBuilt()) throw new Error('bench/ssr.ts measures the pages: run `npm run build` first');

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The page's HTML size, plain and gzipped. */
async function pageSize(url: string, headers: Record<string, string>): Promise<{ html: string; size: string }> {
  const html = await (await fetch(url, { headers: { ...headers, 'accept-encoding': 'identity' } })).text();
  return { html, size: `${kb(Buffer.byteLength(html))} HTML, ${kb(gzipSync(html).length)} gzipped` };
}

async function measureBaseline(): Promise<LoadFigure> {
  const server = await startBaseline();
  try {
    const url = `${server.origin}/`;
    const { size } = await pageSize(url, pageHeaders);
    const figure = await load(url, { ...options, headers: pageHeaders });
    console.log(`  baseline (bare React Router 7, 100-row odds table, ${size}): ${describe(figure)}`);
    return figure;
  } finally {
    await server.stop();
  }
}

/** A player's session cookie: one-click registration logs the new player in. */
async function playerCookie(origin: string): Promise<string> {
  const res = await fetch(`${origin}/web-api/registration/v1/fast`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ currency: 'EUR', country: 'DE', language: 'en', bonusChoice: 0 }),
  });
  if (res.status !== 201) throw new Error(`fast registration answered ${res.status}: ${await res.text()}`);
  return `user_token=${FastRegistrationResponseSchema.parse(await res.json()).token}`;
}

async function withProduct(db: BenchDatabase, env: Record<string, string>, run: (origin: string) => Promise<void>): Promise<void> {
  const server = await startBenchServer({ FEED: 'simulated', LINE_CACHE_TTL_MS: '1000', RATE_LIMITS_SCALE: '1000000', ...env, ...db.env });
  try {
    const filled = await waitForLine(server.origin);
    console.log(`  (line filled: ${filled.line} games, stable after ${filled.seconds.toFixed(0)} s; load average ${(loadavg()[0] ?? 0).toFixed(2)})`);
    await run(server.origin);
  } finally {
    await server.stop();
  }
}

let baseline: LoadFigure[] = [];
const product: { label: string; figure: LoadFigure }[] = [];

async function mode(label: string, url: string, headers: Record<string, string>, headerSets?: readonly Record<string, string>[]) {
  const { html, size } = await pageSize(url, headers);
  const figure = await load(url, { ...options, headers, ...(headerSets ? { headerSets } : {}) });
  product.push({ label, figure });
  console.log(`  ${label} (${size}): ${describe(figure)}`);
  console.log(`    ${ratio(figure, baseline[0]!)}`);
  return html;
}

async function measure(db: BenchDatabase) {
  console.log(`SSR GET /en/ [${db.label}], simulated feed running: ${connections} connections, ${duration} s each`);
  await withProduct(db, {}, async (origin) => {
    const url = `${origin}/en/`;
    await mode(`${db.label}, visitor as served (2 s page micro-cache)`, url, pageHeaders);
    const players: Record<string, string>[] = [];
    for (let i = 0; i < PLAYERS; i++) players.push({ ...pageHeaders, cookie: await playerCookie(origin) });
    const html = await mode(`${db.label}, ${PLAYERS} logged-in players in turn, as served (shared render, 2 s)`, url, players[0]!, players);
    if (html.includes(VISITOR_MARK)) throw new Error('the player page shows the visitor header: the session cookie was not taken');
  });
  await withProduct(db, { PAGE_CACHE_TTL_MS: '0' }, async (origin) => {
    await mode(`${db.label}, visitor, every request rendered (PAGE_CACHE_TTL_MS=0)`, `${origin}/en/`, pageHeaders);
    const html = await mode(`${db.label}, logged-in player, every request rendered (PAGE_CACHE_TTL_MS=0)`, `${origin}/en/`, { ...pageHeaders, cookie: await playerCookie(origin) });
    if (html.includes(VISITOR_MARK)) throw new Error('the player page shows the visitor header: the session cookie was not taken');
  });
}

console.log(`Baseline, before the product:`);
baseline = [await measureBaseline()];
await forEachDatabase(measure);
console.log(`Baseline, after the product:`);
baseline.push(await measureBaseline());

const mean = (pick: (f: LoadFigure) => number) => baseline.reduce((sum, f) => sum + pick(f), 0) / baseline.length;
const reference = { ...baseline[0]!, rps: mean((f) => f.rps), p99: mean((f) => f.p99) };
console.log(`Summary (baseline: mean of the two runs, ${reference.rps.toFixed(0)} req/s, p99 ${reference.p99.toFixed(0)} ms):`);
for (const { label, figure } of product) {
  console.log(`  ${label}: ${figure.rps.toFixed(0)} req/s, p50 ${figure.p50}, p99 ${figure.p99} ms — ${ratio(figure, reference)}`);
}
