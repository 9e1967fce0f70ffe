/**
 * Our captcha service (SPEC §7 captcha API, §8 codes 111, 112, 113; codes documented in
 * contracts `captcha.ts`; decision record 0014): a proof of work, ALTCHA v2 (altcha-lib).
 *
 * - A challenge is stateless: random nonce and salt, PBKDF2/SHA-256 with `cost`
 *   iterations, and a secret number between `counterMin` and `counterMax` whose derived key
 *   the solver must find by trying 0, 1, 2 … (altcha-lib's "deterministic mode"). The
 *   server signs the parameters (HMAC) and the key it expects, so it neither stores a
 *   challenge nor repeats the work to check a solution. The expiry (5 minutes, app clock)
 *   is in the signed `data.exp`.
 * - Validation spends the challenge whether the solution is right or wrong: a row in
 *   `captcha_challenges` keyed by a hash of its nonce (a second try, or a replay, finds it:
 *   113). A right solution earns a token (128 bits, kept as its SHA-256) that works ONCE
 *   within 2 minutes, sent in the `x-captcha` header.
 * - The signing keys derive from LOGIN_SIGNING_SECRET (labels `captcha-*`), so every node
 *   that shares it accepts the others' challenges.
 *
 * The service is the auth module's default `CaptchaVerifier`: `verify` spends a token.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Database } from '@betsite/db';
import type { Clock } from '@betsite/domain';
import { CaptchaErrorCode, CaptchaPayloadSchema, type CaptchaChallenge, type CaptchaPayload, type CaptchaValidateResponse } from '@betsite/contracts';
import type { AppEnv } from '../../config/env.ts';
import { AppError } from '../../lib/errors.ts';
import type { CaptchaVerifier } from '../auth/captcha.ts';
import { deriveLoginKey } from '../auth/token-login/secret.ts';

export const CAPTCHA_CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const CAPTCHA_TOKEN_TTL_MS = 2 * 60 * 1000;
export const CAPTCHA_ALGORITHM = 'PBKDF2/SHA-256';

/**
 * How much work a challenge is: the solver derives `cost`-iteration PBKDF2 keys for 0, 1, 2
 * … up to the secret number, drawn uniformly from [counterMin, counterMax]. Measured by
 * `bench/captcha.ts` on the reference machine (2 cores): see decision record 0014.
 */
export interface CaptchaDifficulty {
  cost: number;
  counterMin: number;
  counterMax: number;
}

export const DEFAULT_CAPTCHA_DIFFICULTY: CaptchaDifficulty = { cost: 5_000, counterMin: 800, counterMax: 2_400 };

const TOKEN = /^[A-Za-z0-9_-]{22}$/;

export interface CaptchaServiceOptions {
  /** The work per challenge (default `DEFAULT_CAPTCHA_DIFFICULTY`); tests make it tiny. */
  difficulty?: Partial<CaptchaDifficulty>;
}

export interface CaptchaService extends CaptchaVerifier {
  issue(): Promise<CaptchaChallenge>;
  /** A single-use token for a solved challenge; AppError 400 `111` wrong, `112` expired, `113` unknown, malformed or already used. */
  validate(payload: string): Promise<CaptchaValidateResponse>;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** The row id of a spent challenge: 132 bits of a hash of its nonce, in the table's id format. */
const spentId = (nonce: string) => createHash('sha256').update(`altcha:${nonce}`).digest('base64url').slice(0, 22);

function decodePayload(payload: string): CaptchaPayload | null {
  try {
    const parsed = CaptchaPayloadSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function createCaptchaService(
  deps: { db: Kysely<Database>; clock: Clock; env: Pick<AppEnv, 'LOGIN_SIGNING_SECRET'> },
  options: CaptchaServiceOptions = {},
): CaptchaService {
  const { db, clock } = deps;
  const difficulty = { ...DEFAULT_CAPTCHA_DIFFICULTY, ...options.difficulty };
  if (!(difficulty.cost >= 1 && difficulty.counterMin >= 0 && difficulty.counterMax >= difficulty.counterMin)) {
    throw new Error(`bad captcha difficulty ${JSON.stringify(difficulty)}`);
  }
  const hmacSignatureSecret = deriveLoginKey(deps.env, 'captcha-challenge-sign').toString('hex');
  const hmacKeySignatureSecret = deriveLoginKey(deps.env, 'captcha-key-sign').toString('hex');

  return {
    async issue() {
      const expiresAt = clock.now() + CAPTCHA_CHALLENGE_TTL_MS;
      const challenge = await createChallenge({
        algorithm: CAPTCHA_ALGORITHM,
        cost: difficulty.cost,
        counter: randomInt(difficulty.counterMin, difficulty.counterMax + 1),
        deriveKey,
        data: { exp: expiresAt },
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
      return { parameters: challenge.parameters, signature: challenge.signature ?? '', expiresAt: new Date(expiresAt).toISOString() };
    },

    async validate(payload) {
      const unknown = new AppError(400, CaptchaErrorCode.unknown, 'Unknown captcha');
      const decoded = decodePayload(payload);
      if (!decoded) throw unknown;
      const { challenge, solution } = decoded;
      let verified: boolean;
      try {
        const result = await verifySolution({ challenge, solution, deriveKey, hmacSignatureSecret, hmacKeySignatureSecret });
        // Not signed by us (or altered): no such challenge.
        if (result.invalidSignature !== false) throw unknown;
        verified = result.verified;
      } catch (error) {
        if (error === unknown) throw error;
        throw unknown;
      }
      const exp = challenge.parameters.data?.['exp'];
      const now = clock.now();
      if (typeof exp !== 'number') throw unknown;
      if (exp <= now) throw new AppError(400, CaptchaErrorCode.expired, 'Captcha expired');

      const token = verified ? randomBytes(16).toString('base64url') : null;
      const tokenExpiresAt = new Date(now + CAPTCHA_TOKEN_TTL_MS);
      // Spend the challenge, right or wrong: one validation each, even under concurrency.
      const spent = await db
        .insertInto('captcha_challenges')
        .values({
          id: spentId(challenge.parameters.nonce),
          answer_hash: sha256(`${solution.counter}:${solution.derivedKey}`),
          created_at: new Date(now),
          expires_at: new Date(exp),
          used_at: new Date(now),
          token_hash: token ? sha256(token) : null,
          token_expires_at: token ? tokenExpiresAt : null,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!spent) throw unknown;
      if (!token) throw new AppError(400, CaptchaErrorCode.invalid, 'Wrong captcha solution');
      return { token, expiresAt: tokenExpiresAt.toISOString() };
    },

    async verify(token) {
      const trimmed = token.trim();
      if (!TOKEN.test(trimmed)) return false;
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
