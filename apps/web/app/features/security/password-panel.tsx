/** Password change: the current password is the proof; other devices are logged out. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { api } from '../../shell/http.ts';
import { Panel } from '../../shell/page-kit.tsx';
import { Field, formStyles } from '../../shell/ui/field.tsx';
import { NoticeLine, type Notice } from './notice.tsx';
import type { PanelProps } from './panel-props.ts';
import { errorText, SECURITY_URLS } from './security.ts';
import styles from './security.module.css';

export function PasswordPanel({ state, reload, formatDate }: PanelProps) {
  const { t } = useTranslation('office');
  const [notice, setNotice] = useState<Notice>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setPending(true);
    setNotice(null);
    const result = await api.post<{ revoked: number }>(SECURITY_URLS.password, {
      currentPassword: String(form.get('currentPassword') ?? ''),
      newPassword: String(form.get('newPassword') ?? ''),
    });
    if (result.ok) {
      formElement.reset();
      setNotice({ kind: 'success', text: t('security_password_done', { count: result.body.revoked }) });
      await reload();
    } else setNotice({ kind: 'error', text: errorText(result, t) });
    setPending(false);
  }

  return (
    <Panel title={t('security_password_title')} id="security-password">
      <p className={styles.muted}>
        {state.password.changedAt ? t('security_password_changed_at', { date: formatDate(state.password.changedAt) }) : t('security_password_never')}
      </p>
      <NoticeLine notice={notice} />
      <form className={formStyles.form} onSubmit={onSubmit}>
        <Field label={t('security_password_current')} name="currentPassword" type="password" autoComplete="current-password" required />
        <Field
          label={t('security_password_new')}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          minLength={8}
          maxLength={128}
          required
          hint={t('security_password_new_hint')}
        />
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? t('main:main_sending') : t('security_password_submit')}
        </button>
      </form>
    </Panel>
  );
}
