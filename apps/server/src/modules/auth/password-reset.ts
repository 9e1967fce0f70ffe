/**
 * Password recovery (SPEC §4: code sent, code wrong or expired, new password saved).
 *
 * - A request names an e-mail or a phone. Only when it belongs to a player is a 6-digit
 *   code sent (e-mail or SMS, through the notifications module); the caller cannot tell.
 *   A new code replaces the player's previous one; at most one code a minute is sent per
 *   player (later requests within the minute send nothing), so nobody can mail-bomb.
 * - The code is stored as SHA-256(user:purpose:code), lives 15 minutes (app clock), works
 *   once, and is burnt after 5 wrong tries. A wrong, used or burnt code and an unknown
 *   login give the same answer; "expired" only for the right code, too late.
 * - A new password must pass the password rules; saving it revokes every other session
 *   of the player and clears the login failure counter of their e-mail.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '@betsite/db';
import { isEmail, normaliseEmail, toE164, type Clock } from '@betsite/domain';
import { PasswordResetErrorCode } from '@betsite/contracts';
import { AppError } from '../../lib/errors.ts';
import type { OutgoingMessage } from '../notifications/index.ts';

export const RESET_CODE_TTL_MS = 15 * 60 * 1000;
export const RESET_CODE_MAX_ATTEMPTS = 5;
export const RESET_RESEND_COOLDOWN_MS = 60 * 1000;
const PURPOSE = 'password_reset';

export type ResetTarget = { channel: 'email'; email: string } | { channel: 'sms'; phone: string };

/** An e-mail, or a phone written internationally (`+44 7700 900123`, `0044…`); null otherwise. */
export function parseResetLogin(login: string): ResetTarget | null {
  const trimmed = login.trim();
  const email = normaliseEmail(trimmed);
  if (isEmail(email)) return { channel: 'email', email };
  if (/^(\+|00)/.test(trimmed)) {
    const phone = toE164('', trimmed);
    if (phone) return { channel: 'sms', phone };
  }
  return null;
}

const codeHash = (userId: string, code: string) => createHash('sha256').update(`${userId}:${PURPOSE}:${code}`).digest('hex');

const invalidCode = () => new AppError(400, PasswordResetErrorCode.codeInvalid, 'Wrong or expired code');

export interface PasswordResetService {
  /** The message to send, or null when nothing is to be sent (no such player, or within the cooldown). */
  request(login: string): Promise<OutgoingMessage | null>;
  /** Checks and spends the code; the player's id when it was right (AppError 400 otherwise). */
  consume(login: string, code: string): Promise<{ userId: string; email: string | null }>;
}

export function createPasswordResetService(db: Kysely<Database>, clock: Clock): PasswordResetService {
  const findUser = async (target: ResetTarget) => {
    const query = db.selectFrom('users').select(['id', 'email']);
    return (target.channel === 'email' ? query.where('email', '=', target.email) : query.where('phone', '=', target.phone)).executeTakeFirst();
  };

  return {
    async request(login) {
      const target = parseResetLogin(login);
      if (!target) return null;
      const user = await findUser(target);
      if (!user) return null;
      const now = clock.now();
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const issued = await db.transaction().execute(async (trx) => {
        const recent = await trx
          .selectFrom('verification_codes')
          .select('id')
          .where('user_id', '=', user.id)
          .where('purpose', '=', PURPOSE)
          .where('created_at', '>', new Date(now - RESET_RESEND_COOLDOWN_MS))
          .executeTakeFirst();
        if (recent) return false;
        await trx
          .updateTable('verification_codes')
          .set({ used_at: new Date(now) })
          .where('user_id', '=', user.id)
          .where('purpose', '=', PURPOSE)
          .where('used_at', 'is', null)
          .execute();
        await trx
          .insertInto('verification_codes')
          .values({ purpose: PURPOSE, user_id: user.id, code_hash: codeHash(user.id, code), created_at: new Date(now), expires_at: new Date(now + RESET_CODE_TTL_MS) })
          .execute();
        return true;
      });
      if (!issued) return null;
      const minutes = RESET_CODE_TTL_MS / 60_000;
      if (target.channel === 'sms') return { channel: 'sms', to: target.phone, text: `Your password reset code: ${code}. It expires in ${minutes} minutes.` };
      return {
        channel: 'email',
        to: target.email,
        subject: 'Your password reset code',
        text: `Your password reset code is ${code}.\n\nIt expires in ${minutes} minutes and works once. If you did not ask to reset your password, ignore this message: your password has not changed.`,
      };
    },

    async consume(login, code) {
      const target = parseResetLogin(login);
      const user = target ? await findUser(target) : undefined;
      if (!user) throw invalidCode();
      const now = clock.now();
      const row = await db
        .selectFrom('verification_codes')
        .select(['id', 'code_hash', 'expires_at'])
        .where('user_id', '=', user.id)
        .where('purpose', '=', PURPOSE)
        .where('used_at', 'is', null)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!row) throw invalidCode();
      const given = Buffer.from(codeHash(user.id, code.trim()), 'hex');
      const right = /^\d{6}$/.test(code.trim()) && timingSafeEqual(given, Buffer.from(row.code_hash, 'hex'));
      if (row.expires_at.getTime() <= now) {
        if (right) throw new AppError(400, PasswordResetErrorCode.codeExpired, 'The code has expired; ask for a new one');
        throw invalidCode();
      }
      if (!right) {
        // One more wrong try, atomically; the last allowed one burns the code.
        await db
          .updateTable('verification_codes')
          .set({
            attempts: sql<number>`attempts + 1`,
            used_at: sql<Date | null>`case when attempts + 1 >= ${RESET_CODE_MAX_ATTEMPTS} then ${new Date(now)} else used_at end`,
          })
          .where('id', '=', row.id)
          .where('used_at', 'is', null)
          .execute();
        throw invalidCode();
      }
      const spent = await db
        .updateTable('verification_codes')
        .set({ used_at: new Date(now) })
        .where('id', '=', row.id)
        .where('used_at', 'is', null)
        .where('attempts', '<', RESET_CODE_MAX_ATTEMPTS)
        .returning('id')
        .executeTakeFirst();
      if (!spent) throw invalidCode();
      return { userId: user.id, email: user.email };
    },
  };
}
