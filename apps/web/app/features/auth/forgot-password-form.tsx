import { useState, type FormEvent } from 'react';
import { Link } from '../../shell/link.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { Field, FormMessage, formStyles } from '../../shell/ui/field.tsx';
import { AUTH_ENDPOINTS, failureText, submitJson } from './api.ts';
import { authText, PASSWORD_RESET_CONFIRM_URL, PasswordResetErrorCode, postJson } from './captcha.tsx';

/**
 * Password recovery (SPEC §4): the e-mail or phone, then the 6-digit code it received and
 * a new password. The server answers the first step the same whether or not an account
 * exists, so the second step is always shown.
 */
export function ForgotPasswordForm({ loginHref }: { loginHref: string }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [step, setStep] = useState<{ name: 'request' } | { name: 'confirm'; login: string } | { name: 'done' }>({ name: 'request' });

  async function onRequest(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const login = String(form.get('login') ?? '').trim();
    setPending(true);
    setMessage(null);
    const result = await submitJson(AUTH_ENDPOINTS.passwordRecovery, { login });
    setPending(false);
    if (result.ok) {
      setStep({ name: 'confirm', login });
      setMessage({ kind: 'success', text: authText(t, 'passwordreset_code_intro') });
    } else setMessage({ kind: 'error', text: failureText(result, t, 'modal_forgot_unavailable') });
  }

  async function onConfirm(event: FormEvent<HTMLFormElement>, login: string) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setMessage(null);
    const result = await postJson(PASSWORD_RESET_CONFIRM_URL, {
      login,
      code: String(form.get('code') ?? '').trim(),
      newPassword: String(form.get('newPassword') ?? ''),
    });
    setPending(false);
    if (result.ok) {
      setStep({ name: 'done' });
      setMessage({ kind: 'success', text: authText(t, 'passwordreset_done') });
    } else if (result.code === PasswordResetErrorCode.codeExpired) setMessage({ kind: 'error', text: authText(t, 'passwordreset_code_expired') });
    else if (result.code === PasswordResetErrorCode.codeInvalid) setMessage({ kind: 'error', text: authText(t, 'passwordreset_code_wrong') });
    else if (result.network) setMessage({ kind: 'error', text: t('main_network_error') });
    else setMessage({ kind: 'error', text: result.message ?? t('main_error_generic') });
  }

  const backToLogin = (
    <div className={formStyles.links}>
      <Link to={loginHref} replace>
        {t('modal_forgot_back')}
      </Link>
    </div>
  );

  if (step.name === 'done') {
    return (
      <div className={formStyles.form}>
        {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
        {backToLogin}
      </div>
    );
  }

  if (step.name === 'confirm') {
    return (
      <form className={formStyles.form} onSubmit={(event) => void onConfirm(event, step.login)}>
        {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
        <Field label={authText(t, 'passwordreset_code_field')} name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" maxLength={6} required />
        <Field
          label={authText(t, 'passwordreset_new_password_field')}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          minLength={8}
          maxLength={128}
          required
          hint={authText(t, 'passwordreset_new_password_hint')}
        />
        <button type="submit" className={`btn btn-accent ${formStyles.submit}`} disabled={pending}>
          {pending ? t('main_sending') : authText(t, 'passwordreset_confirm_submit')}
        </button>
        <div className={formStyles.links}>
          <button
            type="button"
            className="btn"
            onClick={() => {
              setStep({ name: 'request' });
              setMessage(null);
            }}
          >
            {authText(t, 'passwordreset_again')}
          </button>
        </div>
        {backToLogin}
      </form>
    );
  }

  return (
    <form className={formStyles.form} onSubmit={onRequest}>
      <p className={formStyles.hint}>{t('modal_forgot_intro')}</p>
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
      <Field label={t('modal_forgot_field')} name="login" autoComplete="username" required />
      <button type="submit" className={`btn btn-accent ${formStyles.submit}`} disabled={pending}>
        {pending ? t('main_sending') : t('modal_forgot_submit')}
      </button>
      {backToLogin}
    </form>
  );
}
