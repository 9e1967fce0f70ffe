import { join } from 'node:path';
import { createDb, migrateToLatest, needsSeed, seedDemoData, type DbHandle, type DbLogger } from '@betsite/db';
import type { AppEnv } from './config/env.ts';

/**
 * The database as configured: PostgreSQL when DATABASE_URL is set, else PGlite under
 * DATA_DIR/pglite. Migrated to the latest version; demo data seeded on a fresh install.
 */
export async function openDatabase(env: AppEnv, logger: DbLogger & { info(obj: object, msg: string): void }, now: Date): Promise<DbHandle> {
  const handle = await createDb({ databaseUrl: env.DATABASE_URL, dataDir: join(env.DATA_DIR, 'pglite'), logger });
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
