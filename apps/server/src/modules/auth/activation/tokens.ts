/**
 * E-mail activation links: a 256-bit random token (base64url, 43 characters) in the link,
 * only its SHA-256 in `activation_tokens`, bound to the player and the address it was sent
 * to, valid 24 hours by the app clock, usable once. A new link replaces the player's unused
 * ones; at most one link a minute is issued per player.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@betsite/db';
import { activationTypeWith, type ActivationType, type Clock } from '@betsite/domain';
import { ACTIVATION_TOKEN_PATTERN } from '@betsite/contracts';

export const ACTIVATION_TTL_MS = 24 * 60 * 60 * 1000;
export const ACTIVATION_RESEND_COOLDOWN_MS = 60 * 1000;

export type ActivationCheck =
  | { kind: 'activated'; userId: string; email: string }
  | { kind: 'invalid' }
  | { kind: 'expired' }
  | { kind: 'used' };

export interface ActivationTokens {
  /** A fresh link token for the player's address, or null within the cooldown of the last one. */
  issue(userId: string, email: string): Promise<string | null>;
  /** Spends the token (exactly once under concurrency) and marks the address confirmed. */
  consume(token: string): Promise<ActivationCheck>;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export function createActivationTokens(db: Kysely<Database>, clock: Clock): ActivationTokens {
  return {
    async issue(userId, email) {
      const now = clock.now();
      const token = randomBytes(32).toString('base64url');
      return db.transaction().execute(async (trx) => {
        // The player's row serialises concurrent requests for the same player.
        await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
        const recent = await trx
          .selectFrom('activation_tokens')
          .select('id')
          .where('user_id', '=', userId)
          .where('created_at', '>', new Date(now - ACTIVATION_RESEND_COOLDOWN_MS))
          .executeTakeFirst();
        if (recent) return null;
        // Older links stop working: only the newest one in the mailbox counts.
        await trx.deleteFrom('activation_tokens').where('user_id', '=', userId).where('used_at', 'is', null).execute();
        await trx
          .insertInto('activation_tokens')
          .values({ user_id: userId, email, token_hash: hashOf(token), created_at: new Date(now), expires_at: new Date(now + ACTIVATION_TTL_MS) })
          .execute();
        return token;
      });
    },

    async consume(token) {
      if (!ACTIVATION_TOKEN_PATTERN.test(token)) return { kind: 'invalid' };
      const tokenHash = hashOf(token);
      const now = new Date(clock.now());
      return db.transaction().execute(async (trx): Promise<ActivationCheck> => {
        const spent = await trx
          .updateTable('activation_tokens')
          .set({ used_at: now })
          .where('token_hash', '=', tokenHash)
          .where('used_at', 'is', null)
          .where('expires_at', '>', now)
          .returning(['user_id', 'email'])
          .executeTakeFirst();
        if (!spent) {
          const row = await trx.selectFrom('activation_tokens').select(['used_at']).where('token_hash', '=', tokenHash).executeTakeFirst();
          if (!row) return { kind: 'invalid' };
          return row.used_at !== null ? { kind: 'used' } : { kind: 'expired' };
        }
        const user = await trx
          .selectFrom('users')
          .select(['email', 'activation_type', 'email_verified_at'])
          .where('id', '=', spent.user_id)
          .forUpdate()
          .executeTakeFirst();
        // The player changed their address since: this link confirms nothing any more.
        if (!user || user.email !== spent.email) return { kind: 'invalid' };
        await trx
          .updateTable('users')
          .set({
            email_verified_at: user.email_verified_at ?? now,
            activation_type: activationTypeWith(user.activation_type as ActivationType, 'email'),
          })
          .where('id', '=', spent.user_id)
          .execute();
        return { kind: 'activated', userId: spent.user_id, email: spent.email };
      });
    },
  };
}
