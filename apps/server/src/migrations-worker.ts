/**
 * The worker of migration-thread.ts: migrates the PostgreSQL database at `workerData.databaseUrl`
 * to this build's latest version on one connection, answers the migrations it applied (or
 * the error), and ends. `npm run build` bundles it beside the server (dist/migrations-worker.js).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createDb, migrateToLatest } from '@betsite/db';
import { errorFields } from './lib/thread-errors.ts';

const { databaseUrl } = workerData as { databaseUrl: string };
// One connection: the migrations run in one transaction. The site's pool settings, so a down database fails the start as it would.
const handle = await createDb({ databaseUrl, maxConnections: 1 });
try {
  parentPort?.postMessage({ applied: await migrateToLatest(handle.db) });
} catch (error) {
  parentPort?.postMessage({ error: errorFields(error) });
} finally {
  await handle.close();
}
