/**
 * The office "security" section (SPEC §2 security and two-step authentication): the
 * protection level, password, two-step authentication, phone binding, security question
 * and sessions. The state comes from `GET /web-api/office/v1/security` after hydration
 * and again after every change; sensitive changes ask for the password first when the
 * server wants a fresh re-authentication.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { api } from '../../shell/http.ts';
import { Panel } from '../../shell/page-kit.tsx';
import { PasswordPanel } from './password-panel.tsx';
import { PhonePanel } from './phone-panel.tsx';
import { ProtectionPanel } from './protection-panel.tsx';
import { QuestionPanel } from './question-panel.tsx';
import { useReauth } from './reauth.tsx';
import { isSecurityState, SECURITY_URLS, type SecurityState } from './security.ts';
import { SessionsPanel } from './sessions-panel.tsx';
import { TwoStepPanel } from './two-step-panel.tsx';
import styles from './security.module.css';

export function SecurityView() {
  const { t, i18n } = useTranslation('office');
  const [state, setState] = useState<SecurityState | null>(null);
  const [failed, setFailed] = useState(false);
  const { guard, dialog } = useReauth(state?.reauthByCode ?? false);

  const reload = useCallback(async () => {
    const result = await api.get(SECURITY_URLS.state);
    if (result.ok && isSecurityState(result.body)) {
      setState(result.body);
      setFailed(false);
    } else setFailed(true);
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  const formatDate = useCallback(
    (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)),
    [i18n.language],
  );

  if (!state) {
    return (
      <Panel title={t('security_title')} id="security">
        <p role={failed ? 'alert' : 'status'}>{failed ? t('security_load_failed') : t('security_loading')}</p>
      </Panel>
    );
  }

  const props = { state, guard, reload, formatDate };
  return (
    <div className={styles.stack}>
      <ProtectionPanel state={state} />
      <PasswordPanel {...props} />
      <TwoStepPanel {...props} />
      <PhonePanel {...props} />
      <QuestionPanel {...props} />
      <SessionsPanel {...props} />
      {dialog}
    </div>
  );
}
