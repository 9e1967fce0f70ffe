import { sql, type Kysely } from 'kysely';

/**
 * Messages, captcha challenges and one-time codes (issue 3; SPEC §4 password recovery,
 * §7 captcha API, §8 captcha codes).
 *
 * - `outbox`: every e-mail and SMS the site sends when no SMTP server is configured (the
 *   embedded default), shown at `/dev/outbox` in development.
 * - `captcha_challenges`: a challenge is known by a random id; only a SHA-256 of its answer
 *   is stored. Validating it (right or wrong) uses it up (`used_at`); a right answer gets a
 *   short-lived single-use token, stored as a SHA-256 too (`token_hash`, spent at
 *   `token_used_at`).
 * - `verification_codes`: one-time codes sent to a player (password reset …), stored as a
 *   SHA-256, with an expiry, a count of wrong tries and `used_at` (used or burnt).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('channel', 'text', (col) => col.notNull().check(sql`channel in ('email', 'sms')`))
    .addColumn('recipient', 'text', (col) => col.notNull().check(sql`length(recipient) between 1 and 320`))
    .addColumn('subject', 'text')
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('html', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('outbox_created_at').on('outbox').column('created_at').execute();

  await db.schema
    .createTable('captcha_challenges')
    .addColumn('id', 'text', (col) => col.primaryKey().check(sql`id ~ '^[A-Za-z0-9_-]{22}$'`))
    .addColumn('answer_hash', 'text', (col) => col.notNull().check(sql`answer_hash ~ '^[0-9a-f]{64}$'`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('token_hash', 'text', (col) => col.unique().check(sql`token_hash ~ '^[0-9a-f]{64}$'`))
    .addColumn('token_expires_at', 'timestamptz')
    .addColumn('token_used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('captcha_challenges_expires_at').on('captcha_challenges').column('expires_at').execute();

  await db.schema
    .createTable('verification_codes')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('purpose', 'text', (col) => col.notNull().check(sql`purpose in ('password_reset')`))
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (col) => col.notNull().check(sql`code_hash ~ '^[0-9a-f]{64}$'`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0).check(sql`attempts >= 0`))
    .addColumn('used_at', 'timestamptz')
    .addCheckConstraint('verification_codes_expiry_after_creation', sql`expires_at > created_at`)
    .execute();
  await db.schema.createIndex('verification_codes_user_purpose').on('verification_codes').columns(['user_id', 'purpose', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('verification_codes').execute();
  await db.schema.dropTable('captcha_challenges').execute();
  await db.schema.dropTable('outbox').execute();
}
