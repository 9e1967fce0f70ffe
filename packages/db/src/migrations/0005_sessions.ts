import { sql, type Kysely } from 'kysely';

/**
 * Login sessions and login throttling (SPEC §4 session token, §7 X-Auth / user_token).
 *
 * A session is known only by the SHA-256 of its 128-bit random token (hex), so a copy of
 * this table does not let anyone log in. Revocation is a timestamp (not a delete) so a
 * replayed token is recognised as revoked and logged; expired and revoked rows can be
 * pruned by a job later. Deleting a player deletes their sessions.
 *
 * `login_attempts` counts failed logins per normalised login key (`email:…`,
 * `account:…`), whether or not such a player exists, for the captcha and back-off rules.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (col) => col.primaryKey().check(sql`token_hash ~ '^[0-9a-f]{64}$'`))
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('revoked_at', 'timestamptz')
    /** The "save" flag of the login form: a long session and a persistent cookie. */
    .addColumn('remember', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('user_agent', 'text', (col) => col.check(sql`length(user_agent) <= 512`))
    .addColumn('ip', 'text', (col) => col.check(sql`length(ip) <= 64`))
    .addCheckConstraint('sessions_expiry_after_creation', sql`expires_at > created_at`)
    .execute();
  // A player's sessions (list, revoke all); live ones only, which is what those queries want.
  await db.schema.createIndex('sessions_user_live').on('sessions').columns(['user_id', 'expires_at']).where(sql.ref('revoked_at'), 'is', null).execute();
  // Pruning expired rows.
  await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('login_key', 'text', (col) => col.primaryKey().check(sql`length(login_key) between 1 and 300`))
    .addColumn('failures', 'integer', (col) => col.notNull().defaultTo(0).check(sql`failures >= 0`))
    .addColumn('last_failure_at', 'timestamptz', (col) => col.notNull())
    .execute();
  // Pruning counters whose failures no longer count.
  await db.schema.createIndex('login_attempts_last_failure_at').on('login_attempts').column('last_failure_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_attempts').execute();
  await db.schema.dropTable('sessions').execute();
}
