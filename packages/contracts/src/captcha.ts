/**
 * Our captcha API (SPEC §7 "Captcha API: POST validate, GET update, GET gettime"; §8 codes
 * 100, 111, 112, 113), under `/web-api/captcha/v1/`.
 *
 * 1. `GET` or `POST .../update` issues a challenge: an SVG of distorted characters drawn
 *    as strokes (no text the page could read out), its id and expiry.
 * 2. `POST .../validate` `{ captchaId, answer }` answers `{ token, expiresAt }`: a
 *    short-lived token that works ONCE, sent in the `x-captcha` header of the request that
 *    asked for a captcha. A challenge can be validated once, right or wrong.
 * 3. `GET .../gettime` answers the server time (the client's clock may be off).
 *
 * Error codes (400, `ApiErrorSchema`):
 * | code  | meaning                                                                              |
 * |-------|--------------------------------------------------------------------------------------|
 * | `100` | (login and other guarded calls) a captcha is required: solve one, retry with the header |
 * | `111` | wrong answer (the challenge is used up; fetch a new one), or a captcha token refused  |
 * | `112` | the challenge expired                                                                |
 * | `113` | no such challenge (unknown id, or already validated)                                  |
 */
import { z } from 'zod';

export const CaptchaErrorCode = {
  required: '100',
  invalid: '111',
  expired: '112',
  unknown: '113',
} as const;
export type CaptchaErrorCode = (typeof CaptchaErrorCode)[keyof typeof CaptchaErrorCode];

/** The SPEC §8 codes on which the client shows a captcha challenge and retries. */
export const CAPTCHA_CHALLENGE_CODES: readonly string[] = Object.values(CaptchaErrorCode);

export const CAPTCHA_API = {
  update: '/web-api/captcha/v1/update',
  validate: '/web-api/captcha/v1/validate',
  gettime: '/web-api/captcha/v1/gettime',
} as const;

export const CaptchaChallengeSchema = z.object({
  captchaId: z.string(),
  /** A standalone SVG document (no scripts, no text elements). */
  svg: z.string(),
  /** ISO 8601. */
  expiresAt: z.string(),
});
export type CaptchaChallenge = z.infer<typeof CaptchaChallengeSchema>;

export const CaptchaValidateRequestSchema = z
  .object({
    captchaId: z.string().min(1).max(64),
    answer: z.string().max(32),
  })
  .strip();
export type CaptchaValidateRequest = z.infer<typeof CaptchaValidateRequestSchema>;

export const CaptchaValidateResponseSchema = z.object({
  /** Send as the `x-captcha` header; single use. */
  token: z.string(),
  /** ISO 8601. */
  expiresAt: z.string(),
});
export type CaptchaValidateResponse = z.infer<typeof CaptchaValidateResponseSchema>;

export const CaptchaTimeResponseSchema = z.object({
  /** ISO 8601. */
  time: z.string(),
  /** Milliseconds since the epoch. */
  timestamp: z.number(),
});
export type CaptchaTimeResponse = z.infer<typeof CaptchaTimeResponseSchema>;
