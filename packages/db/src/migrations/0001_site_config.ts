import { sql, type Kysely } from 'kysely';

// Migrations take `Kysely<unknown>`: they describe the schema at their point in history,
// not the current `Database` type.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('site_config')
    .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn('document', 'jsonb', (col) => col.notNull())
    .addColumn('version', 'bigint', (col) => col.notNull().defaultTo(1))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('config_groups')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('ref_id', 'integer', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('config_groups').execute();
  await db.schema.dropTable('site_config').execute();
}
