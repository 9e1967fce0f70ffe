/**
 * The recharge (deposit) and deduce (withdrawal) form: account, amount with quick amounts,
 * method. When the server has no payment provider (the history says `available: false`, or
 * a submit answers 503), the form gives way to a notice that payments are unavailable.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from '../../shell/link.tsx';
import { CURRENCIES, isCurrencyCode } from '@betsite/domain';
import type { PaymentAccount, PaymentMethod } from '@betsite/contracts';
import { useTranslation } from '../../i18n/react.tsx';
import { EmptyState } from '../../shell/page-kit.tsx';
import { usePaths } from '../../config/paths.ts';
import { useSettings } from '../../shell/settings.tsx';
import { limitRefusalOf, limitRefusalText, type LimitRefusal } from '../protection/index.ts';
import { Field, FormMessage, formStyles } from '../../shell/ui/field.tsx';
import { createPayment, loadHistory, newIdempotencyKey } from './api.ts';
import styles from './payments.module.css';

const QUICK_AMOUNTS = ['100', '500', '1000', '5000'];

export function PaymentForm({ direction }: { direction: 'deposit' | 'withdrawal' }) {
  const { t, i18n } = useTranslation('office');
  const [accounts, setAccounts] = useState<PaymentAccount[] | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [accountId, setAccountId] = useState('');
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<PaymentMethod>('card');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A deposit past a limit (decision 0019): what is left and the way to the limits.
  const [limitRefusal, setLimitRefusal] = useState<LimitRefusal | null>(null);
  const paths = usePaths();
  const { timeZone } = useSettings();
  const [unavailable, setUnavailable] = useState(false);
  // One key per intended payment: a retry after a network error repeats the same request.
  const [key, setKey] = useState(newIdempotencyKey);

  useEffect(() => {
    let live = true;
    void loadHistory(1).then((result) => {
      if (!live) return;
      if (!result.ok) return setLoadError(true);
      setAccounts(result.value.accounts);
      setAccountId(result.value.accounts[0]?.id ?? '');
      setUnavailable(!result.value.available);
    });
    return () => {
      live = false;
    };
  }, []);

  const change = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setKey(newIdempotencyKey());
  };
  const account = accounts?.find((a) => a.id === accountId);
  const symbol = account && isCurrencyCode(account.currency) ? CURRENCIES[account.currency].symbol : '';

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError(null);
    setLimitRefusal(null);
    const result = await createPayment(direction, { accountId, amount: amount.trim().replace(',', '.'), method, language: i18n.language }, key);
    if (result.ok && result.value.redirectUrl) {
      window.location.assign(result.value.redirectUrl);
      return;
    }
    setPending(false);
    if (result.ok) return;
    if (result.status === 503) return setUnavailable(true);
    const refusal = limitRefusalOf(result.code ?? null, result.body);
    if (refusal) return setLimitRefusal(refusal);
    setError(result.status === null ? t('main:main_network_error') : (result.message ?? t('main:main_error_generic')));
  }

  if (unavailable) return <EmptyState icon="!" headingLevel={3} title={t('pay_unavailable_title')} text={t('pay_unavailable_text')} />;
  if (loadError) return <FormMessage kind="error">{t('pay_accounts_error')}</FormMessage>;
  if (!accounts) return <p aria-busy="true">{t('pay_loading')}</p>;

  const prefix = direction === 'deposit' ? 'recharge' : 'deduce';
  return (
    <form className={formStyles.form} onSubmit={onSubmit}>
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      {limitRefusal ? (
        <div role="alert" className={styles.refusal} data-testid="limit-refusal">
          <p>{limitRefusalText(limitRefusal, t, i18n.language, timeZone)}</p>
          <Link to={paths.to('office-responsible')}>{t('recharge_limits_link')}</Link>
        </div>
      ) : null}
      <div className={formStyles.field}>
        <label className={formStyles.label} htmlFor={`${prefix}-account`}>
          {t('pay_account')}
        </label>
        <select id={`${prefix}-account`} className={styles.select} value={accountId} onChange={(e) => change(setAccountId)(e.target.value)} required>
          {accounts.map((a) => (
            <option key={a.id} value={a.id}>
              {`${t(a.type === 'main' ? 'pay_account_main' : 'pay_account_currency')} · ${a.balance} ${a.currency}`}
            </option>
          ))}
        </select>
      </div>
      <Field
        label={`${t('pay_amount')}${symbol ? `, ${symbol}` : ''}`}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        required
        pattern="\d+([.,]\d{1,2})?"
        value={amount}
        onChange={(e) => change(setAmount)(e.target.value)}
      />
      <div className={styles.quick} role="group" aria-label={t('pay_quick_amounts')}>
        {QUICK_AMOUNTS.map((q) => (
          <button key={q} type="button" className="btn btn-ghost" aria-pressed={amount === q} onClick={() => change(setAmount)(q)}>
            {`${q} ${symbol}`.trim()}
          </button>
        ))}
      </div>
      <fieldset className={styles.methods}>
        <legend>{t('pay_method')}</legend>
        {(['card', 'ewallet'] as const).map((m) => (
          <label key={m} className={formStyles.check}>
            <input type="radio" name="method" value={m} checked={method === m} onChange={() => change(setMethod)(m)} />
            <span>{t(`pay_method_${m}`)}</span>
          </label>
        ))}
      </fieldset>
      {direction === 'withdrawal' ? <p className={styles.note}>{t('deduce_note')}</p> : null}
      <button type="submit" className={`btn btn-accent ${formStyles.submit}`} disabled={pending || !accountId}>
        {pending ? t('main:main_sending') : t(direction === 'deposit' ? 'recharge_submit' : 'deduce_submit')}
      </button>
    </form>
  );
}
