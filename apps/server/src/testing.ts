/** Helpers for the server's integration tests. */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { Redis } from 'ioredis';
import type { SiteConfig } from '@betsite/contracts';
import { needsSeed, seedDemoData, type Database, type DbHandle } from '@betsite/db';
import { seededStream } from '@betsite/domain';
import { reconcilePayments, type PaymentReconciliation } from './modules/payments/reconciliation.ts';
import { reconcileCoupons, type CouponReconciliation } from './modules/coupon/reconciliation.ts';
import type { Ledger } from './modules/ledger/ledger.ts';
import { loadEnv, type AppEnv } from './config/env.ts';
import { build, type BuildOptions } from './app.ts';

export const TEST_OPS_TOKEN = 'test-ops-token-0123456789abcdef';
export const opsHeaders = { authorization: `Bearer ${TEST_OPS_TOKEN}` };

export function testEnv(overrides: Record<string, string> = {}): AppEnv {
  // No simulated feed unless a test asks: a test owns the games it sees (and reads them fresh).
  return loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', OPS_TOKEN: TEST_OPS_TOKEN, FEED: 'off', LINE_CACHE_TTL_MS: '0', ...overrides });
}

/** The app on `db` (demo data seeded if missing), silent, with OPS_TOKEN set unless overridden. */
export async function buildTestApp(
  db: DbHandle,
  { env = {}, ...options }: { env?: Record<string, string> } & Omit<BuildOptions, 'env' | 'db'> = {},
): Promise<FastifyInstance> {
  if (await needsSeed(db.db)) await seedDemoData(db.db, new Date());
  return build({ env: testEnv(env), db, logger: false, ...options });
}

/**
 * The reconciliation check of decision 0013, for tests: throws with the findings unless every
 * payment agrees with its postings, the hold accounts hold the open withdrawals and the ledger
 * adds up. Answers the report.
 */
export async function expectPaymentsReconciled(db: Kysely<Database>): Promise<PaymentReconciliation> {
  const report = await reconcilePayments(db);
  if (!report.healthy) throw new Error(`payments do not reconcile: ${JSON.stringify({ ...report, payments: undefined }, null, 2)}`);
  return report;
}

/**
 * The coupon reconciliation (issue 11), for tests: throws with the findings unless every coupon
 * agrees with its postings, no coupon posting is stray, the house-bets shards hold what the
 * coupons say and the ledger adds up. Answers the report.
 */
export async function expectCouponsReconciled(db: Kysely<Database>, now?: Date): Promise<CouponReconciliation> {
  const report = await reconcileCoupons(db, now);
  if (!report.healthy) throw new Error(`coupons do not reconcile: ${JSON.stringify({ ...report, byStatus: undefined }, null, 2)}`);
  return report;
}

/** Redis of the multi-node tests (TEST_REDIS_URL, else the local default). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether the tests' Redis answers (multi-node tests run only then). */
export async function redisAvailable(): Promise<boolean> {
  const probe = new Redis(TEST_REDIS_URL, { lazyConnect: true, retryStrategy: () => null, connectTimeout: 1_000 });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    await probe.quit();
    return true;
  } catch {
    probe.disconnect();
    return false;
  }
}

/** A seeded stream for tests whose random choices must replay from a printed seed. */
export const seededRandom = seededStream;

export interface TestPlayer {
  userId: string;
  accountId: string;
  /** The session token as the X-Auth header. */
  headers: { 'x-auth': string };
}

/**
 * A player with a confirmed e-mail, a session and a EUR main account holding `balance`
 * minor units (funded from the house's payments account).
 */
export async function fundedPlayer(app: FastifyInstance, ledger: Ledger, balance: bigint): Promise<TestPlayer> {
  const { id: userId } = await app.db
    .insertInto('users')
    .values({ email: `${randomUUID()}@example.com`, password_hash: 'x', registration_type: 'full_reg', country: 'DE', currency: 'EUR', language: 'en', email_verified_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { token } = await app.sessions.create(userId, { remember: false });
  const main = await ledger.openPlayerAccount({ ownerId: userId, type: 'main', currency: 'EUR' });
  if (balance > 0n) {
    const house = await ledger.houseAccount('house-payments', 'EUR');
    await ledger.post({ idempotencyKey: `fund:${main.id}`, kind: 'deposit', entries: [{ accountId: house.id, amount: -balance }, { accountId: main.id, amount: balance }] });
  }
  return { userId, accountId: main.id, headers: { 'x-auth': token } };
}

/**
 * Sets the site's betting settings (site config `betting`: live delay, limits, vip review…)
 * through the operator API, as an operator would; the app reads them at once.
 */
export async function setBettingSettings(app: FastifyInstance, betting: Partial<SiteConfig['betting']>): Promise<void> {
  const res = await app.inject({ method: 'PATCH', url: '/ops-api/v1/site-config', headers: { ...opsHeaders, 'content-type': 'application/merge-patch+json' }, payload: JSON.stringify({ betting }) });
  if (res.statusCode !== 200) throw new Error(`betting settings not set: ${res.statusCode} ${res.body}`);
}
