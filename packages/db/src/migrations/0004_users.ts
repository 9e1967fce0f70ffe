import { sql, type Kysely } from 'kysely';

/**
 * Players (SPEC §3 user config, §5 registration). The account number is the login id a
 * one-click registration hands out; e-mail and phone are unique when present, compared in
 * normalised form (lower-case e-mail, E.164 phone) so no two players share one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create sequence user_account_number_seq start with 100000001`.execute(db);
  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_number', 'bigint', (col) =>
      col.notNull().unique().defaultTo(sql`nextval('user_account_number_seq')`),
    )
    .addColumn('email', 'text', (col) => col.unique().check(sql`email = lower(email)`))
    .addColumn('phone', 'text', (col) => col.unique().check(sql`phone ~ '^\\+[1-9][0-9]{6,14}$'`))
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('registration_type', 'text', (col) =>
      col.notNull().check(sql`registration_type in ('fast_reg', 'phone_reg', 'full_reg', 'soc_reg')`),
    )
    .addColumn('country', 'char(2)', (col) => col.notNull().check(sql`country ~ '^[A-Z]{2}$'`))
    .addColumn('currency', 'char(3)', (col) => col.notNull().check(sql`currency ~ '^[A-Z]{3}$'`))
    .addColumn('language', 'char(2)', (col) => col.notNull())
    /** SPEC §3 activation_type: 0 none, 1 e-mail, 2 both, 3 phone. */
    .addColumn('activation_type', 'smallint', (col) => col.notNull().defaultTo(0).check(sql`activation_type between 0 and 3`))
    .addColumn('ban_level', 'smallint', (col) => col.notNull().defaultTo(0).check(sql`ban_level >= 0`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('users').execute();
  await sql`drop sequence user_account_number_seq`.execute(db);
}
