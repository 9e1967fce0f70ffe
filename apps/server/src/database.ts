import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { deferredPglite, deferredPostgres, migrateToLatest, needsSeed, seedDemoData, type Database, type DbHandle, type DbLogger } from '@betsite/db';
import type { MigrationThread } from './migration-thread.ts';
import { PgliteThread } from './pglite-thread.ts';
import type { AppEnv } from './config/env.ts';

type OpenLogger = DbLogger & { info(obj: object, msg: string): void };
/** What server.ts starts before the application loads: PGlite's thread, or PostgreSQL's migrations. */
export type StartedEarly = PgliteThread | MigrationThread | null;

/**
 * The database as configured: PostgreSQL when DATABASE_URL is set, else PGlite under
 * DATA_DIR/pglite. Migrated to the latest version; demo data seeded on a fresh install.
 *
 * `initialCluster`: the data directory of a new, migrated PGlite cluster (`npm run build`
 * makes one beside the server bundle, see build.ts). A new PGlite data directory starts as a
 * copy of it instead of PGlite's initdb (13 s and 750 MB on the shared box) or loading a
 * dump through PGlite's file system (1-2 s and +140 MB); migrations made since still run.
 * `started`: what server.ts started for the database earlier, PGlite's thread (pglite-thread.ts)
 * or PostgreSQL's migrations (migration-thread.ts); used when it is for this database.
 */
export async function openDatabase(env: AppEnv, logger: OpenLogger, now: Date, initialCluster?: string, started?: StartedEarly): Promise<DbHandle> {
  const { handle, ready } = await startDatabase(env, logger, now, initialCluster, started);
  try {
    await ready;
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/**
 * `openDatabase` for a server's start: the handle comes at once, while PGlite's data directory
 * is still being copied and opened or a new PostgreSQL database migrated and seeded, so the
 * application builds meanwhile; its queries wait for `ready` (open, migrated, seeded). The
 * caller closes the handle when `ready` fails.
 */
export async function startDatabase(
  env: AppEnv,
  logger: OpenLogger,
  now: Date,
  initialCluster?: string,
  started?: StartedEarly,
): Promise<{ handle: DbHandle; ready: Promise<void> }> {
  // Told apart by their fields, not instanceof: the entry's bundle (dist/server.js) has its own copy of each class.
  const migrations = started && 'databaseUrl' in started && started.databaseUrl === env.DATABASE_URL ? started : null;
  const setup = async (db: Kysely<Database>) => {
    const applied = migrations ? await migrations.applied : await migrateToLatest(db);
    if (applied.length > 0) logger.info({ migrations: applied }, 'database migrated');
    if (await needsSeed(db)) {
      await seedDemoData(db, now);
      logger.info({}, 'fresh database: demo data seeded');
    }
  };
  if (!env.DATABASE_URL) {
    const pglite = started && 'dataDir' in started ? started : null;
    return deferredPglite(openPglite(join(env.DATA_DIR, 'pglite'), logger, initialCluster, pglite), setup, logger);
  }
  return deferredPostgres(env.DATABASE_URL, setup, { logger });
}

/**
 * The data directory's PGlite in its thread: `started` when server.ts started it for this
 * directory, else a new one. A new directory starts as a copy of the initial cluster.
 */
function openPglite(dataDir: string, logger: OpenLogger, initialCluster?: string, started?: PgliteThread | null): Promise<PgliteThread> {
  const thread = started?.dataDir === dataDir ? started : new PgliteThread(dataDir, initialCluster);
  return thread.opened.then(({ fellBack }) => {
    // A cluster this PGlite cannot open (made by another version), or a copy that failed: it started empty, as without one.
    if (fellBack) logger.warn({ err: new Error(fellBack), initialCluster }, 'the initial PGlite cluster did not open: initdb instead');
    return thread;
  });
}
