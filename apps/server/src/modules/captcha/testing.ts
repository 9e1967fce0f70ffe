/** Test helpers: solving our captcha the way the browser's widget does (altcha-lib's solver). */
import type { FastifyInstance } from 'fastify';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { CAPTCHA_API, CaptchaChallengeSchema, CaptchaValidateResponseSchema, type CaptchaChallenge } from '@betsite/contracts';
import type { CaptchaDifficulty } from './service.ts';

/** A few milliseconds of work, for tests that solve many challenges (`BuildOptions.captcha.difficulty`). */
export const TEST_CAPTCHA_DIFFICULTY: CaptchaDifficulty = { cost: 1, counterMin: 0, counterMax: 20 };

/** The widget's payload for a challenge: base64 of the challenge and the solution found by brute force. */
export async function solvePayload(challenge: CaptchaChallenge, { derivedKey }: { derivedKey?: string } = {}): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  const { parameters, signature } = challenge;
  const sent = derivedKey === undefined ? solution : { ...solution, derivedKey };
  return Buffer.from(JSON.stringify({ challenge: { parameters, signature }, solution: sent })).toString('base64');
}

let solves = 0;

/**
 * Fetches a challenge from `app`, solves it and exchanges it for a single-use `x-captcha`
 * token; by default from an address of its own each time (the captcha API's per-IP limits
 * are not what the callers test).
 */
export async function solvedCaptchaToken(app: FastifyInstance, remoteAddress = `10.250.${(++solves >> 8) & 255}.${solves & 255}`): Promise<string> {
  const issued = await app.inject({ url: CAPTCHA_API.update, remoteAddress });
  if (issued.statusCode !== 200) throw new Error(`captcha update answered ${issued.statusCode}`);
  const payload = await solvePayload(CaptchaChallengeSchema.parse(issued.json()));
  const validated = await app.inject({ method: 'POST', url: CAPTCHA_API.validate, payload: { payload }, remoteAddress });
  if (validated.statusCode !== 200) throw new Error(`captcha validate answered ${validated.statusCode}: ${validated.body}`);
  return CaptchaValidateResponseSchema.parse(validated.json()).token;
}
