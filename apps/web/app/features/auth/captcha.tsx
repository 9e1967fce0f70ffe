/**
 * The captcha step of the auth forms (SPEC §8: a 400 with code 100, 111, 112 or 113 asks
 * for a captcha, then the call is retried with the `x-captcha` header). The captcha is a
 * proof of work (decision record 0014): the ALTCHA widget fetches a challenge from our
 * captcha API (`/web-api/captcha/v1/update`), lets the browser spend about a second on it,
 * and its payload is exchanged for a single-use token (`/validate`) just before the retry.
 * The widget's code is loaded only when a form first asks for a captcha.
 *
 * The texts live in the `auth` dictionary, which only the auth pages load; a form opened
 * as a modal elsewhere falls back to the English texts bundled here.
 */
import { useEffect, useRef, useState } from 'react';
import type { TFunction } from '../../i18n/translator.ts';
import type { AltchaWidgetElement } from 'altcha/types/generic';
import type {} from 'altcha/types/react';
import type { CAPTCHA_API as CONTRACT_API, CaptchaErrorCode, PASSWORD_RESET_API, PasswordResetErrorCode as ResetCodes } from '@betsite/contracts';
import EN_AUTH from '../../i18n/dictionaries/en/auth.json';
import { formStyles } from '../../shell/ui/field.tsx';

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

/** The single-use token for a solved challenge (the widget's payload), or the refusal's code (111, 112, 113 …; null: no answer). */
export async function validateCaptcha(payload: string, fetchFn: typeof fetch = fetch): Promise<{ ok: true; token: string } | { ok: false; code: string | null }> {
  const result = await postJson(CAPTCHA_API.validate, { payload }, undefined, fetchFn);
  const token = result.ok ? (result.body as { token?: unknown } | null)?.token : undefined;
  if (typeof token === 'string') return { ok: true, token };
  return { ok: false, code: result.ok ? null : result.code };
}

/** The widget's texts (ALTCHA's i18n keys) from the `auth` dictionary. */
function widgetStrings(t: TFunction): Record<string, string> {
  return {
    label: authText(t, 'captcha_widget_label'),
    verifying: authText(t, 'captcha_widget_verifying'),
    verified: authText(t, 'captcha_widget_verified'),
    error: authText(t, 'captcha_widget_error'),
    expired: authText(t, 'captcha_widget_expired'),
    verificationRequired: authText(t, 'captcha_widget_required'),
    waitAlert: authText(t, 'captcha_widget_wait'),
    reload: authText(t, 'captcha_widget_reload'),
    loading: authText(t, 'captcha_widget_loading'),
  };
}

/**
 * The ALTCHA widget inside the caller's form: a checkbox ("I'm not a robot", keyboard
 * operable) that starts solving as soon as it appears. `onWidget` gets the element once it
 * is defined and mounted, or null if its code could not be loaded.
 */
export function CaptchaWidget({ t, lng, onWidget }: { t: TFunction; lng: string; onWidget: (widget: AltchaWidgetElement | null) => void }) {
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const ref = useRef<AltchaWidgetElement>(null);
  const strings = widgetStrings(t);
  const stringsKey = JSON.stringify(strings);

  useEffect(() => {
    let live = true;
    import('./altcha-widget.ts').then(
      ({ setAltchaStrings }) => {
        setAltchaStrings(lng, JSON.parse(stringsKey) as Record<string, string>);
        if (live) setStatus('ready');
      },
      () => live && setStatus('failed'),
    );
    return () => {
      live = false;
    };
  }, [lng, stringsKey]);

  useEffect(() => {
    if (status !== 'loading') onWidget(status === 'ready' ? ref.current : null);
  }, [status, onWidget]);

  return (
    <div className={formStyles.field}>
      {status === 'ready' ? (
        <altcha-widget
          ref={ref}
          challenge={CAPTCHA_API.update}
          auto="onload"
          language={lng}
          name="altcha"
          configuration={JSON.stringify({ hideFooter: true, hideLogo: true })}
        />
      ) : (
        <span className={formStyles.hint} role={status === 'failed' ? 'alert' : 'status'}>
          {status === 'failed' ? authText(t, 'captcha_unavailable') : strings['loading']}
        </span>
      )}
      <span className={formStyles.hint}>{authText(t, 'captcha_hint')}</span>
    </div>
  );
}
