/**
 * The second login step (SPEC §2 "two-step authentication"): after the first step answered
 * `two_step_required`, the player types the 6-digit code of the authenticator app or a
 * recovery code. The login ticket travels in an httpOnly cookie set by the first step, so
 * the browser only sends the code and the "remember me" flag.
 */
import { useState, type FormEvent } from 'react';
import type { TWO_STEP_LOGIN_URL as CONTRACT_URL } from '@betsite/contracts';
import { useTranslation } from '../../i18n/react.tsx';
import { api } from '../../shell/http.ts';
import { Field, FormMessage, formStyles } from '../../shell/ui/field.tsx';
import { authText } from './captcha.tsx';

// The contract's value, repeated so the page does not bundle zod; `satisfies` keeps it honest.
export const TWO_STEP_LOGIN_URL = '/web-api/auth/v1/login/two-step' satisfies typeof CONTRACT_URL;

export interface TwoStepFormProps {
  /** The "remember me" choice of the first step. */
  remember: boolean;
  /** Where to go after logging in (a full page load, so the server renders the player). */
  afterLoginHref: string;
  /** Back to the first step (the ticket is dropped; a new login starts over). */
  onCancel: () => void;
}

export function TwoStepForm({ remember, afterLoginHref, onCancel }: TwoStepFormProps) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    if (!code) return;
    setPending(true);
    setError(null);
    const result = await api.post(TWO_STEP_LOGIN_URL, { code, save: remember }, { refreshOn401: false });
    if (result.ok) {
      window.location.assign(afterLoginHref);
      return;
    }
    if (result.network) setError(t('main_network_error'));
    else if (result.status === 401) {
      // The ticket expired, was used, or burnt by wrong codes: only a new first step helps.
      setExpired(true);
      setError(authText(t, 'twostep_expired'));
    } else if (result.status === 429) setError(authText(t, 'twostep_throttled'));
    else if (result.status === 400) setError(authText(t, 'twostep_code_wrong'));
    else setError(result.message ?? t('main_error_generic'));
    setPending(false);
  }

  return (
    <form className={formStyles.form} onSubmit={onSubmit} aria-label={authText(t, 'twostep_title')}>
      <p>{authText(t, 'twostep_intro')}</p>
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      <Field
        label={authText(t, 'twostep_code_field')}
        hint={authText(t, 'twostep_code_hint')}
        name="code"
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={20}
        required
        autoFocus
        disabled={expired}
      />
      <button type="submit" className={`btn btn-accent ${formStyles.submit}`} disabled={pending || expired}>
        {pending ? t('main_sending') : authText(t, 'twostep_submit')}
      </button>
      <div className={formStyles.links}>
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {authText(t, 'twostep_cancel')}
        </button>
      </div>
    </form>
  );
}
