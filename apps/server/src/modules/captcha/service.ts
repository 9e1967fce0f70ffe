/**
 * Our captcha service (SPEC §7 captcha API, §8 codes 111, 112, 113; codes documented in
 * contracts `captcha.ts`).
 *
 * A challenge is a random 128-bit id and an answer of 5 characters drawn as a distorted
 * SVG. The database keeps only SHA-256(id:answer), with an expiry of 5 minutes. Validation
 * uses the challenge up whether the answer is right or wrong (no guessing the same picture
 * twice); a right answer earns a token (128 bits, kept as its SHA-256) that works ONCE
 * within 2 minutes, sent in the `x-captcha` header. All times come from the app clock.
 *
 * The service is the auth module's default `CaptchaVerifier`: `verify` spends a token.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@betsite/db';
import type { Clock } from '@betsite/domain';
import { CaptchaErrorCode, type CaptchaChallenge, type CaptchaValidateResponse } from '@betsite/contracts';
import { AppError } from '../../lib/errors.ts';
import type { CaptchaVerifier } from '../auth/captcha.ts';
import { randomCaptchaText, renderCaptchaSvg } from './svg.ts';

export const CAPTCHA_CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const CAPTCHA_TOKEN_TTL_MS = 2 * 60 * 1000;

const RANDOM_ID = /^[A-Za-z0-9_-]{22}$/;

export interface CaptchaServiceOptions {
  /** The answer of each new challenge (default: random). Tests fix it. */
  generateText?: () => string;
}

export interface CaptchaService extends CaptchaVerifier {
  issue(): Promise<CaptchaChallenge>;
  /** A single-use token for a right answer; AppError 400 `111` wrong, `112` expired, `113` unknown or already used. */
  validate(captchaId: string, answer: string): Promise<CaptchaValidateResponse>;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const answerHash = (captchaId: string, answer: string) => sha256(`${captchaId}:${normaliseAnswer(answer)}`);

/** Case and spaces do not matter. */
export function normaliseAnswer(answer: string): string {
  return answer.replace(/\s+/g, '').toUpperCase();
}

export function createCaptchaService(db: Kysely<Database>, clock: Clock, options: CaptchaServiceOptions = {}): CaptchaService {
  const generateText = options.generateText ?? randomCaptchaText;
  return {
    async issue() {
      const captchaId = randomBytes(16).toString('base64url');
      const text = generateText();
      const now = clock.now();
      const expiresAt = new Date(now + CAPTCHA_CHALLENGE_TTL_MS);
      await db
        .insertInto('captcha_challenges')
        .values({ id: captchaId, answer_hash: answerHash(captchaId, text), created_at: new Date(now), expires_at: expiresAt })
        .execute();
      return { captchaId, svg: renderCaptchaSvg(normaliseAnswer(text)), expiresAt: expiresAt.toISOString() };
    },

    async validate(captchaId, answer) {
      const unknown = new AppError(400, CaptchaErrorCode.unknown, 'Unknown captcha');
      if (!RANDOM_ID.test(captchaId)) throw unknown;
      const now = clock.now();
      // Claim the challenge: one validation each, right or wrong, even under concurrency.
      const row = await db
        .updateTable('captcha_challenges')
        .set({ used_at: new Date(now) })
        .where('id', '=', captchaId)
        .where('used_at', 'is', null)
        .returning(['answer_hash', 'expires_at'])
        .executeTakeFirst();
      if (!row) throw unknown;
      if (row.expires_at.getTime() <= now) throw new AppError(400, CaptchaErrorCode.expired, 'Captcha expired');
      const expected = Buffer.from(row.answer_hash, 'hex');
      const given = Buffer.from(answerHash(captchaId, answer), 'hex');
      if (!timingSafeEqual(expected, given)) throw new AppError(400, CaptchaErrorCode.invalid, 'Wrong captcha answer');

      const token = randomBytes(16).toString('base64url');
      const tokenExpiresAt = new Date(now + CAPTCHA_TOKEN_TTL_MS);
      await db
        .updateTable('captcha_challenges')
        .set({ token_hash: sha256(token), token_expires_at: tokenExpiresAt })
        .where('id', '=', captchaId)
        .execute();
      return { token, expiresAt: tokenExpiresAt.toISOString() };
    },

    async verify(token) {
      const trimmed = token.trim();
      if (!RANDOM_ID.test(trimmed)) return false;
      const now = new Date(clock.now());
      const spent = await db
        .updateTable('captcha_challenges')
        .set({ token_used_at: now })
        .where('token_hash', '=', sha256(trimmed))
        .where('token_used_at', 'is', null)
        .where('token_expires_at', '>', now)
        .returning('id')
        .executeTakeFirst();
      return spent !== undefined;
    },
  };
}
