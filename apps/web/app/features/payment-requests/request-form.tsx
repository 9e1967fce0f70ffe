/**
 * The form of a new request under a topic: sub-topic, the transaction it is about (chosen
 * on the transactions page, carried in the url), and the message.
 */
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../../shell/link.tsx';
import { PAYMENT_REQUEST_LIMITS, type Payment, type PaymentTopic } from '@betsite/contracts';
import { useTranslation } from '../../i18n/react.tsx';
import { usePaths } from '../../config/paths.ts';
import { EmptyState, Panel } from '../../shell/page-kit.tsx';
import { FormMessage, formStyles } from '../../shell/ui/field.tsx';
import { loadTransactions, newIdempotencyKey, openRequest, type Failure } from './api.ts';
import { existingRequestOf, messageProblem } from './flow.ts';
import { LoadState, PaymentLine, useFailureText, useLoad, useTopics } from './shared.tsx';
import styles from './payment-requests.module.css';

interface FormProps {
  topicId: number;
  subTopicId: number | null;
  transactionId: string | null;
}

export function NoSuchTopic() {
  const { t } = useTranslation('office');
  const paths = usePaths();
  return (
    <Panel>
      <EmptyState
        icon="?"
        title={t('preq_topic_missing_title')}
        text={t('preq_topic_missing_text')}
        links={[{ to: paths.to('office-payment-requests'), label: t('preq_back_to_topics'), primary: true }]}
      />
    </Panel>
  );
}

export function RequestForm(props: FormProps) {
  const { t } = useTranslation('office');
  const [topics, retry] = useTopics();
  if (topics.state !== 'ready') {
    return (
      <Panel title={t('preq_new_title')} id="payment-request-form">
        <LoadState loading={topics} onRetry={retry} errorText={t('preq_topics_error')} />
      </Panel>
    );
  }
  const topic = topics.value.find((x) => x.id === props.topicId);
  if (!topic) return <NoSuchTopic />;
  // A new form (fresh state) when the url's choice changes.
  return <TopicForm key={`${props.topicId}/${props.subTopicId}/${props.transactionId}`} topic={topic} {...props} />;
}

function TopicForm({ topic, subTopicId, transactionId }: FormProps & { topic: PaymentTopic }) {
  const { t, i18n } = useTranslation('office');
  const paths = usePaths();
  const navigate = useNavigate();
  const failureText = useFailureText();
  const messageId = useId();
  const [sub, setSub] = useState<number | null>(topic.subtopics.some((s) => s.id === subTopicId) ? subTopicId : null);
  const [message, setMessage] = useState('');
  const [checked, setChecked] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  // One key per intended request: a retry after a network error repeats the same request.
  const [key, setKey] = useState(newIdempotencyKey);
  const [transactions, retryTransactions] = useLoad<Payment[]>(
    () => (transactionId && topic.transaction !== 'none' ? loadTransactions(topic.id) : Promise.resolve({ ok: true as const, value: [] })),
    [topic.id, transactionId, topic.transaction],
  );
  const chosen = transactions.state === 'ready' ? transactions.value.find((p) => p.id === transactionId) : undefined;

  const edited = () => {
    setKey(newIdempotencyKey());
    setFailure(null);
    setLocalError(null);
  };
  const problem = messageProblem(message);
  const pickerLink = paths.to('office-payment-transactions', { topicId: topic.id }, { sub: sub ?? undefined });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChecked(true);
    setFailure(null);
    setLocalError(null);
    if (problem) return;
    if (topic.transaction === 'required' && !chosen) {
      setLocalError(t('preq_error_transaction_required'));
      return;
    }
    setPending(true);
    const result = await openRequest({ topicId: topic.id, subTopicId: sub, transactionId: chosen?.id ?? null, message: message.trim() }, i18n.language, key);
    setPending(false);
    if (result.ok) {
      void navigate(paths.to('office-payment-requests', undefined, { request: result.value.id, sent: '1' }));
      return;
    }
    setFailure(result);
  }

  const existing = failure ? existingRequestOf(failure) : null;
  const counterId = `${messageId}-counter`;
  const hintId = `${messageId}-hint`;
  return (
    <Panel title={t('preq_form_title', { topic: topic.name })} id="payment-request-form">
      <form className={formStyles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
        {failure ? (
          <FormMessage kind="error">
            {failureText(failure)}
            {existing ? (
              <>
                {' '}
                <Link to={paths.to('office-payment-requests', undefined, { request: existing.requestId })}>{t('preq_open_link', { number: existing.number })}</Link>
              </>
            ) : null}
          </FormMessage>
        ) : null}
        {localError ? <FormMessage kind="error">{localError}</FormMessage> : null}

        {topic.subtopics.length > 0 ? (
          <fieldset className={styles.choices}>
            <legend>{t('preq_subtopic')}</legend>
            {topic.subtopics.map((s) => (
              <label key={s.id} className={formStyles.check}>
                <input
                  type="radio"
                  name="subTopic"
                  value={s.id}
                  checked={sub === s.id}
                  onChange={() => {
                    setSub(s.id);
                    edited();
                  }}
                />
                <span>{s.name}</span>
              </label>
            ))}
            <label className={formStyles.check}>
              <input
                type="radio"
                name="subTopic"
                value=""
                checked={sub === null}
                onChange={() => {
                  setSub(null);
                  edited();
                }}
              />
              <span>{t('preq_subtopic_none')}</span>
            </label>
          </fieldset>
        ) : null}

        {topic.transaction === 'none' ? null : (
          <div className={formStyles.field} role="group" aria-labelledby={`${messageId}-tx`}>
            <span className={formStyles.label} id={`${messageId}-tx`}>
              {topic.transaction === 'required' ? t('preq_transaction') : t('preq_transaction_optional')}
            </span>
            {transactionId === null ? (
              <p className={styles.note}>{t(topic.transaction === 'required' ? 'preq_transaction_required_hint' : 'preq_transaction_optional_hint')}</p>
            ) : transactions.state !== 'ready' ? (
              <LoadState loading={transactions} onRetry={retryTransactions} errorText={t('preq_transactions_error')} />
            ) : chosen ? (
              <p>
                <PaymentLine payment={chosen} />
              </p>
            ) : (
              <p role="alert" className={styles.problem}>
                {t('preq_transaction_unknown')}
              </p>
            )}
            <p>
              <Link to={pickerLink} className={transactionId === null && topic.transaction === 'required' ? 'btn btn-primary' : undefined}>
                {transactionId === null ? t('preq_transaction_choose') : t('preq_transaction_change')}
              </Link>
            </p>
          </div>
        )}

        <div className={formStyles.field}>
          <label className={formStyles.label} htmlFor={messageId}>
            {t('preq_message')}
          </label>
          <textarea
            id={messageId}
            name="message"
            className={formStyles.input}
            rows={6}
            required
            minLength={PAYMENT_REQUEST_LIMITS.messageMin}
            maxLength={PAYMENT_REQUEST_LIMITS.messageMax}
            aria-invalid={checked && problem !== null}
            aria-describedby={`${hintId} ${counterId}`}
            value={message}
            onChange={(e) => {
              setMessage(e.target.value);
              edited();
            }}
          />
          <span id={hintId} className={formStyles.hint}>
            {checked && problem === 'short' ? (
              <strong className={styles.problemText}>{t('preq_message_short', { min: PAYMENT_REQUEST_LIMITS.messageMin })}</strong>
            ) : (
              t('preq_message_hint', { min: PAYMENT_REQUEST_LIMITS.messageMin })
            )}
          </span>
          <span id={counterId} className={formStyles.hint}>
            {t('preq_message_counter', { count: message.trim().length, max: PAYMENT_REQUEST_LIMITS.messageMax })}
          </span>
        </div>

        <div className={styles.actions}>
          <button type="submit" className={`btn btn-accent ${formStyles.submit}`} disabled={pending} aria-busy={pending}>
            {pending ? t('main:main_sending') : t('preq_submit')}
          </button>
          <Link to={paths.to('office-payment-requests')} className="btn btn-ghost">
            {t('preq_back_to_topics')}
          </Link>
        </div>
      </form>
    </Panel>
  );
}
