/**
 * SPEC §3 user config phone_code / phone_number from a stored E.164 number: the calling
 * code (plus-prefixed) and the national number (digits).
 *
 * The code is found by, in order: the player's own country's code when the number starts
 * with it (so `+7…` of a Kazakh player reads as Kazakhstan's +7); the longest code of the
 * domain's phone-country table that starts the number; else the ITU rule that calling
 * codes are prefix-free (1 and 7 are one digit; 20, 27, 30–34, 36, 39, 40, 41, 43–49,
 * 51–58, 60–66, 81, 82, 84, 86, 90–95 and 98 two digits; every other code three).
 */
import { findPhoneCountry, isE164, PHONE_COUNTRIES } from '@betsite/domain';

const TWO_DIGIT_CODES = new Set([
  20, 27, 30, 31, 32, 33, 34, 36, 39, 40, 41, 43, 44, 45, 46, 47, 48, 49, 51, 52, 53, 54, 55, 56, 57, 58, 60, 61, 62, 63, 64, 65, 66, 81, 82, 84, 86, 90, 91, 92, 93, 94, 95, 98,
]);

const CODES_LONGEST_FIRST = [...new Set(PHONE_COUNTRIES.map((c) => c.telCode))].sort((a, b) => b.length - a.length);

export function phoneParts(phone: string | null, country: string | null): { phone_code: string | null; phone_number: string | null } {
  if (phone === null || !isE164(phone)) return { phone_code: null, phone_number: null };
  const own = country ? findPhoneCountry(country)?.telCode : undefined;
  const code = (own && phone.startsWith(own) ? own : undefined) ?? CODES_LONGEST_FIRST.find((c) => phone.startsWith(c)) ?? ituCode(phone);
  return { phone_code: code, phone_number: phone.slice(code.length) };
}

function ituCode(phone: string): string {
  const digits = phone.slice(1);
  if (digits.startsWith('1') || digits.startsWith('7')) return `+${digits[0]}`;
  return TWO_DIGIT_CODES.has(Number(digits.slice(0, 2))) ? `+${digits.slice(0, 2)}` : `+${digits.slice(0, 3)}`;
}
