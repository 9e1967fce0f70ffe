/**
 * Login tokens (SPEC §7 "login by token: method_id, token, sign, lng"): issued by us for a
 * player — after a QR approval, or in a deep link — and spent once to start a session.
 *
 * - The token is 256 bits from the CSPRNG (base64url); the table keeps only its SHA-256.
 * - `sign` is HMAC-SHA256 of `{method_id}.{token}` under a key derived from
 *   LOGIN_SIGNING_SECRET, so a token only works with the method it was issued for and a
 *   client cannot make one up (checked before touching the database).
 * - Single use (spent atomically), alive 2 minutes by the app clock.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@betsite/db';
import type { Clock } from '@betsite/domain';
import type { LoginToken, LoginTokenMethod } from '@betsite/contracts';

export const LOGIN_TOKEN_TTL_MS = 2 * 60 * 1000;

export type Redemption = { userId: string; method: LoginTokenMethod } | 'invalid' | 'expired';

export interface LoginTokens {
  /** A fresh token for the player; `executor` lets a caller issue it inside its transaction. */
  issue(userId: string, method: LoginTokenMethod, executor?: Kysely<Database>): Promise<LoginToken>;
  /** Spends the token: the player, or why not (a bad sign, unknown and used tokens are all `invalid`). */
  redeem(input: { method_id: LoginTokenMethod; token: string; sign: string }): Promise<Redemption>;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export function createLoginTokens(db: Kysely<Database>, clock: Clock, key: Buffer): LoginTokens {
  const sign = (method: string, token: string) => createHmac('sha256', key).update(`${method}.${token}`).digest('base64url');

  return {
    async issue(userId, method, executor = db) {
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      const expiresAt = new Date(now + LOGIN_TOKEN_TTL_MS);
      await executor
        .insertInto('login_tokens')
        .values({ token_hash: hashOf(token), method, user_id: userId, created_at: new Date(now), expires_at: expiresAt })
        .execute();
      return { method_id: method, token, sign: sign(method, token), expiresAt: expiresAt.toISOString() };
    },

    async redeem({ method_id, token, sign: given }) {
      const expected = Buffer.from(sign(method_id, token));
      const actual = Buffer.from(given);
      if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return 'invalid';
      const now = new Date(clock.now());
      const tokenHash = hashOf(token);
      const spent = await db
        .updateTable('login_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('method', '=', method_id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('user_id')
        .executeTakeFirst();
      if (spent) return { userId: spent.user_id, method: method_id };
      const row = await db.selectFrom('login_tokens').select(['used_at']).where('token_hash', '=', tokenHash).where('method', '=', method_id).executeTakeFirst();
      // Only the holder of a right, unused token learns that it expired.
      return row && row.used_at === null ? 'expired' : 'invalid';
    },
  };
}
