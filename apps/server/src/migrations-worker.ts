/**
 * The worker of migration-thread.ts: migrates the PostgreSQL database at `workerData.databaseUrl`
 * to this build's latest version on one connection, answers the migrations it applied (or
 * the error), and ends. `npm run build` bundles it beside the server (dist/migrations-worker.js).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from '@betsite/db';
import { errorFields } from './lib/thread-errors.ts';

const { databaseUrl } = workerData as { databaseUrl: string };
// One connection: the migrations run in one transaction. The timeout as the server's pool: a down database fails the start.
const db = new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 1, connectionTimeoutMillis: 5_000 }) }) });
try {
  parentPort?.postMessage({ applied: await migrateToLatest(db) });
} catch (error) {
  parentPort?.postMessage({ error: errorFields(error) });
} finally {
  await db.destroy();
}
