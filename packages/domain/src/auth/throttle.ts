/**
 * Login throttling per account (per normalised login key): after 3 failed attempts a
 * captcha is required (SPEC §8 code 100) and each further attempt must wait an
 * exponentially growing time: 1 s after the 3rd failure, 2 s after the 4th, 4 s after the
 * 5th … capped at 5 minutes. The counter resets on success (SPEC §4) and forgets failures
 * older than LOGIN_FAILURE_RESET_MS, so a stranger cannot lock a player out for ever.
 * Counting per account complements the per-IP rate limit, which a botnet spreads out.
 */

export const CAPTCHA_AFTER_FAILURES = 3;
export const LOGIN_BACKOFF_BASE_MS = 1000;
export const LOGIN_BACKOFF_MAX_MS = 5 * 60 * 1000;
/** Failures this old no longer count (the window restarts at the next failure). */
export const LOGIN_FAILURE_RESET_MS = 60 * 60 * 1000;

export interface LoginThrottle {
  captchaRequired: boolean;
  /** How long until the next attempt is allowed; 0 when it is allowed now. */
  retryAfterMs: number;
}

export interface LoginFailures {
  failures: number;
  lastFailureAt: number | null;
}

/** The wait after `failures` failed attempts (0 before the 3rd). */
export function loginBackoffMs(failures: number): number {
  if (failures < CAPTCHA_AFTER_FAILURES) return 0;
  const exponent = failures - CAPTCHA_AFTER_FAILURES;
  // 2^19 s is far beyond the cap: stop doubling before the number gets silly.
  if (exponent >= 20) return LOGIN_BACKOFF_MAX_MS;
  return Math.min(LOGIN_BACKOFF_BASE_MS * 2 ** exponent, LOGIN_BACKOFF_MAX_MS);
}

/** Failures that still count at `now`. */
export function activeFailures(failures: number, lastFailureAt: number | null, now: number): number {
  if (failures <= 0 || lastFailureAt === null) return 0;
  return now - lastFailureAt >= LOGIN_FAILURE_RESET_MS ? 0 : failures;
}

export function loginThrottle(failures: number, lastFailureAt: number | null, now: number): LoginThrottle {
  const counted = activeFailures(failures, lastFailureAt, now);
  if (counted < CAPTCHA_AFTER_FAILURES || lastFailureAt === null) return { captchaRequired: false, retryAfterMs: 0 };
  return { captchaRequired: true, retryAfterMs: Math.max(0, lastFailureAt + loginBackoffMs(counted) - now) };
}

/** The counter after one more failure at `now`. */
export function recordLoginFailure(state: LoginFailures, now: number): LoginFailures {
  return { failures: activeFailures(state.failures, state.lastFailureAt, now) + 1, lastFailureAt: now };
}
