import { sql, type Kysely } from 'kysely';

/**
 * Groundwork for the rest of issue 3 (phone and SMS flows, e-mail activation, two-step
 * auth, re-authentication, auto logoff).
 *
 * - `verification_codes` serves every one-time code, not only password reset: a code is
 *   for a player (`user_id`) or, before a player exists (phone registration, SMS login
 *   of an unknown number), for a `target` (E.164 phone or lower-case e-mail).
 * - `users`: when e-mail and phone were proven, when the password last changed (SPEC §3
 *   changed_pass_day_count), the bonus chosen after registration (SPEC §3: 0 refuse,
 *   1 sports, 2 casino) and the referral cookies present at registration (SPEC §9).
 * - `sessions`: when the player last proved their password in this session (re-auth
 *   before sensitive changes) and why a session ended (the next visit tells the player,
 *   e.g. "logged out after inactivity").
 */
const PURPOSES = ['password_reset', 'phone_registration', 'sms_login', 'phone_binding', 'email_activation', 'email_change', 'reauth'];
const END_REASONS = ['logout', 'logout_others', 'password_changed', 'inactive', 'security'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('verification_codes').alterColumn('user_id', (col) => col.dropNotNull()).execute();
  await db.schema
    .alterTable('verification_codes')
    .addColumn('target', 'text', (col) => col.check(sql`length(target) between 1 and 320`))
    .execute();
  await db.schema.alterTable('verification_codes').dropConstraint('verification_codes_purpose_check').execute();
  await db.schema
    .alterTable('verification_codes')
    .addCheckConstraint('verification_codes_purpose', sql`purpose in (${sql.join(PURPOSES.map((p) => sql.lit(p)))})`)
    .execute();
  await db.schema
    .alterTable('verification_codes')
    .addCheckConstraint('verification_codes_subject', sql`user_id is not null or target is not null`)
    .execute();
  await db.schema.createIndex('verification_codes_target_purpose').on('verification_codes').columns(['target', 'purpose', 'created_at']).execute();

  await db.schema
    .alterTable('users')
    .addColumn('email_verified_at', 'timestamptz')
    .addColumn('phone_verified_at', 'timestamptz')
    .addColumn('password_changed_at', 'timestamptz')
    .addColumn('bonus_choice', 'smallint', (col) => col.check(sql`bonus_choice between 0 and 2`))
    .addColumn('referral', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();

  await db.schema
    .alterTable('sessions')
    .addColumn('reauth_at', 'timestamptz')
    .addColumn('end_reason', 'text', (col) => col.check(sql`end_reason in (${sql.join(END_REASONS.map((r) => sql.lit(r)))})`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('end_reason').dropColumn('reauth_at').execute();
  await db.schema
    .alterTable('users')
    .dropColumn('referral')
    .dropColumn('bonus_choice')
    .dropColumn('password_changed_at')
    .dropColumn('phone_verified_at')
    .dropColumn('email_verified_at')
    .execute();
  await db.schema.dropIndex('verification_codes_target_purpose').execute();
  await db.schema.alterTable('verification_codes').dropConstraint('verification_codes_subject').execute();
  await db.schema.alterTable('verification_codes').dropConstraint('verification_codes_purpose').execute();
  await sql`delete from verification_codes where purpose <> 'password_reset' or user_id is null`.execute(db);
  await db.schema
    .alterTable('verification_codes')
    .addCheckConstraint('verification_codes_purpose_check', sql`purpose in ('password_reset')`)
    .execute();
  await db.schema.alterTable('verification_codes').dropColumn('target').execute();
  await db.schema.alterTable('verification_codes').alterColumn('user_id', (col) => col.setNotNull()).execute();
}
