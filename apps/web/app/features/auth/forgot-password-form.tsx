import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react.tsx';
import { Field, FormMessage, formStyles } from '../../shell/ui/field.tsx';
import { AUTH_ENDPOINTS, failureText, submitJson } from './api.ts';

export function ForgotPasswordForm({ loginHref }: { loginHref: string }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setMessage(null);
    const result = await submitJson(AUTH_ENDPOINTS.passwordRecovery, { login: String(form.get('login') ?? '').trim() });
    setPending(false);
    if (result.ok) setMessage({ kind: 'success', text: t('modal_forgot_sent') });
    else setMessage({ kind: 'error', text: failureText(result, t, 'modal_forgot_unavailable') });
  }

  return (
    <form className={formStyles.form} onSubmit={onSubmit}>
      <p className={formStyles.hint}>{t('modal_forgot_intro')}</p>
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
      <Field label={t('modal_forgot_field')} name="login" autoComplete="username" required />
      <button type="submit" className={`btn btn-accent ${formStyles.submit}`} disabled={pending}>
        {pending ? t('main_sending') : t('modal_forgot_submit')}
      </button>
      <div className={formStyles.links}>
        <Link to={loginHref} replace>
          {t('modal_forgot_back')}
        </Link>
      </div>
    </form>
  );
}
