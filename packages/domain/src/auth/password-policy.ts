/**
 * Password rules for registration and password changes (OWASP ASVS 2.1 / NIST 800-63B):
 * at least 8 and at most 128 characters (counted as Unicode code points, so a long
 * passphrase or an emoji counts as the user sees it), every character allowed, no
 * composition rules, but refused when it is one of the most common passwords or equal to
 * the player's own login or e-mail. Comparisons ignore case.
 */
import { COMMON_PASSWORDS } from './common-passwords.ts';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordProblem = 'too_short' | 'too_long' | 'common' | 'same_as_login';

/** What the password may not equal: the e-mail, the account number, the phone … */
export interface PasswordContext {
  identifiers?: readonly (string | null | undefined)[];
}

export function passwordLength(password: string): number {
  let length = 0;
  for (const _char of password) length++;
  return length;
}

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/** The first rule the password breaks, or null when it is acceptable. */
export function checkPassword(password: string, context: PasswordContext = {}): PasswordProblem | null {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) return 'too_short';
  if (length > PASSWORD_MAX_LENGTH) return 'too_long';
  if (isCommonPassword(password)) return 'common';
  const lower = password.toLowerCase();
  for (const identifier of context.identifiers ?? []) {
    const id = identifier?.trim().toLowerCase();
    if (!id) continue;
    if (lower === id) return 'same_as_login';
    // An e-mail's local part counts as the login too ("jane.doe" for jane.doe@example.com).
    const at = id.lastIndexOf('@');
    if (at > 0 && lower === id.slice(0, at)) return 'same_as_login';
  }
  return null;
}

export const PASSWORD_PROBLEM_MESSAGES: Record<PasswordProblem, string> = {
  too_short: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  too_long: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  common: 'Password is too common',
  same_as_login: 'Password may not be the same as the login or e-mail',
};
