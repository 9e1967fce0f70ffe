/**
 * A player's live sessions as the security page shows them, and ending them. The page
 * gets a session id derived from the token hash (SHA-256 again, 128 bits), never the
 * hash itself, so nothing the page holds names a database row directly. Ended sessions
 * keep why (`end_reason`), so the next visit from that device can say so.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, SessionEndReason } from '@betsite/db';
import type { Clock } from '@betsite/domain';
import type { SecuritySession } from '@betsite/contracts';
import { summariseUserAgent } from './device.ts';

export const sessionId = (tokenHash: string) => createHash('sha256').update(`session-id:${tokenHash}`).digest('hex').slice(0, 32);

export function createPlayerSessions(db: Kysely<Database>, clock: Clock) {
  const live = (userId: string) =>
    db
      .selectFrom('sessions')
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', new Date(clock.now()));

  return {
    /** Live sessions, most recently active first. */
    async list(userId: string, currentHash: string | null): Promise<SecuritySession[]> {
      const rows = await live(userId)
        .select(['token_hash', 'user_agent', 'ip', 'created_at', 'last_seen_at', 'remember'])
        .orderBy('last_seen_at', 'desc')
        .orderBy('created_at', 'desc')
        .execute();
      return rows.map((row) => ({
        id: sessionId(row.token_hash),
        current: row.token_hash === currentHash,
        ...summariseUserAgent(row.user_agent),
        ip: row.ip,
        createdAt: row.created_at.toISOString(),
        lastSeenAt: row.last_seen_at.toISOString(),
        remember: row.remember,
      }));
    },

    /** Ends every live session of the player but `keepHash`; how many ended. */
    async endAllExcept(userId: string, keepHash: string | null, reason: SessionEndReason, trx: Kysely<Database> = db): Promise<number> {
      let query = trx
        .updateTable('sessions')
        .set({ revoked_at: new Date(clock.now()), end_reason: reason })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', new Date(clock.now()));
      if (keepHash !== null) query = query.where('token_hash', '<>', keepHash);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** The token hash of the player's live session with this page id, or null. */
    async find(userId: string, id: string): Promise<string | null> {
      const rows = await live(userId).select('token_hash').execute();
      return rows.find((row) => sessionId(row.token_hash) === id)?.token_hash ?? null;
    },

    async end(tokenHash: string, reason: SessionEndReason): Promise<boolean> {
      const result = await db
        .updateTable('sessions')
        .set({ revoked_at: new Date(clock.now()), end_reason: reason })
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

export type PlayerSessions = ReturnType<typeof createPlayerSessions>;
