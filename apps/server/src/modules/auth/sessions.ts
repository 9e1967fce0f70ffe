/**
 * Login sessions. A session token is 128 bits from the CSPRNG (`randomBytes(16)`), sent
 * to the client as base64url (22 characters) in the login answer and the `user_token`
 * cookie; the database keeps only its SHA-256, so reading the table does not give anyone
 * a session. Every login creates a new token (no fixation); logout revokes server-side.
 *
 * Expiry is absolute from creation: 30 days when the player ticked "save", 24 hours
 * otherwise. `last_seen_at` follows activity, written at most once a minute per session;
 * a background poll is not activity (`resolve(token, { touch: false })`). A session idle
 * longer than the idle limit (site config, auto logoff, token/idle.ts) no longer resolves
 * and ends with reason `inactive`.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, SessionEndReason } from '@betsite/db';
import type { Clock } from '@betsite/domain';

export const SESSION_TTL_REMEMBER_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
export const LAST_SEEN_RESOLUTION_MS = 60 * 1000;

const TOKEN = /^[A-Za-z0-9_-]{22}$/;

export interface NewSession {
  token: string;
  tokenHash: string;
  userId: string;
  expiresAt: Date;
}

export interface ActiveSession {
  tokenHash: string;
  userId: string;
  expiresAt: Date;
  remember: boolean;
}

export interface ResolveOptions {
  /** False when the request is not the player's activity (the logged-in poll): `last_seen_at` stays. Default true. */
  touch?: boolean;
}

export interface SessionServiceOptions {
  /** The idle limit in ms now (null: none); a session idle that long ends with reason `inactive`. */
  idleLimitMs?: () => Promise<number | null>;
}

export interface SessionService {
  create(userId: string, options: { remember: boolean; userAgent?: string | undefined; ip?: string | undefined }): Promise<NewSession>;
  /** The live session of a token: known, not revoked, not expired. Null otherwise (and for malformed tokens). */
  resolve(token: string, options?: ResolveOptions): Promise<ActiveSession | null>;
  /** Ends one session; `reason` is told to the player on the next visit when it says more than "logged out". */
  revoke(tokenHash: string, reason?: SessionEndReason | null): Promise<void>;
  /** Revokes every live session of the user except `keepHash` (after a password change …); returns how many. */
  revokeAllExcept(userId: string, keepHash: string | null, reason?: SessionEndReason | null): Promise<number>;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function isWellFormedToken(token: string): boolean {
  return TOKEN.test(token);
}

export function createSessionService(db: Kysely<Database>, clock: Clock, { idleLimitMs }: SessionServiceOptions = {}): SessionService {
  return {
    async create(userId, { remember, userAgent, ip }) {
      const token = randomBytes(16).toString('base64url');
      const tokenHash = hashToken(token);
      const now = new Date(clock.now());
      const expiresAt = new Date(now.getTime() + (remember ? SESSION_TTL_REMEMBER_MS : SESSION_TTL_MS));
      await db
        .insertInto('sessions')
        .values({
          token_hash: tokenHash,
          user_id: userId,
          created_at: now,
          last_seen_at: now,
          expires_at: expiresAt,
          remember,
          user_agent: userAgent?.slice(0, 512) ?? null,
          ip: ip?.slice(0, 64) ?? null,
        })
        .execute();
      return { token, tokenHash, userId, expiresAt };
    },

    async resolve(token, { touch = true } = {}) {
      if (!isWellFormedToken(token)) return null;
      const tokenHash = hashToken(token);
      const now = clock.now();
      const row = await db
        .selectFrom('sessions')
        .select(['user_id', 'expires_at', 'last_seen_at', 'revoked_at', 'remember'])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!row || row.revoked_at !== null || row.expires_at.getTime() <= now) return null;
      const idleLimit = idleLimitMs ? await idleLimitMs() : null;
      if (idleLimit !== null && now - row.last_seen_at.getTime() >= idleLimit) {
        await db
          .updateTable('sessions')
          .set({ revoked_at: new Date(now), end_reason: 'inactive' })
          .where('token_hash', '=', tokenHash)
          .where('revoked_at', 'is', null)
          .execute();
        return null;
      }
      if (touch && now - row.last_seen_at.getTime() >= LAST_SEEN_RESOLUTION_MS) {
        await db
          .updateTable('sessions')
          .set({ last_seen_at: new Date(now) })
          .where('token_hash', '=', tokenHash)
          .where('last_seen_at', '<', new Date(now - LAST_SEEN_RESOLUTION_MS + 1))
          .execute();
      }
      return { tokenHash, userId: row.user_id, expiresAt: row.expires_at, remember: row.remember };
    },

    async revoke(tokenHash, reason = null) {
      await db
        .updateTable('sessions')
        .set({ revoked_at: new Date(clock.now()), end_reason: reason })
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .execute();
    },

    async revokeAllExcept(userId, keepHash, reason = null) {
      let query = db
        .updateTable('sessions')
        .set({ revoked_at: new Date(clock.now()), end_reason: reason })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', new Date(clock.now()));
      if (keepHash !== null) query = query.where('token_hash', '<>', keepHash);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}
