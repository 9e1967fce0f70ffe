import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { Kysely } from 'kysely';
import { createDb, deferredPglite, migrateToLatest, needsSeed, openPgliteCluster, seedDemoData, type Database, type DbHandle, type DbLogger } from '@betsite/db';
import { preparePglite, type PglitePreparation } from './database-prepare.ts';
import type { AppEnv } from './config/env.ts';

type OpenLogger = DbLogger & { info(obj: object, msg: string): void };

/**
 * The database as configured: PostgreSQL when DATABASE_URL is set, else PGlite under
 * DATA_DIR/pglite. Migrated to the latest version; demo data seeded on a fresh install.
 *
 * `initialCluster`: the data directory of a new, migrated PGlite cluster (`npm run build`
 * makes one beside the server bundle, see build.ts). A new PGlite data directory starts as a
 * copy of it instead of PGlite's initdb (13 s and 750 MB on the shared box) or loading a
 * dump through PGlite's file system (1-2 s and +140 MB); migrations made since still run.
 * `prepared`: that copy, started earlier (server.ts, database-prepare.ts).
 */
export async function openDatabase(env: AppEnv, logger: OpenLogger, now: Date, initialCluster?: string, prepared?: PglitePreparation | null): Promise<DbHandle> {
  const { handle, ready } = await startDatabase(env, logger, now, initialCluster, prepared);
  try {
    await ready;
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/**
 * `openDatabase` for a server's start: on PGlite the handle comes at once, while the data
 * directory is still being copied and opened, so the application builds meanwhile; its
 * queries wait for `ready` (open, migrated, seeded). On PostgreSQL (nothing to wait for) the
 * handle comes when it is ready (or the call fails). The caller closes the handle when `ready` fails.
 */
export async function startDatabase(
  env: AppEnv,
  logger: OpenLogger,
  now: Date,
  initialCluster?: string,
  prepared?: PglitePreparation | null,
): Promise<{ handle: DbHandle; ready: Promise<void> }> {
  const setup = async (db: Kysely<Database>) => {
    const applied = await migrateToLatest(db);
    if (applied.length > 0) logger.info({ migrations: applied }, 'database migrated');
    if (await needsSeed(db)) {
      await seedDemoData(db, now);
      logger.info({}, 'fresh database: demo data seeded');
    }
  };
  if (!env.DATABASE_URL) return deferredPglite(openPglite(join(env.DATA_DIR, 'pglite'), logger, initialCluster, prepared), setup, logger);
  const handle = await createDb({ databaseUrl: env.DATABASE_URL, logger });
  try {
    await setup(handle.db);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return { handle, ready: Promise.resolve() };
}

/** The data directory's PGlite: a copy of the initial cluster when it is new (see openDatabase), else as it is. */
async function openPglite(dataDir: string, logger: OpenLogger, initialCluster?: string, prepared?: PglitePreparation | null): Promise<PGlite> {
  const copied = (prepared?.dataDir === dataDir ? prepared : preparePglite(dataDir, initialCluster)).copied;
  if (!copied) return openPgliteCluster(dataDir);
  try {
    const failed = await copied;
    if (failed) throw failed;
    return await openPgliteCluster(dataDir);
  } catch (error) {
    // A cluster this PGlite cannot open (made by another version), or a copy that failed: start empty, as without one.
    logger.warn({ err: error, initialCluster }, 'the initial PGlite cluster did not open: initdb instead');
    rmSync(dataDir, { recursive: true, force: true });
    return openPgliteCluster(dataDir);
  }
}
