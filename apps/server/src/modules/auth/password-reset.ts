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
import type { Kysely } from 'kysely';
import type { Database } from '@betsite/db';
import { isEmail, normaliseEmail, toE164 } from '@betsite/domain';
import { PasswordResetErrorCode } from '@betsite/contracts';
import { AppError } from '../../lib/errors.ts';
import type { OutgoingMessage } from '../notifications/index.ts';
import type { OneTimeCodes } from './one-time-codes.ts';

export const RESET_CODE_TTL_MS = 15 * 60 * 1000;
export const RESET_CODE_MAX_ATTEMPTS = 5;
export const RESET_RESEND_COOLDOWN_MS = 60 * 1000;
const PURPOSE = 'password_reset' as const;

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

const invalidCode = () => new AppError(400, PasswordResetErrorCode.codeInvalid, 'Wrong or expired code');

export interface PasswordResetService {
  /** The message to send, or null when nothing is to be sent (no such player, or within the cooldown). */
  request(login: string): Promise<OutgoingMessage | null>;
  /** Checks and spends the code; the player's id when it was right (AppError 400 otherwise). */
  consume(login: string, code: string): Promise<{ userId: string; email: string | null }>;
}

const POLICY = { ttlMs: RESET_CODE_TTL_MS, maxAttempts: RESET_CODE_MAX_ATTEMPTS, cooldownMs: RESET_RESEND_COOLDOWN_MS };

export function createPasswordResetService(db: Kysely<Database>, codes: OneTimeCodes): PasswordResetService {
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
      const code = await codes.issue(PURPOSE, { userId: user.id }, POLICY);
      if (!code) return null;
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
      const result = await codes.consume(PURPOSE, { userId: user.id }, code, POLICY);
      if (result === 'expired') throw new AppError(400, PasswordResetErrorCode.codeExpired, 'The code has expired; ask for a new one');
      if (result !== 'ok') throw invalidCode();
      return { userId: user.id, email: user.email };
    },
  };
}
