import { sql, type Kysely } from 'kysely';

/**
 * Terms acceptance (issue 12, decision 0020): the terms version a player last accepted and
 * when. 0 means none since registration (registering accepts the terms then in force, which
 * the site config's publication time tells). A player must confirm while the site's current
 * version is higher.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('terms_accepted_version', 'integer', (col) => col.notNull().defaultTo(0).check(sql`terms_accepted_version >= 0`))
    .addColumn('terms_accepted_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('terms_accepted_at').dropColumn('terms_accepted_version').execute();
}
