import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react.tsx';
import { Field, FormMessage, formStyles } from '../../shell/ui/field.tsx';
import { AUTH_ENDPOINTS, failureText } from './api.ts';
import { authText, CaptchaField, fetchCaptcha, needsCaptcha, postJson, solveCaptcha, type Captcha } from './captcha.tsx';

export interface LoginFormProps {
  /** Where "Forgot password?" and "Registration" lead (modal urls or pages). */
  forgotHref: string;
  registrationHref: string | null;
  /** Where to go after logging in (a full page load, so the server renders the player). */
  afterLoginHref: string;
}

export function LoginForm({ forgotHref, registrationHref, afterLoginHref }: LoginFormProps) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Shown after the server asked for a captcha (SPEC §8 codes 100, 111, 112, 113).
  const [captcha, setCaptcha] = useState<Captcha | null>(null);

  async function newCaptcha(message: string) {
    const next = await fetchCaptcha();
    setCaptcha(next);
    setError(next ? message : authText(t, 'captcha_unavailable'));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    let token: string | undefined;
    if (captcha) {
      token = (await solveCaptcha(captcha, String(form.get('captcha') ?? ''))) ?? undefined;
      if (!token) {
        await newCaptcha(authText(t, 'captcha_wrong'));
        setPending(false);
        return;
      }
    }
    const result = await postJson(
      AUTH_ENDPOINTS.login,
      { uLogin: String(form.get('login') ?? '').trim(), uPassword: String(form.get('password') ?? ''), save: form.get('save') === 'on' },
      token,
    );
    if (result.ok) {
      window.location.assign(afterLoginHref);
      return;
    }
    if (needsCaptcha(result)) await newCaptcha(authText(t, result.code === '100' ? 'captcha_needed' : 'captcha_wrong'));
    // A captcha token works once: the next attempt needs a new picture too.
    else if (captcha) await newCaptcha(result.message ?? t('main_error_generic'));
    else if (result.network) setError(t('main_network_error'));
    else if (result.status === 404) setError(failureText({ ok: false, reason: 'unavailable', message: null }, t, 'modal_login_unavailable'));
    else setError(result.message ?? t('main_error_generic'));
    setPending(false);
  }

  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate={false}>
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      <Field label={t('modal_login_field_login')} name="login" autoComplete="username" required hint={t('modal_login_field_login_hint')} />
      <Field label={t('modal_login_field_password')} name="password" type="password" autoComplete="current-password" required minLength={1} />
      <label className={formStyles.check}>
        <input type="checkbox" name="save" defaultChecked />
        <span>{t('modal_login_remember')}</span>
      </label>
      {captcha ? <CaptchaField captcha={captcha} onRefresh={() => void fetchCaptcha().then(setCaptcha)} t={t} /> : null}
      <button type="submit" className={`btn btn-accent ${formStyles.submit}`} disabled={pending}>
        {pending ? t('main_sending') : t('modal_login_submit')}
      </button>
      <div className={formStyles.links}>
        <Link to={forgotHref} replace>
          {t('modal_login_forgot')}
        </Link>
        {registrationHref ? (
          <Link to={registrationHref} replace>
            {t('modal_login_no_account')}
          </Link>
        ) : null}
      </div>
    </form>
  );
}
