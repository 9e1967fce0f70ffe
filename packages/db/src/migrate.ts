import { Migrator, NO_MIGRATIONS, sql, type Kysely, type MigrationResultSet } from 'kysely';
import { migrations } from './migrations/index.ts';

function migrator<DB>(db: Kysely<DB>): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

/** Names of the migrations that ran (empty when already up to date); throws on failure. */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<string[]> {
  if (await upToDate(db)) return [];
  return applied(await migrator(db).migrateToLatest());
}

/**
 * Every migration of this build applied, and no other: one small read. Kysely's migrator
 * first introspects every table and column of the schema, which took PGlite over a second
 * of each server start.
 */
async function upToDate<DB>(db: Kysely<DB>): Promise<boolean> {
  const { rows: table } = await sql<{ exists: boolean }>`select to_regclass('kysely_migration') is not null as exists`.execute(db);
  if (!table[0]?.exists) return false;
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  const names = Object.keys(migrations);
  return rows.length === names.length && names.every((name) => rows.some((row) => row.name === name));
}

/** Undoes the most recent migration. */
export async function migrateDown<DB>(db: Kysely<DB>): Promise<string[]> {
  return applied(await migrator(db).migrateDown());
}

/** Undoes every migration (tests). */
export async function migrateDownAll<DB>(db: Kysely<DB>): Promise<string[]> {
  return applied(await migrator(db).migrateTo(NO_MIGRATIONS));
}

function applied({ error, results }: MigrationResultSet): string[] {
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    // No failed migration: the error came before any ran (e.g. no connection).
    if (!failed) throw error;
    throw new Error(`migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return (results ?? []).map((r) => r.migrationName);
}
