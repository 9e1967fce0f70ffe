/**
 * The one rule for text that comes from outside: every string field of every contract is
 * built here (`text()`, `textUrl()`), and lint forbids a bare `z.string()` elsewhere in the
 * contracts, so a new schema cannot forget it.
 *
 * Text must be well-formed Unicode without NUL: PostgreSQL can store neither U+0000 (text:
 * "invalid byte sequence"; jsonb: "unsupported Unicode escape sequence") nor an unpaired
 * surrogate half in jsonb, and PGlite silently cuts text at a NUL. Such input is a 400
 * `invalid_request` naming the field, never a database error.
 */
import { z } from 'zod';

export const TEXT_PROBLEM_MESSAGE = 'Text must not contain NUL characters (U+0000) or unpaired surrogates';

const UNPAIRED_SURROGATE = /\p{Cs}/u;

/** Whether `value` is text we can store: no NUL, no unpaired surrogate. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !UNPAIRED_SURROGATE.test(value);
}

/** `z.string()` refusing NUL characters and unpaired surrogates; chain `.min()`, `.max()`, `.trim()`, `.regex()` … as usual. */
export function text(params?: string | z.core.$ZodStringParams): z.ZodString {
  // eslint-disable-next-line no-restricted-syntax -- the builder every other string field goes through
  return z.string(params).refine(isStorableText, { message: TEXT_PROBLEM_MESSAGE, abort: true });
}

/** `z.url()` under the same rule. */
export function textUrl(params?: string | z.core.$ZodURLParams): z.ZodURL {
  // eslint-disable-next-line no-restricted-syntax -- the builder every other URL field goes through
  return z.url(params).refine(isStorableText, { message: TEXT_PROBLEM_MESSAGE, abort: true });
}
