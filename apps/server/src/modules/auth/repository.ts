/** Players and login counters, as the auth module needs them. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '@betsite/db';
import { LOGIN_FAILURE_RESET_MS, type LoginIdentifier } from '@betsite/domain';

export interface LoginUser {
  id: string;
  passwordHash: string;
}

export interface NewUser {
  email: string | null;
  passwordHash: string;
  registrationType: 'fast_reg' | 'full_reg';
  country: string;
  currency: string;
  language: string;
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

    async updatePasswordHash(userId: string, passwordHash: string): Promise<void> {
      await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
    },

    /** The new player's id and account number, or null when the e-mail is already registered. */
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
          created_at: now,
        })
        .onConflict((oc) => oc.column('email').doNothing())
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

    async clearFailures(loginKey: string): Promise<void> {
      await db.deleteFrom('login_attempts').where('login_key', '=', loginKey).execute();
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
