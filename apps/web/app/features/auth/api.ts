/**
 * Calls of the auth forms. An endpoint that does not exist yet answers 404 and the form
 * says the action is temporarily unavailable.
 */
import type { PHONE_AUTH_API as CONTRACT_PHONE_API, PhoneAuthErrorCode as ContractPhoneCodes, PhoneCountriesResponse } from '@betsite/contracts';
import type { PhoneCountryInfo } from '@betsite/domain';
import { api } from '../../shell/http.ts';

// The contracts' values, repeated because importing them would bundle zod into the page;
// `satisfies` on the contracts' literal types keeps the copies honest.
export const PHONE_AUTH_API = {
  countries: '/web-api/phone/v1/countries',
  smsSend: '/web-api/auth/v1/sms/send',
  loginPhone: '/web-api/auth/v1/login/phone',
  loginSms: '/web-api/auth/v1/login/sms-code',
  registration: '/web-api/registration/v1/phone',
} as const satisfies typeof CONTRACT_PHONE_API;
export const PhoneAuthErrorCode = {
  codeInvalid: 'sms_code_invalid',
  codeExpired: 'sms_code_expired',
} as const satisfies typeof ContractPhoneCodes;

export const AUTH_ENDPOINTS = {
  login: '/web-api/auth/v1/login',
  logout: '/web-api/auth/v1/disconnect',
  sessionCheck: '/web-api/auth/v1/session-check',
  registration: {
    full_reg: '/web-api/registration/v1/full',
    phone_reg: '/web-api/registration/v1/phone',
    fast_reg: '/web-api/registration/v1/fast',
  },
  passwordRecovery: '/web-api/auth/v1/password-reset/request',
} as const;

/** Whether the browser holds a live session (the session cookie is httpOnly, so ask). */
export async function hasSession(fetchFn: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetchFn(AUTH_ENDPOINTS.sessionCheck, { credentials: 'same-origin', cache: 'no-store' });
    if (!response.ok) return false;
    const body = (await response.json()) as { user_id?: unknown };
    return typeof body.user_id === 'string';
  } catch {
    return false;
  }
}

export type SubmitResult =
  | { ok: true; body: unknown }
  /** `message` is the server's own text when it sent one; otherwise `reason` says what went wrong. */
  | { ok: false; reason: 'unavailable' | 'network' | 'server'; message: string | null };

/** POSTs JSON and maps the answer: 2xx ok; 404 → unavailable; an error body's `message` is kept. */
export async function submitJson(url: string, body: unknown, fetchFn: typeof fetch = fetch): Promise<SubmitResult> {
  let response: Response;
  try {
    response = await fetchFn(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      credentials: 'same-origin',
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, reason: 'network', message: null };
  }
  let parsed: unknown = null;
  try {
    parsed = await response.json();
  } catch {
    parsed = null;
  }
  if (response.ok) return { ok: true, body: parsed };
  if (response.status === 404) return { ok: false, reason: 'unavailable', message: null };
  const message =
    typeof parsed === 'object' && parsed !== null && typeof (parsed as { message?: unknown }).message === 'string'
      ? ((parsed as { message: string }).message)
      : null;
  return { ok: false, reason: 'server', message };
}

/** The text to show for a failed submit. */
export function failureText(result: Extract<SubmitResult, { ok: false }>, t: (key: string) => string, unavailableKey: string): string {
  if (result.reason === 'unavailable') return t(unavailableKey);
  if (result.reason === 'network') return t('main_network_error');
  return result.message ?? t('main_error_generic');
}

/** A login step answered "now the second factor" (SPEC §4 login_password_two_step_code). */
export function isTwoStepRequired(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { status?: unknown }).status === 'two_step_required';
}

let phoneCountries: Promise<PhoneCountryInfo[] | null> | null = null;

/** SPEC §7 phone countries and masks, once per tab (null when they could not be loaded; asked again next time). */
export function loadPhoneCountries(): Promise<PhoneCountryInfo[] | null> {
  phoneCountries ??= api.get<PhoneCountriesResponse>(PHONE_AUTH_API.countries).then((result) => {
    const countries = result.ok ? phoneCountriesOf(result.body) : null;
    if (!countries) phoneCountries = null;
    return countries;
  });
  return phoneCountries;
}

/** The SPEC §3 shapes (country + mask by CountryId) joined into one record per country. */
export function phoneCountriesOf(body: PhoneCountriesResponse | null): PhoneCountryInfo[] | null {
  if (!body || !Array.isArray(body.countries) || !Array.isArray(body.masks)) return null;
  const masks = new Map(body.masks.map((m) => [m.CountryId, m]));
  const countries: PhoneCountryInfo[] = [];
  for (const c of body.countries) {
    const mask = masks.get(c.id);
    if (!mask) continue;
    countries.push({ id: c.id, countryCode: c.country_code, name: c.name, telCode: c.tel_code, mask: mask.Mask, min: mask.Min, max: mask.Max });
  }
  return countries.length > 0 ? countries : null;
}
