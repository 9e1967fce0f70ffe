/**
 * The SMS code parts shared by SMS login and phone registration: asking for a code
 * (`sms/send`, which answers the same for every number), the code field, the resend
 * button with its visible countdown, and the texts for the phone APIs' errors.
 */
import { useEffect, useState } from 'react';
import type { TFunction } from '../../i18n/translator.ts';
import type { SmsPurpose, SmsSendResponse } from '@betsite/contracts';
import { api, type ApiResult } from '../../shell/http.ts';
import { Field } from '../../shell/ui/field.tsx';
import { PHONE_AUTH_API, PhoneAuthErrorCode } from './api.ts';
import { authFormat, phoneRequestFields, type PhoneValue } from './phone-field.tsx';
import styles from './login-modes.module.css';

/** What the server answers when it does not say (the same for every number). */
export const SMS_DEFAULTS = { resendAfterSeconds: 60, expiresInSeconds: 600, codeLength: 6 } as const;

export function sendSmsCode(purpose: SmsPurpose, phone: PhoneValue, headers: Record<string, string>): Promise<ApiResult<SmsSendResponse>> {
  return api.post<SmsSendResponse>(PHONE_AUTH_API.smsSend, { purpose, ...phoneRequestFields(phone) }, { headers, refreshOn401: false });
}

/** The timings of a `sms/send` answer. */
export function smsTimings(body: Partial<SmsSendResponse> | null | undefined): { resendAfterSeconds: number; expiresInSeconds: number; codeLength: number } {
  const pick = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback);
  return {
    resendAfterSeconds: pick(body?.resendAfterSeconds, SMS_DEFAULTS.resendAfterSeconds),
    expiresInSeconds: pick(body?.expiresInSeconds, SMS_DEFAULTS.expiresInSeconds),
    codeLength: pick(body?.codeLength, SMS_DEFAULTS.codeLength),
  };
}

/** Seconds left until a deadline, ticking while there are any. */
export function useCountdown(): { secondsLeft: number; start: (seconds: number) => void } {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= deadline) {
        clearInterval(timer);
        setDeadline(null);
      }
    }, 250);
    return () => clearInterval(timer);
  }, [deadline]);
  return {
    secondsLeft: deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000)),
    start(seconds) {
      const at = Date.now();
      setNow(at);
      setDeadline(at + seconds * 1000);
    },
  };
}

export function SmsCodeField({ t, codeLength, autoFocus }: { t: TFunction; codeLength: number; autoFocus?: boolean }) {
  return (
    <Field
      label={authFormat(t, 'sms_code_label')}
      hint={authFormat(t, 'sms_code_hint', { digits: codeLength })}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern={`[0-9]{${codeLength}}`}
      maxLength={codeLength}
      required
      autoFocus={autoFocus}
    />
  );
}

/** "Send a new code", disabled with the seconds left shown until a new code may be asked for. */
export function ResendButton({ t, secondsLeft, pending, onResend }: { t: TFunction; secondsLeft: number; pending: boolean; onResend: () => void }) {
  return (
    <button type="button" className="btn btn-ghost" disabled={secondsLeft > 0 || pending} onClick={onResend}>
      {secondsLeft > 0 ? (
        <span className={styles.countdown}>{authFormat(t, 'sms_resend_in', { seconds: secondsLeft })}</span>
      ) : (
        authFormat(t, 'sms_resend')
      )}
    </button>
  );
}

/** The text for a failed phone call (send, phone login, SMS login, phone registration). */
export function phoneErrorText(t: TFunction, result: Extract<ApiResult, { ok: false }>): string {
  if (result.network) return t('main_network_error');
  if (result.status === 404) return authFormat(t, 'phone_unavailable');
  if (result.code === PhoneAuthErrorCode.codeInvalid) return authFormat(t, 'sms_code_wrong');
  if (result.code === PhoneAuthErrorCode.codeExpired) return authFormat(t, 'sms_code_expired');
  if (result.code === 'invalid_credentials') return authFormat(t, 'phone_login_wrong');
  if (result.status === 429) return authFormat(t, 'phone_too_many');
  if (result.code === 'invalid_request') {
    // The server's field messages (e.g. why a password is refused), else a general hint.
    const details = (result.body as { details?: unknown } | null)?.details;
    const messages = Array.isArray(details) ? details.map((d) => (d as { message?: unknown }).message).filter((m): m is string => typeof m === 'string') : [];
    return messages.length > 0 ? messages.join(' ') : authFormat(t, 'phone_check_details');
  }
  return result.message ?? t('main_error_generic');
}
