/** Helpers for the server's integration tests. */
import type { FastifyInstance } from 'fastify';
import { needsSeed, seedDemoData, type DbHandle } from '@betsite/db';
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
