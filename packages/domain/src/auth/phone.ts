/**
 * Phone numbers (SPEC §5): country and phone codes are normalised to a plus-prefixed phone
 * code and a lower-case country code; the number itself is stored in E.164
 * (`+` then 7 to 15 digits, no leading zero), the form the users table enforces.
 */

export interface PhoneCountry {
  /** Lower-case ISO 3166-1 alpha-2 (SPEC §5), e.g. `gb`. */
  countryCode: string;
  /** Plus-prefixed calling code, e.g. `+44`. */
  phoneCode: string;
}

const E164 = /^\+[1-9][0-9]{6,14}$/;

/** `44`, `+44`, ` 0044 ` → `+44`; null when it is not a calling code (1 to 3 digits, no leading zero). */
export function normalisePhoneCode(code: string | number): string | null {
  const digits = String(code).trim().replace(/^\+/, '').replace(/^00/, '');
  return /^[1-9][0-9]{0,2}$/.test(digits) ? `+${digits}` : null;
}

/** `GB` → `gb`; null when it is not two letters. */
export function normaliseCountryCode(code: string): string | null {
  const lower = code.trim().toLowerCase();
  return /^[a-z]{2}$/.test(lower) ? lower : null;
}

export function normalisePhoneCountry(country: { countryCode: string; phoneCode: string | number }): PhoneCountry | null {
  const countryCode = normaliseCountryCode(country.countryCode);
  const phoneCode = normalisePhoneCode(country.phoneCode);
  return countryCode && phoneCode ? { countryCode, phoneCode } : null;
}

/**
 * Calling codes whose national numbers keep their leading 0 after the country code
 * (Italy and the Vatican); everywhere else a leading 0 is the domestic trunk prefix.
 */
const KEEPS_LEADING_ZERO = new Set(['+39', '+379']);

/**
 * The E.164 form of a number typed with its calling code: separators (spaces, dashes,
 * dots, brackets) dropped, one domestic trunk `0` dropped, a number already written
 * internationally (`+…` or `00…`) taken as is. Null when the result is not E.164.
 */
export function toE164(phoneCode: string | number, number: string): string | null {
  const raw = number.trim();
  if (!/^[0-9+()\-.\s/]+$/.test(raw)) return null;
  const digits = raw.replace(/[^0-9+]/g, '');
  if (digits.startsWith('+')) return checkE164(digits);
  if (digits.startsWith('00')) return checkE164(`+${digits.slice(2)}`);
  const code = normalisePhoneCode(phoneCode);
  if (!code || digits.includes('+')) return null;
  const national = KEEPS_LEADING_ZERO.has(code) ? digits : dropTrunkPrefix(code, digits);
  return checkE164(`${code}${national}`);
}

/** Russia and Kazakhstan dial 8 before an 11-digit domestic number (8 912 … → +7 912 …). */
function dropTrunkPrefix(code: string, digits: string): string {
  if (code === '+7' && digits.length === 11 && digits.startsWith('8')) return digits.slice(1);
  return digits.replace(/^0/, '');
}

export function isE164(phone: string): boolean {
  return E164.test(phone);
}

function checkE164(candidate: string): string | null {
  return E164.test(candidate) ? candidate : null;
}

/** The login-throttle key of a phone (failures of every phone login mode count together). */
export function phoneLoginKey(phone: string): string {
  return `phone:${phone}`;
}
