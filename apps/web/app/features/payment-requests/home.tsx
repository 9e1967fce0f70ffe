/** payment/requests: report a problem by topic, and the player's requests with their status. */
import { useEffect, useState } from 'react';
import { Link } from '../../shell/link.tsx';
import type { PaymentRequestSummary } from '@betsite/contracts';
import { useTranslation } from '../../i18n/react.tsx';
import { usePaths } from '../../config/paths.ts';
import { EmptyState, Panel } from '../../shell/page-kit.tsx';
import { loadRequests } from './api.ts';
import { LoadState, StatusBadge, useDateFormat, useTopics, type Loading } from './shared.tsx';
import styles from './payment-requests.module.css';

export function TopicChooser() {
  const { t } = useTranslation('office');
  const paths = usePaths();
  const [topics, retry] = useTopics();
  return (
    <Panel title={t('preq_new_title')} id="payment-request-topics">
      <p className={styles.note}>{t('preq_new_intro')}</p>
      {topics.state === 'ready' ? (
        <ul className={styles.topics}>
          {topics.value.map((topic) => (
            <li key={topic.id}>
              <Link className={styles.topic} to={paths.to('office-payment-create-request', { topicId: topic.id })}>
                {topic.name}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <LoadState loading={topics} onRetry={retry} errorText={t('preq_topics_error')} />
      )}
    </Panel>
  );
}

function RequestList() {
  const { t, i18n } = useTranslation('office');
  const paths = usePaths();
  const date = useDateFormat();
  const [list, setList] = useState<Loading<{ requests: PaymentRequestSummary[]; nextCursor: string | null }>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [more, setMore] = useState(false);

  useEffect(() => {
    let live = true;
    setList({ state: 'loading' });
    void loadRequests(i18n.language).then((r) => {
      if (live) setList(r.ok ? { state: 'ready', value: r.value } : { state: 'failed', failure: r });
    });
    return () => {
      live = false;
    };
  }, [i18n.language, attempt]);

  async function showMore(cursor: string) {
    setMore(true);
    const next = await loadRequests(i18n.language, cursor);
    setMore(false);
    if (!next.ok) return;
    setList((current) =>
      current.state === 'ready' ? { state: 'ready', value: { requests: [...current.value.requests, ...next.value.requests], nextCursor: next.value.nextCursor } } : current,
    );
  }

  if (list.state !== 'ready') return <LoadState loading={list} onRetry={() => setAttempt((n) => n + 1)} errorText={t('preq_load_error')} />;
  const { requests, nextCursor } = list.value;
  if (requests.length === 0) return <EmptyState icon="✉" headingLevel={3} title={t('preq_empty_title')} text={t('preq_empty_text')} />;
  return (
    <>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{t('preq_col_number')}</th>
            <th scope="col">{t('preq_col_topic')}</th>
            <th scope="col">{t('preq_col_status')}</th>
            <th scope="col">{t('preq_col_updated')}</th>
          </tr>
        </thead>
        <tbody>
          {requests.map((r) => (
            <tr key={r.id} data-request-id={r.id}>
              <th scope="row">
                <Link to={paths.to('office-payment-requests', undefined, { request: r.id })} aria-label={t('preq_open_link', { number: r.number })}>
                  {`#${r.number}`}
                </Link>
              </th>
              <td>
                {r.topic.name}
                {r.subTopic ? <span className={styles.sub}>{r.subTopic.name}</span> : null}
              </td>
              <td>
                <StatusBadge status={r.status} />
              </td>
              <td>
                <time dateTime={r.updatedAt}>{date(r.updatedAt)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {nextCursor ? (
        <button type="button" className="btn btn-ghost" disabled={more} aria-busy={more} onClick={() => void showMore(nextCursor)}>
          {t('pay_more')}
        </button>
      ) : null}
    </>
  );
}

export function RequestsHome() {
  const { t } = useTranslation('office');
  return (
    <div className={styles.stack}>
      <TopicChooser />
      <Panel title={t('preq_list_title')} id="payment-request-list">
        <RequestList />
      </Panel>
    </div>
  );
}
