/**
 * The captcha step of the auth forms (SPEC §8: a 400 with code 100, 111, 112 or 113 asks
 * for a captcha, then the call is retried with the `x-captcha` header). The picture comes
 * from our captcha API (`/web-api/captcha/v1/update`), the answer is exchanged for a
 * single-use token (`/validate`) just before the retry.
 *
 * The texts live in the `auth` dictionary, which only the auth pages load; a form opened
 * as a modal elsewhere falls back to the English texts bundled here.
 */
import type { TFunction } from 'i18next';
import type { CAPTCHA_API as CONTRACT_API, CaptchaErrorCode, PASSWORD_RESET_API, PasswordResetErrorCode as ResetCodes } from '@betsite/contracts';
import EN_AUTH from '../../i18n/dictionaries/en/auth.json';
import { formStyles } from '../../shell/ui/field.tsx';
import { Field } from '../../shell/ui/field.tsx';

// The contracts' values, repeated because importing them would bundle zod into the page;
// `satisfies` on the contracts' literal types keeps the copies honest.
const CAPTCHA_API = {
  update: '/web-api/captcha/v1/update',
  validate: '/web-api/captcha/v1/validate',
} as const satisfies Pick<typeof CONTRACT_API, 'update' | 'validate'>;
const CAPTCHA_HEADER = 'x-captcha';
const CAPTCHA_CHALLENGE_CODES: readonly string[] = ['100', '111', '112', '113'] satisfies CaptchaErrorCode[];
export const PASSWORD_RESET_CONFIRM_URL = '/web-api/auth/v1/password-reset/confirm' satisfies (typeof PASSWORD_RESET_API)['confirm'];
export const PasswordResetErrorCode = {
  codeInvalid: 'reset_code_invalid',
  codeExpired: 'reset_code_expired',
} as const satisfies typeof ResetCodes;

/** A text of the `auth` dictionary, English when that dictionary is not loaded on this page. */
export function authText(t: TFunction, key: keyof typeof EN_AUTH): string {
  return t(key, { ns: 'auth', defaultValue: EN_AUTH[key] });
}

export interface Captcha {
  captchaId: string;
  svg: string;
}

export type PostResult =
  | { ok: true; status: number; body: unknown }
  | { ok: false; status: number; code: string | null; message: string | null; network: boolean };

/** POSTs JSON like `submitJson`, optionally with a captcha token, and keeps the status and error code. */
export async function postJson(url: string, body: unknown, captchaToken?: string, fetchFn: typeof fetch = fetch): Promise<PostResult> {
  let response: Response;
  try {
    response = await fetchFn(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        ...(captchaToken ? { [CAPTCHA_HEADER]: captchaToken } : {}),
      },
      credentials: 'same-origin',
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, code: null, message: null, network: true };
  }
  let parsed: unknown = null;
  try {
    parsed = await response.json();
  } catch {
    parsed = null;
  }
  if (response.ok) return { ok: true, status: response.status, body: parsed };
  const field = (name: string) => {
    const value = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>)[name] : undefined;
    return typeof value === 'string' ? value : null;
  };
  return { ok: false, status: response.status, code: field('code'), message: field('message'), network: false };
}

/** Whether a failed call asks for a captcha (SPEC §8). */
export function needsCaptcha(result: PostResult): boolean {
  return !result.ok && result.status === 400 && result.code !== null && CAPTCHA_CHALLENGE_CODES.includes(result.code);
}

/** A new challenge, or null when the captcha service cannot be reached. */
export async function fetchCaptcha(fetchFn: typeof fetch = fetch): Promise<Captcha | null> {
  const result = await postJson(CAPTCHA_API.update, {}, undefined, fetchFn);
  if (!result.ok) return null;
  const body = result.body as Partial<Captcha> | null;
  return body && typeof body.captchaId === 'string' && typeof body.svg === 'string' ? { captchaId: body.captchaId, svg: body.svg } : null;
}

/** The token for an answer, or null when it was not accepted (the caller fetches a new picture). */
export async function solveCaptcha(captcha: Captcha, answer: string, fetchFn: typeof fetch = fetch): Promise<string | null> {
  const result = await postJson(CAPTCHA_API.validate, { captchaId: captcha.captchaId, answer }, undefined, fetchFn);
  const token = result.ok ? (result.body as { token?: unknown } | null)?.token : undefined;
  return typeof token === 'string' ? token : null;
}

/** The picture, the answer field (`name="captcha"`) and a "new picture" button, inside the caller's form. */
export function CaptchaField({ captcha, onRefresh, t }: { captcha: Captcha; onRefresh: () => void; t: TFunction }) {
  return (
    <div>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(captcha.svg)}`}
        alt={authText(t, 'captcha_image_alt')}
        width={200}
        height={70}
      />
      <div className={formStyles.links}>
        <button type="button" className="btn" onClick={onRefresh}>
          {authText(t, 'captcha_refresh')}
        </button>
      </div>
      <Field
        key={captcha.captchaId}
        label={authText(t, 'captcha_label')}
        name="captcha"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        required
        maxLength={16}
        hint={authText(t, 'captcha_hint')}
      />
    </div>
  );
}
