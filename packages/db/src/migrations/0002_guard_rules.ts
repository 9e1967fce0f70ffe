import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('block_rules')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('reason', 'integer', (col) => col.notNull())
    .addColumn('country', 'char(2)', (col) => col.check(sql`country ~ '^[A-Z]{2}$'`))
    .addColumn('ip_range', sql`cidr`)
    .addColumn('user_id', 'text')
    .addColumn('display_type_id', 'integer')
    .addColumn('template_type_id', 'integer')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('block_rules_one_target', sql`num_nonnulls(country, ip_range, user_id) = 1`)
    .execute();

  await db.schema
    .createTable('redirect_rules')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('from_path', 'text', (col) => col.notNull().unique())
    .addColumn('to_url', 'text', (col) => col.notNull())
    .addColumn('code', 'integer', (col) => col.notNull().check(sql`code in (301, 302, 307, 308)`))
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('redirect_rules').execute();
  await db.schema.dropTable('block_rules').execute();
}
