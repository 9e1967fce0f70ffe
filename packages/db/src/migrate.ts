import { Migrator, NO_MIGRATIONS, type Kysely, type MigrationResultSet } from 'kysely';
import { migrations } from './migrations/index.ts';

function migrator<DB>(db: Kysely<DB>): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

/** Names of the migrations that ran (empty when already up to date); throws on failure. */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<string[]> {
  return applied(await migrator(db).migrateToLatest());
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
