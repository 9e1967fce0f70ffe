/**
 * Coupon placements through the real HTTP API (issue 11): `POST /web-api/coupon/v1/coupons`,
 * each request a new coupon (a fresh id) — a single of 1.00 on a random open outcome of the
 * pre-match games an operator made (`POST /ops-api/v1/games`), so there is no live delay —
 * from 1,000 funded players: placements a second, latency p50/p90/p99, refusals by error code.
 *
 * Players are made as real ones are: one-click registration (`/web-api/registration/v1/fast`,
 * RATE_LIMITS_SCALE raised for one address), then a sandbox deposit each (the deposit request
 * and the provider's callback, signed with PAYMENTS_SIGNING_SECRET), so every balance is on
 * the server's ledger.
 *
 * The load: one keep-alive connection per player betting at once (opened before the runs,
 * so a run measures placements, not connection set-up), each betting again as soon as its
 * last bet is answered, the 1,000 players taking turns. Each level (default 1,000: every
 * player at once, then 50) runs with the feed off (FEED=off: the placements alone) and with
 * the simulated feed on (the real configuration: a week of games ingested, the games of the
 * moment in play; measured once the line has stopped growing). On PGlite and on a throwaway
 * PostgreSQL database (bench/support/databases.ts; both feed modes use that one database in
 * turn). With N requests in flight the latency cannot be below N / throughput (Little's law):
 * at 1,000 at once it is the queue.
 *
 * The baseline, in the same run: as many ledger postings player → house-bets shard as there
 * were placements at that level with the feed off, `createLedger(...).post` in this process
 * (no HTTP, no coupon rows, no server), with as many concurrent workers as connections and
 * the server's pool of 10 connections; the ratio placements / postings is what the coupon
 * layer and HTTP cost.
 *
 * Usage: node --import tsx bench/placements.ts [connections=1000,50] [seconds=15]
 *   (BENCH_DB=pglite|postgres for one database only; PLACEMENTS_FEED=off|simulated for one feed mode)
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AccountsResponseSchema,
  FastRegistrationResponseSchema,
  GameResponseSchema,
  PaymentCreatedSchema,
  type GameDetail,
  type SportsResponse,
} from '@betsite/contracts';
import { createDb, migrateToLatest } from '@betsite/db';
import { fixedClock } from '@betsite/domain';
import { createLedger } from '../apps/server/src/modules/ledger/ledger.ts';
import { createSandboxProvider } from '../apps/server/src/modules/payments/sandbox.ts';
import { forEachDatabase, type BenchDatabase } from './support/databases.ts';
import { keepAliveClient } from './support/http-client.ts';
import { startBenchServer, webBuilt } from './support/server.ts';
import { percentiles, summarise, type Summary } from './support/stats.ts';

const LEVELS = (process.argv[2] ?? '1000,50').split(',').map(Number);
const SECONDS = Number(process.argv[3] ?? 15);
const WARMUP_SECONDS = 3;
const PLAYERS = 1000;
const GAMES = 20;
/** Each player's deposit (major units): far more than a run's bets of 1.00. */
const DEPOSIT = '5000.00';
/** Registration and funding: requests in flight at once. */
const SETUP_CONCURRENCY = 16;
/** The server's PostgreSQL pool (packages/db createDb's default): the baseline uses the same. */
const SERVER_POOL = 10;
const SECRET = 'bench-placements-signing-secret-0123456789';
const COUPONS = '/web-api/coupon/v1/coupons';
const FEEDS = process.env.PLACEMENTS_FEED === undefined ? ['off', 'simulated'] : [process.env.PLACEMENTS_FEED];
const sandbox = createSandboxProvider(SECRET);

interface Player {
  token: string;
  accountId: string;
}
interface Bet {
  gameId: number;
  outcomeKey: string;
  coef: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function call(origin: string, method: string, path: string, init: { headers?: Record<string, string>; body?: unknown } = {}): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: { accept: 'application/json', ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
    ...(init.body === undefined ? {} : { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
}

async function expectStatus(origin: string, status: number, method: string, path: string, init: Parameters<typeof call>[3] = {}): Promise<unknown> {
  const res = await call(origin, method, path, init);
  if (res.status !== status) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** `count` tasks, at most `concurrency` at a time. */
async function bounded<T>(count: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array<T>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await task(i);
      }
    }),
  );
  return results;
}

/** One-click registration and a confirmed sandbox deposit. */
async function newPlayer(origin: string): Promise<Player> {
  const registered = FastRegistrationResponseSchema.parse(
    await expectStatus(origin, 201, 'POST', '/web-api/registration/v1/fast', { body: { currency: 'EUR', country: 'DE', language: 'en', bonusChoice: 0 } }),
  );
  const auth = { 'x-auth': registered.token };
  const accounts = AccountsResponseSchema.parse(await expectStatus(origin, 200, 'GET', '/web-api/office/v1/accounts', { headers: auth }));
  const accountId = accounts.balance.id;
  const created = PaymentCreatedSchema.parse(
    await expectStatus(origin, 201, 'POST', '/web-api/payments/v1/deposits', { headers: { ...auth, 'idempotency-key': randomUUID() }, body: { accountId, amount: DEPOSIT, method: 'card' } }),
  );
  const { rawBody, signature } = sandbox.callback({ id: created.paymentId, amount: BigInt(Math.round(Number(DEPOSIT) * 100)), currency: 'EUR' }, 'succeeded');
  const paid = (await expectStatus(origin, 200, 'POST', '/web-api/payments/v1/callbacks/sandbox', { headers: { 'x-sandbox-signature': signature }, body: rawBody })) as { status: string };
  if (paid.status !== 'succeeded') throw new Error(`deposit ${created.paymentId} is ${paid.status}`);
  return { token: registered.token, accountId };
}

/** The operator's pre-match football games; every open outcome of them is a bet. */
async function makeGames(origin: string, opsToken: string): Promise<Bet[]> {
  const stamp = Date.now().toString(36);
  const games = await bounded(GAMES, 4, async (i) => {
    const body = await expectStatus(origin, 201, 'POST', '/ops-api/v1/games', {
      headers: { authorization: `Bearer ${opsToken}` },
      body: { sportId: 1, champName: 'Placements Bench League', home: `Bench Home ${stamp} ${i}`, away: `Bench Away ${stamp} ${i}` },
    });
    return GameResponseSchema.parse(body).game;
  });
  return games.flatMap((game: GameDetail) =>
    game.markets.filter((m) => !m.blocked).flatMap((m) => m.outcomes.filter((o) => !o.blocked).map((o) => ({ gameId: game.id, outcomeKey: o.key, coef: o.coef }))),
  );
}

/** The simulated feed's line is filled when its count has not grown for 4 polls of 2 s. */
async function waitForLine(origin: string): Promise<{ games: number; seconds: number }> {
  const started = Date.now();
  let last = -1;
  let stable = 0;
  for (;;) {
    const sports = (await expectStatus(origin, 200, 'GET', '/web-api/line/v1/sports?section=line')) as SportsResponse;
    const count = sports.sports.reduce((sum, s) => sum + s.count, 0);
    stable = count > 0 && count <= last ? stable + 1 : 0;
    last = Math.max(last, count);
    if (stable >= 4) return { games: last, seconds: (Date.now() - started) / 1000 };
    if (Date.now() - started > 300_000) throw new Error(`the line did not stop growing within 300 s (${count} games)`);
    await sleep(2_000);
  }
}

interface LoadResult {
  placed: number;
  perSecond: number;
  latency: Summary;
  refusals: Map<string, number>;
}

/**
 * The load generator: keep-alive HTTP connections, one per player betting at once, opened
 * before the runs (`connect`) and kept between them, so a run measures placements, not
 * connection set-up.
 */
function client(origin: string, connections: number) {
  const { send, close } = keepAliveClient(origin, connections);
  return {
    /** Opens every connection while the server is idle (a health check each). */
    async connect(): Promise<void> {
      await Promise.all(Array.from({ length: connections }, () => send('GET', '/healthz', {})));
    },
    /**
     * `connections` players at once, each betting again once answered, for `seconds`:
     * placements answered within the time a second; the latency of every request sent in it
     * (the last ones answered after it, awaited, so nothing is left queued for the next run).
     */
    async run(players: Player[], bets: Bet[], seconds: number): Promise<LoadResult> {
      const refusals = new Map<string, number>();
      const latencies: number[] = [];
      let placed = 0;
      const until = performance.now() + seconds * 1000;
      await Promise.all(
        Array.from({ length: connections }, async (_, worker) => {
          for (let round = 0; performance.now() < until; round++) {
            const player = players[(worker + round * connections) % players.length]!;
            const bet = bets[Math.floor(Math.random() * bets.length)]!;
            const body = JSON.stringify({ id: randomUUID(), typeId: 0, amount: '1.00', bets: [bet] });
            const started = performance.now();
            let key: string | null = null;
            try {
              const res = await send('POST', COUPONS, { 'content-type': 'application/json', accept: 'application/json', 'x-auth': player.token }, body);
              if (res.status !== 201) key = `${res.status} ${codeOf(res.body)}`;
              else if (performance.now() <= until) placed++;
            } catch (error) {
              key = `socket: ${error instanceof Error ? error.message : String(error)}`;
            }
            latencies.push(performance.now() - started);
            if (key) refusals.set(key, (refusals.get(key) ?? 0) + 1);
          }
        }),
      );
      return { placed, perSecond: placed / seconds, latency: summarise(latencies), refusals };
    },
    close,
  };
}

function codeOf(body: string): string {
  try {
    return (JSON.parse(body) as { code?: string }).code ?? '?';
  } catch {
    return '?';
  }
}

/**
 * The baseline: `count` postings player → house-bets (shard of a fresh key, as a coupon's
 * stake), `workers` at a time, in this process on `database` with a pool of SERVER_POOL.
 */
async function baseline(database: BenchDatabase, count: number, workers: number): Promise<{ perSecond: number; line: string }> {
  const dataDir = database.env.DATABASE_URL ? null : mkdtempSync(join(tmpdir(), 'betsite-bench-baseline-'));
  const handle = await createDb(database.env.DATABASE_URL ? { databaseUrl: database.env.DATABASE_URL, maxConnections: SERVER_POOL } : { dataDir: dataDir! });
  try {
    await migrateToLatest(handle.db);
    const ledger = createLedger(handle.db, fixedClock(Date.now()));
    const stamp = Date.now();
    const accounts = await bounded(PLAYERS, SERVER_POOL, async (i) => {
      const { id } = await handle.db
        .insertInto('users')
        .values({ email: `placements-baseline-${stamp}-${i}@example.com`, password_hash: 'x', registration_type: 'fast_reg', country: 'DE', currency: 'EUR', language: 'en' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const main = await ledger.openPlayerAccount({ ownerId: id, type: 'main', currency: 'EUR' });
      const cash = await ledger.houseAccount('house-payments', 'EUR', main.id);
      await ledger.post({ idempotencyKey: `fund:${main.id}`, kind: 'deposit', entries: [{ accountId: cash.id, amount: -500_000n }, { accountId: main.id, amount: 500_000n }] });
      return main.id;
    });
    const latencies: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: Math.min(workers, count) }, async (_, w) => {
        const account = accounts[w % accounts.length]!;
        while (next < count) {
          next++;
          const key = `coupon:${randomUUID()}:stake`;
          const at = performance.now();
          const house = await ledger.houseAccount('house-bets', 'EUR', key);
          await ledger.post({ idempotencyKey: key, kind: 'bet', entries: [{ accountId: account, amount: -100n }, { accountId: house.id, amount: 100n }] });
          latencies.push(performance.now() - at);
        }
      }),
    );
    const perSecond = latencies.length / ((performance.now() - started) / 1000);
    return { perSecond, line: `${perSecond.toFixed(0).padStart(6)} postings/s   ${percentiles(summarise(latencies))}  (${latencies.length} postings)` };
  } finally {
    await handle.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

const refusalText = (refusals: Map<string, number>) =>
  refusals.size === 0 ? 'none' : [...refusals].sort((a, b) => b[1] - a[1]).map(([code, n]) => `${code} ×${n}`).join(', ');

async function measureDb(database: BenchDatabase) {
  /** By feed mode and level. */
  const results = new Map<string, LoadResult>();
  for (const feed of FEEDS) {
    const server = await startBenchServer({
      ...database.env,
      FEED: feed,
      RATE_LIMITS_SCALE: '1000000',
      PAYMENTS_SANDBOX: 'on',
      PAYMENTS_SIGNING_SECRET: SECRET,
    });
    try {
      const { origin, opsToken } = server;
      const setupStarted = Date.now();
      const filled = feed === 'off' ? null : await waitForLine(origin);
      const bets = await makeGames(origin, opsToken);
      const players = await bounded(PLAYERS, SETUP_CONCURRENCY, () => newPlayer(origin));
      console.log(
        `Placements [${database.label}, FEED=${feed}${filled ? `: ${filled.games} games in the line, stable after ${filled.seconds.toFixed(0)} s` : ''}]: ` +
          `${PLAYERS} players registered and funded, ${GAMES} operator games (${bets.length} open outcomes) in ${((Date.now() - setupStarted) / 1000).toFixed(0)} s; ` +
          `${webBuilt() ? 'server.ts' : 'build() without pages'}, ${SECONDS} s per level`,
      );
      for (const connections of LEVELS) {
        const load = client(origin, connections);
        try {
          await load.connect();
          await load.run(players, bets, WARMUP_SECONDS);
          const loadBefore = loadavg()[0] ?? 0;
          const result = await load.run(players, bets, SECONDS);
          results.set(`${feed}:${connections}`, result);
          console.log(
            `  ${String(connections).padStart(4)} players at once: ${result.perSecond.toFixed(0).padStart(6)} placements/s   ${percentiles(result.latency)}` +
              `  (${result.placed} placed; refused: ${refusalText(result.refusals)}; load average before ${loadBefore.toFixed(2)})`,
          );
        } finally {
          load.close();
        }
      }
    } finally {
      await server.stop();
    }
  }
  console.log(`  baseline [${database.label}]: ledger postings player → house-bets shard in this process (no HTTP, no coupon rows), pool ${SERVER_POOL}`);
  for (const connections of LEVELS) {
    const off = results.get(`off:${connections}`);
    const on = results.get(`simulated:${connections}`);
    const count = (off ?? on)?.placed ?? 0;
    if (count === 0) continue;
    const posted = await baseline(database, count, connections);
    console.log(`  ${String(connections).padStart(4)} workers:         ${posted.line}`);
    const ratio = (r: LoadResult | undefined, label: string) => (r ? `${label} ${r.perSecond.toFixed(0)}/s (${(r.perSecond / posted.perSecond).toFixed(2)})` : null);
    console.log(
      `         side by side: placements/s (÷ postings/s) ${[ratio(off, 'FEED=off'), ratio(on, 'FEED=simulated')].filter(Boolean).join(', ')}; ledger postings ${posted.perSecond.toFixed(0)}/s`,
    );
  }
}

await forEachDatabase(measureDb);
