import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { createDb, migrateToLatest, needsSeed, seedDemoData, type DbHandle, type DbLogger } from '@betsite/db';
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
  const handle = env.DATABASE_URL ? await createDb({ databaseUrl: env.DATABASE_URL, logger }) : await openPglite(join(env.DATA_DIR, 'pglite'), logger, initialCluster, prepared);
  try {
    const applied = await migrateToLatest(handle.db);
    if (applied.length > 0) logger.info({ migrations: applied }, 'database migrated');
    if (await needsSeed(handle.db)) {
      await seedDemoData(handle.db, now);
      logger.info({}, 'fresh database: demo data seeded');
    }
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

async function openPglite(dataDir: string, logger: OpenLogger, initialCluster?: string, prepared?: PglitePreparation | null): Promise<DbHandle> {
  const copied = (prepared?.dataDir === dataDir ? prepared : preparePglite(dataDir, initialCluster)).copied;
  if (!copied) return createDb({ dataDir, logger });
  try {
    const failed = await copied;
    if (failed) throw failed;
    return await createDb({ dataDir, logger });
  } catch (error) {
    // A cluster this PGlite cannot open (made by another version), or a copy that failed: start empty, as without one.
    logger.warn({ err: error, initialCluster }, 'the initial PGlite cluster did not open: initdb instead');
    rmSync(dataDir, { recursive: true, force: true });
    return createDb({ dataDir, logger });
  }
}
