/**
 * The login field of the login_password mode (SPEC §4): either an e-mail or the numeric
 * account number a one-click registration hands out. The normalised form is what the user
 * table stores (lower-case e-mail) and what login throttling counts failures against.
 */

export type LoginIdentifier =
  | { kind: 'email'; email: string; key: string }
  | { kind: 'account'; accountNumber: string; key: string }
  | { kind: 'invalid'; key: string };

/** Longest e-mail address (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;

// A pragmatic shape check: one @, a dot in the domain, no spaces. Deliverability is proven by mail, not by a regex.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
/** Account numbers are positive bigints; 18 digits always fit in a PostgreSQL bigint. */
const ACCOUNT_NUMBER = /^[1-9][0-9]{0,17}$/;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL.test(value);
}

export function classifyLogin(login: string): LoginIdentifier {
  const trimmed = login.trim();
  if (ACCOUNT_NUMBER.test(trimmed)) return { kind: 'account', accountNumber: trimmed, key: `account:${trimmed}` };
  const email = normaliseEmail(trimmed);
  if (isEmail(email)) return { kind: 'email', email, key: `email:${email}` };
  // Still counted, so probing with garbage meets the same throttle as probing real logins.
  return { kind: 'invalid', key: `invalid:${email.slice(0, EMAIL_MAX_LENGTH)}` };
}
