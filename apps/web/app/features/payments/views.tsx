/** Office sections of the payments feature (SPEC §2 office recharge, deduce, historypay). */
import { Link } from '../../shell/link.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { usePaths } from '../../config/paths.ts';
import { Panel } from '../../shell/page-kit.tsx';
import { PaymentForm } from './payment-form.tsx';
import { PaymentHistoryTable } from './history-table.tsx';
import styles from './payments.module.css';

export function RechargeView() {
  const { t } = useTranslation('office');
  const paths = usePaths();
  return (
    <Panel title={t('recharge_title')} id="recharge">
      <PaymentForm direction="deposit" />
      {/* Issue 12: the top-up page leads to the deposit and time limits. */}
      <p className={styles.limits}>
        {t('recharge_limits_text')} <Link to={paths.to('office-responsible')}>{t('recharge_limits_link')}</Link>
      </p>
    </Panel>
  );
}

/** A requested withdrawal waits for the operator and cannot be cancelled by the player. */
export function DeduceView() {
  const { t } = useTranslation('office');
  return (
    <div>
      <Panel title={t('deduce_title')} id="deduce">
        <PaymentForm direction="withdrawal" />
      </Panel>
      <Panel title={t('deduce_requests_title')}>
        <PaymentHistoryTable direction="withdrawal" emptyText={t('deduce_requests_empty')} />
      </Panel>
    </div>
  );
}

export function HistoryPayView() {
  const { t } = useTranslation('office');
  return (
    <Panel title={t('historypay_title')} id="historypay">
      <PaymentHistoryTable emptyText={t('historypay_empty_text')} />
    </Panel>
  );
}
