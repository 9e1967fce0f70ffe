/** On an onpay page with `?payment=`: the payment's amount and current state (from the server, not the URL). */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Payment } from '@betsite/contracts';
import { useTranslation } from '../../i18n/react.tsx';
import { loadPayment } from './api.ts';

export function PaymentStatusNote() {
  const { t } = useTranslation('payments');
  const [params] = useSearchParams();
  const id = params.get('payment');
  const [payment, setPayment] = useState<Payment | null>(null);

  useEffect(() => {
    if (!id) return;
    let live = true;
    void loadPayment(id).then((result) => {
      if (live && result.ok) setPayment(result.value);
    });
    return () => {
      live = false;
    };
  }, [id]);

  if (!payment) return null;
  return (
    <p role="status" data-testid="payment-status">
      {t('payment_status_line', { amount: `${payment.amount} ${payment.currency}`, status: t(`status_${payment.status}`, { defaultValue: t(`office:pay_status_${payment.status}`, { defaultValue: payment.status }) }) })}
    </p>
  );
}
