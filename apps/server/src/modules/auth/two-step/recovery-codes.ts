/**
 * Recovery codes: 16 characters from a 32-letter alphabet without look-alikes (80 bits),
 * shown as `ABCD-EFGH-JKLM-NPQR`. Stored as SHA-256 of the player and the normalised code:
 * at 80 bits a plain hash cannot be searched backwards, and each check is one indexed
 * lookup instead of ten argon2 verifications.
 */
import { createHash, randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const LENGTH = 16;

export function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code.match(/.{4}/g)!.join('-');
}

/** Upper case without separators; null when it cannot be a recovery code. */
export function normaliseRecoveryCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, '');
  return code.length === LENGTH && [...code].every((c) => ALPHABET.includes(c)) ? code : null;
}

export function recoveryCodeHash(userId: string, normalised: string): string {
  return createHash('sha256').update(`recovery:${userId}:${normalised}`).digest('hex');
}
