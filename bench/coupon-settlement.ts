/**
 * Settlement of 100,000 coupons (issue 11): the coupon service's `sweep(now)` — the job the
 * server runs every 5 s — timed call after call until nothing is left to settle (it settles
 * at most 500 coupons a call), on PGlite and on a throwaway PostgreSQL database.
 *
 * The data is what placement writes, made in bulk: N pre-match games made through the
 * operator API (`POST /ops-api/v1/games`, the app in this process), 1,000 funded players,
 * and accepted coupons — singles, expresses of 2 and of 3 games — whose rows are the
 * placement's own: the draft and plan from `draftOf`/`planOf`, amounts and coefs from
 * `quoteCoupon` over `loadBets`' states, `coupons` + `coupon_selections` rows, and each
 * stake's ledger transaction (`coupon:{id}:stake`, player → the house-bets shard of the
 * coupon id) with its entries and balances, a thousand coupons a transaction. Then the
 * operator finishes every game (`POST /ops-api/v1/games/{id}/finish`, which settles each
 * outcome as the line module does), and the sweeps run.
 *
 * Printed: the setup, one sweep with every coupon open and nothing to settle (what the job
 * costs every 5 s before the games end), the sweeps until done (total, coupons/s, per call),
 * where the time goes (each statement's calls and total time, from the query log), and the
 * payments reconciliation check afterwards (every balance its entries' sum, every
 * transaction zero).
 *
 * Usage: node --import tsx bench/coupon-settlement.ts [coupons=100000] [games=100]   (BENCH_DB=pglite|postgres for one only)
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Insertable } from 'kysely';
import { GameResponseSchema, type GameDetail } from '@betsite/contracts';
import { createDb, migrateToLatest, type CouponSelectionsTable, type CouponsTable, type DbHandle, type DbLogger } from '@betsite/db';
import { quoteCoupon } from '@betsite/domain';
import { buildTestApp, opsHeaders } from '../apps/server/src/testing.ts';
import { createClock } from '../apps/server/src/lib/clock.ts';
import { createLedger, type Ledger } from '../apps/server/src/modules/ledger/ledger.ts';
import { checkMovement, requestHash, type CheckedEntry } from '../apps/server/src/modules/ledger/movement.ts';
import { reconcilePayments } from '../apps/server/src/modules/payments/reconciliation.ts';
import { reconcileCoupons } from '../apps/server/src/modules/coupon/reconciliation.ts';
import { betKey, loadBets, type BetState } from '../apps/server/src/modules/coupon/bets.ts';
import { draftOf, planOf } from '../apps/server/src/modules/coupon/draft.ts';
import { createCouponService } from '../apps/server/src/modules/coupon/service.ts';
import { forEachDatabase, type BenchDatabase } from './support/databases.ts';
import { percentiles, summarise } from './support/stats.ts';

const COUPONS = Number(process.argv[2] ?? 100_000);
const GAMES = Number(process.argv[3] ?? 100);
const PLAYERS = 1000;
/** Coupons (with their selections and stake postings) written per transaction. */
const CHUNK = 1000;
/** Each player's deposit, minor units: far more than their share of the stakes. */
const FUNDING = 10_000_000n;
/** Shares of singles and expresses of 2; the rest are expresses of 3. */
const SINGLES = 0.5;
const EXPRESS_2 = 0.3;

interface Player {
  userId: string;
  accountId: string;
}

/** Query time by statement (its first 110 characters), while `on`. */
function queryLog(): DbLogger & { on: boolean; stats: Map<string, { calls: number; ms: number }> } {
  const stats = new Map<string, { calls: number; ms: number }>();
  const log = {
    on: false,
    stats,
    debug(fields: object) {
      if (!log.on) return;
      const { sql: text, durationMs } = fields as { sql?: string; durationMs?: number };
      if (typeof text !== 'string' || typeof durationMs !== 'number') return;
      const key = text.replace(/\s+/g, ' ').trim().slice(0, 110);
      const entry = stats.get(key) ?? { calls: 0, ms: 0 };
      entry.calls++;
      entry.ms += durationMs;
      stats.set(key, entry);
    },
    warn() {},
  };
  return log;
}

/** The statements that took longest, most first: total, calls, mean. */
function printStatements(stats: Map<string, { calls: number; ms: number }>, count: number): void {
  for (const [text, s] of [...stats].sort((a, b) => b[1].ms - a[1].ms).slice(0, count)) {
    console.log(`    ${(s.ms / 1000).toFixed(2).padStart(7)} s ${String(s.calls).padStart(7)}× ${(s.ms / s.calls).toFixed(2).padStart(8)} ms  ${text}`);
  }
}

async function players(handle: DbHandle, ledger: Ledger): Promise<Player[]> {
  const stamp = Date.now();
  const users = await handle.db
    .insertInto('users')
    .values(Array.from({ length: PLAYERS }, (_, i) => ({ email: `settlement-bench-${stamp}-${i}@example.com`, password_hash: 'x', registration_type: 'full_reg', country: 'DE', currency: 'EUR', language: 'en' })))
    .returning('id')
    .execute();
  const cash = await ledger.houseAccount('house-payments', 'EUR');
  const made: Player[] = [];
  for (const { id } of users) {
    const main = await ledger.openPlayerAccount({ ownerId: id, type: 'main', currency: 'EUR' });
    await ledger.post({ idempotencyKey: `fund:${main.id}`, kind: 'deposit', entries: [{ accountId: cash.id, amount: -FUNDING }, { accountId: main.id, amount: FUNDING }] });
    made.push({ userId: id, accountId: main.id });
  }
  return made;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/**
 * Writes `count` accepted coupons as placement does, CHUNK a transaction: coupon rows,
 * selections, stake transactions and entries (balance after each), then the balances.
 */
async function writeCoupons(handle: DbHandle, ledger: Ledger, who: Player[], bets: BetState[][], count: number): Promise<{ selections: number; types: number[] }> {
  const balances = new Map<string, bigint>();
  const accounts = await handle.db.selectFrom('ledger_accounts').select(['id', 'balance']).execute();
  for (const a of accounts) balances.set(a.id, a.balance);
  const types = [0, 0, 0];
  let selections = 0;
  for (let written = 0; written < count; ) {
    const at = new Date();
    const coupons: Insertable<CouponsTable>[] = [];
    const rows: Insertable<CouponSelectionsTable>[] = [];
    const movements: { key: string; metadata: { couponId: string; typeId: number }; entries: CheckedEntry[] }[] = [];
    while (coupons.length < Math.min(CHUNK, count - written)) {
      const legs = Math.random() < SINGLES ? 1 : Math.random() < EXPRESS_2 / (1 - SINGLES) ? 2 : 3;
      const games = new Set<number>();
      while (games.size < legs) games.add(Math.floor(Math.random() * bets.length));
      const chosen = [...games].map((g) => pick(bets[g]!));
      const states = new Map(chosen.map((s) => [betKey(s), s]));
      const request = {
        typeId: (legs === 1 ? 0 : 1) as 0 | 1,
        amount: `${1 + Math.floor(Math.random() * 10)}.00`,
        bets: chosen.map((s) => ({ gameId: s.gameId, outcomeKey: s.outcomeKey, coef: s.coef / 1000 })),
      };
      const draft = draftOf(request, states, 'EUR');
      const quote = quoteCoupon(draft);
      if (quote.errors.length > 0 || quote.possibleWin === null) continue; // e.g. a market banned from expresses: draw again
      const id = randomUUID();
      const player = pick(who);
      const house = await ledger.houseAccount('house-bets', 'EUR', id);
      coupons.push({
        id,
        user_id: player.userId,
        account_id: player.accountId,
        currency: 'EUR',
        type_id: draft.typeId,
        system_value: null,
        amount: quote.charged,
        unit_stake: quote.unitStake ?? quote.charged,
        lines: quote.lines,
        coef: BigInt(quote.totalCoef ?? 0),
        possible_win: quote.possibleWin,
        change_coef_action: 2,
        exact_coef: null,
        drop_on_score_change: false,
        is_live: false,
        status: 'accepted' as const,
        plan: JSON.stringify(planOf(draft)),
        request_hash: createHash('sha256').update(JSON.stringify({ ...request, id, changeCoefAction: 2, isDropOnScoreChange: false })).digest('hex'),
        accept_at: null,
        created_at: at,
        updated_at: at,
      });
      chosen.forEach((s, position) =>
        rows.push({ coupon_id: id, position, game_id: s.gameId, outcome_key: s.outcomeKey, coef: s.coef, block_id: null, is_banker: false, is_live: false, score_home: null, score_away: null }),
      );
      const entries = checkMovement({
        idempotencyKey: `coupon:${id}:stake`,
        kind: 'bet',
        entries: [
          { accountId: player.accountId, amount: -quote.charged },
          { accountId: house.id, amount: quote.charged },
        ],
      });
      movements.push({ key: `coupon:${id}:stake`, metadata: { couponId: id, typeId: draft.typeId }, entries });
      types[legs - 1]!++;
    }
    await handle.db.transaction().execute(async (trx) => {
      await trx.insertInto('coupons').values(coupons).execute();
      await trx.insertInto('coupon_selections').values(rows).execute();
      const transactions = await trx
        .insertInto('ledger_transactions')
        .values(movements.map((m) => ({ idempotency_key: m.key, kind: 'bet', request_hash: requestHash('bet', m.entries), metadata: JSON.stringify(m.metadata), created_at: at })))
        .returning(['id', 'idempotency_key'])
        .execute();
      const txId = new Map(transactions.map((t) => [t.idempotency_key, t.id]));
      const entries = movements.flatMap((m) =>
        m.entries.map(({ accountId, amount }) => {
          const after = (balances.get(accountId) ?? 0n) + amount;
          balances.set(accountId, after);
          return { transaction_id: txId.get(m.key)!, account_id: accountId, amount, balance_after: after, created_at: at };
        }),
      );
      await trx.insertInto('ledger_entries').values(entries).execute();
    });
    written += coupons.length;
    selections += rows.length;
  }
  const before = new Map(accounts.map((a) => [a.id, a.balance]));
  await handle.db.transaction().execute(async (trx) => {
    for (const [id, balance] of balances) if (before.get(id) !== balance) await trx.updateTable('ledger_accounts').set({ balance }).where('id', '=', id).execute();
  });
  return { selections, types };
}

async function measure(database: BenchDatabase) {
  const log = queryLog();
  const dataDir = database.env.DATABASE_URL ? null : mkdtempSync(join(tmpdir(), 'betsite-bench-settlement-'));
  // As the server opens it: PostgreSQL with the default pool of 10, PGlite in a data directory.
  const handle = await createDb(database.env.DATABASE_URL ? { databaseUrl: database.env.DATABASE_URL, logger: log } : { dataDir: join(dataDir!, 'pglite'), logger: log });
  try {
    await migrateToLatest(handle.db);
    const clock = createClock({ fake: false });
    const app = await buildTestApp(handle, { clock });
    try {
      const ledger = createLedger(handle.db, clock);
      const service = createCouponService({ db: handle.db, clock, logger: app.log, ledger, siteConfig: () => app.siteConfig.get() });
      const setupStarted = performance.now();
      const who = await players(handle, ledger);
      const games: GameDetail[] = [];
      const stamp = Date.now().toString(36);
      for (let i = 0; i < GAMES; i++) {
        const res = await app.inject({ method: 'POST', url: '/ops-api/v1/games', headers: opsHeaders, payload: { sportId: 1, champName: 'Settlement Bench League', home: `Home ${stamp} ${i}`, away: `Away ${stamp} ${i}` } });
        if (res.statusCode !== 201) throw new Error(`ops game answered ${res.statusCode}: ${res.body}`);
        games.push(GameResponseSchema.parse(res.json()).game);
      }
      const bets = await Promise.all(
        games.map(async (game) => {
          const keys = game.markets.flatMap((m) => m.outcomes.map((o) => ({ gameId: game.id, outcomeKey: o.key })));
          return [...(await loadBets(handle.db, keys)).values()].filter((s) => !s.blocked && !s.finished);
        }),
      );
      const madeGames = performance.now();
      const { selections, types } = await writeCoupons(handle, ledger, who, bets, COUPONS);
      const wrote = performance.now();
      console.log(
        `Coupon settlement [${database.label}]: ${COUPONS} accepted coupons (${types[0]} singles, ${types[1]} expresses of 2, ${types[2]} of 3; ${selections} selections) ` +
          `of ${PLAYERS} players on ${GAMES} operator games (${bets.reduce((n, b) => n + b.length, 0)} outcomes)`,
      );
      console.log(
        `  setup: players and games ${((madeGames - setupStarted) / 1000).toFixed(1)} s, coupons with their stakes ${((wrote - madeGames) / 1000).toFixed(1)} s`,
      );

      const idle: number[] = [];
      log.on = true;
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        const done = await service.sweep(new Date());
        idle.push(performance.now() - started);
        if (done.settled + done.accepted > 0) throw new Error(`a sweep before the games ended settled ${done.settled}`);
      }
      log.on = false;
      console.log(`  sweep with every coupon open, nothing to settle (the job every 5 s until the games end): ${percentiles(summarise(idle))} (3 calls)`);
      printStatements(log.stats, 3);

      const finishStarted = performance.now();
      for (const game of games) {
        const score = { home: Math.floor(Math.random() * 4), away: Math.floor(Math.random() * 4) };
        const res = await app.inject({ method: 'POST', url: `/ops-api/v1/games/${game.id}/finish`, headers: opsHeaders, payload: { score, periods: [score, { home: 0, away: 0 }] } });
        if (res.statusCode !== 200) throw new Error(`finish answered ${res.statusCode}: ${res.body}`);
      }
      console.log(`  the operator finished the ${GAMES} games in ${((performance.now() - finishStarted) / 1000).toFixed(1)} s`);

      log.stats.clear();
      log.on = true;
      const calls: number[] = [];
      let settled = 0;
      const started = performance.now();
      for (;;) {
        const call = performance.now();
        const done = await service.sweep(new Date());
        calls.push(performance.now() - call);
        settled += done.settled;
        if (done.settled === 0) break;
      }
      const total = (performance.now() - started) / 1000;
      log.on = false;
      const left = await handle.db.selectFrom('coupons').select(({ fn }) => fn.countAll<string>().as('n')).where('status', '=', 'accepted').executeTakeFirstOrThrow();
      console.log(
        `  sweeps until done: ${settled} coupons settled in ${total.toFixed(1)} s = ${(settled / total).toFixed(0)} coupons/s, ${calls.length} calls (${Number(left.n)} left accepted); ` +
          `per call ${percentiles(summarise(calls))}`,
      );
      const queryMs = [...log.stats.values()].reduce((sum, s) => sum + s.ms, 0);
      const queries = [...log.stats.values()].reduce((sum, s) => sum + s.calls, 0);
      console.log(
        `  where the time goes: ${queries} statements (${(queries / Math.max(settled, 1)).toFixed(1)} per coupon), ${(queryMs / 1000).toFixed(1)} s waiting for the database, ` +
          `${(total - queryMs / 1000).toFixed(1)} s in this process (JS, pool, driver)`,
      );
      printStatements(log.stats, 10);
      const paid = await handle.db
        .selectFrom('coupons')
        .select(({ fn }) => [fn.countAll<string>().as('n'), fn.sum<string>('payout').as('payout'), fn.sum<string>('amount').as('staked')])
        .where('status', '=', 'settled')
        .executeTakeFirstOrThrow();
      const winners = await sql<{ n: string }>`select count(*) as n from ledger_transactions where kind = 'bet-payout'`.execute(handle.db);
      const check = await reconcilePayments(handle.db);
      console.log(
        `  afterwards: ${paid.n} settled, staked ${Number(paid.staked) / 100} EUR, paid ${Number(paid.payout) / 100} EUR in ${winners.rows[0]?.n} payouts; reconciliation ${check.healthy ? 'healthy' : `NOT healthy: ${JSON.stringify({ ...check, payments: undefined })}`}`,
      );
      // The coupon reconciliation over every coupon and its postings (what the operator call runs).
      const reconcileStarted = performance.now();
      const coupons = await reconcileCoupons(handle.db);
      console.log(
        `  coupon reconciliation: ${coupons.coupons} coupons in ${((performance.now() - reconcileStarted) / 1000).toFixed(1)} s, ${coupons.healthy ? 'healthy' : `NOT healthy: ${JSON.stringify({ ...coupons, findings: coupons.findings.slice(0, 3) })}`}`,
      );
    } finally {
      await app.close();
    }
  } finally {
    await handle.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

await forEachDatabase(measure);
