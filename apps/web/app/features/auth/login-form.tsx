import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react.tsx';
import { Field, FormMessage, formStyles } from '../../shell/ui/field.tsx';
import { AUTH_ENDPOINTS, failureText, submitJson } from './api.ts';

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

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    const result = await submitJson(AUTH_ENDPOINTS.login, {
      uLogin: String(form.get('login') ?? '').trim(),
      uPassword: String(form.get('password') ?? ''),
      save: form.get('save') === 'on',
    });
    if (result.ok) {
      window.location.assign(afterLoginHref);
      return;
    }
    setPending(false);
    setError(failureText(result, t, 'modal_login_unavailable'));
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
