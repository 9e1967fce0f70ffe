/** payment/{topicId}/transactions: which of the player's payments the request is about. */
import { Link } from '../../shell/link.tsx';
import type { PaymentTopic } from '@betsite/contracts';
import { useTranslation } from '../../i18n/react.tsx';
import { usePaths } from '../../config/paths.ts';
import { EmptyState, Panel } from '../../shell/page-kit.tsx';
import { loadTransactions } from './api.ts';
import { NoSuchTopic } from './request-form.tsx';
import { LoadState, useDateFormat, useLoad, useTopics } from './shared.tsx';
import styles from './payment-requests.module.css';

export function TransactionPicker({ topicId, subTopicId }: { topicId: number; subTopicId: number | null }) {
  const { t } = useTranslation('office');
  const [topics, retry] = useTopics();
  if (topics.state !== 'ready') {
    return (
      <Panel title={t('preq_picker_title')} id="payment-request-picker">
        <LoadState loading={topics} onRetry={retry} errorText={t('preq_topics_error')} />
      </Panel>
    );
  }
  const topic = topics.value.find((x) => x.id === topicId);
  if (!topic) return <NoSuchTopic />;
  return <Picker topic={topic} subTopicId={subTopicId} />;
}

function Picker({ topic, subTopicId }: { topic: PaymentTopic; subTopicId: number | null }) {
  const { t } = useTranslation('office');
  const paths = usePaths();
  const date = useDateFormat();
  const [transactions, retry] = useLoad(() => loadTransactions(topic.id), [topic.id]);
  const sub = subTopicId ?? undefined;
  const formLink = paths.to('office-payment-create-request', { topicId: topic.id }, { sub });

  return (
    <Panel title={t('preq_picker_title')} id="payment-request-picker">
      <p className={styles.note}>{t('preq_picker_intro', { topic: topic.name })}</p>
      {transactions.state !== 'ready' ? (
        <LoadState loading={transactions} onRetry={retry} errorText={t('preq_transactions_error')} />
      ) : transactions.value.length === 0 ? (
        <EmptyState
          headingLevel={3}
          title={t('preq_picker_empty_title')}
          text={t(topic.transaction === 'required' ? 'preq_picker_empty_text' : 'preq_picker_empty_optional')}
          links={[
            ...(topic.transaction === 'required' ? [] : [{ to: formLink, label: t('preq_picker_without'), primary: true }]),
            { to: paths.to('office-payment-requests'), label: t('preq_back_to_topics') },
          ]}
        />
      ) : (
        <>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('pay_col_date')}</th>
                <th scope="col">{t('pay_col_type')}</th>
                <th scope="col">{t('pay_col_amount')}</th>
                <th scope="col">{t('pay_col_status')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('accounts_col_actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {transactions.value.map((p) => {
                const amount = `${p.direction === 'withdrawal' ? '−' : '+'}${p.amount} ${p.currency}`;
                return (
                  <tr key={p.id} data-payment-id={p.id}>
                    <td>
                      <time dateTime={p.createdAt}>{date(p.createdAt)}</time>
                    </td>
                    <td>{t(`pay_direction_${p.direction}`)}</td>
                    <td className={styles.amount}>{amount}</td>
                    <td>{t(`pay_status_${p.status}`, { defaultValue: p.status })}</td>
                    <td>
                      <Link
                        className="btn btn-ghost"
                        to={paths.to('office-payment-transactions', { topicId: topic.id, transactionId: p.id }, { sub })}
                        aria-label={t('preq_picker_choose_label', { type: t(`pay_direction_${p.direction}`), amount, date: date(p.createdAt) })}
                      >
                        {t('preq_picker_choose')}
                      </Link>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <p className={styles.actions}>
            {topic.transaction === 'required' ? null : (
              <Link to={formLink} className="btn btn-ghost">
                {t('preq_picker_without')}
              </Link>
            )}
            <Link to={paths.to('office-payment-requests')} className="btn btn-ghost">
              {t('preq_back_to_topics')}
            </Link>
          </p>
        </>
      )}
    </Panel>
  );
}
