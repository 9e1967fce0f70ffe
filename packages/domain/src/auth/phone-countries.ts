/**
 * Phone countries and masks (SPEC §3 "Phone country: id, name, country_code, tel_code.
 * Phone mask: CountryId, Mask, Min, Max"; §7 "phone countries and masks fetch"), and the
 * one way a typed phone becomes E.164 (SPEC §5: plus-prefixed phone code, lower-case
 * country code).
 *
 * The table covers the countries of the site's languages, their neighbours and the main
 * markets. `id` is the ISO 3166-1 numeric code (stable, no table of our own to keep).
 * `mask` writes the national significant number (no trunk 0, no calling code) with one
 * `#` per digit, as many `#` as the longest number (`max`); `min`..`max` is how many
 * digits a national number of the country has.
 */
import { isE164, normaliseCountryCode, normalisePhoneCode, toE164 } from './phone.ts';

export interface PhoneCountryInfo {
  /** ISO 3166-1 numeric. */
  id: number;
  /** Lower-case ISO 3166-1 alpha-2. */
  countryCode: string;
  /** English name (the browser shows its own language's name through Intl.DisplayNames). */
  name: string;
  /** Plus-prefixed calling code. */
  telCode: string;
  mask: string;
  min: number;
  max: number;
}

type Row = [id: number, countryCode: string, name: string, telCode: string, mask: string, min: number, max: number];

const ROWS: readonly Row[] = [
  [643, 'ru', 'Russia', '+7', '(###) ###-##-##', 10, 10],
  [398, 'kz', 'Kazakhstan', '+7', '(###) ###-##-##', 10, 10],
  [804, 'ua', 'Ukraine', '+380', '(##) ###-##-##', 9, 9],
  [112, 'by', 'Belarus', '+375', '(##) ###-##-##', 9, 9],
  [860, 'uz', 'Uzbekistan', '+998', '(##) ###-##-##', 9, 9],
  [31, 'az', 'Azerbaijan', '+994', '(##) ###-##-##', 9, 9],
  [417, 'kg', 'Kyrgyzstan', '+996', '(###) ###-###', 9, 9],
  [762, 'tj', 'Tajikistan', '+992', '(##) ###-####', 9, 9],
  [795, 'tm', 'Turkmenistan', '+993', '(##) ##-##-##', 8, 8],
  [51, 'am', 'Armenia', '+374', '(##) ###-###', 8, 8],
  [268, 'ge', 'Georgia', '+995', '(###) ##-##-##', 9, 9],
  [498, 'md', 'Moldova', '+373', '(##) ###-###', 8, 8],
  [428, 'lv', 'Latvia', '+371', '## ### ###', 8, 8],
  [440, 'lt', 'Lithuania', '+370', '### #####', 8, 8],
  [233, 'ee', 'Estonia', '+372', '#### ####', 7, 8],
  [826, 'gb', 'United Kingdom', '+44', '#### ######', 9, 10],
  [372, 'ie', 'Ireland', '+353', '## ### ####', 7, 9],
  [840, 'us', 'United States', '+1', '(###) ###-####', 10, 10],
  [124, 'ca', 'Canada', '+1', '(###) ###-####', 10, 10],
  [276, 'de', 'Germany', '+49', '#### #######', 7, 11],
  [40, 'at', 'Austria', '+43', '### ##########', 7, 13],
  [756, 'ch', 'Switzerland', '+41', '## ### ## ##', 9, 9],
  [250, 'fr', 'France', '+33', '# ## ## ## ##', 9, 9],
  [56, 'be', 'Belgium', '+32', '### ## ## ##', 8, 9],
  [528, 'nl', 'Netherlands', '+31', '# ## ## ## ##', 9, 9],
  [724, 'es', 'Spain', '+34', '### ## ## ##', 9, 9],
  [620, 'pt', 'Portugal', '+351', '### ### ###', 9, 9],
  [380, 'it', 'Italy', '+39', '### ########', 6, 11],
  [616, 'pl', 'Poland', '+48', '### ### ###', 9, 9],
  [203, 'cz', 'Czechia', '+420', '### ### ###', 9, 9],
  [703, 'sk', 'Slovakia', '+421', '### ### ###', 9, 9],
  [348, 'hu', 'Hungary', '+36', '## ### ####', 8, 9],
  [642, 'ro', 'Romania', '+40', '### ### ###', 9, 9],
  [100, 'bg', 'Bulgaria', '+359', '## ### ####', 8, 9],
  [300, 'gr', 'Greece', '+30', '### ### ####', 10, 10],
  [688, 'rs', 'Serbia', '+381', '## ### ####', 8, 9],
  [191, 'hr', 'Croatia', '+385', '## ### ####', 8, 9],
  [705, 'si', 'Slovenia', '+386', '## ### ###', 8, 8],
  [196, 'cy', 'Cyprus', '+357', '## ######', 8, 8],
  [752, 'se', 'Sweden', '+46', '## ### ## ##', 7, 9],
  [578, 'no', 'Norway', '+47', '### ## ###', 8, 8],
  [208, 'dk', 'Denmark', '+45', '## ## ## ##', 8, 8],
  [246, 'fi', 'Finland', '+358', '## ### #####', 6, 10],
  [792, 'tr', 'Türkiye', '+90', '(###) ###-##-##', 10, 10],
  [376, 'il', 'Israel', '+972', '##-###-####', 8, 9],
  [784, 'ae', 'United Arab Emirates', '+971', '## ### ####', 8, 9],
  [682, 'sa', 'Saudi Arabia', '+966', '## ### ####', 8, 9],
  [634, 'qa', 'Qatar', '+974', '#### ####', 8, 8],
  [414, 'kw', 'Kuwait', '+965', '#### ####', 8, 8],
  [48, 'bh', 'Bahrain', '+973', '#### ####', 8, 8],
  [512, 'om', 'Oman', '+968', '#### ####', 8, 8],
  [400, 'jo', 'Jordan', '+962', '# #### ####', 8, 9],
  [422, 'lb', 'Lebanon', '+961', '## ### ###', 7, 8],
  [368, 'iq', 'Iraq', '+964', '### ### ####', 8, 10],
  [818, 'eg', 'Egypt', '+20', '### ### ####', 8, 10],
  [504, 'ma', 'Morocco', '+212', '###-######', 9, 9],
  [12, 'dz', 'Algeria', '+213', '### ## ## ##', 8, 9],
  [788, 'tn', 'Tunisia', '+216', '## ### ###', 8, 8],
  [364, 'ir', 'Iran', '+98', '### ### ####', 10, 10],
  [4, 'af', 'Afghanistan', '+93', '## ### ####', 9, 9],
  [586, 'pk', 'Pakistan', '+92', '### #######', 9, 10],
  [356, 'in', 'India', '+91', '##### #####', 10, 10],
  [156, 'cn', 'China', '+86', '### #### ####', 10, 11],
  [392, 'jp', 'Japan', '+81', '## #### ####', 9, 10],
  [410, 'kr', 'South Korea', '+82', '## #### ####', 8, 10],
  [496, 'mn', 'Mongolia', '+976', '#### ####', 8, 8],
  [764, 'th', 'Thailand', '+66', '## ### ####', 8, 9],
  [704, 'vn', 'Vietnam', '+84', '### ### ####', 9, 10],
  [360, 'id', 'Indonesia', '+62', '###-####-#####', 9, 12],
  [458, 'my', 'Malaysia', '+60', '##-### #####', 9, 10],
  [608, 'ph', 'Philippines', '+63', '### ### ####', 10, 10],
  [36, 'au', 'Australia', '+61', '### ### ###', 9, 9],
  [554, 'nz', 'New Zealand', '+64', '## ### #####', 8, 10],
  [710, 'za', 'South Africa', '+27', '## ### ####', 9, 9],
  [566, 'ng', 'Nigeria', '+234', '### ### ####', 8, 10],
  [404, 'ke', 'Kenya', '+254', '### ######', 9, 9],
  [76, 'br', 'Brazil', '+55', '(##) #####-####', 10, 11],
  // Mobiles are dialled from abroad with a 9 after the calling code: +54 9 11 …
  [32, 'ar', 'Argentina', '+54', '# ## ####-####', 10, 11],
  [484, 'mx', 'Mexico', '+52', '## #### ####', 10, 10],
  [170, 'co', 'Colombia', '+57', '### ### ####', 10, 10],
  [152, 'cl', 'Chile', '+56', '# #### ####', 9, 9],
  [604, 'pe', 'Peru', '+51', '### ### ###', 8, 9],
];

export const PHONE_COUNTRIES: readonly PhoneCountryInfo[] = ROWS.map(([id, countryCode, name, telCode, mask, min, max]) => ({
  id,
  countryCode,
  name,
  telCode,
  mask,
  min,
  max,
}));

const BY_COUNTRY = new Map(PHONE_COUNTRIES.map((c) => [c.countryCode, c]));

/** The country of a country code in any case (`GB`, ` gb `), or null when it is not in the table. */
export function findPhoneCountry(countryCode: string): PhoneCountryInfo | null {
  const code = normaliseCountryCode(countryCode);
  return code ? (BY_COUNTRY.get(code) ?? null) : null;
}

/** The countries sharing a calling code (`+7`: Russia and Kazakhstan). */
export function phoneCountriesForCode(phoneCode: string | number): PhoneCountryInfo[] {
  const code = normalisePhoneCode(phoneCode);
  return code ? PHONE_COUNTRIES.filter((c) => c.telCode === code) : [];
}

/**
 * Writes digits into a mask (`#` per digit): stops after the last digit (no dangling
 * separators, so the player can keep typing); digits beyond the mask are appended as they
 * are, so nothing typed is lost and the length check can refuse it.
 */
export function applyPhoneMask(mask: string, digits: string): string {
  let out = '';
  let next = 0;
  for (const char of mask) {
    if (next >= digits.length) break;
    if (char === '#') out += digits[next++];
    else out += char;
  }
  return out + digits.slice(next);
}

/**
 * The national digits of what a player typed for a country, as the mask shows them: the
 * country's calling code of a number written internationally and one domestic trunk
 * prefix dropped, like `toE164` does.
 */
export function nationalNumber(country: Pick<PhoneCountryInfo, 'telCode'>, typed: string): string {
  const international = /^\s*(\+|00)/.test(typed);
  const digits = typed.replace(/\D/g, '');
  if (international) {
    const withoutExit = typed.trim().startsWith('+') ? digits : digits.slice(2);
    const code = country.telCode.slice(1);
    return withoutExit.startsWith(code) ? withoutExit.slice(code.length) : withoutExit;
  }
  if (country.telCode === '+7' && digits.length === 11 && digits.startsWith('8')) return digits.slice(1);
  if (country.telCode === '+39' || country.telCode === '+379') return digits;
  return digits.replace(/^0/, '');
}

export type PhoneProblem =
  /** The country or calling code is missing, malformed, or (country only) not one we know. */
  | 'country'
  /** Not a phone number. */
  | 'number'
  /** Too few or too many digits for the country. */
  | 'length'
  /** The country and the calling code sent together disagree. */
  | 'mismatch';

export type ResolvedPhone = { ok: true; phone: string; country: PhoneCountryInfo | null } | { ok: false; problem: PhoneProblem };

/**
 * A typed phone as E.164. The number is national (with or without its trunk prefix,
 * any separators) for the given country or calling code, or international (`+…`,
 * `00…`), in which case the country only checks the length when the number is from it.
 */
export function resolvePhone(input: { number: string; countryCode?: string | null; phoneCode?: string | number | null }): ResolvedPhone {
  const hasCountry = input.countryCode !== undefined && input.countryCode !== null && String(input.countryCode).trim() !== '';
  const hasCode = input.phoneCode !== undefined && input.phoneCode !== null && String(input.phoneCode).trim() !== '';
  const country = hasCountry ? findPhoneCountry(String(input.countryCode)) : null;
  if (hasCountry && !country) return { ok: false, problem: 'country' };
  const code = hasCode ? normalisePhoneCode(input.phoneCode as string | number) : (country?.telCode ?? null);
  if (hasCode && !code) return { ok: false, problem: 'country' };
  if (country && code && country.telCode !== code) return { ok: false, problem: 'mismatch' };

  const international = /^\s*(\+|00)/.test(input.number);
  if (!international && !code) return { ok: false, problem: 'country' };
  const phone = toE164(code ?? '', input.number);
  if (!phone) return { ok: false, problem: 'number' };
  // The countries the number is from: the chosen one, or else every one of its calling code
  // (calling codes are prefix-free, so the E.164 form names them). Unknown ones: E.164 only.
  const candidates = country && phone.startsWith(country.telCode) ? [country] : PHONE_COUNTRIES.filter((c) => phone.startsWith(c.telCode));
  if (candidates.length > 0) {
    const length = phone.length - (candidates[0] as PhoneCountryInfo).telCode.length;
    if (!candidates.some((c) => length >= c.min && length <= c.max)) return { ok: false, problem: 'length' };
  }
  return { ok: true, phone, country: candidates.length === 1 ? (candidates[0] as PhoneCountryInfo) : null };
}

/**
 * The forms of a phone a password may not equal (SPEC: not the login): E.164, its digits,
 * the national number with and without a trunk 0 for each possible calling code length,
 * and what the player typed.
 */
export function phoneIdentifiers(phone: string, typed?: string): string[] {
  if (!isE164(phone)) return typed ? [typed] : [];
  const digits = phone.slice(1);
  const forms = new Set<string>([phone, digits]);
  for (const codeLength of [1, 2, 3]) {
    const national = digits.slice(codeLength);
    forms.add(national);
    forms.add(`0${national}`);
    forms.add(`8${national}`);
  }
  if (typed) {
    forms.add(typed.trim());
    forms.add(typed.replace(/\D/g, ''));
  }
  return [...forms].filter((form) => form.length > 0);
}
