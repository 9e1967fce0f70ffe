/**
 * "My bets" (issue 11): the player's coupons, newest first, filtered open / settled / all,
 * each with its type, stake, odds, possible win or payout, status, date and selections
 * (teams, pick, odds, a result icon per selection); "More" pages on. In the slip's tab
 * (compact) and in the office (office → My bets).
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../../shell/link.tsx';
import { formatCoef } from '@betsite/domain';
import type { Coupon } from '@betsite/contracts';
import { useTranslation } from '../../i18n/react.tsx';
import { useRequiredRootData } from '../../config/root-data.ts';
import { usePaths } from '../../config/paths.ts';
import { useSettings } from '../../shell/settings.tsx';
import { EmptyState, Panel } from '../../shell/page-kit.tsx';
import { searchWithModal } from '../modals/index.ts';
import { fetchHistory, type HistoryStatus } from './api.ts';
import { CouponActions } from './coupon-actions.tsx';
import { VipReview } from './vip-review.tsx';
import actionStyles from './coupon-actions.module.css';
import { betOutcome, couponNumber, couponState, couponTypeLabel, formatAmount, type BetOutcome, type CouponState } from './slip.ts';
import { RepeatButton } from './repeat-button.tsx';
import styles from './coupon.module.css';

export const HISTORY_PAGE = 10;
const FILTERS: readonly HistoryStatus[] = ['open', 'settled', 'all'];

interface HistoryState {
  coupons: Coupon[];
  next: string | null;
  loading: boolean;
  failed: boolean;
}

/** The office section "My bets". */
export function MyBetsView() {
  const { t } = useTranslation('sports');
  return (
    <Panel title={t('coupon_my_bets')} id="my-bets">
      <MyBetsList initialStatus="all" />
    </Panel>
  );
}

export function MyBetsList({ compact = false, initialStatus = 'open' }: { compact?: boolean; initialStatus?: HistoryStatus }) {
  const { t } = useTranslation('sports');
  const { user } = useRequiredRootData();
  const paths = usePaths();
  const location = useLocation();
  const ids = useId();
  const [status, setStatus] = useState<HistoryStatus>(initialStatus);
  const [state, setState] = useState<HistoryState>({ coupons: [], next: null, loading: true, failed: false });
  const controller = useRef<AbortController | null>(null);

  const load = useCallback(async (which: HistoryStatus, before: string | null) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState((s) => ({ ...(before ? s : { coupons: [], next: null }), loading: true, failed: false }));
    const result = await fetchHistory(which, compact ? 5 : HISTORY_PAGE, before, current.signal);
    if (current.signal.aborted) return;
    if (!result.ok) {
      setState((s) => ({ ...s, loading: false, failed: true }));
      return;
    }
    setState((s) => ({ coupons: before ? [...s.coupons, ...result.body.coupons] : result.body.coupons, next: result.body.nextCursor, loading: false, failed: false }));
  }, [compact]);

  useEffect(() => {
    if (!user.loggedIn) return;
    void load(status, null);
    return () => controller.current?.abort();
  }, [load, status, user.loggedIn]);

  if (!user.loggedIn) {
    return (
      <EmptyState
        headingLevel={3}
        icon="☰"
        title={t('coupon_bets_login_title')}
        text={t('coupon_bets_login_text')}
        links={[{ to: `${location.pathname}${searchWithModal(location.search, 'login')}`, label: t('coupon_login'), primary: true }]}
      />
    );
  }

  return (
    <div className={styles.bets}>
      <div className={styles.filters} role="radiogroup" aria-label={t('coupon_bets_filter')}>
        {FILTERS.map((f) => (
          <label key={f} className={styles.typeOption}>
            <input type="radio" name={`${ids}-status`} value={f} checked={status === f} onChange={() => setStatus(f)} />
            <span>{t(`coupon_bets_${f}`)}</span>
          </label>
        ))}
      </div>
      {state.failed ? (
        <div className={styles.error} role="alert">
          <p>{t('coupon_bets_failed')}</p>
          <button type="button" className="btn btn-ghost" onClick={() => void load(status, null)}>
            {t('coupon_retry')}
          </button>
        </div>
      ) : null}
      {!state.loading && !state.failed && state.coupons.length === 0 ? (
        <EmptyState
          headingLevel={3}
          icon="☰"
          title={t(`coupon_bets_empty_${status}`)}
          text={t('coupon_bets_empty_text')}
          links={compact ? [] : [{ to: paths.to('line'), label: t('main:nav_sports'), primary: true }]}
        />
      ) : null}
      <ul className={styles.coupons} aria-busy={state.loading} data-testid="my-bets">
        {state.coupons.map((c) => (
          <CouponCard key={c.id} coupon={c} compact={compact} onChange={(changed) => setState((s) => ({ ...s, coupons: s.coupons.map((x) => (x.id === changed.id ? changed : x)) }))} />
        ))}
      </ul>
      {state.loading ? (
        <p className={styles.hint} role="status">
          {t('loading')}
        </p>
      ) : state.next ? (
        <button type="button" className={`btn btn-ghost ${styles.more}`} onClick={() => void load(status, state.next)}>
          {t('coupon_bets_more')}
        </button>
      ) : null}
      {compact && state.coupons.length > 0 ? (
        <Link to={paths.to('office-history')} className={styles.allBets}>
          {t('coupon_bets_all')}
        </Link>
      ) : null}
    </div>
  );
}

const OUTCOME_ICON: Record<BetOutcome, string> = { win: '✓', lose: '✕', return: '↺', 'half-win': '½', 'half-lose': '½', open: '•' };
const OUTCOME_CLASS: Record<BetOutcome, string | undefined> = { win: styles.betWin, lose: styles.betLose, return: styles.betReturn, 'half-win': styles.betHalfWin, 'half-lose': styles.betHalfLose, open: undefined };
const STATE_CLASS: Record<CouponState, string | undefined> = {
  pending: styles.statusPending,
  open: undefined,
  won: styles.statusWon,
  lost: styles.statusLost,
  returned: styles.statusReturned,
  refused: styles.statusRefused,
  sold: styles.statusSold,
  review: styles.statusPending,
};

function dateText(iso: string, timeZone: number, lng: string): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  const local = new Date(at + timeZone * 3_600_000);
  try {
    return new Intl.DateTimeFormat(lng, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }).format(local);
  } catch {
    return local.toISOString().slice(0, 16).replace('T', ' ');
  }
}

function CouponCard({ coupon, compact, onChange }: { coupon: Coupon; compact: boolean; onChange: (coupon: Coupon) => void }) {
  const { t } = useTranslation('sports');
  const { lng } = useRequiredRootData();
  const { oddsFormat, timeZone } = useSettings();
  const state = couponState(coupon);
  const type = couponTypeLabel(coupon);
  const money = (text: string) => formatAmount(text, coupon.currency, lng);
  const settled = coupon.payout !== null && (state === 'won' || state === 'lost' || state === 'returned' || state === 'sold');
  return (
    <li className={styles.coupon} data-testid="coupon" data-coupon-id={coupon.id} data-state={state}>
      <div className={styles.couponHead}>
        <span className={styles.couponType}>
          {t(type.key)}
          {type.system ? ` ${type.system}` : ''}
          {coupon.isLive ? <span className={styles.liveTag}>{t('coupon_live')}</span> : null}
        </span>
        <span className={`${styles.status} ${STATE_CLASS[state] ?? ''}`} data-testid="coupon-status">
          {t(`coupon_state_${state}`)}
        </span>
      </div>
      <div className={styles.couponMeta}>
        <span>{t('coupon_number', { number: couponNumber(coupon.id) })}</span>
        <time dateTime={coupon.createdAt}>{dateText(coupon.createdAt, timeZone, lng)}</time>
      </div>
      <ul className={styles.couponBets}>
        {coupon.bets.map((b) => {
          const outcome = betOutcome(b.status);
          return (
            <li key={`${b.gameId}/${b.outcomeKey}`} className={styles.couponBet} data-outcome={outcome}>
              <span className={`${styles.betIcon} ${OUTCOME_CLASS[outcome] ?? ''}`} role="img" aria-label={t(`coupon_bet_${outcome.replace('-', '_')}`)}>
                {OUTCOME_ICON[outcome]}
              </span>
              <span className={styles.betText}>
                <span className={styles.betGame}>
                  {b.home && b.away ? `${b.home} – ${b.away}` : t('coupon_game', { id: b.gameId })}
                  {b.score ? <span className={styles.betScore}> {b.score}</span> : null}
                </span>
                <span className={styles.betPick}>{b.outcomeName ?? b.outcomeKey}</span>
              </span>
              <span className={styles.betCoef} dir="ltr">
                {formatCoef(b.coef, oddsFormat)}
              </span>
            </li>
          );
        })}
      </ul>
      <dl className={`${styles.summary} ${compact ? styles.summaryCompact : ''}`}>
        <div>
          <dt>{t('coupon_charged')}</dt>
          <dd>{money(coupon.amount)}</dd>
        </div>
        <div>
          <dt>{t('coupon_total_coef')}</dt>
          <dd dir="ltr">{coupon.coef ? formatCoef(coupon.coef, oddsFormat) : '—'}</dd>
        </div>
        <div className={styles.win}>
          <dt>{t(state === 'sold' ? 'coupon_cashed_out_for' : settled ? 'coupon_payout' : state === 'refused' ? 'coupon_returned' : 'coupon_possible_win')}</dt>
          <dd data-testid="coupon-payout">{money(settled || state === 'refused' ? (coupon.payout ?? '0') : coupon.possibleWin)}</dd>
        </div>
      </dl>
      {coupon.insurance ? (
        <p className={actionStyles.insured} data-testid="coupon-insurance">
          {state === 'lost'
            ? t('coupon_insurance_paid', { amount: money(coupon.insurance.amount) })
            : t('coupon_insured', { amount: money(coupon.insurance.amount), premium: money(coupon.insurance.premium) })}
        </p>
      ) : null}
      {coupon.status === 'review' ? <VipReview coupon={coupon} onChange={onChange} /> : null}
      {coupon.status === 'accepted' && state === 'open' ? <CouponActions coupon={coupon} onChange={onChange} /> : null}
      {settled ? <RepeatButton coupon={coupon} /> : null}
    </li>
  );
}
