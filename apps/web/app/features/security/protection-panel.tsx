/** SPEC §4 protection level: a meter with its status, and which protection methods are on. */
import { PROTECTION_METHODS, protectionStatus } from '@betsite/domain';
import { useTranslation } from '../../i18n/react.tsx';
import { Panel } from '../../shell/page-kit.tsx';
import type { SecurityState } from './security.ts';
import styles from './security.module.css';

export function ProtectionPanel({ state }: { state: SecurityState }) {
  const { t } = useTranslation('office');
  const level = state.protection_level;
  const status = protectionStatus(level);
  return (
    <Panel title={t('security_protection_title')} id="security-protection">
      <div className={styles.meterRow}>
        <meter className={styles.meter} min={0} max={100} low={31} high={70} optimum={100} value={level ?? 0} aria-label={t('security_protection_title')}>
          {level ?? 0}
        </meter>
        <p>
          {t('security_protection_level', { level: level ?? 0 })} —{' '}
          <span className={styles.status} data-status={status}>
            {t(`security_status_${status}`)}
          </span>
        </p>
      </div>
      <ul className={styles.methods}>
        {PROTECTION_METHODS.map((method) => {
          const on = state.protection_methods[method];
          return (
            <li key={method}>
              <span className={styles.mark} data-on={on} aria-hidden="true">
                {on ? '✓' : '○'}
              </span>
              <span>
                {t(`security_method_${method}`)}
                <span className="visually-hidden">: {on ? t('security_method_on') : t('security_method_off')}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </Panel>
  );
}
