/** Office sections of the payments feature (SPEC §2 office recharge, deduce, historypay). */
import { useTranslation } from '../../i18n/react.tsx';
import { Panel } from '../../shell/page-kit.tsx';
import { PaymentForm } from './payment-form.tsx';
import { PaymentHistoryTable } from './history-table.tsx';

export function RechargeView() {
  const { t } = useTranslation('office');
  return (
    <Panel title={t('recharge_title')} id="recharge">
      <PaymentForm direction="deposit" />
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
