/**
 * The office "responsible" section (SPEC §2, §3 "Office sections: deposit limit, extra
 * limits (33, 30, 31), reality checks (32), wagering limits, loss limits"): each limit with
 * its value in force, state, what is left in the period, a pending change and when it may be
 * confirmed, the lock of the extra limits while a change waits, the self-exclusion warning,
 * the questionnaire when the server asks it, SPEC §8 texts for saves and actions.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from '../../shell/link.tsx';
import type { AvailableLimits, LimitQuestion, SelfExcludeReasons } from '@betsite/contracts';
import { DEPOSIT_TIMEOUT, REALITY_CHECK, REALITY_CHECK_MINUTES, SELF_EXCLUSION, SELF_EXCLUSION_DAYS, SESSION_HOURS, TIMEOUT_DAYS } from '@betsite/domain';
import { useTranslation } from '../../i18n/react.tsx';
import { useRequiredRootData } from '../../config/root-data.ts';
import { usePaths } from '../../config/paths.ts';
import { useSettings } from '../../shell/settings.tsx';
import { Panel } from '../../shell/page-kit.tsx';
import { Dialog } from '../../shell/ui/dialog.tsx';
import { FormMessage, formStyles } from '../../shell/ui/field.tsx';
import { fetchAvailableLimits, fetchSelfExcludeReasons, saveLimits, sendTestAnswers, type LimitChangeInput } from './api.ts';
import { runLimitAction } from './actions.ts';
import {
  SECTIONS,
  SESSION_HOUR_VALUES,
  changeEffect,
  extraLocked,
  formatAmount,
  formatTime,
  isMoneyType,
  limitRow,
  noneValueOf,
  parseLimitAmount,
  saveAnswerKey,
  selfExclusionOf,
  type LimitRow,
  type SectionId,
} from './protection.ts';
import { limitsStore, useLimits } from './store.ts';
import styles from './protection.module.css';

type Notice = { kind: 'success' | 'error'; text: string; detail?: string | null } | null;

/** Exclusions count days, the session limit hours, the reality check minutes. */
const unitKey = (type: number) => (type === SESSION_HOURS ? 'responsible_hours' : type === REALITY_CHECK ? 'responsible_minutes' : 'responsible_days');

const CHOICES: Record<number, readonly number[]> = {
  [DEPOSIT_TIMEOUT]: TIMEOUT_DAYS,
  [SELF_EXCLUSION]: SELF_EXCLUSION_DAYS,
  [SESSION_HOURS]: SESSION_HOUR_VALUES,
  [REALITY_CHECK]: REALITY_CHECK_MINUTES,
};

export function ResponsibleView() {
  const { t, i18n } = useTranslation('office');
  const { site } = useRequiredRootData();
  const paths = usePaths();
  const { timeZone } = useSettings();
  const snapshot = useLimits();
  const [available, setAvailable] = useState<AvailableLimits | null>(null);
  const [reasons, setReasons] = useState<SelfExcludeReasons['reasons']>([]);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const [questions, setQuestions] = useState<{ tokenGuid: string; questions: LimitQuestion[] } | null>(null);
  const lng = i18n.language;

  useEffect(() => {
    void limitsStore.reload();
    let live = true;
    void fetchAvailableLimits(lng).then((a) => live && a.ok && setAvailable(a.body));
    void fetchSelfExcludeReasons(lng).then((a) => live && a.ok && setReasons(a.body.reasons));
    return () => {
      live = false;
    };
  }, [lng]);

  async function save(change: LimitChangeInput): Promise<boolean> {
    setBusy(true);
    setNotice(null);
    const answer = await saveLimits([change], lng);
    setBusy(false);
    if (!answer.ok) {
      setNotice({ kind: 'error', text: t(saveAnswerKey(answer.status, answer.network)), detail: answer.message });
      return false;
    }
    limitsStore.setList(answer.body.data.limitsData);
    if (answer.body.status === 'questions' && answer.body.data.tokenGuid) {
      setQuestions({ tokenGuid: answer.body.data.tokenGuid, questions: answer.body.data.questions });
      return false;
    }
    setNotice({ kind: 'success', text: t(saveAnswerKey(answer.status)) });
    return true;
  }

  async function act(action: 'confirm' | 'reject', type: number) {
    setBusy(true);
    setNotice(null);
    const outcome = await runLimitAction(action, [type], site.protection.limitActionMode, lng);
    setBusy(false);
    setNotice(outcome.ok ? { kind: 'success', text: t(outcome.key) } : { kind: 'error', text: outcome.message ?? t(outcome.key) });
  }

  if (snapshot.status !== 'ready' && snapshot.status !== 'error') {
    return (
      <Panel title={t('responsible_title')} id="responsible">
        <p aria-busy="true">{t('responsible_loading')}</p>
      </Panel>
    );
  }
  if (snapshot.status === 'error') {
    return (
      <Panel title={t('responsible_title')} id="responsible">
        <FormMessage kind="error">{t(snapshot.network ? 'main:main_network_error' : snapshot.httpStatus === 401 ? 'responsible_save_unauthorized' : 'responsible_load_error')}</FormMessage>
        <button type="button" className="btn btn-ghost" onClick={() => void limitsStore.reload()}>
          {t('main:main_retry')}
        </button>
      </Panel>
    );
  }

  const { limits } = snapshot;
  const excluded = selfExclusionOf(limits);
  const locked = extraLocked(limits);
  const currencyOf = (type: number) => available?.limits.find((a) => a.type === type)?.currency ?? null;
  return (
    <div className={styles.stack} data-testid="responsible">
      <Panel title={t('responsible_about')} id="responsible">
        <p className={styles.intro}>{t('responsible_intro')}</p>
        {excluded ? (
          <div className={styles.banner} role="status" data-testid="self-excluded">
            <strong>{t('responsible_excluded_title')}</strong>
            <p>{excluded.endsAt ? t('responsible_excluded_until', { time: formatTime(excluded.endsAt, lng, timeZone) }) : t('responsible_excluded_text')}</p>
            <p>
              <Link to={paths.to('office-deduce')}>{t('main:office_deduce')}</Link> · <Link to={paths.to('office-history')}>{t('main:office_history')}</Link>
            </p>
          </div>
        ) : null}
        <p role="status" className={notice?.kind === 'success' ? styles.success : styles.quiet} data-testid="responsible-notice">
          {notice?.kind === 'success' ? notice.text : ''}
        </p>
        {notice?.kind === 'error' ? (
          <div role="alert" className={styles.error}>
            <p>{notice.text}</p>
            {notice.detail ? <p className={styles.detail}>{notice.detail}</p> : null}
          </div>
        ) : null}
      </Panel>
      {SECTIONS.map((section) => (
        <Panel key={section.id} title={t(`responsible_section_${section.id}`)} id={`responsible-${section.id}`}>
          <p className={styles.muted}>{t(`responsible_section_${section.id}_text`)}</p>
          {section.id === 'extra' && locked ? (
            <p className={styles.lock} data-testid="extra-locked">
              {t('responsible_extra_locked')}
            </p>
          ) : null}
          <ul className={styles.rows}>
            {section.types.map((type) => (
              <li key={type}>
                <LimitRowView
                  row={limitRow(type, limits.limitsData)}
                  section={section.id}
                  currency={currencyOf(type)}
                  locked={section.id === 'extra' && locked}
                  busy={busy}
                  reasons={reasons}
                  onSave={save}
                  onAction={(action) => void act(action, type)}
                />
              </li>
            ))}
          </ul>
        </Panel>
      ))}
      {questions ? (
        <Questionnaire
          questions={questions.questions}
          onCancel={() => setQuestions(null)}
          onSubmit={async (answers) => {
            const answer = await sendTestAnswers(questions.tokenGuid, answers);
            setQuestions(null);
            if (!answer.ok) return setNotice({ kind: 'error', text: t(saveAnswerKey(answer.status, answer.network)), detail: answer.message });
            limitsStore.setList(answer.body.limitsData);
            setNotice(answer.body.success ? { kind: 'success', text: t('responsible_questions_passed') } : { kind: 'error', text: t('responsible_questions_failed') });
          }}
        />
      ) : null}
    </div>
  );
}

function LimitRowView({
  row,
  section,
  currency,
  locked,
  busy,
  reasons,
  onSave,
  onAction,
}: {
  row: LimitRow;
  section: SectionId;
  currency: string | null;
  locked: boolean;
  busy: boolean;
  reasons: SelfExcludeReasons['reasons'];
  onSave: (change: LimitChangeInput) => Promise<boolean>;
  onAction: (action: 'confirm' | 'reject') => void;
}) {
  const { t, i18n } = useTranslation('office');
  const lng = i18n.language;
  const { timeZone } = useSettings();
  const id = useId();
  const money = isMoneyType(row.type);
  const cur = row.currency ?? currency;
  const [draft, setDraft] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const show = (value: number | null) =>
    value === null ? t('responsible_not_set') : money ? formatAmount(value, cur, lng) : t(unitKey(row.type), { count: value });
  const next = money ? parseLimitAmount(draft) : draft === '' ? null : Number(draft);
  const effect = next === null ? null : changeEffect(row, next);
  const exclusionStarts = row.type === SELF_EXCLUSION && row.value === null && next !== null && next > 0;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (next === null) return setError(t(money ? 'responsible_amount_invalid' : 'responsible_choose_value'));
    setError(null);
    const change: LimitChangeInput = { limitType: row.type, limitValue: next, ...(row.type === SELF_EXCLUSION && reason ? { selfExcludeReason: Number(reason) } : {}) };
    if (await onSave(change)) setDraft('');
  }

  const disabled = busy || locked;
  return (
    <article className={styles.row} aria-labelledby={`${id}-name`} data-testid={`limit-${row.type}`}>
      <header className={styles.rowHead}>
        <h3 id={`${id}-name`} className={styles.rowName}>
          {t(`main:protection_limit_${row.type}`)}
        </h3>
        <span className={`${styles.badge} ${styles[row.state]}`} data-testid="limit-state">
          {t(`responsible_state_${row.state}`)}
        </span>
      </header>
      <dl className={styles.facts}>
        <div>
          <dt>{t('responsible_current')}</dt>
          <dd data-testid="limit-value">{show(row.value)}</dd>
        </div>
        {row.left !== null && row.value !== null ? (
          <div>
            <dt>{t('responsible_left')}</dt>
            <dd>{formatAmount(row.left, cur, lng)}</dd>
          </div>
        ) : null}
        {row.endsAt !== null ? (
          <div>
            <dt>{t('responsible_ends')}</dt>
            <dd>{formatTime(row.endsAt, lng, timeZone)}</dd>
          </div>
        ) : null}
      </dl>
      {row.pending ? (
        <div className={styles.pending} data-testid="limit-pending">
          <p>
            {row.pending.value === null ? t('responsible_pending_removal') : t('responsible_pending_change', { value: show(row.pending.value) })}{' '}
            {row.pending.due
              ? t('responsible_pending_due')
              : row.pending.approveAt !== null
                ? t('responsible_pending_until', { time: formatTime(row.pending.approveAt, lng, timeZone) })
                : null}
          </p>
          <div className={styles.actions}>
            {row.pending.due ? (
              <button type="button" className="btn btn-primary" disabled={busy} onClick={() => onAction('confirm')}>
                {t('responsible_confirm')}
              </button>
            ) : null}
            <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => onAction('reject')}>
              {t('responsible_cancel_change')}
            </button>
          </div>
        </div>
      ) : null}
      <form className={styles.editor} onSubmit={(e) => void submit(e)} noValidate>
        <div className={formStyles.field}>
          <label className={formStyles.label} htmlFor={`${id}-value`}>
            {money ? t('responsible_new_amount', { currency: cur ?? '' }) : t(`responsible_new_${section === 'reality' ? 'reality' : row.type}`)}
          </label>
          {money ? (
            <input
              id={`${id}-value`}
              className={formStyles.input}
              inputMode="numeric"
              autoComplete="off"
              value={draft}
              disabled={disabled}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-hint`}
              onChange={(e) => setDraft(e.target.value)}
            />
          ) : (
            <select id={`${id}-value`} className={formStyles.input} value={draft} disabled={disabled} aria-describedby={`${id}-hint`} onChange={(e) => setDraft(e.target.value)}>
              <option value="">{t('responsible_choose')}</option>
              {(CHOICES[row.type] ?? []).map((v) => (
                <option key={v} value={v}>
                  {t(unitKey(row.type), { count: v })}
                </option>
              ))}
              {row.type === SESSION_HOURS || row.type === REALITY_CHECK ? <option value={noneValueOf(row.type)}>{t('responsible_off')}</option> : null}
            </select>
          )}
        </div>
        {row.type === SELF_EXCLUSION && reasons.length > 0 ? (
          <div className={formStyles.field}>
            <label className={formStyles.label} htmlFor={`${id}-reason`}>
              {t('responsible_reason')}
            </label>
            <select id={`${id}-reason`} className={formStyles.input} value={reason} disabled={disabled} onChange={(e) => setReason(e.target.value)}>
              <option value="">{t('responsible_reason_none')}</option>
              {reasons.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.selfExcludeReason}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className={styles.actions}>
          <button type="submit" className="btn btn-primary" disabled={disabled}>
            {t(exclusionStarts ? 'responsible_start_exclusion' : 'responsible_save')}
          </button>
          {money && row.value !== null && !row.pending ? (
            <button type="button" className="btn btn-ghost" disabled={disabled} onClick={() => void onSave({ limitType: row.type, limitValue: noneValueOf(row.type) })}>
              {t('responsible_remove')}
            </button>
          ) : null}
        </div>
        <p id={`${id}-hint`} className={styles.muted}>
          {error ?? (effect ? t(`responsible_effect_${effect}`) : t(money ? 'responsible_hint_money' : 'responsible_hint_choice'))}
        </p>
        {exclusionStarts ? (
          <p className={styles.warning} role="alert" data-testid="exclusion-warning">
            {t('responsible_exclusion_warning', { days: next })}
          </p>
        ) : null}
      </form>
    </article>
  );
}

function Questionnaire({
  questions,
  onCancel,
  onSubmit,
}: {
  questions: readonly LimitQuestion[];
  onCancel: () => void;
  onSubmit: (answers: { questionId: number; answerId: number }[]) => Promise<void>;
}) {
  const { t } = useTranslation('office');
  const [answers, setAnswers] = useState<Record<number, number>>({});
  const [pending, setPending] = useState(false);
  const complete = questions.every((q) => answers[q.id] !== undefined);
  return (
    <Dialog title={t('responsible_questions_title')} closeLabel={t('responsible_questions_cancel')} onClose={onCancel}>
      <form
        className={formStyles.form}
        onSubmit={(e) => {
          e.preventDefault();
          if (!complete) return;
          setPending(true);
          void onSubmit(questions.map((q) => ({ questionId: q.id, answerId: answers[q.id]! }))).finally(() => setPending(false));
        }}
      >
        <p className={styles.muted}>{t('responsible_questions_text')}</p>
        {questions.map((q) => (
          <fieldset key={q.id} className={styles.question}>
            <legend>{q.text}</legend>
            {q.answers.map((a) => (
              <label key={a.id} className={formStyles.check}>
                <input type="radio" name={`q${q.id}`} value={a.id} checked={answers[q.id] === a.id} onChange={() => setAnswers({ ...answers, [q.id]: a.id })} />
                <span>{a.text}</span>
              </label>
            ))}
          </fieldset>
        ))}
        <div className={styles.actions}>
          <button type="submit" className="btn btn-primary" disabled={!complete || pending}>
            {t('responsible_questions_submit')}
          </button>
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            {t('responsible_questions_cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
