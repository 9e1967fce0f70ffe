/**
 * Real-money casino rounds through the seamless wallet (issue 13, decision 0022): each round a
 * signed `POST /rgs-wallet/v1/debit` of 1.00 then a signed `POST /rgs-wallet/v1/credit` (a win
 * of 2.00 every other round, else 0), as a game server makes them, on PostgreSQL. Rounds a
 * second and the round's latency (debit + credit) p50/p90/p99. The aim of the issue: at least
 * 1,000 rounds/s with p99 under 50 ms on this 2-core machine.
 *
 * The server is the production build (bench/support/server.ts) on a throwaway PostgreSQL
 * database; 200 players are funded straight on its ledger from this process. Each of
 * `connections` workers plays rounds for a random player back to back (keep-alive `node:http`,
 * lighter than `fetch`, as a provider's pooled client would be).
 *
 * The baseline, in the same run: as many bare ledger postings (player → house-casino shard,
 * then house → player, `createLedger(...).post` in this process, no HTTP, no round rows) as
 * the rounds made, the same number of workers, a pool of 10 like the server's; the ratio is
 * what the wallet layer and HTTP cost.
 *
 * Usage: node --import tsx bench/casino-rounds.ts [connections=50] [seconds=15]
 */
import { createHmac, randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { createDb, migrateToLatest, type DbHandle } from '@betsite/db';
import { fixedClock } from '@betsite/domain';
import { createLedger, type Ledger } from '../apps/server/src/modules/ledger/ledger.ts';
import { throwawayPostgres } from './support/databases.ts';
import { keepAliveClient, type Send } from './support/http-client.ts';
import { startBenchServer } from './support/server.ts';
import { percentiles, summarise } from './support/stats.ts';

const CONNECTIONS = Number(process.argv[2] ?? 50);
const SECONDS = Number(process.argv[3] ?? 15);
const WARMUP_SECONDS = 3;
const PLAYERS = 200;
const SERVER_POOL = 10;
const SECRET = 'bench-casino-wallet-secret-0123456789abcdef';
const PROVIDER = 'bench-rgs';

const sign = (raw: string) => createHmac('sha256', SECRET).update(raw).digest('hex');

async function walletCall(send: Send, path: string, body: unknown): Promise<{ status: number; code?: string }> {
  const raw = JSON.stringify(body);
  const res = await send('POST', `/rgs-wallet/v1/${path}`, { 'content-type': 'application/json', 'x-signature': sign(raw) }, raw);
  const answer = JSON.parse(res.body) as { code?: string };
  return { status: res.status, ...(answer.code ? { code: answer.code } : {}) };
}

async function fundPlayers(handle: DbHandle, ledger: Ledger, tag: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < PLAYERS; i++) {
    const { id } = await handle.db
      .insertInto('users')
      .values({ email: `casino-${tag}-${i}@example.com`, password_hash: 'x', registration_type: 'fast_reg', country: 'DE', currency: 'EUR', language: 'en' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const main = await ledger.openPlayerAccount({ ownerId: id, type: 'main', currency: 'EUR' });
    const cash = await ledger.houseAccount('house-payments', 'EUR', main.id);
    await ledger.post({ idempotencyKey: `fund:${main.id}`, kind: 'deposit', entries: [{ accountId: cash.id, amount: -100_000_000n }, { accountId: main.id, amount: 100_000_000n }] });
    ids.push(id);
  }
  return ids;
}

/** Rounds back to back from `connections` workers until `until`; latencies after `measureFrom`. */
async function play(origin: string, players: readonly string[], measureFrom: number, until: number) {
  const { send, close } = keepAliveClient(origin, CONNECTIONS);
  const latencies: number[] = [];
  const refusals = new Map<string, number>();
  let rounds = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, w) => {
      let n = 0;
      while (performance.now() < until) {
        const playerId = players[(w + n * CONNECTIONS) % players.length]!;
        const roundId = randomUUID();
        const base = { provider: PROVIDER, playerId, currency: 'EUR', roundId, gameId: 'bench-slot' };
        const at = performance.now();
        const debit = await walletCall(send, 'debit', { ...base, transactionId: `${roundId}:d`, amount: '100' });
        const credit = debit.status === 200 ? await walletCall(send, 'credit', { ...base, transactionId: `${roundId}:c`, amount: n % 2 ? '200' : '0' }) : debit;
        const took = performance.now() - at;
        n++;
        if (credit.status !== 200) refusals.set(credit.code ?? String(credit.status), (refusals.get(credit.code ?? String(credit.status)) ?? 0) + 1);
        else if (at >= measureFrom) {
          latencies.push(took);
          rounds++;
        }
      }
    }),
  );
  close();
  return { rounds, latencies, refusals };
}

/** The same money as bare postings: stake then (every other) win, `CONNECTIONS` workers. */
async function baseline(ledger: Ledger, accounts: readonly string[], count: number) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, w) => {
      while (next < count) {
        const i = next++;
        const account = accounts[(w + i) % accounts.length]!;
        const round = randomUUID();
        const at = performance.now();
        const house = await ledger.houseAccount('house-casino', 'EUR', `${PROVIDER}:${round}`);
        await ledger.post({ idempotencyKey: `casino:${PROVIDER}:${round}:stake`, kind: 'casino-stake', entries: [{ accountId: account, amount: -100n }, { accountId: house.id, amount: 100n }] });
        if (i % 2) await ledger.post({ idempotencyKey: `casino:${PROVIDER}:${round}:win`, kind: 'casino-win', entries: [{ accountId: house.id, amount: -200n }, { accountId: account, amount: 200n }] });
        latencies.push(performance.now() - at);
      }
    }),
  );
  return { perSecond: latencies.length / ((performance.now() - started) / 1000), latencies };
}

const database = await throwawayPostgres();
if (!database) {
  console.log('casino rounds: no PostgreSQL (set DATABASE_URL or run one on 127.0.0.1:5432); nothing measured');
} else {
  try {
    const server = await startBenchServer({ ...database.env, CASINO_WALLET_SECRET: SECRET, JOBS_POLL_MS: '0' });
    const handle = await createDb({ databaseUrl: database.env.DATABASE_URL, maxConnections: SERVER_POOL });
    try {
      await migrateToLatest(handle.db);
      const ledger = createLedger(handle.db, fixedClock(Date.now()));
      const players = await fundPlayers(handle, ledger, Date.now().toString(36));
      const start = performance.now();
      const result = await play(server.origin, players, start + WARMUP_SECONDS * 1000, start + (WARMUP_SECONDS + SECONDS) * 1000);
      const perSecond = result.rounds / SECONDS;
      const refused = result.refusals.size === 0 ? 'none' : [...result.refusals].map(([code, n]) => `${code} ×${n}`).join(', ');
      console.log(`casino rounds through the HTTP wallet [${database.label}], ${CONNECTIONS} game-server connections, ${SECONDS} s (after ${WARMUP_SECONDS} s warm-up), load ${loadavg()[0]!.toFixed(1)}`);
      console.log(`  ${perSecond.toFixed(0).padStart(6)} rounds/s (debit + credit)   ${percentiles(summarise(result.latencies))}   refusals: ${refused}`);
      const accounts = await handle.db.selectFrom('ledger_accounts').select('id').where('owner_id', 'in', players).where('kind', '=', 'player-main').execute();
      const bare = await baseline(ledger, accounts.map((a) => a.id), Math.max(1000, result.rounds));
      console.log(`  ${bare.perSecond.toFixed(0).padStart(6)} bare ledger rounds/s (stake + every other win posting, in this process, pool ${SERVER_POOL})   ${percentiles(summarise(bare.latencies))}`);
      console.log(`  wallet / bare: ${(perSecond / bare.perSecond).toFixed(2)}; aim 1,000 rounds/s with p99 < 50 ms: ${perSecond >= 1000 && summarise(result.latencies).p99 < 50 ? 'met' : 'not met'}`);
    } finally {
      await handle.close();
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}
