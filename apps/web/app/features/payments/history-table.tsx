/** The player's deposits and withdrawals, newest first, with "show more". */
import { useEffect, useState } from 'react';
import type { Payment } from '@betsite/contracts';
import { useTranslation } from '../../i18n/react.tsx';
import { FormMessage } from '../../shell/ui/field.tsx';
import { loadHistory } from './api.ts';
import styles from './payments.module.css';

export function PaymentHistoryTable({ direction, emptyText }: { direction?: 'deposit' | 'withdrawal'; emptyText: string }) {
  const { t, i18n } = useTranslation('office');
  const [payments, setPayments] = useState<Payment[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  const load = async (before?: string) => {
    const result = await loadHistory(20, before);
    if (!result.ok) return setFailed(true);
    setPayments((current) => [...(before ? (current ?? []) : []), ...result.value.payments]);
    setCursor(result.value.nextCursor);
  };
  useEffect(() => {
    void load();
  }, []);

  if (failed) return <FormMessage kind="error">{t('pay_history_error')}</FormMessage>;
  if (!payments) return <p aria-busy="true">{t('pay_loading')}</p>;
  const shown = direction ? payments.filter((p) => p.direction === direction) : payments;
  if (shown.length === 0) return <p className={styles.note}>{emptyText}</p>;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{t('pay_col_date')}</th>
            <th scope="col">{t('pay_col_type')}</th>
            <th scope="col">{t('pay_col_method')}</th>
            <th scope="col">{t('pay_col_amount')}</th>
            <th scope="col">{t('pay_col_status')}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((p) => (
            <tr key={p.id} data-payment-id={p.id}>
              <td>{date.format(new Date(p.createdAt))}</td>
              <td>{t(`pay_direction_${p.direction}`)}</td>
              <td>{t(`pay_method_${p.method}`)}</td>
              <td className={styles.amount}>{`${p.direction === 'withdrawal' ? '−' : '+'}${p.amount} ${p.currency}`}</td>
              <td>{t(`pay_status_${p.status}`, { defaultValue: p.status })}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {cursor ? (
        <button type="button" className="btn btn-ghost" onClick={() => void load(cursor)}>
          {t('pay_more')}
        </button>
      ) : null}
    </>
  );
}
