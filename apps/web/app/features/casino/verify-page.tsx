/**
 * The provably-fair verify page: paste a round's seeds, nonce and input — or arrive from the
 * history with `?round=id` — and the browser recomputes the round with the game server's own
 * code and says whether the revealed seed is the one whose hash was shown before play.
 */
import { useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../../shell/link.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { usePaths } from '../../config/paths.ts';
import { PageHeading, Panel } from '../../shell/page-kit.tsx';
import { searchWithModal } from '../modals/index.ts';
import type { VerifyData } from './loaders.ts';
import { minorText } from './money.ts';
import { emptyVerifyForm, formFromRound, matchesRecorded, VERIFY_ENGINES, verifyForm, type VerifyForm, type VerifyOutcome } from './verify.ts';
import styles from './casino.module.css';

export function VerifyPage({ data }: { data: VerifyData }) {
  const { t } = useTranslation('casino');
  const paths = usePaths();
  const location = useLocation();
  const ids = useId();
  const { round } = data;
  const [form, setForm] = useState<VerifyForm>(() => (round ? formFromRound(round) : emptyVerifyForm));
  const [outcome, setOutcome] = useState<VerifyOutcome | null>(null);
  const unrevealed = round !== null && round.fairness.serverSeed === null;

  // A round from the history is checked at once (in the browser, after hydration).
  useEffect(() => {
    if (round && round.fairness.serverSeed !== null) setOutcome(verifyForm(formFromRound(round)));
  }, [round]);

  const field = (name: keyof VerifyForm, label: string, opts: { wide?: boolean; area?: boolean; hint?: string } = {}) => (
    <div className={`${styles.field} ${opts.wide ? styles.wide : ''}`}>
      <label htmlFor={`${ids}-${name}`} className={styles.label}>
        {label}
      </label>
      {opts.area ? (
        <textarea id={`${ids}-${name}`} value={form[name]} spellCheck={false} onChange={(e) => setForm({ ...form, [name]: e.target.value })} aria-describedby={opts.hint ? `${ids}-${name}-hint` : undefined} />
      ) : (
        <input
          id={`${ids}-${name}`}
          value={form[name]}
          spellCheck={false}
          autoComplete="off"
          inputMode={name === 'nonce' ? 'numeric' : undefined}
          onChange={(e) => setForm({ ...form, [name]: e.target.value })}
          aria-describedby={opts.hint ? `${ids}-${name}-hint` : undefined}
        />
      )}
      {opts.hint ? (
        <span id={`${ids}-${name}-hint`} className={styles.count}>
          {opts.hint}
        </span>
      ) : null}
    </div>
  );

  return (
    <>
      <PageHeading />
      <p className={styles.intro}>{t('verify_intro')}</p>
      {data.roundError === 'login' ? (
        <div className={styles.notice} role="note">
          <p>
            {t('verify_round_login')} <Link to={`${location.pathname}${searchWithModal(location.search, 'login')}`}>{t('login')}</Link>
          </p>
        </div>
      ) : data.roundError ? (
        <div className={styles.notice} role="alert">
          <p>{t(`verify_round_${data.roundError}`)}</p>
        </div>
      ) : null}
      {unrevealed ? (
        <div className={styles.notice} role="note" data-testid="seed-unrevealed">
          <p>{t('verify_unrevealed')}</p>
        </div>
      ) : null}
      <Panel title={t('verify_form_title')} id="verify-form">
        <form
          className={styles.verifyForm}
          onSubmit={(event) => {
            event.preventDefault();
            setOutcome(verifyForm(form));
          }}
        >
          <div className={styles.field}>
            <label htmlFor={`${ids}-engine`} className={styles.label}>
              {t('verify_engine')}
            </label>
            <select id={`${ids}-engine`} value={form.engine} onChange={(e) => setForm({ ...form, engine: e.target.value })}>
              {VERIFY_ENGINES.map((engine) => (
                <option key={engine} value={engine}>
                  {t(`engine_${engine.replace(/-/g, '_')}`, { defaultValue: engine })}
                </option>
              ))}
            </select>
          </div>
          {field('nonce', t('verify_nonce'))}
          {field('serverSeed', t('verify_server_seed'), { wide: true })}
          {field('serverSeedHash', t('verify_server_seed_hash'), { wide: true, hint: t('verify_hash_hint') })}
          {field('clientSeed', t('verify_client_seed'), { wide: true })}
          {field('input', t('verify_input'), { wide: true, area: true, hint: t('verify_input_hint') })}
          <div className={styles.wide}>
            <button type="submit" className="btn btn-primary">
              {t('verify_submit')}
            </button>
          </div>
        </form>
        <div aria-live="polite" data-testid="verify-result">
          {outcome ? <VerifyVerdict outcome={outcome} round={round} /> : null}
        </div>
      </Panel>
      <p className={styles.description}>
        <Link to={paths.to('office-history', {}, { tab: 'casino' })}>{t('verify_history_link')}</Link>
      </p>
    </>
  );
}

function VerifyVerdict({ outcome, round }: { outcome: VerifyOutcome; round: VerifyData['round'] }) {
  const { t, i18n } = useTranslation('casino');
  if (!outcome.ok) {
    return (
      <p className={`${styles.verdict} ${styles.verdictBad}`} role="alert">
        {t(`verify_error_${outcome.error}`)}
        {outcome.detail ? ` (${outcome.detail})` : ''}
      </p>
    );
  }
  const recorded = round ? matchesRecorded(outcome, round) : null;
  const fair = outcome.hashMatches !== false && recorded !== false;
  return (
    <>
      <p className={`${styles.verdict} ${fair ? styles.verdictOk : styles.verdictBad}`} data-testid="verify-verdict">
        {outcome.hashMatches === null ? t('verify_no_hash') : outcome.hashMatches ? t('verify_hash_ok') : t('verify_hash_bad')}
        {recorded === null ? null : (
          <>
            <br />
            {recorded ? t('verify_recorded_ok') : t('verify_recorded_bad')}
          </>
        )}
      </p>
      <dl className={`${styles.facts} ${styles.narrow}`}>
        <dt>{t('verify_status')}</dt>
        <dd>{t(`round_status_${outcome.status}`)}</dd>
        <dt>{t('history_stake')}</dt>
        <dd data-testid="verify-stake">{minorText(outcome.stake, i18n.language, round?.currency)}</dd>
        <dt>{t('history_win')}</dt>
        <dd data-testid="verify-win">{minorText(outcome.win, i18n.language, round?.currency)}</dd>
      </dl>
      <h3 className={styles.outcomeTitle}>{t('verify_outcome')}</h3>
      <pre className={`${styles.result} ${styles.mono}`}>{JSON.stringify(outcome.view, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v), 2)}</pre>
    </>
  );
}
