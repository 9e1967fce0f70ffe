/**
 * Phone binding (SPEC §4 "Phone update"): a new number gets an SMS code; the code binds
 * it. The server answers the same whether or not the number can be bound, so the page
 * always moves on to the code step.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { api } from '../../shell/http.ts';
import { Panel } from '../../shell/page-kit.tsx';
import { Field, formStyles } from '../../shell/ui/field.tsx';
import { NoticeLine, type Notice } from './notice.tsx';
import type { PanelProps } from './panel-props.ts';
import { errorText, SECURITY_URLS } from './security.ts';
import styles from './security.module.css';

export function PhonePanel({ state, guard, reload }: PanelProps) {
  const { t } = useTranslation('office');
  const [phone, setPhone] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [pending, setPending] = useState(false);

  async function sendCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const number = String(new FormData(event.currentTarget).get('phone') ?? '').trim();
    setPending(true);
    setNotice(null);
    const result = await guard(() => api.post(SECURITY_URLS.phoneCode, { phone: number }));
    if (result.ok) {
      setPhone(number);
      setNotice({ kind: 'success', text: t('security_phone_code_sent') });
    } else setNotice({ kind: 'error', text: errorText(result, t) });
    setPending(false);
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!phone) return;
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    setPending(true);
    setNotice(null);
    const result = await guard(() => api.post(SECURITY_URLS.phoneConfirm, { phone, code }));
    if (result.ok) {
      setPhone(null);
      setNotice({ kind: 'success', text: t('security_phone_done') });
      await reload();
    } else setNotice({ kind: 'error', text: errorText(result, t) });
    setPending(false);
  }

  const current = state.phone.number;
  return (
    <Panel title={t('security_phone_title')} id="security-phone">
      <p className={styles.muted}>
        {current ? (state.phone.verified ? t('security_phone_current', { phone: current }) : t('security_phone_unverified', { phone: current })) : t('security_phone_none')}
      </p>
      <NoticeLine notice={notice} />
      {phone ? (
        <form className={formStyles.form} onSubmit={(e) => void confirm(e)}>
          <Field label={t('security_phone_code_field')} name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" maxLength={6} required />
          <div className={styles.row}>
            <button type="submit" className="btn btn-primary" disabled={pending}>
              {t('security_phone_confirm')}
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => setPhone(null)}>
              {t('security_reauth_cancel')}
            </button>
          </div>
        </form>
      ) : (
        <form className={formStyles.form} onSubmit={(e) => void sendCode(e)}>
          <Field label={t('security_phone_field')} name="phone" type="tel" autoComplete="tel" inputMode="tel" required hint={t('security_phone_hint')} />
          <button type="submit" className="btn btn-primary" disabled={pending}>
            {t('security_phone_send')}
          </button>
        </form>
      )}
    </Panel>
  );
}
