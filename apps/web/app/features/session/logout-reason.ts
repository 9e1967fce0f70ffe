/**
 * Why the last session ended, as the server tells the next page: the short-lived,
 * non-httpOnly `logout_reason` cookie (contracts `LOGOUT_REASON_COOKIE`), read once and
 * cleared.
 */
import type { LOGOUT_REASON_COOKIE as CONTRACT_COOKIE } from '@betsite/contracts';
import { LOGOUT_REASON_INACTIVE } from '@betsite/domain';
import { parseCookies, serializeCookie } from '../../config/cookies.ts';

export const LOGOUT_REASON_COOKIE = 'logout_reason' satisfies typeof CONTRACT_COOKIE;

export function logoutReasonOf(cookieHeader: string): typeof LOGOUT_REASON_INACTIVE | null {
  return parseCookies(cookieHeader)[LOGOUT_REASON_COOKIE] === LOGOUT_REASON_INACTIVE ? LOGOUT_REASON_INACTIVE : null;
}

/** The `document.cookie` text that removes the flag. */
export function clearedLogoutReason(secure: boolean): string {
  return serializeCookie(LOGOUT_REASON_COOKIE, '', { maxAgeSeconds: 0, secure });
}
