/** payment/requests?request={id}: one request, its conversation, a reply and closing it. */
import { useId, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../../shell/link.tsx';
import { PAYMENT_REQUEST_LIMITS, type PaymentRequestDetail } from '@betsite/contracts';
import { useTranslation } from '../../i18n/react.tsx';
import { usePaths } from '../../config/paths.ts';
import { EmptyState, Panel } from '../../shell/page-kit.tsx';
import { FormMessage, formStyles } from '../../shell/ui/field.tsx';
import { closeRequest, loadRequest, newIdempotencyKey, sendReply, type Failure } from './api.ts';
import { canReply, messageProblem } from './flow.ts';
import { LoadState, PaymentLine, StatusBadge, useDateFormat, useFailureText, useLoad } from './shared.tsx';
import styles from './payment-requests.module.css';

export function RequestDetail({ id }: { id: string }) {
  const { t, i18n } = useTranslation('office');
  const paths = usePaths();
  const [loaded, retry] = useLoad(() => loadRequest(id, i18n.language), [id, i18n.language]);

  if (loaded.state === 'failed' && loaded.failure.status === 404) {
    return (
      <Panel>
        <EmptyState
          icon="?"
          title={t('preq_missing_title')}
          text={t('preq_missing_text')}
          links={[{ to: paths.to('office-payment-requests'), label: t('preq_back_to_list'), primary: true }]}
        />
      </Panel>
    );
  }
  if (loaded.state !== 'ready') {
    return (
      <Panel title={t('preq_list_title')} id="payment-request">
        <LoadState loading={loaded} onRetry={retry} errorText={t('preq_request_error')} />
      </Panel>
    );
  }
  return <Conversation key={loaded.value.id} loaded={loaded.value} />;
}

function Conversation({ loaded }: { loaded: PaymentRequestDetail }) {
  const { t, i18n } = useTranslation('office');
  const paths = usePaths();
  const date = useDateFormat();
  const failureText = useFailureText();
  const [search] = useSearchParams();
  const replyId = useId();
  // Replies and closing answer the request as it now is.
  const [request, onChange] = useState(loaded);
  const [reply, setReply] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);
  const [busy, setBusy] = useState<null | 'reply' | 'close'>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [notice, setNotice] = useState<string | null>(search.get('sent') === '1' ? t('preq_sent', { number: request.number }) : null);
  const [checked, setChecked] = useState(false);
  const replyRef = useRef<HTMLTextAreaElement>(null);
  const problem = messageProblem(reply, 1);
  const titleId = `${replyId}-title`;

  async function onReply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChecked(true);
    if (problem || busy) return;
    setBusy('reply');
    setFailure(null);
    setNotice(null);
    const result = await sendReply(request.id, reply.trim(), i18n.language, key);
    setBusy(null);
    if (!result.ok) return setFailure(result);
    onChange(result.value);
    setReply('');
    setChecked(false);
    setKey(newIdempotencyKey());
    setNotice(t('preq_reply_sent'));
    replyRef.current?.focus();
  }

  async function onClose() {
    if (busy) return;
    setBusy('close');
    setFailure(null);
    setNotice(null);
    const result = await closeRequest(request.id, i18n.language);
    setBusy(null);
    if (!result.ok) return setFailure(result);
    onChange(result.value);
    setNotice(t('preq_closed_notice'));
  }

  return (
    <div className={styles.stack}>
      <Panel title={t('preq_detail_title', { number: request.number })} id={titleId}>
        {notice ? (
          <p role="status" className={styles.notice}>
            {notice}
          </p>
        ) : null}
        {failure ? <FormMessage kind="error">{failureText(failure)}</FormMessage> : null}
        <dl className={styles.facts}>
          <dt>{t('preq_col_status')}</dt>
          <dd>
            <StatusBadge status={request.status} />
          </dd>
          <dt>{t('preq_col_topic')}</dt>
          <dd>
            {request.topic.name}
            {request.subTopic ? <span className={styles.sub}>{request.subTopic.name}</span> : null}
          </dd>
          {request.transaction ? (
            <>
              <dt>{t('preq_transaction')}</dt>
              <dd>
                <PaymentLine payment={request.transaction} />
              </dd>
            </>
          ) : null}
          <dt>{t('preq_detail_opened')}</dt>
          <dd>
            <time dateTime={request.createdAt}>{date(request.createdAt)}</time>
          </dd>
        </dl>

        <h3 className={styles.threadTitle}>{t('preq_messages')}</h3>
        <ol className={styles.thread}>
          {request.messages.map((m) => (
            <li key={m.id} className={`${styles.message} ${m.author === 'operator' ? styles.fromOperator : ''}`}>
              <p className={styles.meta}>
                <strong>{t(`preq_author_${m.author}`)}</strong> · <time dateTime={m.createdAt}>{date(m.createdAt)}</time>
              </p>
              <p className={styles.body}>{m.body}</p>
            </li>
          ))}
        </ol>

        {canReply(request.status) ? (
          <form className={formStyles.form} onSubmit={(e) => void onReply(e)} noValidate>
            <div className={formStyles.field}>
              <label className={formStyles.label} htmlFor={replyId}>
                {t('preq_reply')}
              </label>
              <textarea
                ref={replyRef}
                id={replyId}
                name="reply"
                className={formStyles.input}
                rows={4}
                required
                maxLength={PAYMENT_REQUEST_LIMITS.messageMax}
                aria-invalid={checked && problem !== null}
                aria-describedby={`${replyId}-hint`}
                value={reply}
                onChange={(e) => {
                  setReply(e.target.value);
                  setKey(newIdempotencyKey());
                }}
              />
              <span id={`${replyId}-hint`} className={formStyles.hint}>
                {checked && problem === 'short' ? <strong className={styles.problemText}>{t('preq_reply_empty')}</strong> : t('preq_reply_hint')}
              </span>
            </div>
            <div className={styles.actions}>
              <button type="submit" className="btn btn-accent" disabled={busy !== null} aria-busy={busy === 'reply'}>
                {busy === 'reply' ? t('main:main_sending') : t('preq_reply_submit')}
              </button>
              <button type="button" className="btn btn-ghost" disabled={busy !== null} aria-busy={busy === 'close'} onClick={() => void onClose()}>
                {t('preq_close')}
              </button>
            </div>
          </form>
        ) : (
          <p className={styles.note}>{t('preq_closed_note')}</p>
        )}
        <p>
          <Link to={paths.to('office-payment-requests')}>{t('preq_back_to_list')}</Link>
        </p>
      </Panel>
    </div>
  );
}
