/** Helpers for the server's integration tests. */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { needsSeed, seedDemoData, type Database, type DbHandle } from '@betsite/db';
import { reconcilePayments, type PaymentReconciliation } from './modules/payments/reconciliation.ts';
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
