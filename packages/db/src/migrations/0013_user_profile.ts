import { sql, type Kysely } from 'kysely';

/**
 * The player's profile and standing (SPEC §3 user config and personal data, §5
 * verification rules) and e-mail activation.
 *
 * - `user_profiles`: the personal data of the office (SPEC §3 user_data and the personal
 *   data fields), one row per player once they give any; dates are `date`.
 * - `users` gains the verification state the operator and the KYC provider set
 *   (`internal_verification_status` 1 = verified, `verification_status` 1 = not verified,
 *   `verification_status_group_code` VERIFICATION_SUCCESSFUL …, the requested extra
 *   document, whether identification is needed), the ban version, the coefficient-cut and
 *   transfer flags, and when the last "someone tried to register with your e-mail" notice
 *   went out (at most one an hour per address).
 * - `user_disallowed_sports`: sports a player hid from line or live (SPEC §3
 *   disallow_line_sport / disallow_live_sport).
 * - `activation_tokens`: e-mail activation links, known only by the SHA-256 of a 256-bit
 *   random token, for the address they were sent to, 24 hours, single use.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_profiles')
    .addColumn('user_id', 'uuid', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.check(sql`length(name) <= 100`))
    .addColumn('surname', 'text', (col) => col.check(sql`length(surname) <= 100`))
    .addColumn('middle_name', 'text', (col) => col.check(sql`length(middle_name) <= 100`))
    .addColumn('date_birthday', 'date')
    .addColumn('birth_place', 'text', (col) => col.check(sql`length(birth_place) <= 200`))
    .addColumn('country', 'char(2)', (col) => col.check(sql`country ~ '^[A-Z]{2}$'`))
    .addColumn('region', 'text', (col) => col.check(sql`length(region) <= 200`))
    .addColumn('city', 'text', (col) => col.check(sql`length(city) <= 200`))
    .addColumn('registration_address', 'text', (col) => col.check(sql`length(registration_address) <= 500`))
    .addColumn('document_type_id', 'smallint', (col) => col.check(sql`document_type_id > 0`))
    .addColumn('passport', 'text', (col) => col.check(sql`length(passport) <= 64`))
    .addColumn('passport_series', 'text', (col) => col.check(sql`length(passport_series) <= 32`))
    .addColumn('passport_date', 'date')
    .addColumn('passport_end_date', 'date')
    .addColumn('passport_issued_by', 'text', (col) => col.check(sql`length(passport_issued_by) <= 300`))
    .addColumn('inn', 'text', (col) => col.check(sql`length(inn) <= 32`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('user_status_id', 'smallint', (col) => col.notNull().defaultTo(0))
    .addColumn('internal_verification_status', 'smallint', (col) => col.notNull().defaultTo(0))
    .addColumn('verification_status', 'smallint', (col) => col.notNull().defaultTo(1))
    .addColumn('verification_status_group_code', 'text', (col) => col.check(sql`verification_status_group_code ~ '^[A-Z_]{1,64}$'`))
    .addColumn('verification_types', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('requested_additional_document', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('need_identification', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('identification_bonus', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('ban_version', 'integer', (col) => col.notNull().defaultTo(0).check(sql`ban_version >= 0`))
    .addColumn('line_coef_cut', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('live_coef_cut', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('required_transfer', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('registration_notice_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('user_disallowed_sports')
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('market', 'text', (col) => col.notNull().check(sql`market in ('line', 'live')`))
    .addColumn('sport_id', 'integer', (col) => col.notNull().check(sql`sport_id > 0`))
    .addPrimaryKeyConstraint('user_disallowed_sports_pk', ['user_id', 'market', 'sport_id'])
    .execute();

  await db.schema
    .createTable('activation_tokens')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull().check(sql`email = lower(email) and length(email) between 3 and 320`))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique().check(sql`token_hash ~ '^[0-9a-f]{64}$'`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .addCheckConstraint('activation_tokens_expiry_after_creation', sql`expires_at > created_at`)
    .execute();
  await db.schema.createIndex('activation_tokens_user_created').on('activation_tokens').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('activation_tokens').execute();
  await db.schema.dropTable('user_disallowed_sports').execute();
  await db.schema
    .alterTable('users')
    .dropColumn('registration_notice_at')
    .dropColumn('required_transfer')
    .dropColumn('live_coef_cut')
    .dropColumn('line_coef_cut')
    .dropColumn('ban_version')
    .dropColumn('identification_bonus')
    .dropColumn('need_identification')
    .dropColumn('requested_additional_document')
    .dropColumn('verification_types')
    .dropColumn('verification_status_group_code')
    .dropColumn('verification_status')
    .dropColumn('internal_verification_status')
    .dropColumn('user_status_id')
    .execute();
  await db.schema.dropTable('user_profiles').execute();
}
