import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { Field, FormMessage, formStyles } from '../../shell/ui/field.tsx';
import { api, type ApiResult } from '../../shell/http.ts';

export const SUPPORT_ENDPOINTS = {
  question: '/web-api/support/v1/questions',
  history: '/web-api/support/v1/requests',
} as const;

const TOPICS = ['account', 'deposit', 'withdrawal', 'bets', 'casino', 'other'] as const;

/** "Ask a question" (user-question modal and the floating support button). */
export function UserQuestionForm({ loggedIn }: { loggedIn: boolean }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setPending(true);
    setMessage(null);
    const result = await api.post(SUPPORT_ENDPOINTS.question, {
      email: loggedIn ? undefined : String(form.get('email') ?? '').trim(),
      topic: String(form.get('topic') ?? 'other'),
      text: String(form.get('text') ?? '').trim(),
    });
    setPending(false);
    if (result.ok) {
      formElement.reset();
      setMessage({ kind: 'success', text: t('modal_question_sent') });
    } else {
      setMessage({ kind: 'error', text: failureText(result, t) });
    }
  }

  return (
    <form className={formStyles.form} onSubmit={onSubmit}>
      <p className={formStyles.hint}>{t('modal_question_intro')}</p>
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
      {loggedIn ? null : <Field label={t('modal_question_email')} name="email" type="email" autoComplete="email" required />}
      <div className={formStyles.field}>
        <label className={formStyles.label} htmlFor="question-topic">
          {t('modal_question_topic')}
        </label>
        <select id="question-topic" name="topic" className={formStyles.input} defaultValue="account">
          {TOPICS.map((topic) => (
            <option key={topic} value={topic}>
              {t(`modal_question_topic_${topic}`)}
            </option>
          ))}
        </select>
      </div>
      <div className={formStyles.field}>
        <label className={formStyles.label} htmlFor="question-text">
          {t('modal_question_text')}
        </label>
        <textarea id="question-text" name="text" className={formStyles.input} required minLength={10} maxLength={2000} />
      </div>
      <button type="submit" className={`btn btn-accent ${formStyles.submit}`} disabled={pending}>
        {pending ? t('main_sending') : t('modal_question_submit')}
      </button>
    </form>
  );
}

/** What to say when sending failed: not offered yet (404), no connection, or the server's own words. */
function failureText(result: Extract<ApiResult, { ok: false }>, t: (key: string) => string): string {
  if (result.status === 404) return t('modal_question_unavailable');
  if (result.network) return t('main_network_error');
  return result.message ?? t('main_error_generic');
}
