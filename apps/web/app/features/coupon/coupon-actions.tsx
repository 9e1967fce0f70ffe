/**
 * Cash-out and insurance on an open coupon in My bets (issue 11, SPEC §4 "sell", "insure").
 *
 * Cash-out: the offer is fetched when the coupon scrolls into view and refreshed every few
 * seconds while it stays visible (and the tab is shown), since it follows the odds. Taking
 * it has a confirm step that sends exactly the amount shown; if the odds moved meanwhile the
 * server refuses with the new offer, which replaces the old one in the confirm step.
 * Insurance: the player picks a share of the stake, sees the premium for each, and confirms;
 * a moved premium is refused and the new prices shown. Escape cancels either step.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { CashOutOffer, Coupon, InsuranceQuoteResponse } from '@betsite/contracts';
import { useTranslation } from '../../i18n/react.tsx';
import { useRequiredRootData } from '../../config/root-data.ts';
import { useSettings } from '../../shell/settings.tsx';
import { BALANCE_CHANGE_EVENT } from '../wallet/index.ts';
import { limitRefusalOf, limitRefusalText } from '../protection/index.ts';
import { fetchCoupon } from './api.ts';
import { cashOut, changedInsurance, changedOffer, CouponActionErrorCode, fetchCashOutOffer, fetchInsurance, insure, type InsuranceShare } from './actions-api.ts';
import { formatAmount } from './slip.ts';
import styles from './coupon-actions.module.css';

/** How often a visible coupon's cash-out offer is asked again. */
export const CASH_OUT_REFRESH_MS = 5_000;

const notifyBalance = () => window.dispatchEvent(new CustomEvent(BALANCE_CHANGE_EVENT));

/** True while `ref`'s element is on screen and the tab is visible. */
function useShown(ref: React.RefObject<HTMLElement | null>): boolean {
  const [onScreen, setOnScreen] = useState(false);
  const [tabShown, setTabShown] = useState(true);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setOnScreen(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => setOnScreen(entries.some((e) => e.isIntersecting)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  useEffect(() => {
    const update = () => setTabShown(document.visibilityState !== 'hidden');
    update();
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return onScreen && tabShown;
}

type OfferState = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; offer: CashOutOffer };
type Step =
  | { kind: 'idle' }
  | { kind: 'confirm-cash-out'; amount: string; changed: boolean }
  | { kind: 'insure'; quote: InsuranceQuoteResponse | null; share: InsuranceShare | null; changed: boolean }
  | { kind: 'busy' };

export function CouponActions({ coupon, onChange }: { coupon: Coupon; onChange: (coupon: Coupon) => void }) {
  const { t, i18n } = useTranslation('sports');
  const { timeZone } = useSettings();
  const { lng } = useRequiredRootData();
  const ids = useId();
  const root = useRef<HTMLDivElement | null>(null);
  const shown = useShown(root);
  const [offer, setOffer] = useState<OfferState>({ kind: 'loading' });
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const money = (text: string) => formatAmount(text, coupon.currency, lng);
  const paused = step.kind !== 'idle';
  // The latest callback without restarting the refresh timer when the parent re-renders.
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);

  const refresh = useCallback(
    async (signal?: AbortSignal) => {
      const result = await fetchCashOutOffer(coupon.id, signal);
      if (signal?.aborted) return;
      setOffer(result.ok ? { kind: 'ready', offer: result.body } : { kind: 'failed' });
      // Settled (or sold elsewhere) since the list was loaded: show the coupon as it is now.
      if (result.ok && result.body.reason === 'not_open') {
        const now = await fetchCoupon(coupon.id, signal);
        if (now.ok && now.body.status !== coupon.status) changed.current(now.body);
      }
    },
    [coupon.id, coupon.status],
  );

  // Asked when shown, then every few seconds while shown; not while the player is deciding.
  useEffect(() => {
    if (!shown || paused) return;
    const controller = new AbortController();
    void refresh(controller.signal);
    const timer = window.setInterval(() => void refresh(controller.signal), CASH_OUT_REFRESH_MS);
    return () => {
      controller.abort();
      window.clearInterval(timer);
    };
  }, [shown, paused, refresh]);

  async function confirmCashOut(amount: string) {
    setStep({ kind: 'busy' });
    setError(null);
    const result = await cashOut(coupon.id, amount);
    if (result.ok) {
      setStep({ kind: 'idle' });
      notifyBalance();
      onChange(result.body);
      return;
    }
    const moved = result.code === CouponActionErrorCode.cashOutChanged ? changedOffer(result.body) : null;
    if (moved?.available && moved.amount) {
      setOffer({ kind: 'ready', offer: moved });
      setStep({ kind: 'confirm-cash-out', amount: moved.amount, changed: true });
      return;
    }
    setStep({ kind: 'idle' });
    if (result.code === CouponActionErrorCode.cashOutUnavailable) {
      setError(t('coupon_cash_out_closed'));
      void refresh();
    } else setError(t('coupon_cash_out_failed'));
  }

  async function openInsurance() {
    setError(null);
    setStep({ kind: 'insure', quote: null, share: null, changed: false });
    const result = await fetchInsurance(coupon.id);
    if (!result.ok) {
      setStep({ kind: 'idle' });
      setError(t('coupon_insure_failed'));
      return;
    }
    const first = result.body.offers[0]?.share ?? null;
    setStep({ kind: 'insure', quote: result.body, share: first, changed: false });
  }

  async function confirmInsurance(share: InsuranceShare, premium: string) {
    setStep({ kind: 'busy' });
    setError(null);
    const result = await insure(coupon.id, share, premium);
    if (result.ok) {
      setStep({ kind: 'idle' });
      notifyBalance();
      onChange(result.body);
      return;
    }
    const moved = changedInsurance(result.body);
    if (result.code === CouponActionErrorCode.insuranceChanged && moved) {
      setStep({ kind: 'insure', quote: moved, share: moved.offers.some((o) => o.share === share) ? share : (moved.offers[0]?.share ?? null), changed: true });
      return;
    }
    setStep({ kind: 'idle' });
    // An insurance is a new wager: a self-exclusion or a used-up session limit refuses it (issue 12).
    const limit = limitRefusalOf(result.code, result.body);
    if (limit) return setError(limitRefusalText(limit, t, i18n.language, timeZone));
    setError(result.code === 'insufficient_funds' ? t('coupon_insure_funds') : result.code === CouponActionErrorCode.insuranceUnavailable ? t('coupon_insure_closed') : t('coupon_insure_failed'));
  }

  const ready = offer.kind === 'ready' ? offer.offer : null;
  return (
    <div ref={root} className={styles.actions} data-testid="coupon-actions">
      {step.kind === 'idle' || step.kind === 'busy' ? (
        <div className={styles.row}>
          {ready?.available && ready.amount ? (
            <button
              type="button"
              className={`btn btn-primary ${styles.cashOut}`}
              data-testid="cash-out"
              disabled={step.kind === 'busy'}
              onClick={() => setStep({ kind: 'confirm-cash-out', amount: ready.amount!, changed: false })}
            >
              {t('coupon_cash_out', { amount: money(ready.amount) })}
            </button>
          ) : (
            <span className={styles.note} data-testid="cash-out-note" role="status">
              {offer.kind === 'loading' ? t('coupon_cash_out_loading') : offer.kind === 'failed' ? t('coupon_cash_out_failed_offer') : t(`coupon_cash_out_none_${ready?.reason ?? 'no_offer'}`)}
            </span>
          )}
          {coupon.insurance ? null : (
            <button type="button" className="btn btn-ghost" data-testid="insure" disabled={step.kind === 'busy'} onClick={() => void openInsurance()}>
              {t('coupon_insure')}
            </button>
          )}
        </div>
      ) : null}

      {step.kind === 'confirm-cash-out' ? (
        <div
          className={styles.confirm}
          role="group"
          aria-labelledby={`${ids}-cash-out`}
          data-testid="cash-out-confirm"
          onKeyDown={(e) => {
            if (e.key === 'Escape') setStep({ kind: 'idle' });
          }}
        >
          <p id={`${ids}-cash-out`} className={styles.title}>
            {t('coupon_cash_out_confirm_title', { amount: money(step.amount) })}
          </p>
          <p className={step.changed ? styles.warning : styles.note} role={step.changed ? 'alert' : undefined}>
            {step.changed ? t('coupon_cash_out_changed', { amount: money(step.amount) }) : t('coupon_cash_out_confirm_text', { amount: money(step.amount) })}
          </p>
          <div className={styles.row}>
            <button type="button" className="btn btn-primary" data-testid="cash-out-confirm-button" autoFocus onClick={() => void confirmCashOut(step.amount)}>
              {t('coupon_cash_out_confirm')}
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => setStep({ kind: 'idle' })}>
              {t('coupon_action_cancel')}
            </button>
          </div>
        </div>
      ) : null}

      {step.kind === 'insure' ? (
        <InsurancePicker
          quote={step.quote}
          share={step.share}
          changed={step.changed}
          money={money}
          onShare={(share) => setStep({ ...step, share })}
          onConfirm={(share, premium) => void confirmInsurance(share, premium)}
          onCancel={() => setStep({ kind: 'idle' })}
        />
      ) : null}

      {step.kind === 'busy' ? (
        <p className={styles.note} role="status">
          {t('coupon_action_busy')}
        </p>
      ) : null}
      {error ? (
        <p className={styles.warning} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function InsurancePicker(props: {
  quote: InsuranceQuoteResponse | null;
  share: InsuranceShare | null;
  changed: boolean;
  money: (text: string) => string;
  onShare: (share: InsuranceShare) => void;
  onConfirm: (share: InsuranceShare, premium: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('sports');
  const ids = useId();
  const { quote, share, money } = props;
  const chosen = quote?.offers.find((o) => o.share === share) ?? null;
  return (
    <fieldset
      className={styles.confirm}
      data-testid="insure-panel"
      onKeyDown={(e) => {
        if (e.key === 'Escape') props.onCancel();
      }}
    >
      <legend className={styles.title}>{t('coupon_insure_title')}</legend>
      {quote === null ? (
        <p className={styles.note} role="status">
          {t('coupon_insure_loading')}
        </p>
      ) : !quote.available ? (
        <p className={styles.note} role="status" data-testid="insure-note">
          {t(`coupon_insure_none_${quote.reason ?? 'no_offer'}`)}
        </p>
      ) : (
        <>
          <p className={props.changed ? styles.warning : styles.note} role={props.changed ? 'alert' : undefined}>
            {props.changed ? t('coupon_insure_changed') : t('coupon_insure_text')}
          </p>
          <div className={styles.shares}>
            {quote.offers.map((o) => (
              <label key={o.share} className={styles.share}>
                <input type="radio" name={`${ids}-share`} value={o.share} checked={share === o.share} onChange={() => props.onShare(o.share)} />
                <span>{t('coupon_insure_share', { share: o.share, amount: money(o.amount), premium: money(o.premium) })}</span>
              </label>
            ))}
          </div>
        </>
      )}
      <div className={styles.row}>
        {chosen ? (
          <button type="button" className="btn btn-primary" data-testid="insure-confirm" onClick={() => props.onConfirm(chosen.share, chosen.premium)}>
            {t('coupon_insure_confirm', { premium: money(chosen.premium) })}
          </button>
        ) : null}
        <button type="button" className="btn btn-ghost" onClick={props.onCancel}>
          {t(quote && !quote.available ? 'coupon_action_close' : 'coupon_action_cancel')}
        </button>
      </div>
    </fieldset>
  );
}
