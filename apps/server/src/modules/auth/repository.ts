/** Players and login counters, as the auth module needs them. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '@betsite/db';
import { LOGIN_FAILURE_RESET_MS, recordLoginFailure, type LoginFailures, type LoginIdentifier } from '@betsite/domain';

export interface LoginUser {
  id: string;
  passwordHash: string;
}

export interface NewUser {
  email: string | null;
  /** E.164, proven by an SMS code (phone registration) or null. */
  phone?: string | null;
  passwordHash: string;
  registrationType: 'fast_reg' | 'phone_reg' | 'full_reg' | 'soc_reg';
  country: string;
  currency: string;
  language: string;
  /** SPEC §3: 0 refuse, 1 sports, 2 casino. */
  bonusChoice?: number | null;
  /** The referral cookies the browser had (SPEC §9), stored as they came. */
  referral?: Readonly<Record<string, string | undefined>> | undefined;
  emailVerifiedAt?: Date | null;
  phoneVerifiedAt?: Date | null;
  /** SPEC §3 activation_type: 0 none, 1 e-mail, 2 both, 3 phone. */
  activationType?: number;
}

export function createAuthRepository(db: Kysely<Database>) {
  return {
    async findForLogin(login: LoginIdentifier): Promise<LoginUser | null> {
      if (login.kind === 'invalid') return null;
      const query = db.selectFrom('users').select(['id', 'password_hash']);
      const row = await (login.kind === 'email'
        ? query.where('email', '=', login.email)
        : query.where('account_number', '=', BigInt(login.accountNumber))
      ).executeTakeFirst();
      return row ? { id: row.id, passwordHash: row.password_hash } : null;
    },

    /** The same password, re-hashed (new parameters): not a change the player made. */
    async updatePasswordHash(userId: string, passwordHash: string): Promise<void> {
      await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
    },

    /** A new password the player chose (SPEC §3 changed_pass_day_count counts from `at`). */
    async changePassword(userId: string, passwordHash: string, at: Date): Promise<void> {
      await db.updateTable('users').set({ password_hash: passwordHash, password_changed_at: at }).where('id', '=', userId).execute();
    },

    /** The new player's id and account number, or null when the e-mail or phone is already registered. */
    async insertUser(user: NewUser, now: Date): Promise<{ id: string; accountNumber: bigint } | null> {
      const row = await db
        .insertInto('users')
        .values({
          email: user.email,
          password_hash: user.passwordHash,
          registration_type: user.registrationType,
          country: user.country,
          currency: user.currency,
          language: user.language,
          phone: user.phone ?? null,
          bonus_choice: user.bonusChoice ?? null,
          referral: JSON.stringify(user.referral ?? {}),
          email_verified_at: user.emailVerifiedAt ?? null,
          phone_verified_at: user.phoneVerifiedAt ?? null,
          activation_type: user.activationType ?? 0,
          created_at: now,
        })
        // Any unique clash (e-mail, phone) is "already registered"; the caller does not say which.
        .onConflict((oc) => oc.doNothing())
        .returning(['id', 'account_number'])
        .executeTakeFirst();
      return row ? { id: row.id, accountNumber: row.account_number } : null;
    },

    async failures(loginKey: string): Promise<{ failures: number; lastFailureAt: number | null }> {
      const row = await db.selectFrom('login_attempts').select(['failures', 'last_failure_at']).where('login_key', '=', loginKey).executeTakeFirst();
      return row ? { failures: row.failures, lastFailureAt: row.last_failure_at.getTime() } : { failures: 0, lastFailureAt: null };
    },

    /** One more failure, atomically; failures older than the reset window start over (domain `recordLoginFailure`). */
    async recordFailure(loginKey: string, now: Date): Promise<void> {
      const resetBefore = new Date(now.getTime() - LOGIN_FAILURE_RESET_MS);
      await db
        .insertInto('login_attempts')
        .values({ login_key: loginKey, failures: 1, last_failure_at: now })
        .onConflict((oc) =>
          oc.column('login_key').doUpdateSet({
            failures: sql<number>`case when login_attempts.last_failure_at <= ${resetBefore} then 1 else login_attempts.failures + 1 end`,
            last_failure_at: now,
          }),
        )
        .execute();
    },

    /**
     * One attempt at a secret for `loginKey`, decided and counted in one transaction under a
     * lock of the key's counter, so concurrent attempts are decided one after another, each
     * seeing those before it. `decide` gets the failures so far and answers why this attempt
     * is refused (returned, nothing counted) or null: then it counts as one more failure
     * until a success clears the counter (`clearFailures`).
     */
    async countAttempt<R>(loginKey: string, now: Date, decide: (state: LoginFailures) => R | null): Promise<R | null> {
      return db.transaction().execute(async (trx) => {
        // A counter to lock, also for the first attempt (a failure below makes it count).
        await trx
          .insertInto('login_attempts')
          .values({ login_key: loginKey, failures: 0, last_failure_at: now })
          .onConflict((oc) => oc.column('login_key').doNothing())
          .execute();
        const row = await trx
          .selectFrom('login_attempts')
          .select(['failures', 'last_failure_at'])
          .where('login_key', '=', loginKey)
          .forUpdate()
          .executeTakeFirstOrThrow();
        const state: LoginFailures = { failures: row.failures, lastFailureAt: row.failures > 0 ? row.last_failure_at.getTime() : null };
        const refusal = decide(state);
        if (refusal !== null) return refusal;
        const next = recordLoginFailure(state, now.getTime());
        await trx.updateTable('login_attempts').set({ failures: next.failures, last_failure_at: now }).where('login_key', '=', loginKey).execute();
        return null;
      });
    },

    async clearFailures(loginKey: string): Promise<void> {
      await db.deleteFrom('login_attempts').where('login_key', '=', loginKey).execute();
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
