/** Pieces every payment-request screen uses: topics loading, failure texts, a payment line, the status. */
import { useCallback, useEffect, useState } from 'react';
import type { Payment, PaymentRequestStatus, PaymentTopic } from '@betsite/contracts';
import { useTranslation } from '../../i18n/react.tsx';
import { loadTopics, type Failure } from './api.ts';
import { failureKey } from './flow.ts';
import styles from './payment-requests.module.css';

export type Loading<T> = { state: 'loading' } | { state: 'failed'; failure: Failure } | { state: 'ready'; value: T };

/** Loads once per `deps` change; `reload` tries again after a failure. */
export function useLoad<T>(load: () => Promise<{ ok: true; value: T } | Failure>, deps: readonly unknown[]): [Loading<T>, () => void] {
  const [result, setResult] = useState<Loading<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setResult({ state: 'loading' });
    void load().then((r) => {
      if (live) setResult(r.ok ? { state: 'ready', value: r.value } : { state: 'failed', failure: r });
    });
    return () => {
      live = false;
    };
    // The caller lists what `load` depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, attempt]);
  return [result, useCallback(() => setAttempt((n) => n + 1), [])];
}

export function useTopics(): [Loading<PaymentTopic[]>, () => void] {
  const { i18n } = useTranslation('office');
  return useLoad(() => loadTopics(i18n.language), [i18n.language]);
}

/** The text for a failed call: ours for the codes we know, else the server's message, else a generic one. */
export function useFailureText(): (failure: Failure) => string {
  const { t } = useTranslation('office');
  return (failure) => {
    const key = failureKey(failure);
    if (key) return t(key);
    return failure.message ?? t('main:main_error_generic');
  };
}

/** "Loading…" or the error with a retry button (keyboard reachable, announced). */
export function LoadState({ loading, onRetry, errorText }: { loading: Loading<unknown>; onRetry: () => void; errorText: string }) {
  const { t } = useTranslation('office');
  const failureText = useFailureText();
  if (loading.state === 'loading') {
    return (
      <p role="status" aria-busy="true" className={styles.note}>
        {t('preq_loading')}
      </p>
    );
  }
  if (loading.state === 'failed') {
    return (
      <div role="alert" className={styles.problem}>
        <p>{loading.failure.status === null ? failureText(loading.failure) : errorText}</p>
        <button type="button" className="btn btn-ghost" onClick={onRetry}>
          {t('preq_retry')}
        </button>
      </div>
    );
  }
  return null;
}

export function useDateFormat(): (iso: string) => string {
  const { i18n } = useTranslation('office');
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (iso) => format.format(new Date(iso));
}

/** One payment in a line: type, amount, status, date. */
export function PaymentLine({ payment }: { payment: Payment }) {
  const { t } = useTranslation('office');
  const date = useDateFormat();
  return (
    <span className={styles.payment}>
      <span>{t(`pay_direction_${payment.direction}`)}</span>
      <span className={styles.amount}>{`${payment.direction === 'withdrawal' ? '−' : '+'}${payment.amount} ${payment.currency}`}</span>
      <span>{t(`pay_status_${payment.status}`, { defaultValue: payment.status })}</span>
      <time dateTime={payment.createdAt}>{date(payment.createdAt)}</time>
    </span>
  );
}

const BADGES: Record<PaymentRequestStatus, string | undefined> = { open: styles.badgeOpen, answered: styles.badgeAnswered, closed: styles.badgeClosed };

export function StatusBadge({ status }: { status: PaymentRequestStatus }) {
  const { t } = useTranslation('office');
  return <span className={`${styles.badge} ${BADGES[status] ?? ''}`}>{t(`preq_status_${status}`)}</span>;
}
