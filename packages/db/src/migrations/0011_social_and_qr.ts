import { sql, type Kysely } from 'kysely';

/**
 * Social sign-in, login tokens and QR login (issue 3; SPEC §2 auth_qr, §3 soc_reg, §7).
 * Every secret (state, ticket, token, code, poll secret, credential) is stored as its
 * SHA-256 (hex), so reading these tables gives nobody a login.
 *
 * - `social_identities`: a provider's subject (`sub`) linked to a player; one player per
 *   (provider, subject).
 * - `social_auth_states`: an OpenID Connect round trip in progress (state, PKCE verifier,
 *   nonce, what the start chose: language, currency, country, bonus, referral cookies),
 *   bound to the browser that started it (`browser_hash`), single use, 10 minutes.
 * - `social_pending_registrations`: a new identity waiting for the "complete registration"
 *   step (currency, country), keyed by a ticket in an httpOnly cookie, single use.
 * - `social_one_tap_uses`: one-tap credentials already used, until they expire (no replay).
 * - `login_tokens`: single-use login tokens (QR login, deep links), 2 minutes.
 * - `qr_login_requests`: QR login requests: pending → approved | rejected → consumed.
 * - `sandbox_idp_codes`: authorization codes of the built-in sandbox identity provider.
 */
const HASH = (column: string) => sql`${sql.ref(column)} ~ '^[0-9a-f]{64}$'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('social_identities')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (col) => col.notNull().check(sql`provider ~ '^[a-z]{1,32}$'`))
    .addColumn('subject', 'text', (col) => col.notNull().check(sql`length(subject) between 1 and 255`))
    /** The e-mail the provider gave at the last sign-in (verified or not; for support only). */
    .addColumn('email', 'text', (col) => col.check(sql`length(email) <= 320`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_login_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('social_identities_provider_subject', ['provider', 'subject'])
    .execute();
  await db.schema.createIndex('social_identities_user').on('social_identities').column('user_id').execute();

  await db.schema
    .createTable('social_auth_states')
    .addColumn('state_hash', 'text', (col) => col.primaryKey().check(HASH('state_hash')))
    .addColumn('browser_hash', 'text', (col) => col.notNull().check(HASH('browser_hash')))
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('intent', 'text', (col) => col.notNull().check(sql`intent in ('login', 'registration')`))
    .addColumn('code_verifier', 'text', (col) => col.notNull())
    .addColumn('nonce', 'text', (col) => col.notNull())
    .addColumn('redirect_uri', 'text', (col) => col.notNull())
    .addColumn('language', 'text', (col) => col.notNull().check(sql`language ~ '^[a-z]{2}$'`))
    .addColumn('currency', 'text', (col) => col.check(sql`currency ~ '^[A-Z]{3}$'`))
    .addColumn('country', 'text', (col) => col.check(sql`country ~ '^[A-Z]{2}$'`))
    .addColumn('bonus_choice', 'smallint', (col) => col.check(sql`bonus_choice between 0 and 2`))
    .addColumn('referral', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('return_to', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('social_auth_states_expires_at').on('social_auth_states').column('expires_at').execute();

  await db.schema
    .createTable('social_pending_registrations')
    .addColumn('ticket_hash', 'text', (col) => col.primaryKey().check(HASH('ticket_hash')))
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    /** Only an e-mail the provider said it verified; null otherwise. */
    .addColumn('email', 'text')
    .addColumn('name', 'text')
    .addColumn('language', 'text', (col) => col.notNull())
    .addColumn('currency', 'text')
    .addColumn('country', 'text')
    .addColumn('bonus_choice', 'smallint', (col) => col.check(sql`bonus_choice between 0 and 2`))
    .addColumn('referral', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('return_to', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('social_pending_registrations_expires_at').on('social_pending_registrations').column('expires_at').execute();

  await db.schema
    .createTable('social_one_tap_uses')
    .addColumn('credential_hash', 'text', (col) => col.primaryKey().check(HASH('credential_hash')))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('login_tokens')
    .addColumn('token_hash', 'text', (col) => col.primaryKey().check(HASH('token_hash')))
    .addColumn('method', 'text', (col) => col.notNull().check(sql`method in ('qr', 'link')`))
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .addCheckConstraint('login_tokens_expiry_after_creation', sql`expires_at > created_at`)
    .execute();
  await db.schema.createIndex('login_tokens_expires_at').on('login_tokens').column('expires_at').execute();

  await db.schema
    .createTable('qr_login_requests')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('code_hash', 'text', (col) => col.notNull().unique().check(HASH('code_hash')))
    .addColumn('poll_secret_hash', 'text', (col) => col.notNull().check(HASH('poll_secret_hash')))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending').check(sql`status in ('pending', 'approved', 'rejected', 'consumed')`))
    /** The player who approved (set with `approved`). */
    .addColumn('user_id', 'uuid', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('language', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('decided_at', 'timestamptz')
    .addCheckConstraint('qr_login_requests_approver', sql`status not in ('approved', 'consumed') or user_id is not null`)
    .execute();
  await db.schema.createIndex('qr_login_requests_expires_at').on('qr_login_requests').column('expires_at').execute();

  await db.schema
    .createTable('sandbox_idp_codes')
    .addColumn('code_hash', 'text', (col) => col.primaryKey().check(HASH('code_hash')))
    .addColumn('client_id', 'text', (col) => col.notNull())
    .addColumn('redirect_uri', 'text', (col) => col.notNull())
    .addColumn('code_challenge', 'text', (col) => col.notNull())
    .addColumn('nonce', 'text')
    /** The identity chosen on the authorize page (sub, email, email_verified, name). */
    .addColumn('claims', 'jsonb', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sandbox_idp_codes').execute();
  await db.schema.dropTable('qr_login_requests').execute();
  await db.schema.dropTable('login_tokens').execute();
  await db.schema.dropTable('social_one_tap_uses').execute();
  await db.schema.dropTable('social_pending_registrations').execute();
  await db.schema.dropTable('social_auth_states').execute();
  await db.schema.dropTable('social_identities').execute();
}
