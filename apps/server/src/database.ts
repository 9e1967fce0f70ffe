import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createDb, migrateToLatest, needsSeed, seedDemoData, type DbHandle, type DbLogger } from '@betsite/db';
import type { AppEnv } from './config/env.ts';

type OpenLogger = DbLogger & { info(obj: object, msg: string): void };

/**
 * The database as configured: PostgreSQL when DATABASE_URL is set, else PGlite under
 * DATA_DIR/pglite. Migrated to the latest version; demo data seeded on a fresh install.
 *
 * `initialDump`: a dump of a new, migrated PGlite cluster (`npm run build` makes one beside
 * the server bundle, see build.ts). A new PGlite data directory starts from it instead of
 * PGlite's initdb, which took most of a first start (13 s and 750 MB on the shared box,
 * against 6 s and 460 MB); migrations made since the dump still run.
 */
export async function openDatabase(env: AppEnv, logger: OpenLogger, now: Date, initialDump?: string): Promise<DbHandle> {
  const handle = env.DATABASE_URL ? await createDb({ databaseUrl: env.DATABASE_URL, logger }) : await openPglite(join(env.DATA_DIR, 'pglite'), logger, initialDump);
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

async function openPglite(dataDir: string, logger: OpenLogger, initialDump?: string): Promise<DbHandle> {
  const fresh = !existsSync(join(dataDir, 'PG_VERSION'));
  if (!fresh || !initialDump || !existsSync(initialDump)) return createDb({ dataDir, logger });
  try {
    return await createDb({ dataDir, logger, loadDataDir: new Blob([readFileSync(initialDump)]) });
  } catch (error) {
    // A dump this PGlite cannot read (made by another version): start empty, as without one.
    logger.warn({ err: error, initialDump }, 'the initial PGlite dump did not load: initdb instead');
    rmSync(dataDir, { recursive: true, force: true });
    return createDb({ dataDir, logger });
  }
}
