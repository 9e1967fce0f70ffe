/**
 * What a responsible-gaming limit check costs where money moves (issue 12, decision 0019), on
 * a throwaway PostgreSQL database (bench/support/databases.ts; PGlite too with BENCH_DB=all).
 *
 * In one process, the server built as it runs (`build()` on that database) and driven through
 * `inject` one request at a time, so a latency is the work of one request, not a queue:
 * - placements (`POST /web-api/coupon/v1/coupons`, a pre-match single of 1.00) by players
 *   without limits and by players with wagering and loss limits for 24 h, 7 and 30 days (then
 *   the placement adds the gate query, and inside its unit the row lock and the usage query
 *   over the player's coupon postings), taken in turns so drift hits both alike;
 * - deposits (`POST /web-api/payments/v1/deposits`) without and with deposit limits 20/21/22;
 * - the checks alone: `betGate` (the one query before a placement), `checkBet` and
 *   `checkDeposit` inside a transaction, against no limits and limits set.
 * Prints p50 / p99 of each and the difference with − without (the aim: under 1 ms at p50).
 *
 * Usage: node --import tsx bench/limits.ts [requests=400]   (BENCH_DB=pglite|postgres|all; default postgres)
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { GameResponseSchema, type GameDetail } from '@betsite/contracts';
import { createDb, migrateToLatest, needsSeed, seedDemoData, type DbHandle } from '@betsite/db';
import { build } from '../apps/server/src/app.ts';
import { testEnv, TEST_OPS_TOKEN, fundedPlayer, type TestPlayer } from '../apps/server/src/testing.ts';
import { createLedger } from '../apps/server/src/modules/ledger/ledger.ts';
import { createLimitsService } from '../apps/server/src/modules/limits/service.ts';
import { throwawayPostgres, type BenchDatabase } from './support/databases.ts';
import { summarise, type Summary } from './support/stats.ts';

const REQUESTS = Number(process.argv[2] ?? 400);
const PLAYERS = 20;
const ops = { authorization: `Bearer ${TEST_OPS_TOKEN}` };

const fmt = (s: Summary) => `p50 ${s.p50.toFixed(2)}  p99 ${s.p99.toFixed(2)} ms`;
function line(name: string, without: Summary, withLimits: Summary): void {
  console.log(`  ${name.padEnd(34)} without ${fmt(without)}   with ${fmt(withLimits)}   added p50 ${(withLimits.p50 - without.p50).toFixed(2)}  p99 ${(withLimits.p99 - without.p99).toFixed(2)} ms`);
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

async function measure(target: BenchDatabase): Promise<void> {
  const handle: DbHandle = await createDb(target.env.DATABASE_URL ? { databaseUrl: target.env.DATABASE_URL } : {});
  await migrateToLatest(handle.db);
  if (await needsSeed(handle.db)) await seedDemoData(handle.db, new Date());
  const app: FastifyInstance = await build({ env: testEnv(), db: handle, logger: false });
  try {
    await app.ready();
    const ledger = createLedger(handle.db, app.clock);
    const limits = createLimitsService({ db: handle.db, clock: app.clock, logger: app.log, siteConfig: () => app.siteConfig.get(), endSessions: async () => undefined });
    const players = async (limited: boolean, types: number[]): Promise<TestPlayer[]> =>
      Promise.all(
        Array.from({ length: PLAYERS }, async () => {
          const p = await fundedPlayer(app, ledger, 1_000_000_00n);
          if (limited) await limits.setLimits(p.userId, types.map((limitType) => ({ limitType: limitType as never, limitValue: 900_000 })), 'en');
          return p;
        }),
      );
    const betTypes = [1, 2, 3, 10, 11, 12];
    const [free, limited] = [await players(false, []), await players(true, betTypes)];
    const games: GameDetail[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await app.inject({ method: 'POST', url: '/ops-api/v1/games', headers: ops, payload: { sportId: 1, champName: 'Bench Limits', home: `H${i}`, away: `A${i}`, live: false } });
      games.push(GameResponseSchema.parse(res.json()).game);
    }
    const outcome = (g: GameDetail) => g.markets.flatMap((m) => m.outcomes)[0]!;
    const place = async (p: TestPlayer, i: number) => {
      const g = games[i % games.length]!;
      const o = outcome(g);
      const res = await app.inject({ method: 'POST', url: '/web-api/coupon/v1/coupons', headers: p.headers, payload: { id: randomUUID(), typeId: 0, amount: '1', bets: [{ gameId: g.id, outcomeKey: o.key, coef: o.coef }], changeCoefAction: 1 } });
      if (res.statusCode !== 201) throw new Error(`placement ${res.statusCode} ${res.body}`);
    };
    const deposit = async (p: TestPlayer) => {
      const res = await app.inject({ method: 'POST', url: '/web-api/payments/v1/deposits', headers: { ...p.headers, 'idempotency-key': randomUUID() }, payload: { accountId: p.accountId, amount: '1', method: 'card' } });
      if (res.statusCode >= 300) throw new Error(`deposit ${res.statusCode} ${res.body}`);
    };

    // Warm-up, then the runs in turns.
    for (let i = 0; i < 40; i++) await place(i % 2 ? free[i % PLAYERS]! : limited[i % PLAYERS]!, i);
    const times = { placeFree: [] as number[], placeLimited: [] as number[], depositFree: [] as number[], depositLimited: [] as number[] };
    for (let i = 0; i < REQUESTS; i++) {
      times.placeFree.push(await timed(() => place(free[i % PLAYERS]!, i)));
      times.placeLimited.push(await timed(() => place(limited[i % PLAYERS]!, i)));
    }
    const [depFree, depLimited] = [await players(false, []), await players(true, [20, 21, 22])];
    for (let i = 0; i < 20; i++) await deposit(i % 2 ? depFree[i % PLAYERS]! : depLimited[i % PLAYERS]!);
    for (let i = 0; i < REQUESTS; i++) {
      times.depositFree.push(await timed(() => deposit(depFree[i % PLAYERS]!)));
      times.depositLimited.push(await timed(() => deposit(depLimited[i % PLAYERS]!)));
    }
    // The checks alone.
    const alone = { gateFree: [] as number[], gateLimited: [] as number[], bet: [] as number[], depositFree: [] as number[], depositLimited: [] as number[] };
    for (let i = 0; i < REQUESTS; i++) {
      const f = free[i % PLAYERS]!;
      const l = limited[i % PLAYERS]!;
      alone.gateFree.push(await timed(() => limits.betGate(f.userId)));
      alone.gateLimited.push(await timed(() => limits.betGate(l.userId)));
      alone.bet.push(await timed(() => handle.db.transaction().execute((trx) => limits.checkBet(trx, l.userId, 'EUR', 100n))));
      alone.depositFree.push(await timed(() => handle.db.transaction().execute((trx) => limits.checkDeposit(trx, depFree[i % PLAYERS]!.userId, 'EUR', 100n))));
      alone.depositLimited.push(await timed(() => handle.db.transaction().execute((trx) => limits.checkDeposit(trx, depLimited[i % PLAYERS]!.userId, 'EUR', 100n))));
    }
    const s = (values: number[]) => summarise(values);
    console.log(`\n${target.label}: ${REQUESTS} requests each, one at a time; ${PLAYERS} players a group, each with ~${Math.round((REQUESTS + 40) / PLAYERS)} bets of history`);
    line('placement (HTTP)', s(times.placeFree), s(times.placeLimited));
    line('deposit (HTTP)', s(times.depositFree), s(times.depositLimited));
    line('betGate (1 query)', s(alone.gateFree), s(alone.gateLimited));
    console.log(`  ${'checkBet in a transaction'.padEnd(34)} with ${fmt(s(alone.bet))} (lock + usage; runs only with a limit)`);
    line('checkDeposit in a transaction', s(alone.depositFree), s(alone.depositLimited));
  } finally {
    await app.close();
    await handle.close();
  }
}

const only = process.env.BENCH_DB ?? 'postgres';
if (only === 'pglite' || only === 'all') await measure({ label: 'PGlite', env: { DATABASE_URL: '' }, drop: async () => undefined });
if (only === 'postgres' || only === 'all') {
  const postgres = await throwawayPostgres();
  if (!postgres) console.log('(PostgreSQL: none — set DATABASE_URL or run one on 127.0.0.1:5432)');
  else {
    try {
      await measure(postgres);
    } finally {
      await postgres.drop();
    }
  }
}
