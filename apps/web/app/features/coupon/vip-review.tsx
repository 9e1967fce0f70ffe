/**
 * A vip bet in review, in My bets (issue 11, SPEC §5): while the bookmaker decides, the
 * stake asked and a countdown to the deadline; once the bookmaker counter-offers, the
 * offered stake with Accept and Decline before the deadline. The coupon is asked again every
 * few seconds while it waits, so a decision shows without a reload. The countdown runs from
 * the server's `remainingMs`, not from the browser's clock.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Coupon, COUPON_REVIEW_API as CONTRACT_API } from '@betsite/contracts';
import { useTranslation } from '../../i18n/react.tsx';
import { useRequiredRootData } from '../../config/root-data.ts';
import { api, type ApiResult } from '../../shell/http.ts';
import { BALANCE_CHANGE_EVENT } from '../wallet/index.ts';
import { fetchCoupon } from './api.ts';
import { formatAmount } from './slip.ts';
import styles from './vip-review.module.css';

/** Only the player's path of the review API (paths copied: no zod in the page). */
const REVIEW_API = { review: '/web-api/coupon/v1/coupons/:id/review' } as const satisfies Pick<typeof CONTRACT_API, 'review'>;
/** How often a coupon in review is asked again. */
export const VIP_REVIEW_REFRESH_MS = 5_000;

const answerCounter = (id: string, accept: boolean): Promise<ApiResult<Coupon>> => api.post<Coupon>(REVIEW_API.review.replace(':id', encodeURIComponent(id)), { accept });

/** "m:ss" of a duration. */
export function countdownText(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Milliseconds left of `review`, counted down from when this coupon arrived. */
function useRemaining(review: NonNullable<Coupon['review']>): number {
  const [left, setLeft] = useState(review.remainingMs);
  useEffect(() => {
    const arrived = Date.now();
    setLeft(review.remainingMs);
    const timer = setInterval(() => setLeft(Math.max(0, review.remainingMs - (Date.now() - arrived))), 1000);
    return () => clearInterval(timer);
  }, [review.remainingMs, review.deadline]);
  return left;
}

type Busy = null | 'accept' | 'decline';

export function VipReview({ coupon, onChange }: { coupon: Coupon; onChange: (coupon: Coupon) => void }) {
  const { t } = useTranslation('sports');
  const { lng } = useRequiredRootData();
  const review = coupon.review;
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  // Follow the coupon while it waits: the bookmaker's decision, or the time-out.
  const refresh = useCallback(async (signal?: AbortSignal) => {
    const result = await fetchCoupon(coupon.id, signal);
    if (signal?.aborted || !result.ok) return;
    changed.current(result.body);
    if (result.body.status !== 'review') window.dispatchEvent(new CustomEvent(BALANCE_CHANGE_EVENT));
  }, [coupon.id]);
  useEffect(() => {
    if (coupon.status !== 'review') return;
    const controller = new AbortController();
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden') void refresh(controller.signal);
    }, VIP_REVIEW_REFRESH_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [coupon.status, refresh]);

  if (coupon.status !== 'review' || !review) return null;
  return <Waiting coupon={coupon} review={review} busy={busy} error={error} onAnswer={answer} lng={lng} t={t} />;

  async function answer(accept: boolean) {
    setBusy(accept ? 'accept' : 'decline');
    setError(null);
    const result = await answerCounter(coupon.id, accept);
    setBusy(null);
    if (result.ok) {
      onChange(result.body);
      window.dispatchEvent(new CustomEvent(BALANCE_CHANGE_EVENT));
      return;
    }
    // Decided meanwhile (the time ran out): show the coupon as it is now.
    if (result.code === 'coupon_not_in_review' || result.code === 'review_expired') {
      setError(t('coupon_vip_offer_gone'));
      await refresh();
      return;
    }
    setError(result.network ? t('coupon_vip_answer_network') : t('coupon_vip_answer_failed'));
  }
}

interface WaitingProps {
  coupon: Coupon;
  review: NonNullable<Coupon['review']>;
  busy: Busy;
  error: string | null;
  onAnswer: (accept: boolean) => void;
  lng: string;
  t: ReturnType<typeof useTranslation>['t'];
}

function Waiting({ coupon, review, busy, error, onAnswer, lng, t }: WaitingProps) {
  const left = useRemaining(review);
  const money = (text: string) => formatAmount(text, coupon.currency, lng);
  const countered = review.decision === 'countered' && review.counterAmount !== null;
  const over = left <= 0;
  return (
    <section className={styles.review} data-testid="vip-review" data-stage={countered ? 'counter' : 'waiting'} aria-label={t('coupon_vip_title')}>
      <p className={styles.title}>{t(countered ? 'coupon_vip_counter_title' : 'coupon_vip_waiting_title')}</p>
      {countered ? (
        <p className={styles.text} data-testid="vip-counter">
          {t('coupon_vip_counter_text', { counter: money(review.counterAmount!), asked: money(review.askedAmount) })}
        </p>
      ) : (
        <p className={styles.text}>{t('coupon_vip_waiting_text', { asked: money(review.askedAmount) })}</p>
      )}
      <p className={styles.timer}>
        {over ? (
          t('coupon_vip_time_up')
        ) : (
          <>
            {t(countered ? 'coupon_vip_answer_within' : 'coupon_vip_decision_within')}{' '}
            <span role="timer" aria-live="off" data-testid="vip-countdown">
              {countdownText(left)}
            </span>
          </>
        )}
      </p>
      {countered && !over ? (
        <div className={styles.buttons}>
          <button type="button" className="btn btn-primary" data-testid="vip-accept" disabled={busy !== null} onClick={() => onAnswer(true)}>
            {busy === 'accept' ? t('coupon_vip_sending') : t('coupon_vip_accept', { counter: money(review.counterAmount!) })}
          </button>
          <button type="button" className="btn btn-ghost" data-testid="vip-decline" disabled={busy !== null} onClick={() => onAnswer(false)}>
            {busy === 'decline' ? t('coupon_vip_sending') : t('coupon_vip_decline')}
          </button>
        </div>
      ) : null}
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
