/**
 * A player who logged in before confirming their e-mail (allowed; see the server's
 * activation module) is told how many days are left and can have the link sent again.
 * Closing it hides it for this browser session.
 */
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { api } from '../../shell/http.ts';
import { USER_CONFIG_API } from '../user-config/index.ts';
import { safeSessionStorage } from './storage.ts';
import styles from './session.module.css';

const CLOSED_KEY = 'activation_notice_closed';

export function ActivationNotice({ email, daysLeft }: { email: string; daysLeft: number }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [closed, setClosed] = useState(() => safeSessionStorage()?.getItem(CLOSED_KEY) === '1');
  const [sent, setSent] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  if (closed) return null;

  const close = () => {
    try {
      safeSessionStorage()?.setItem(CLOSED_KEY, '1');
    } catch {
      // Blocked storage: shown again on the next page.
    }
    setClosed(true);
  };
  async function resend() {
    setSent('sending');
    const answer = await api.post(USER_CONFIG_API.activateResend, { email });
    setSent(answer.ok ? 'sent' : 'failed');
  }

  return (
    <section className={styles.card} aria-labelledby={titleId} data-testid="activation-notice">
      <h2 id={titleId} className={styles.title}>
        {t('session_activation_title')}
      </h2>
      <p className={styles.text}>{daysLeft > 0 ? t('session_activation_text', { days: daysLeft }) : t('session_activation_overdue')}</p>
      {sent === 'sent' ? (
        <p className={styles.text} role="status">
          {t('session_activation_sent')}
        </p>
      ) : null}
      {sent === 'failed' ? (
        <p className={styles.text} role="alert">
          {t('main_error_generic')}
        </p>
      ) : null}
      <div className={styles.actions}>
        <button type="button" className="btn btn-accent" disabled={sent === 'sending' || sent === 'sent'} onClick={() => void resend()}>
          {t('session_activation_resend')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={close}>
          {t('main_close')}
        </button>
      </div>
    </section>
  );
}
