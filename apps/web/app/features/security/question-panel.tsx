/** The security question: one from our list, the answer stored hashed (never shown again). */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { api } from '../../shell/http.ts';
import { Panel } from '../../shell/page-kit.tsx';
import { Field, formStyles } from '../../shell/ui/field.tsx';
import { NoticeLine, type Notice } from './notice.tsx';
import type { PanelProps } from './panel-props.ts';
import { errorText, SECURITY_QUESTIONS, SECURITY_URLS } from './security.ts';
import styles from './security.module.css';

export function QuestionPanel({ state, guard, reload }: PanelProps) {
  const { t } = useTranslation('office');
  const selectId = useId();
  const [notice, setNotice] = useState<Notice>(null);
  const [pending, setPending] = useState(false);
  const chosen = state.securityQuestion.question;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setPending(true);
    setNotice(null);
    const result = await guard(() =>
      api.post(SECURITY_URLS.question, { question: String(form.get('question') ?? ''), answer: String(form.get('answer') ?? '') }),
    );
    if (result.ok) {
      formElement.reset();
      setNotice({ kind: 'success', text: t('security_question_done') });
      await reload();
    } else setNotice({ kind: 'error', text: errorText(result, t) });
    setPending(false);
  }

  return (
    <Panel title={t('security_question_title')} id="security-question">
      <p className={styles.muted}>{chosen ? t('security_question_current', { question: t(`security_q_${chosen}`) }) : t('security_question_none')}</p>
      <NoticeLine notice={notice} />
      <form className={formStyles.form} onSubmit={(e) => void onSubmit(e)}>
        <div className={formStyles.field}>
          <label className={formStyles.label} htmlFor={selectId}>
            {t('security_question_field')}
          </label>
          <select id={selectId} name="question" className={formStyles.input} defaultValue={chosen ?? SECURITY_QUESTIONS[0]} required>
            {SECURITY_QUESTIONS.map((q) => (
              <option key={q} value={q}>
                {t(`security_q_${q}`)}
              </option>
            ))}
          </select>
        </div>
        <Field label={t('security_question_answer')} name="answer" autoComplete="off" minLength={2} maxLength={200} required hint={t('security_question_answer_hint')} />
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {t('security_question_save')}
        </button>
      </form>
    </Panel>
  );
}
