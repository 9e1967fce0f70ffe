/**
 * A logged-in player's protection on every page (SPEC §4), its own chunk:
 *
 * - a due raise or removal opens the non-closable approval dialog (confirm or reject); before
 *   it is due, a timer reads the limits again at the due time (steps of at most 5 minutes);
 * - the session limit: a ping every 30 s while one applies; when the hours are used the
 *   notice says so, and closing or confirming it logs out;
 * - the reality check: a timer to the server's stored next-show time (read again each step,
 *   so it survives a reload), then the dialog with elapsed time, the session's net position,
 *   a link to history, continue or log out; each choice is reported.
 */
import { useCallback, useEffect, useState } from 'react';
import { useMatches } from 'react-router';
import { Link } from '../../shell/link.tsx';
import type { PlayerLimit, RealityCheckState } from '@betsite/contracts';
import { afterLogout, routeByName } from '@betsite/domain';
import { useTranslation } from '../../i18n/react.tsx';
import { useRequiredRootData } from '../../config/root-data.ts';
import { usePaths } from '../../config/paths.ts';
import { api } from '../../shell/http.ts';
import { useSettings } from '../../shell/settings.tsx';
import { useNotifications } from '../../shell/notifications/index.ts';
import { Dialog } from '../../shell/ui/dialog.tsx';
import { FormMessage, formStyles } from '../../shell/ui/field.tsx';
import { fetchRealityCheck, ping, reportRealityCheck } from './api.ts';
import { runLimitAction } from './actions.ts';
import {
  PING_MS,
  STEP_MS,
  approvalRecheckIn,
  dueChanges,
  elapsedParts,
  formatAmount,
  formatTime,
  isMoneyType,
  isNone,
  realityCheckPlan,
  sessionLimitApplies,
  sessionNotice,
} from './protection.ts';
import { limitsStore, useLimits } from './store.ts';
import styles from './protection.module.css';

const LOGOUT_URL = '/web-api/auth/v1/disconnect';

/** Logs out (the server may have ended the session already) and leaves as the logout button does. */
function useLeave(): () => Promise<void> {
  const paths = usePaths();
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  const playersOnly = leaf ? routeByName(leaf.id)?.meta.access === 'user' : false;
  const home = paths.to('home');
  return useCallback(async () => {
    await api.post(LOGOUT_URL, {}, { refreshOn401: false });
    limitsStore.reset();
    if (afterLogout({ visitorsAllowed: !playersOnly }) === 'home') window.location.assign(home);
    else window.location.reload();
  }, [playersOnly, home]);
}

export default function ProtectionWatch() {
  const snapshot = useLimits();
  const limits = snapshot.status === 'ready' ? snapshot.limits : null;
  const [sessionEnd, setSessionEnd] = useState<{ nextAllowedAt: number | null } | null>(null);
  const [reality, setReality] = useState<RealityCheckState | null>(null);
  const [realityRound, setRealityRound] = useState(0);

  useEffect(() => {
    void limitsStore.reload();
  }, []);

  // SPEC §4: before a change is due, read the limits again at its due time.
  useEffect(() => {
    if (!limits) return;
    const wait = approvalRecheckIn(limits.limitsData, Date.now());
    if (wait === null) return;
    const timer = setTimeout(() => void limitsStore.reload(), wait);
    return () => clearTimeout(timer);
  }, [limits]);

  const pinging = sessionLimitApplies(limits) && sessionEnd === null;
  useEffect(() => {
    if (!pinging) return;
    let stopped = false;
    const beat = () =>
      void ping().then((answer) => {
        const notice = answer.ok ? sessionNotice(answer.body) : null;
        if (!stopped && notice) setSessionEnd(notice);
      });
    beat();
    const timer = setInterval(beat, PING_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [pinging]);

  const interval = limits?.limitsData.find((l) => l.limitType === 32 && l.limitState === 'ACTIVE')?.limitValue ?? null;
  const realityOn = interval !== null && !isNone(32, interval);
  useEffect(() => {
    if (!realityOn) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async () => {
      const answer = await fetchRealityCheck();
      if (stopped) return;
      if (!answer.ok) {
        timer = setTimeout(() => void check(), STEP_MS);
        return;
      }
      const plan = realityCheckPlan(answer.body, Date.now());
      if (plan === 'show') setReality(answer.body);
      else if (plan) timer = setTimeout(() => void check(), plan.ms);
    };
    void check();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [realityOn, interval, realityRound]);

  const due = limits ? dueChanges(limits.limitsData) : [];
  if (sessionEnd) return <SessionEndedDialog nextAllowedAt={sessionEnd.nextAllowedAt} />;
  if (due.length > 0) return <ApprovalDialog due={due} />;
  if (reality)
    return (
      <RealityCheckDialog
        state={reality}
        onDone={() => {
          setReality(null);
          setRealityRound((n) => n + 1);
        }}
      />
    );
  return null;
}

/** SPEC §4 "Deposit limit to approve: at the due time a non-closable confirm dialog with approve or reject". */
function ApprovalDialog({ due }: { due: readonly PlayerLimit[] }) {
  const { t, i18n } = useTranslation();
  const { site } = useRequiredRootData();
  const notifications = useNotifications();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const lng = i18n.language;
  const show = (l: PlayerLimit, value: number) =>
    isNone(l.limitType, value)
      ? t('protection_no_limit')
      : isMoneyType(l.limitType)
        ? formatAmount(value, l.currency, lng)
        : t(l.limitType === 31 ? 'protection_value_hours' : l.limitType === 32 ? 'protection_value_minutes' : 'protection_value_days', { count: value });

  async function act(action: 'confirm' | 'reject') {
    setPending(true);
    setError(null);
    const outcome = await runLimitAction(
      action,
      due.map((l) => l.limitType),
      site.protection.limitActionMode,
      lng,
    );
    setPending(false);
    if (outcome.ok) notifications.notify({ area: 'bottom-right', kind: 'success', title: t(outcome.key) });
    else setError(outcome.message ?? t(outcome.key));
  }

  return (
    <Dialog title={t('protection_approve_title')} closeLabel={t('main_close')} onClose={() => undefined} closable={false}>
      <div data-testid="limit-approval">
        <p className={styles.dialogText}>{t('protection_approve_text')}</p>
        <ul className={styles.changes}>
          {due.map((l) => (
            <li key={l.limitType}>
              <strong>{t(`protection_limit_${l.limitType}`)}</strong>: {show(l, l.limitValue)} → {show(l, l.pendingValue!)}
            </li>
          ))}
        </ul>
        {error ? <FormMessage kind="error">{error}</FormMessage> : null}
        <div className={styles.actions}>
          <button type="button" className="btn btn-primary" disabled={pending} onClick={() => void act('confirm')}>
            {t('protection_approve')}
          </button>
          <button type="button" className="btn btn-ghost" disabled={pending} onClick={() => void act('reject')}>
            {t('protection_reject')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

/** SPEC §4 reality check: continue, log out, or nothing (closing); each choice reported. */
function RealityCheckDialog({ state, onDone }: { state: RealityCheckState; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const paths = usePaths();
  const leave = useLeave();
  const [never, setNever] = useState(false);
  const [pending, setPending] = useState(false);
  const a = state.data.attributes;
  const { hours, minutes } = elapsedParts(a.elapsed_seconds);

  async function answer(action: 'continue' | 'log_out' | 'nothing') {
    setPending(true);
    await reportRealityCheck(action, action !== 'log_out' && never);
    if (action === 'log_out') return leave();
    onDone();
  }

  return (
    <Dialog title={t('protection_reality_title')} closeLabel={t('main_close')} onClose={() => void answer('nothing')}>
      <div data-testid="reality-check">
        <p className={styles.dialogText}>{t('protection_reality_text', { minutes: a.interval_minutes ?? '' })}</p>
        <dl className={styles.figures}>
          <dt>{t('protection_reality_elapsed')}</dt>
          <dd data-testid="reality-elapsed">{t('protection_duration', { hours, minutes })}</dd>
          <dt>{t('protection_reality_net')}</dt>
          <dd data-testid="reality-net">{formatAmount(a.net_position, a.currency, i18n.language, true)}</dd>
        </dl>
        <p className={styles.dialogText}>
          <Link to={paths.to('office-history')} onClick={() => void answer('nothing')}>
            {t('protection_reality_history')}
          </Link>
        </p>
        <label className={formStyles.check}>
          <input type="checkbox" checked={never} onChange={(e) => setNever(e.target.checked)} />
          <span>{t('protection_reality_never')}</span>
        </label>
        <div className={styles.actions}>
          <button type="button" className="btn btn-primary" disabled={pending} onClick={() => void answer('continue')}>
            {t('protection_reality_continue')}
          </button>
          <button type="button" className="btn btn-ghost" disabled={pending} onClick={() => void answer('log_out')}>
            {t('header_logout')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

/** SPEC §4/§8 session limit: the notice, then logout when it is closed or confirmed. */
function SessionEndedDialog({ nextAllowedAt }: { nextAllowedAt: number | null }) {
  const { t, i18n } = useTranslation();
  const { timeZone } = useSettings();
  const leave = useLeave();
  const [pending, setPending] = useState(false);
  const out = () => {
    if (pending) return;
    setPending(true);
    void leave();
  };
  return (
    <Dialog title={t('protection_session_title')} closeLabel={t('main_close')} onClose={out}>
      <div data-testid="session-limit-notice">
        <p className={styles.dialogText}>
          {nextAllowedAt === null ? t('protection_session_text') : t('protection_session_text_until', { time: formatTime(nextAllowedAt, i18n.language, timeZone) })}
        </p>
        <button type="button" className="btn btn-primary" disabled={pending} onClick={out}>
          {t('protection_session_ok')}
        </button>
      </div>
    </Dialog>
  );
}
