import { sql, type Kysely } from 'kysely';

/**
 * Two-step authentication (TOTP, RFC 6238) and the security page (SPEC §2 office
 * "security" and "two-step authentication", §4 protection level).
 *
 * - `two_step_secrets`: one TOTP secret per player, encrypted at rest (AES-256-GCM with
 *   the server's secrets key; the text is `v1.<iv>.<tag>.<ciphertext>`). `pending` from
 *   setup until the first code confirms it, then `enabled`. `last_time_step` is the
 *   30-second step of the last code accepted, so a code works once.
 * - `two_step_recovery_codes`: the single-use recovery codes, known only by SHA-256.
 * - `two_step_tickets`: the login half-way between the first step and the code: known by
 *   the SHA-256 of a random ticket, bound to the player and the "save" flag, 5 minutes,
 *   single use, burnt after 3 wrong codes.
 * - `security_answers`: the security question chosen and the argon2id hash of the
 *   normalised answer.
 *
 * Deleting a player deletes all of it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('two_step_secrets')
    .addColumn('user_id', 'uuid', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret_enc', 'text', (col) => col.notNull().check(sql`secret_enc like 'v1.%'`))
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('pending', 'enabled')`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('enabled_at', 'timestamptz')
    .addColumn('last_time_step', 'integer', (col) => col.check(sql`last_time_step >= 0`))
    .addCheckConstraint('two_step_secrets_enabled_at', sql`(status = 'enabled') = (enabled_at is not null)`)
    .execute();

  await db.schema
    .createTable('two_step_recovery_codes')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (col) => col.notNull().check(sql`code_hash ~ '^[0-9a-f]{64}$'`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('used_at', 'timestamptz')
    .addUniqueConstraint('two_step_recovery_codes_user_code', ['user_id', 'code_hash'])
    .execute();

  await db.schema
    .createTable('two_step_tickets')
    .addColumn('ticket_hash', 'text', (col) => col.primaryKey().check(sql`ticket_hash ~ '^[0-9a-f]{64}$'`))
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('remember', 'boolean', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0).check(sql`attempts >= 0`))
    .addColumn('used_at', 'timestamptz')
    .addCheckConstraint('two_step_tickets_expiry_after_creation', sql`expires_at > created_at`)
    .execute();
  // Pruning expired tickets.
  await db.schema.createIndex('two_step_tickets_expires_at').on('two_step_tickets').column('expires_at').execute();

  await db.schema
    .createTable('security_answers')
    .addColumn('user_id', 'uuid', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('question', 'text', (col) => col.notNull().check(sql`question ~ '^[a-z_]{1,64}$'`))
    .addColumn('answer_hash', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('security_answers').execute();
  await db.schema.dropTable('two_step_tickets').execute();
  await db.schema.dropTable('two_step_recovery_codes').execute();
  await db.schema.dropTable('two_step_secrets').execute();
}
