/** The player's live sessions (devices): log out one of them, or every one but this. */
import { useState } from 'react';
import type { SecuritySession } from '@betsite/contracts';
import { useTranslation } from '../../i18n/react.tsx';
import { api } from '../../shell/http.ts';
import { Panel } from '../../shell/page-kit.tsx';
import { NoticeLine, type Notice } from './notice.tsx';
import type { PanelProps } from './panel-props.ts';
import { errorText, SECURITY_URLS } from './security.ts';
import styles from './security.module.css';

export function SessionsPanel({ state, reload, formatDate }: PanelProps) {
  const { t } = useTranslation('office');
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const others = state.sessions.filter((s) => !s.current).length;

  const describe = (s: SecuritySession) => {
    const device = t(`security_device_${s.device}`);
    if (!s.browser && !s.os) return device;
    return [s.browser, s.os].filter(Boolean).join(' · ') + ` (${device})`;
  };

  async function revokeOthers() {
    setBusy('others');
    setNotice(null);
    const result = await api.post<{ revoked: number }>(SECURITY_URLS.revokeOthers);
    if (result.ok) {
      setNotice({ kind: 'success', text: t('security_sessions_revoked_others', { count: result.body.revoked }) });
      await reload();
    } else setNotice({ kind: 'error', text: errorText(result, t) });
    setBusy(null);
  }

  async function revoke(session: SecuritySession) {
    setBusy(session.id);
    setNotice(null);
    const result = await api.post(SECURITY_URLS.revokeSession, { id: session.id });
    if (result.ok) {
      setNotice({ kind: 'success', text: t('security_sessions_revoked_one', { device: describe(session) }) });
      await reload();
    } else setNotice({ kind: 'error', text: errorText(result, t) });
    setBusy(null);
  }

  return (
    <Panel title={t('security_sessions_title')} id="security-sessions">
      <NoticeLine notice={notice} />
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{t('security_sessions_device')}</th>
            <th scope="col">{t('security_sessions_ip')}</th>
            <th scope="col">{t('security_sessions_created')}</th>
            <th scope="col">{t('security_sessions_last_seen')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('security_sessions_actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {state.sessions.map((s) => (
            <tr key={s.id} data-testid={s.current ? 'session-current' : 'session-other'}>
              <th scope="row">{describe(s)}</th>
              <td>{s.ip ?? '—'}</td>
              <td>{formatDate(s.createdAt)}</td>
              <td>{formatDate(s.lastSeenAt)}</td>
              <td>
                {s.current ? (
                  <span className={styles.badge}>{t('security_sessions_current')}</span>
                ) : (
                  <button
                    type="button"
                    className="btn btn-ghost"
                    disabled={busy !== null}
                    aria-label={t('security_sessions_revoke_label', { device: describe(s) })}
                    onClick={() => void revoke(s)}
                  >
                    {t('security_sessions_revoke')}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {others > 0 ? (
        <button type="button" className="btn btn-primary" disabled={busy !== null} onClick={() => void revokeOthers()}>
          {t('security_sessions_revoke_others')}
        </button>
      ) : (
        <p className={styles.muted}>{t('security_sessions_none_others')}</p>
      )}
    </Panel>
  );
}
