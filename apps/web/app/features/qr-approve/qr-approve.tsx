/**
 * The office QR login page (SPEC §2 account menu "QR login (auth_qr)"), the approving side:
 * the player types the code another device shows (or arrives from its QR code with
 * `?code=`), sees which browser, system and IP address asks, and approves or rejects. Only a
 * logged-in player reaches the office; the server checks the session again on every call.
 */
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { QR_LOGIN_API } from '@betsite/contracts';
import { useTranslation } from '../../i18n/react.tsx';
import { api } from '../../shell/http.ts';
import { Panel } from '../../shell/page-kit.tsx';
import { Field, FormMessage, formStyles } from '../../shell/ui/field.tsx';
import styles from './qr-approve.module.css';

// The contract's values, repeated so the page does not bundle zod; `satisfies` keeps them honest.
const URLS = {
  lookup: '/web-api/office/v1/auth-qr/lookup',
  approve: '/web-api/office/v1/auth-qr/approve',
  reject: '/web-api/office/v1/auth-qr/reject',
} as const satisfies Pick<typeof QR_LOGIN_API, 'lookup' | 'approve' | 'reject'>;

interface Details {
  code: string;
  browser: string | null;
  os: string | null;
  ip: string | null;
  createdAt: string;
}

type Outcome = 'approved' | 'rejected';

const ERROR_KEYS: Readonly<Record<string, string>> = {
  qr_not_found: 'auth_qr_not_found',
  qr_expired: 'auth_qr_expired',
  qr_already_decided: 'auth_qr_decided',
};

export function QrApproveView() {
  const { t, i18n } = useTranslation('office');
  const [search] = useSearchParams();
  const [code, setCode] = useState(() => search.get('code') ?? '');
  const [details, setDetails] = useState<Details | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const failure = (result: { network: boolean; code: string | null; message: string | null }) => {
    if (result.network) return t('main:main_network_error');
    const key = result.code ? ERROR_KEYS[result.code] : undefined;
    return key ? t(key) : (result.message ?? t('main:main_error_generic'));
  };

  async function check(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError(null);
    setOutcome(null);
    const result = await api.post<Details>(URLS.lookup, { code });
    setPending(false);
    if (result.ok) setDetails(result.body);
    else {
      setDetails(null);
      setError(failure(result));
    }
  }

  async function decide(decision: 'approve' | 'reject') {
    if (!details) return;
    setPending(true);
    setError(null);
    const result = await api.post<{ status: Outcome }>(URLS[decision], { code: details.code });
    setPending(false);
    if (result.ok) {
      setOutcome(result.body.status);
      setDetails(null);
      setCode('');
    } else setError(failure(result));
  }

  const unknown = t('auth_qr_unknown');
  return (
    <Panel title={t('auth_qr_title')} id="auth-qr">
      <div className={formStyles.form}>
        <p>{t('auth_qr_intro')}</p>
        {outcome ? <FormMessage kind="success">{t(outcome === 'approved' ? 'auth_qr_approved' : 'auth_qr_rejected')}</FormMessage> : null}
        {error ? <FormMessage kind="error">{error}</FormMessage> : null}
        {details ? (
          <section className={styles.request} aria-labelledby="auth-qr-who">
            <h3 id="auth-qr-who">{t('auth_qr_who')}</h3>
            <dl className={styles.facts}>
              <dt>{t('auth_qr_browser')}</dt>
              <dd>{details.browser ?? unknown}</dd>
              <dt>{t('auth_qr_system')}</dt>
              <dd>{details.os ?? unknown}</dd>
              <dt>{t('auth_qr_ip')}</dt>
              <dd>{details.ip ?? unknown}</dd>
              <dt>{t('auth_qr_time')}</dt>
              <dd>{new Date(details.createdAt).toLocaleTimeString(i18n.language)}</dd>
            </dl>
            <p className={styles.warning}>{t('auth_qr_warning')}</p>
            <div className={styles.actions}>
              <button type="button" className="btn btn-accent" disabled={pending} onClick={() => void decide('approve')}>
                {t('auth_qr_approve')}
              </button>
              <button type="button" className="btn btn-ghost" disabled={pending} onClick={() => void decide('reject')}>
                {t('auth_qr_reject')}
              </button>
            </div>
          </section>
        ) : (
          <form className={formStyles.form} onSubmit={check}>
            <Field
              label={t('auth_qr_code')}
              name="code"
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={12}
              required
            />
            <button type="submit" className={`btn btn-accent ${formStyles.submit}`} disabled={pending}>
              {outcome ? t('auth_qr_another') : t('auth_qr_check')}
            </button>
          </form>
        )}
      </div>
    </Panel>
  );
}
