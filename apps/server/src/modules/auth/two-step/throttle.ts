/**
 * Wrong second-factor codes per player (TOTP or recovery code, at login, enable or
 * disable): the first 5 are free, then each further try waits 30 s, doubling, at most
 * 15 minutes; failures older than an hour no longer count (the login counters' window).
 * Six digits are a million codes: without this, tickets could be cycled to guess one.
 */
import { activeFailures } from '@betsite/domain';

export const FREE_CODE_FAILURES = 5;
export const CODE_BACKOFF_BASE_MS = 30_000;
export const CODE_BACKOFF_MAX_MS = 15 * 60 * 1000;

/** The wait after `failures` wrong codes (0 before the 5th). */
export function codeBackoffMs(failures: number): number {
  if (failures < FREE_CODE_FAILURES) return 0;
  const exponent = Math.min(failures - FREE_CODE_FAILURES, 20);
  return Math.min(CODE_BACKOFF_BASE_MS * 2 ** exponent, CODE_BACKOFF_MAX_MS);
}

/** How long until the next code may be tried; 0 when now. */
export function codeRetryAfterMs(failures: number, lastFailureAt: number | null, now: number): number {
  const counted = activeFailures(failures, lastFailureAt, now);
  if (lastFailureAt === null || counted < FREE_CODE_FAILURES) return 0;
  return Math.max(0, lastFailureAt + codeBackoffMs(counted) - now);
}
