/**
 * The house side of the ledger (decision 0015): how many player → house movements a second
 * the ledger posts when every movement's other side is ONE house row (what the ledger did
 * before: every bet of the site locks it until commit) against the house in shards (a
 * movement takes the shard of its key). The same players, the same movements, one process;
 * the ratio is sharded / single row.
 *
 * Usage: node --import tsx bench/ledger-house.ts [workers=64] [seconds=10]   (BENCH_DB=pglite|postgres for one only)
 */
import { createDb, migrateToLatest, type DbHandle } from '@betsite/db';
import { fixedClock } from '@betsite/domain';
import { createLedger, type Ledger } from '../apps/server/src/modules/ledger/ledger.ts';
import { forEachDatabase } from './support/databases.ts';
import { percentiles, summarise } from './support/stats.ts';

const WORKERS = Number(process.argv[2] ?? 64);
const SECONDS = Number(process.argv[3] ?? 10);
const PLAYERS = 1000;
const STAKE = 100n;

async function players(handle: DbHandle, ledger: Ledger): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < PLAYERS; i++) {
    const { id } = await handle.db
      .insertInto('users')
      .values({ email: `house-bench-${i}-${Date.now()}@example.com`, password_hash: 'x', registration_type: 'full_reg', country: 'DE', currency: 'EUR', language: 'en' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const main = await ledger.openPlayerAccount({ ownerId: id, type: 'main', currency: 'EUR' });
    const cash = await ledger.houseAccount('house-cash', 'EUR', main.id);
    await ledger.post({ idempotencyKey: `fund:${main.id}`, kind: 'deposit', entries: [{ accountId: cash.id, amount: -1_000_000_000n }, { accountId: main.id, amount: 1_000_000_000n }] });
    ids.push(main.id);
  }
  return ids;
}

/** WORKERS concurrent loops posting bets for SECONDS; movements a second and latency. */
async function run(ledger: Ledger, accounts: string[], label: string, sharded: boolean): Promise<number> {
  const latencies: number[] = [];
  const until = Date.now() + SECONDS * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: WORKERS }, async (_, w) => {
      while (Date.now() < until) {
        const key = `bet:${label}:${w}:${n++}`;
        const player = accounts[Math.floor(Math.random() * accounts.length)]!;
        const started = performance.now();
        const house = await ledger.houseAccount('house-bets', 'EUR', sharded ? key : undefined);
        await ledger.post({ idempotencyKey: key, kind: 'bet', entries: [{ accountId: player, amount: -STAKE }, { accountId: house.id, amount: STAKE }] });
        latencies.push(performance.now() - started);
      }
    }),
  );
  const perSecond = latencies.length / SECONDS;
  console.log(`  ${label.padEnd(22)} ${perSecond.toFixed(0).padStart(6)} movements/s  ${percentiles(summarise(latencies))}`);
  return perSecond;
}

await forEachDatabase(async (database) => {
  const handle = await createDb(database.env.DATABASE_URL ? { databaseUrl: database.env.DATABASE_URL, maxConnections: Math.min(WORKERS, 40) } : { memory: true });
  try {
    await migrateToLatest(handle.db);
    const ledger = createLedger(handle.db, fixedClock(Date.now()));
    const accounts = await players(handle, ledger);
    console.log(`${database.label}: ${WORKERS} workers, ${SECONDS} s each, ${PLAYERS} players (player → house-bets movements)`);
    const single = await run(ledger, accounts, 'one house row', false);
    const sharded = await run(ledger, accounts, 'house in 32 shards', true);
    console.log(`  ratio sharded / one row: ${(sharded / single).toFixed(2)}`);
  } finally {
    await handle.close();
  }
});
