/**
 * `npm run db:migrate` — brings the database to the latest migration.
 * `npm run db:migrate -- --down` — undoes the most recent one.
 * Uses DATABASE_URL when set, else PGlite under DATA_DIR (default ./data), like the server.
 */
import { join } from 'node:path';
import { createDb } from '../create-db.ts';
import { migrateDown, migrateToLatest } from '../migrate.ts';

const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = join(process.env.DATA_DIR || './data', 'pglite');
const down = process.argv.includes('--down');

const handle = await createDb({ databaseUrl, dataDir });
try {
  const names = down ? await migrateDown(handle.db) : await migrateToLatest(handle.db);
  const where = databaseUrl ? 'PostgreSQL' : `PGlite in ${dataDir}`;
  if (names.length === 0) console.log(`${where}: nothing to ${down ? 'undo' : 'migrate'}`);
  for (const name of names) console.log(`${where}: ${down ? 'undid' : 'applied'} ${name}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await handle.close();
}
