/**
 * SMS codes for phone registration and SMS login, and the players behind phones.
 *
 * - A registration code is for the phone alone (`target`) and is sent only when no player
 *   has the number, so a taken number can never present a valid one. A login code is for
 *   the player AND the phone, and is sent only when a player has the number.
 * - Either way the caller is told nothing (the route answers the same 202): a code that
 *   cannot be used is simply not sent.
 * - Codes: 6 digits, 10 minutes, once, burnt after 5 wrong tries; at most one a minute
 *   per phone and purpose (the codes service's cooldown) and `CODES_PER_PHONE_PER_HOUR`
 *   per phone in all, so nobody can run up an SMS bill or flood a phone.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@betsite/db';
import type { Clock } from '@betsite/domain';
import type { SmsPurpose } from '@betsite/contracts';
import type { OutgoingMessage } from '../../notifications/index.ts';
import type { CodeCheck, CodePolicy, OneTimeCodes } from '../one-time-codes.ts';

export const SMS_CODE_POLICY: CodePolicy = { ttlMs: 10 * 60 * 1000, maxAttempts: 5, cooldownMs: 60 * 1000, digits: 6 };
export const CODES_PER_PHONE_PER_HOUR = 5;
const HOUR_MS = 60 * 60 * 1000;

const PURPOSES = { registration: 'phone_registration', login: 'sms_login' } as const satisfies Record<SmsPurpose, string>;

export interface PhonePlayer {
  id: string;
  passwordHash: string;
}

export interface PhoneAuthService {
  /** The player whose number this is (E.164), or null. */
  findPlayer(phone: string): Promise<PhonePlayer | null>;
  /** The SMS to send, or null when no code is to go out (unusable for the purpose, or a limit reached). */
  codeMessage(purpose: SmsPurpose, phone: string): Promise<OutgoingMessage | null>;
  /** Spends a registration code of the phone. */
  consumeRegistrationCode(phone: string, code: string): Promise<CodeCheck>;
  /** Spends a login code; the player when it was right. */
  consumeLoginCode(phone: string, code: string): Promise<{ check: CodeCheck; userId: string | null }>;
}

export function createPhoneAuthService(db: Kysely<Database>, codes: OneTimeCodes, clock: Clock): PhoneAuthService {
  const findPlayer = async (phone: string): Promise<PhonePlayer | null> => {
    const row = await db.selectFrom('users').select(['id', 'password_hash']).where('phone', '=', phone).executeTakeFirst();
    return row ? { id: row.id, passwordHash: row.password_hash } : null;
  };

  const sentLastHour = async (phone: string): Promise<number> => {
    const row = await db
      .selectFrom('verification_codes')
      .select((eb) => eb.fn.countAll<string | number | bigint>().as('count'))
      .where('target', '=', phone)
      .where('purpose', 'in', Object.values(PURPOSES))
      .where('created_at', '>', new Date(clock.now() - HOUR_MS))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };

  const minutes = SMS_CODE_POLICY.ttlMs / 60_000;

  return {
    findPlayer,

    async codeMessage(purpose, phone) {
      const player = await findPlayer(phone);
      if (purpose === 'registration' ? player !== null : player === null) return null;
      if ((await sentLastHour(phone)) >= CODES_PER_PHONE_PER_HOUR) return null;
      const code = await codes.issue(PURPOSES[purpose], { userId: player?.id ?? null, target: phone }, SMS_CODE_POLICY);
      if (!code) return null;
      const text =
        purpose === 'registration'
          ? `Your registration code: ${code}. It expires in ${minutes} minutes.`
          : `Your login code: ${code}. It expires in ${minutes} minutes. If you did not try to log in, ignore this message and do not share the code.`;
      return { channel: 'sms', to: phone, text };
    },

    consumeRegistrationCode(phone, code) {
      return codes.consume(PURPOSES.registration, { target: phone }, code, SMS_CODE_POLICY);
    },

    async consumeLoginCode(phone, code) {
      const player = await findPlayer(phone);
      // No player: the same lookup of a code that cannot exist, and the same answer.
      const check = await codes.consume(PURPOSES.login, { userId: player?.id ?? null, target: phone }, code, SMS_CODE_POLICY);
      return { check: player ? check : 'invalid', userId: player?.id ?? null };
    },
  };
}
