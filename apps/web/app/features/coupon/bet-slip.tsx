/**
 * The bet slip of the sports pages (UI.md "The bet slip"; issue 11): tabs "Bet slip" and
 * "My bets". The slip builds on the stored selections (line feature): the type the quote
 * allows (system k with its lines and minimum), one stake with quick amounts, the quote as
 * the player types (debounced, the stale request aborted), the odds-change choice, and
 * "Place bet" for a player (visitors are asked to log in). The answer: the coupon number
 * and "repeat", or a refusal that says what to do next.
 */
import { useEffect, useId, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { formatCoef } from '@betsite/domain';
import type { Coupon, CouponQuote, CouponQuoteRequest } from '@betsite/contracts';
import { useTranslation } from '../../i18n/react.tsx';
import { useRequiredRootData } from '../../config/root-data.ts';
import { usePaths } from '../../config/paths.ts';
import { useSettings } from '../../shell/settings.tsx';
import { pageStyles } from '../../shell/page-kit.tsx';
import { SelectionList, SLIP_ANCHOR, useSelections, type Selection } from '../line/index.ts';
import { searchWithModal } from '../modals/index.ts';
import { BALANCE_CHANGE_EVENT } from '../wallet/index.ts';
import { fetchCoupon, fetchQuote, placeCoupon } from './api.ts';
import { MyBetsList } from './my-bets.tsx';
import {
  betId,
  betProblem,
  CHANGE_COEF_STORAGE_KEY,
  changedCoefs,
  chooseSystemValue,
  chooseType,
  couponNumber,
  DEFAULT_CHANGE_COEF_ACTION,
  formatAmount,
  inputAmount,
  newCouponId,
  normaliseAmount,
  offeredTypes,
  parseChangeCoefAction,
  placeBody,
  quickStakes,
  quoteErrorKey,
  quoteRequest,
  refusalOf,
  TYPE,
  TYPE_KEYS,
  type ChangeCoefAction,
  type Refusal,
} from './slip.ts';
import styles from './coupon.module.css';

/** Typing pauses this long before the quote is asked for. */
export const QUOTE_DEBOUNCE_MS = 250;
/** The quote is asked again this often while the slip is open (live odds move). */
export const QUOTE_REFRESH_MS = 10_000;
/** A pending live coupon is looked at this often until it is decided. */
const PENDING_POLL_MS = 1_000;
const PENDING_POLL_TRIES = 30;

type Tab = 'slip' | 'bets';

export function BetSlip({ className }: { className?: string }) {
  const { t } = useTranslation('sports');
  const { count } = useSelections();
  const [tab, setTab] = useState<Tab>('slip');
  const base = useId();
  const tabs: Tab[] = ['slip', 'bets'];
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step = (event.key === 'ArrowRight') !== rtl ? 1 : -1;
    const next = event.key === 'Home' ? tabs[0]! : event.key === 'End' ? tabs[tabs.length - 1]! : tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length]!;
    setTab(next);
    document.getElementById(`${base}-tab-${next}`)?.focus();
  };
  return (
    <section className={`${pageStyles.panel} ${styles.slip} ${className ?? ''}`} aria-labelledby={SLIP_ANCHOR} data-testid="bet-slip">
      <h2 id={SLIP_ANCHOR} className="visually-hidden">
        {count > 0 ? t('slip_title_count', { count }) : t('slip_title')}
      </h2>
      <div role="tablist" aria-label={t('slip_title')} className={styles.tabs} onKeyDown={onKeyDown}>
        {tabs.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`${base}-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`${base}-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            className={styles.tab}
            onClick={() => setTab(name)}
          >
            {t(name === 'slip' ? 'coupon_tab_slip' : 'coupon_tab_bets')}
            {name === 'slip' && count > 0 ? (
              <span className={styles.tabCount} aria-hidden="true">
                {count}
              </span>
            ) : null}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel-slip`} aria-labelledby={`${base}-tab-slip`} hidden={tab !== 'slip'} className={styles.tabPanel}>
        <SlipForm onShowBets={() => setTab('bets')} />
      </div>
      <div role="tabpanel" id={`${base}-panel-bets`} aria-labelledby={`${base}-tab-bets`} hidden={tab !== 'bets'} className={styles.tabPanel}>
        {tab === 'bets' ? <MyBetsList compact /> : null}
      </div>
    </section>
  );
}

// ---------------------------------------------------------------- the odds-change choice (stored in the browser)

const choiceListeners = new Set<() => void>();
function readChoice(): string | null {
  try {
    return window.localStorage.getItem(CHANGE_COEF_STORAGE_KEY);
  } catch {
    return null;
  }
}
function subscribeChoice(listener: () => void): () => void {
  choiceListeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === CHANGE_COEF_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    choiceListeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function useChangeCoefAction(): [ChangeCoefAction, (value: ChangeCoefAction) => void] {
  const raw = useSyncExternalStore(subscribeChoice, readChoice, () => String(DEFAULT_CHANGE_COEF_ACTION));
  const set = (value: ChangeCoefAction) => {
    try {
      window.localStorage.setItem(CHANGE_COEF_STORAGE_KEY, String(value));
    } catch {
      // Storage disabled: the choice holds until the page is left.
    }
    choiceListeners.forEach((l) => l());
  };
  return [parseChangeCoefAction(raw), set];
}

// ---------------------------------------------------------------- the quote

interface QuoteState {
  /** The request (as JSON) the shown quote answers. */
  key: string | null;
  quote: CouponQuote | null;
  failed: boolean;
}

/** The quote of the draft: asked for after a pause in typing, the older request aborted; asked again every few seconds. */
function useQuote(request: CouponQuoteRequest | null): QuoteState & { loading: boolean } {
  const key = request ? JSON.stringify(request) : null;
  const [state, setState] = useState<QuoteState>({ key: null, quote: null, failed: false });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!key) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') setTick((n) => n + 1);
    }, QUOTE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [key]);
  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void fetchQuote(JSON.parse(key) as CouponQuoteRequest, controller.signal).then((result) => {
        if (controller.signal.aborted) return;
        setState((shown) => (result.ok ? { key, quote: result.body, failed: false } : { ...shown, key, failed: true }));
      });
    }, QUOTE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, tick]);
  return { ...state, quote: key ? state.quote : null, loading: key !== null && state.key !== key };
}

// ---------------------------------------------------------------- the slip

type Phase = { kind: 'form' } | { kind: 'placing' } | { kind: 'checking'; coupon: Coupon } | { kind: 'done'; coupon: Coupon };

const notifyBalance = () => window.dispatchEvent(new CustomEvent(BALANCE_CHANGE_EVENT));

function SlipForm({ onShowBets }: { onShowBets: () => void }) {
  const { t } = useTranslation('sports');
  const { lng, user } = useRequiredRootData();
  const { oddsFormat } = useSettings();
  const selections = useSelections();
  const [amountText, setAmountText] = useState<string | null>(null);
  const [changeAction, setChangeAction] = useChangeCoefAction();
  const [phase, setPhase] = useState<Phase>({ kind: 'form' });
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const attempt = useRef<{ id: string; key: string } | null>(null);
  const ids = useId();

  // The type and amount of the last quote decide the next request (before one: what the count allows).
  const [known, setKnown] = useState<CouponQuote | null>(null);
  const count = selections.count;
  const typeId = chooseType(selections.typeId, count, known);
  const systemValue = chooseSystemValue(selections.systemValue, typeId === TYPE.system ? known : null);
  const currency = known?.currency ?? null;
  const amount = amountText !== null && currency ? normaliseAmount(amountText, currency) : null;
  const draft = { selections: selections.bets, typeId, amount, systemValue };
  const request = count > 0 && phase.kind !== 'done' ? quoteRequest(draft) : null;
  const { quote, loading, failed } = useQuote(request);
  if (quote && quote !== known) setKnown(quote);
  // The first quote brings the currency's initial stake.
  if (quote && amountText === null) setAmountText(inputAmount(quote.initialAmount, quote.currency));

  const states = new Map((quote?.bets ?? []).map((s) => [betId(s), s]));
  const problems = new Map<string, string>();
  for (const sel of selections.bets) {
    const problem = betProblem(states.get(betId(sel)));
    if (problem) problems.set(sel.id, problem);
  }
  if (refusal) for (const s of refusal.bets) {
    const sel = selections.bets.find((b) => betId(b) === betId(s));
    const problem = betProblem(s);
    if (sel && problem) problems.set(sel.id, problem);
  }
  const changed = changedCoefs(selections.bets, quote?.bets ?? []);
  const refusedChange = [...changed].some(([id, now]) => {
    const was = selections.bets.find((b) => b.id === id)?.coef ?? now;
    return changeAction === 0 || (changeAction === 2 && now < was);
  });

  if (count === 0 && phase.kind === 'form') {
    return <SelectionList />;
  }
  if (phase.kind === 'done' || phase.kind === 'checking') {
    return (
      <PlacedView
        phase={phase}
        onRepeat={() => {
          setPhase({ kind: 'form' });
          setRefusal(null);
        }}
        onDone={() => {
          selections.clear();
          setPhase({ kind: 'form' });
        }}
        onShowBets={onShowBets}
        onDecided={(coupon) => {
          if (coupon.status === 'refused') {
            notifyBalance();
            setRefusal({ ...refusalOf({ status: 409, code: coupon.refusal?.code ?? null, body: null, network: false }), key: refusalKeyOfCoupon(coupon) });
            setPhase({ kind: 'form' });
          } else setPhase({ kind: 'done', coupon });
        }}
      />
    );
  }

  const offered = offeredTypes(count, quote ?? known);
  const quoteErrors = quote && !loading ? quote.errors.filter((e) => !(amount === null && (e.code === 'amount_missing' || e.code === 'amount_not_positive'))) : [];
  const amountInvalid = amountText !== null && amountText.trim() !== '' && amount === null;
  const canPlace = quote !== null && amount !== null && problems.size === 0 && quoteErrors.length === 0 && phase.kind === 'form' && !failed;

  const place = async () => {
    if (!quote || amount === null) return;
    const key = JSON.stringify(quoteRequest(draft));
    // A retry of the same draft (after a lost answer) keeps its id: the server places it once.
    if (!attempt.current || attempt.current.key !== key) attempt.current = { id: newCouponId(), key };
    const id = attempt.current.id;
    setPhase({ kind: 'placing' });
    setRefusal(null);
    const result = await placeCoupon(placeBody({ ...draft, amount }, id, changeAction, quote.coef));
    if (result.ok) {
      attempt.current = null;
      notifyBalance();
      setPhase(result.body.status === 'pending' ? { kind: 'checking', coupon: result.body } : { kind: 'done', coupon: result.body });
      return;
    }
    const next = refusalOf(result);
    if (next.key !== 'coupon_refused_network') attempt.current = null;
    setRefusal(next);
    setPhase({ kind: 'form' });
  };

  const acceptCoefs = () => {
    const fresh = changedCoefs(selections.bets, [...(quote?.bets ?? []), ...(refusal?.bets ?? [])].filter((s) => s.coef !== null));
    selections.acceptCoefs(fresh);
    setRefusal(null);
  };
  const removeUnplayable = () => {
    for (const id of problems.keys()) selections.remove(id);
    setRefusal(null);
  };

  const money = (text: string | null | undefined) => (text && currency ? formatAmount(text, currency, lng) : '—');
  const system = quote?.systemOptions ?? known?.systemOptions ?? [];
  const stakes = known ? quickStakes(known.initialAmount, known.currency) : [];
  const amountLabel = typeId === TYPE.multipleSingles ? t('coupon_amount_each') : t('coupon_amount');
  const busy = phase.kind === 'placing';

  return (
    <div className={styles.form} aria-busy={loading || busy}>
      <SelectionList problems={problems} />

      {changed.size > 0 && !refusal ? (
        <div className={styles.notice} role="status">
          <span>{t(refusedChange ? 'coupon_coefs_changed_confirm' : 'coupon_coefs_changed')}</span>
          <button type="button" className="btn btn-ghost" onClick={acceptCoefs}>
            {t('coupon_accept_coefs')}
          </button>
        </div>
      ) : null}

      {offered.length > 1 || (offered.length === 1 && count > 1) ? (
        <fieldset className={styles.types}>
          <legend className="visually-hidden">{t('coupon_type')}</legend>
          {offered.map((id) => (
            <label key={id} className={styles.typeOption}>
              <input type="radio" name={`${ids}-type`} value={id} checked={typeId === id} onChange={() => selections.setType(id, id === TYPE.system ? systemValue : undefined)} />
              <span>{t(TYPE_KEYS[id] ?? 'coupon_type_single')}</span>
            </label>
          ))}
        </fieldset>
      ) : null}

      {typeId === TYPE.system && system.length > 0 ? (
        <div className={styles.field}>
          <label htmlFor={`${ids}-system`}>{t('coupon_system_k')}</label>
          <select id={`${ids}-system`} value={systemValue} onChange={(e) => selections.setType(TYPE.system, Number(e.target.value))}>
            {system.map((o) => (
              <option key={o.value} value={o.value}>
                {t('coupon_system_option', { k: o.value, n: count, lines: o.combo, min: money(o.minBetAmount) })}
              </option>
            ))}
          </select>
        </div>
      ) : null}

      <div className={styles.field}>
        <label htmlFor={`${ids}-amount`}>
          {amountLabel}
          {currency ? <span className={styles.currency}> ({currency})</span> : null}
        </label>
        <input
          id={`${ids}-amount`}
          className={styles.amount}
          inputMode="decimal"
          autoComplete="off"
          value={amountText ?? ''}
          placeholder={known ? inputAmount(known.minAmount, known.currency) : ''}
          aria-invalid={amountInvalid || undefined}
          aria-describedby={`${ids}-limits`}
          onChange={(e) => setAmountText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && canPlace && user.loggedIn) void place();
          }}
          data-testid="coupon-amount"
        />
        <p id={`${ids}-limits`} className={styles.hint}>
          {known ? (known.maxAmount ? t('coupon_limits_min_max', { min: money(known.minAmount), max: money(known.maxAmount) }) : t('coupon_limits_min', { min: money(known.minAmount) })) : '\u00a0'}
        </p>
        {stakes.length > 0 ? (
          <div className={styles.quick} role="group" aria-label={t('coupon_quick_stakes')}>
            {stakes.map((s) => (
              <button key={s} type="button" className={styles.quickButton} onClick={() => setAmountText(inputAmount(s, currency ?? ''))}>
                {inputAmount(s, currency ?? '')}
              </button>
            ))}
          </div>
        ) : null}
      </div>

      <dl className={styles.summary} data-testid="coupon-quote" aria-live="polite">
        {quote && quote.lines > 1 ? (
          <>
            <div>
              <dt>{t('coupon_lines')}</dt>
              <dd>{quote.lines}</dd>
            </div>
            <div>
              <dt>{t('coupon_unit_stake')}</dt>
              <dd>{money(quote.unitStake)}</dd>
            </div>
          </>
        ) : null}
        <div>
          <dt>{t('coupon_charged')}</dt>
          <dd data-testid="coupon-charged">{amount === null ? '—' : money(quote?.charged)}</dd>
        </div>
        <div>
          <dt>{t('coupon_total_coef')}</dt>
          <dd data-testid="coupon-coef" dir="ltr">
            {quote?.coef ? formatCoef(quote.coef, oddsFormat) : '—'}
          </dd>
        </div>
        <div className={styles.win}>
          <dt>{t('coupon_possible_win')}</dt>
          <dd data-testid="coupon-win">{amount === null ? '—' : money(quote?.possibleWin)}</dd>
        </div>
      </dl>

      {amountInvalid ? <p className={styles.error}>{t('coupon_error_amount_format')}</p> : null}
      {quoteErrors.slice(0, 1).map((e) => (
        <p key={e.code} className={styles.error} role="alert">
          {t(quoteErrorKey(e.code), { limit: money(e.limit) })}
        </p>
      ))}
      {failed && !refusal ? <p className={styles.error}>{t('coupon_quote_failed')}</p> : null}

      {refusal ? <RefusalBox refusal={refusal} selections={selections.bets} onAcceptCoefs={acceptCoefs} onRemoveUnplayable={removeUnplayable} onRetry={() => void place()} /> : null}

      <div className={styles.field}>
        <label htmlFor={`${ids}-change`}>{t('coupon_change_coef')}</label>
        <select id={`${ids}-change`} value={changeAction} onChange={(e) => setChangeAction(parseChangeCoefAction(e.target.value))}>
          <option value="2">{t('coupon_change_coef_2')}</option>
          <option value="1">{t('coupon_change_coef_1')}</option>
          <option value="0">{t('coupon_change_coef_0')}</option>
        </select>
      </div>

      {user.loggedIn ? (
        refusedChange && !refusal ? (
          <button type="button" className={`btn btn-accent ${styles.place}`} onClick={acceptCoefs}>
            {t('coupon_accept_coefs')}
          </button>
        ) : (
          <button type="button" className={`btn btn-accent ${styles.place}`} disabled={!canPlace} onClick={() => void place()} data-testid="place-bet">
            {busy ? t('coupon_placing') : t('coupon_place')}
            {!busy && quote && amount !== null ? <span className={styles.placeAmount}>{money(quote.charged)}</span> : null}
          </button>
        )
      ) : (
        <LoginPrompt />
      )}
    </div>
  );
}

/** The text of a live coupon refused after its delay. */
function refusalKeyOfCoupon(coupon: Coupon): string {
  const code = coupon.refusal?.code ?? null;
  return refusalOf({ status: 409, code, body: null, network: false }).key;
}

function LoginPrompt() {
  const { t } = useTranslation('sports');
  const location = useLocation();
  const href = (m: 'login' | 'registration') => `${location.pathname}${searchWithModal(location.search, m)}`;
  return (
    <div className={styles.login}>
      <p>{t('coupon_login_text')}</p>
      <div className={styles.loginButtons}>
        <Link to={href('login')} className="btn btn-primary" preventScrollReset>
          {t('coupon_login')}
        </Link>
        <Link to={href('registration')} className="btn btn-accent" preventScrollReset>
          {t('coupon_register')}
        </Link>
      </div>
    </div>
  );
}

function RefusalBox({
  refusal,
  selections,
  onAcceptCoefs,
  onRemoveUnplayable,
  onRetry,
}: {
  refusal: Refusal;
  selections: readonly Selection[];
  onAcceptCoefs: () => void;
  onRemoveUnplayable: () => void;
  onRetry: () => void;
}) {
  const { t } = useTranslation('sports');
  const { oddsFormat } = useSettings();
  const paths = usePaths();
  const moved = refusal.action === 'accept_coefs' ? changedCoefs(selections, refusal.bets) : new Map<string, number>();
  return (
    <div className={styles.refusal} role="alert" data-testid="coupon-refusal">
      <p>{t(refusal.key)}</p>
      {moved.size > 0 ? (
        <ul className={styles.moved}>
          {selections
            .filter((s) => moved.has(s.id))
            .map((s) => (
              <li key={s.id}>
                <span>{s.pickName}</span>
                <span dir="ltr">
                  <s>{formatCoef(s.coef, oddsFormat)}</s> → <strong>{formatCoef(moved.get(s.id)!, oddsFormat)}</strong>
                </span>
              </li>
            ))}
        </ul>
      ) : null}
      {refusal.action === 'accept_coefs' ? (
        <button type="button" className="btn btn-primary" onClick={onAcceptCoefs}>
          {t('coupon_accept_coefs')}
        </button>
      ) : refusal.action === 'remove_unavailable' ? (
        <button type="button" className="btn btn-primary" onClick={onRemoveUnplayable}>
          {t('coupon_remove_unavailable')}
        </button>
      ) : refusal.action === 'top_up' ? (
        <Link to={paths.to('office-recharge')} className="btn btn-primary">
          {t('coupon_top_up')}
        </Link>
      ) : refusal.action === 'support' ? (
        <Link to={paths.to('info-contacts')} className="btn btn-ghost">
          {t('coupon_contact_support')}
        </Link>
      ) : refusal.action === 'log_in' ? (
        <LoginPrompt />
      ) : refusal.action === 'retry' ? (
        <button type="button" className="btn btn-ghost" onClick={onRetry}>
          {t('coupon_retry')}
        </button>
      ) : null}
    </div>
  );
}

function PlacedView({
  phase,
  onRepeat,
  onDone,
  onShowBets,
  onDecided,
}: {
  phase: { kind: 'checking' | 'done'; coupon: Coupon };
  onRepeat: () => void;
  onDone: () => void;
  onShowBets: () => void;
  onDecided: (coupon: Coupon) => void;
}) {
  const { t } = useTranslation('sports');
  const { lng } = useRequiredRootData();
  const { oddsFormat } = useSettings();
  const { coupon } = phase;
  const checking = phase.kind === 'checking';
  const decided = useRef(onDecided);
  useEffect(() => {
    decided.current = onDecided;
  });
  // A live coupon waits for its acceptance delay: look at it until it is decided.
  useEffect(() => {
    if (!checking) return;
    const controller = new AbortController();
    let tries = 0;
    const timer = setInterval(() => {
      tries += 1;
      void fetchCoupon(coupon.id, controller.signal).then((result) => {
        if (controller.signal.aborted || !result.ok) return;
        if (result.body.status !== 'pending' || tries >= PENDING_POLL_TRIES) {
          clearInterval(timer);
          if (result.body.status !== 'pending') decided.current(result.body);
        }
      });
    }, PENDING_POLL_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [checking, coupon.id]);
  const money = (text: string) => formatAmount(text, coupon.currency, lng);
  return (
    <div className={`${styles.placed} ${checking ? styles.placedChecking : ''}`} role="status" data-testid="coupon-placed">
      <span className={styles.placedIcon} aria-hidden="true">
        {checking ? '…' : '✓'}
      </span>
      <h3 className={styles.placedTitle}>{t(checking ? 'coupon_checking_title' : 'coupon_placed_title')}</h3>
      <p className={styles.placedNumber}>
        {t('coupon_number', { number: couponNumber(coupon.id) })}
      </p>
      {checking ? <p className={styles.hint}>{t('coupon_checking_text')}</p> : null}
      <dl className={styles.summary}>
        <div>
          <dt>{t('coupon_type')}</dt>
          <dd>{t(TYPE_KEYS[coupon.typeId] ?? 'coupon_type_single')}</dd>
        </div>
        <div>
          <dt>{t('coupon_charged')}</dt>
          <dd>{money(coupon.amount)}</dd>
        </div>
        <div>
          <dt>{t('coupon_total_coef')}</dt>
          <dd dir="ltr">{coupon.coef ? formatCoef(coupon.coef, oddsFormat) : '—'}</dd>
        </div>
        <div className={styles.win}>
          <dt>{t('coupon_possible_win')}</dt>
          <dd>{money(coupon.possibleWin)}</dd>
        </div>
      </dl>
      {checking ? null : (
        <div className={styles.placedActions}>
          <button type="button" className="btn btn-primary" onClick={onRepeat}>
            {t('coupon_repeat')}
          </button>
          <button type="button" className="btn btn-ghost" onClick={onDone}>
            {t('coupon_done')}
          </button>
          <button type="button" className={styles.linkButton} onClick={onShowBets}>
            {t('coupon_show_bets')}
          </button>
        </div>
      )}
    </div>
  );
}
