/**
 * What the security page needs besides React: its endpoints (the contracts' values,
 * repeated so zod stays out of the bundle — `satisfies` keeps them honest), a light check
 * of the state answer, the recovery codes as a text file, and the error texts.
 */
import type { SECURITY_API as CONTRACT_API, SECURITY_QUESTIONS as CONTRACT_QUESTIONS, SecurityErrorCode, SecurityStateResponse } from '@betsite/contracts';
import type { TFunction } from '../../i18n/translator.ts';
import type { ApiResult } from '../../shell/http.ts';

const BASE = '/web-api/office/v1/security';
export const SECURITY_URLS = {
  state: BASE,
  reauth: `${BASE}/reauth`,
  reauthCode: `${BASE}/reauth/code`,
  password: `${BASE}/password`,
  twoStepSetup: `${BASE}/two-step/setup`,
  twoStepEnable: `${BASE}/two-step/enable`,
  twoStepDisable: `${BASE}/two-step/disable`,
  recoveryCodes: `${BASE}/two-step/recovery-codes`,
  phoneCode: `${BASE}/phone/code`,
  phoneConfirm: `${BASE}/phone/confirm`,
  question: `${BASE}/question`,
  revokeOthers: `${BASE}/sessions/revoke-others`,
  revokeSession: `${BASE}/sessions/revoke`,
} as const satisfies typeof CONTRACT_API;

export const SECURITY_QUESTIONS = [
  'first_pet',
  'mother_maiden_name',
  'birth_city',
  'first_school',
  'favourite_teacher',
  'childhood_friend',
  'first_car',
  'favourite_book',
] as const satisfies typeof CONTRACT_QUESTIONS;

export const REAUTH_REQUIRED = 'reauth_required' satisfies (typeof SecurityErrorCode)['reauthRequired'];

export type SecurityState = SecurityStateResponse;

export function isSecurityState(body: unknown): body is SecurityState {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Partial<Record<keyof SecurityState, unknown>>;
  return (
    (b.protection_level === null || typeof b.protection_level === 'number') &&
    typeof b.protection_methods === 'object' &&
    typeof b.twoStep === 'object' &&
    typeof b.phone === 'object' &&
    typeof b.securityQuestion === 'object' &&
    Array.isArray(b.sessions)
  );
}

/** Whether a call was refused for want of a fresh re-authentication. */
export function needsReauth(result: ApiResult): boolean {
  return !result.ok && result.status === 403 && result.code === REAUTH_REQUIRED;
}

/** The recovery codes as the .txt file the player downloads. */
export function recoveryCodesFile(codes: readonly string[], { site, account, date }: { site: string; account: string | null; date: string }): string {
  return [
    `${site} — recovery codes for two-step authentication`,
    ...(account ? [`Account: ${account}`] : []),
    `Created: ${date}`,
    '',
    'Each code works once, in place of the 6-digit code of your authenticator app.',
    'Keep them somewhere safe and private.',
    '',
    ...codes.map((code, i) => `${String(i + 1).padStart(2, ' ')}. ${code}`),
    '',
  ].join('\n');
}

/** The QR code (an SVG document from our server) as an image source. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The Base32 secret in groups of 4, easier to type into an app by hand. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

const ERROR_KEYS: Record<string, string> = {
  two_step_code_invalid: 'security_error_code_invalid',
  phone_code_invalid: 'security_error_code_invalid',
  reauth_code_invalid: 'security_error_code_invalid',
  phone_code_expired: 'security_phone_code_expired',
  two_step_backoff: 'security_error_backoff',
  reauth_backoff: 'security_error_backoff',
  wrong_password: 'security_reauth_wrong_password',
  reauth_required: 'security_reauth_needed',
  two_step_unavailable: 'security_twostep_unavailable',
  too_many_requests: 'security_error_backoff',
} satisfies Partial<Record<SecurityErrorCode | 'too_many_requests', string>>;

/** The text for a failed call: ours for known codes, the server's detail for invalid input. */
export function errorText(result: Extract<ApiResult, { ok: false }>, t: TFunction): string {
  if (result.network) return t('main:main_network_error');
  const key = result.code ? ERROR_KEYS[result.code] : undefined;
  if (key) return t(key);
  if (result.code === 'invalid_request') {
    const details = (result.body as { details?: { message?: unknown }[] } | null)?.details;
    const first = Array.isArray(details) ? details[0]?.message : undefined;
    if (typeof first === 'string') return first;
  }
  return result.message ?? t('main:main_error_generic');
}
