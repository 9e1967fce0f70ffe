/**
 * Our captcha API (SPEC §7 "Captcha API: POST validate, GET update, GET gettime"; §8 codes
 * 100, 111, 112, 113), under `/web-api/captcha/v1/`. The captcha is a proof of work
 * (ALTCHA, decision record 0014): the browser's `altcha` widget spends about a second of
 * CPU finding a number, so every try costs a script the same.
 *
 * 1. `GET` or `POST .../update` issues an ALTCHA challenge (`{ parameters, signature }`,
 *    the format the widget reads from its `challenge` URL) and its expiry.
 * 2. `POST .../validate` `{ payload }` (the widget's base64 payload: the challenge and the
 *    solution) answers `{ token, expiresAt }`: a short-lived token that works ONCE, sent in
 *    the `x-captcha` header of the request that asked for a captcha. A challenge can be
 *    validated once, solved or not.
 * 3. `GET .../gettime` answers the server time (the client's clock may be off).
 *
 * Error codes (400, `ApiErrorSchema`):
 * | code  | meaning                                                                              |
 * |-------|--------------------------------------------------------------------------------------|
 * | `100` | (login and other guarded calls) a captcha is required: solve one, retry with the header |
 * | `111` | wrong solution (the challenge is used up; fetch a new one), or a captcha token refused |
 * | `112` | the challenge expired                                                                |
 * | `113` | no such challenge (not ours, malformed, or already validated)                         |
 */
import { z } from 'zod';
import { text } from './text.ts';

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

/** ALTCHA v2 challenge parameters (altcha-lib `ChallengeParameters`), signed as a whole by the server. */
export const CaptchaChallengeParametersSchema = z.object({
  /** `PBKDF2/SHA-256`. */
  algorithm: text(),
  nonce: text(),
  salt: text(),
  /** Key-derivation iterations per tried number. */
  cost: z.number().int(),
  keyLength: z.number().int(),
  /** The derived key the solver looks for starts with this (hex). */
  keyPrefix: text(),
  keySignature: text().optional(),
  memoryCost: z.number().int().optional(),
  parallelism: z.number().int().optional(),
  expiresAt: z.number().optional(),
  /** `exp`: the expiry by the server's clock (ms since the epoch), covered by the signature. */
  data: z.record(text(), z.union([text(), z.number(), z.boolean(), z.null()])).optional(),
});

export const CaptchaChallengeSchema = z.object({
  parameters: CaptchaChallengeParametersSchema,
  /** HMAC of the parameters. */
  signature: text(),
  /** ISO 8601, by the server's clock. */
  expiresAt: text(),
});
export type CaptchaChallenge = z.infer<typeof CaptchaChallengeSchema>;

export const CaptchaValidateRequestSchema = z
  .object({
    /** The `altcha` widget's payload: base64 of `{ challenge: { parameters, signature }, solution: { counter, derivedKey } }`. */
    payload: text().min(1).max(4096),
  })
  .strip();
export type CaptchaValidateRequest = z.infer<typeof CaptchaValidateRequestSchema>;

/** What `payload` decodes to (base64 → JSON): the challenge as issued and the widget's solution. Anything else is an unknown captcha (113). */
export const CaptchaPayloadSchema = z.object({
  challenge: z.object({ parameters: CaptchaChallengeParametersSchema, signature: text().max(256) }),
  solution: z.object({ counter: z.number(), derivedKey: text().max(256), time: z.number().optional() }),
});
export type CaptchaPayload = z.infer<typeof CaptchaPayloadSchema>;

export const CaptchaValidateResponseSchema = z.object({
  /** Send as the `x-captcha` header; single use. */
  token: text(),
  /** ISO 8601. */
  expiresAt: text(),
});
export type CaptchaValidateResponse = z.infer<typeof CaptchaValidateResponseSchema>;

export const CaptchaTimeResponseSchema = z.object({
  /** ISO 8601. */
  time: text(),
  /** Milliseconds since the epoch. */
  timestamp: z.number(),
});
export type CaptchaTimeResponse = z.infer<typeof CaptchaTimeResponseSchema>;
