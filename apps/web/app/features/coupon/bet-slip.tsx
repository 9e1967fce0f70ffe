/**
 * The bet slip of the sports pages, the coupon page and the quick coupon (UI.md "The bet
 * slip"; issue 11): tabs "Bet slip" and "My bets". On the stored selections (line feature)
 * the slip builds the coupon: the types the quote allows, system k with its lines and
 * minimum, bankers, blocks of a multi-bet or conditional (lobby, later blocks' stakes), a
 * stake per single, the account, the stake with the currency's steps, quick amounts and
 * auto-max, a promo code, the bonus bet; the quote as the player types and whenever a game
 * of the slip moves, odds changes taken or asked by the player's changeCoefAction, one-click
 * betting, exact odds and drop on score change; "Place bet" (or "ask for a vip bet" above the
 * maximum) and an answer that says what happened and what to do next.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { formatCoef, isCurrencyCode, toMinor } from '@betsite/domain';
import type { Coupon, CouponQuote } from '@betsite/contracts';
import { useTranslation } from '../../i18n/react.tsx';
import { useRequiredRootData } from '../../config/root-data.ts';
import { useSettings } from '../../shell/settings.tsx';
import { pageStyles } from '../../shell/page-kit.tsx';
import { SelectionList, SLIP_ANCHOR, useSelections } from '../line/index.ts';
import { BALANCE_CHANGE_EVENT } from '../wallet/index.ts';
import { placeCoupon } from './api.ts';
import { MyBetsList } from './my-bets.tsx';
import { BlocksPanel, LoadCode, LoginPrompt, PlacedView, RefusalBox, SaveCode, SelectionControls, SettingsPanel } from './slip-parts.tsx';
import {
  assignBlocks,
  autoMaxAmount,
  blockAmount,
  blocksProblem,
  effectiveChangeCoefAction,
  stepAmount,
  useSlipExtras,
  useSlipSettings,
  validBankers,
  validLobby,
} from './slip-state.ts';
import {
  betId,
  betProblem,
  changedCoefs,
  chooseSystemValue,
  chooseType,
  formatAmount,
  inputAmount,
  newCouponId,
  normaliseAmount,
  offeredTypes,
  placeBody,
  quickStakes,
  quoteErrorKey,
  quoteRequest,
  refusalOf,
  TYPE,
  TYPE_KEYS,
  type DraftInput,
  type Refusal,
} from './slip.ts';
import { GameWatcher, useAccounts, useQuote } from './use-slip-data.ts';
import styles from './coupon.module.css';

export { QUOTE_DEBOUNCE_MS, QUOTE_REFRESH_MS } from './use-slip-data.ts';

type Tab = 'slip' | 'bets';

/** `anchor`: this slip is the page's slip (the header's "Bet slip" link scrolls to it); the quick coupon's is not. */
export function BetSlip({ className, anchor = true }: { className?: string; anchor?: boolean }) {
  const { t } = useTranslation('sports');
  const { count } = useSelections();
  const [tab, setTab] = useState<Tab>('slip');
  const base = useId();
  const headingId = anchor ? SLIP_ANCHOR : `${base}-heading`;
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
    <section className={`${pageStyles.panel} ${styles.slip} ${className ?? ''}`} aria-labelledby={headingId} data-testid="bet-slip">
      <h2 id={headingId} className="visually-hidden">
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

type Phase = { kind: 'form' } | { kind: 'placing' } | { kind: 'checking'; coupon: Coupon } | { kind: 'done'; coupon: Coupon };

const notifyBalance = () => window.dispatchEvent(new CustomEvent(BALANCE_CHANGE_EVENT));

/** Is `a` above `b` (decimal texts of one currency)? */
function above(a: string | null, b: string | null, currency: string | null): boolean {
  if (a === null || b === null || !currency || !isCurrencyCode(currency)) return false;
  try {
    return toMinor(a, currency) > toMinor(b, currency);
  } catch {
    return false;
  }
}

function SlipForm({ onShowBets }: { onShowBets: () => void }) {
  const { t } = useTranslation('sports');
  const { lng, user } = useRequiredRootData();
  const { oddsFormat } = useSettings();
  const selections = useSelections();
  const [settings, setSettings] = useSlipSettings();
  const [extras, setExtras] = useSlipExtras();
  const accounts = useAccounts(user.loggedIn);
  const [amountText, setAmountText] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'form' });
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [promoOpen, setPromoOpen] = useState(false);
  // The settings stay open across bets once the player opened them.
  const [settingsOpen, setSettingsOpen] = useState(false);
  const attempt = useRef<{ id: string; key: string } | null>(null);
  const oneClickDone = useRef<string | null>(null);
  const ids = useId();

  // The last quote decides the next request's type and system values (before one: what the count allows).
  const [known, setKnown] = useState<CouponQuote | null>(null);
  const count = selections.count;
  const selectionIds = selections.bets.map((s) => s.id);
  const typeId = settings.isOneClick ? TYPE.single : chooseType(selections.typeId, count, known);
  const blocks = assignBlocks(selectionIds, extras.blocks);
  const lobby = typeId === TYPE.multiBet ? validLobby(blocks, extras.lobbyBlockId) : null;
  const bankers = typeId === TYPE.system ? validBankers(extras.bankers, selectionIds) : [];
  const systemValue = chooseSystemValue(selections.systemValue, known && known.typeId === typeId ? known : null);
  const currency = known?.currency ?? null;
  const norm = (text: string) => (currency ? normaliseAmount(text, currency) : null);

  // The account: the player's choice while it is theirs (main or a currency account), else the active one.
  const choosable = (accounts?.all_accounts ?? []).filter((a) => a.type === 0 || a.type === 9);
  const accountId = settings.accountId && choosable.some((a) => a.id === settings.accountId) ? settings.accountId : null;
  const account = choosable.find((a) => a.id === accountId) ?? accounts?.balance ?? null;

  const autoMax = settings.isAutoMax && known ? autoMaxAmount(known.maxAmount, account?.money ?? null, known.currency) : null;
  const typedText = settings.isOneClick ? settings.oneClickAmount : amountText;
  const amount = autoMax ?? (typedText !== null ? norm(typedText) : null);
  const amountBySelection: Record<string, string> = {};
  if (typeId === TYPE.multipleSingles) {
    for (const [id, text] of Object.entries(extras.amountBySelection)) {
      const a = text.trim() === '' ? null : norm(text);
      if (a && selectionIds.includes(id)) amountBySelection[id] = a;
    }
  }
  const blockIds = [...new Set(Object.values(blocks))].sort((a, b) => a - b);
  const amountByBlock: Record<number, string> = {};
  let blockAmountInvalid = false;
  if (typeId === TYPE.conditional) {
    for (const b of blockIds.slice(1)) {
      const a = blockAmount(extras.amountByBlock[b], norm);
      if (a === null) blockAmountInvalid = true;
      else amountByBlock[b] = a;
    }
  }
  const draft: DraftInput = {
    selections: selections.bets,
    typeId,
    amount,
    systemValue,
    blocks,
    bankers,
    lobbyBlockId: lobby,
    amountBySelection,
    amountByBlock,
    accountId,
    isBonusBet: extras.isBonusBet,
  };
  const request = count > 0 && phase.kind !== 'done' ? quoteRequest(draft) : null;
  const { quote, loading, failed, refresh } = useQuote(request);
  if (quote && quote !== known) setKnown(quote);
  // The first quote brings the currency's initial stake.
  if (quote && amountText === null) setAmountText(inputAmount(quote.initialAmount, quote.currency));

  const states = new Map((quote?.bets ?? []).map((s) => [betId(s), s]));
  const problems = new Map<string, string>();
  for (const sel of selections.bets) {
    const problem = betProblem(states.get(betId(sel)));
    if (problem) problems.set(sel.id, problem);
  }
  if (refusal)
    for (const s of refusal.bets) {
      const sel = selections.bets.find((b) => betId(b) === betId(s));
      const problem = betProblem(s);
      if (sel && problem) problems.set(sel.id, problem);
    }
  const changeAction = effectiveChangeCoefAction(settings);
  const changed = changedCoefs(selections.bets, quote?.bets ?? []);
  const refusedChange = [...changed].some(([id, now]) => {
    const was = selections.bets.find((b) => b.id === id)?.coef ?? now;
    return changeAction === 0 || (changeAction === 2 && now < was);
  });

  // Odds moved: what the player's changeCoefAction takes is taken at once (1: any change, 2: a rise); the rest waits for "accept".
  const take: [string, number][] = [];
  if (quote && !loading)
    for (const [id, now] of changed) {
      const was = selections.bets.find((b) => b.id === id)?.coef ?? now;
      if (changeAction === 1 || (changeAction === 2 && now > was)) take.push([id, now]);
    }
  const takeKey = JSON.stringify(take);
  const [taken, setTaken] = useState(0);
  const acceptRef = useRef(selections.acceptCoefs);
  useEffect(() => {
    acceptRef.current = selections.acceptCoefs;
  });
  useEffect(() => {
    const coefs = JSON.parse(takeKey) as [string, number][];
    if (coefs.length === 0) return;
    acceptRef.current(new Map(coefs));
    setTaken((n) => n + 1);
  }, [takeKey]);

  const vipAsk = quote !== null && quote.vipBetAvailable && above(amount, quote.maxAmount, currency);
  const quoteErrors =
    quote && !loading
      ? quote.errors.filter((e) => !(amount === null && (e.code === 'amount_missing' || e.code === 'amount_not_positive')) && !(vipAsk && e.code === 'amount_above_max'))
      : [];
  const blocksIssue = blocksProblem(typeId, blocks, lobby);
  const amountInvalid = typedText !== null && typedText.trim() !== '' && amount === null && autoMax === null;
  const canPlace =
    quote !== null && !loading && amount !== null && problems.size === 0 && quoteErrors.length === 0 && blocksIssue === null && !blockAmountInvalid && phase.kind === 'form' && !failed;

  const place = async (vip = false) => {
    if (!quote || amount === null) return;
    const key = JSON.stringify(quoteRequest(draft));
    // A retry of the same draft (after a lost answer) keeps its id: the server places it once.
    if (!attempt.current || attempt.current.key !== key) attempt.current = { id: newCouponId(), key };
    const id = attempt.current.id;
    setPhase({ kind: 'placing' });
    setRefusal(null);
    const body = placeBody({ ...draft, amount }, id, {
      changeCoefAction: settings.changeCoefAction,
      totalCoef: quote.coef,
      exactCoef: settings.exactCoef,
      isDropOnScoreChange: settings.isDropOnScoreChange,
      isOneClick: settings.isOneClick,
      promoCode: extras.promoCode,
      isVipBet: vip,
    });
    const result = await placeCoupon(body);
    if (result.ok) {
      attempt.current = null;
      notifyBalance();
      if (settings.isOneClick) selections.clear();
      setPhase(result.body.status === 'pending' ? { kind: 'checking', coupon: result.body } : { kind: 'done', coupon: result.body });
      return;
    }
    const next = refusalOf(result);
    if (next.key !== 'coupon_refused_network') attempt.current = null;
    setRefusal(next);
    setPhase({ kind: 'form' });
  };

  // One-click: a pick placed as a single at the one-click stake as soon as its quote is in.
  const placeRef = useRef(place);
  useEffect(() => {
    placeRef.current = place;
  });
  const first = selections.bets[0];
  const oneClickReady = settings.isOneClick && user.loggedIn && phase.kind === 'form' && count === 1 && canPlace && first ? first.id : null;
  useEffect(() => {
    if (oneClickReady === null || oneClickDone.current === oneClickReady) return;
    oneClickDone.current = oneClickReady;
    void placeRef.current();
  }, [oneClickReady]);
  useEffect(() => {
    if (count === 0) oneClickDone.current = null;
  }, [count]);
  // The next one-click pick after a placed one: back to the form.
  const nextOneClick = settings.isOneClick && (phase.kind === 'done' || phase.kind === 'checking') && count > 0;
  useEffect(() => {
    if (nextOneClick) setPhase({ kind: 'form' });
  }, [nextOneClick]);

  const acceptCoefs = () => {
    const fresh = changedCoefs(selections.bets, [...(quote?.bets ?? []), ...(refusal?.bets ?? [])].filter((s) => s.coef !== null));
    selections.acceptCoefs(fresh);
    setRefusal(null);
  };
  const removeUnplayable = () => {
    for (const id of problems.keys()) selections.remove(id);
    setRefusal(null);
  };

  const games = [...new Set(selections.bets.map((s) => s.gameId))];
  const watchers = games.map((g) => <GameWatcher key={g} gameId={g} onMove={refresh} />);

  if (count === 0 && phase.kind === 'form') {
    return (
      <div className={styles.form}>
        <SelectionList />
        {refusal ? <RefusalBox refusal={refusal} selections={[]} onAcceptCoefs={acceptCoefs} onRemoveUnplayable={removeUnplayable} onRetry={() => setRefusal(null)} /> : null}
        <LoadCode />
        {settings.isOneClick ? (
          <p className={styles.notice} role="status" data-testid="one-click-on">
            {t('coupon_one_click_on', { amount: settings.oneClickAmount || '—' })}
          </p>
        ) : null}
        <SettingsPanel settings={settings} onChange={setSettings} count={count} exactAvailable={false} open={settingsOpen} onOpen={setSettingsOpen} />
      </div>
    );
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
          setExtras({ amountBySelection: {}, amountByBlock: {}, isBonusBet: false, promoCode: '' });
          setPhase({ kind: 'form' });
        }}
        onShowBets={onShowBets}
        onDecided={(coupon) => {
          if (coupon.status === 'refused') {
            notifyBalance();
            setRefusal(refusalOf({ status: 409, code: coupon.refusal?.code ?? null, body: null, network: false }));
            setPhase({ kind: 'form' });
          } else setPhase({ kind: 'done', coupon });
        }}
      />
    );
  }

  const offered = settings.isOneClick ? [TYPE.single] : offeredTypes(count, quote ?? known);
  const money = (text: string | null | undefined) => (text && currency ? formatAmount(text, currency, lng) : '—');
  const system = known && known.typeId === typeId ? known.systemOptions : [];
  const stakes = known ? quickStakes(known.initialAmount, known.currency) : [];
  const amountLabel = typeId === TYPE.multipleSingles ? t('coupon_amount_each') : typeId === TYPE.conditional ? t('coupon_amount_first_block') : t('coupon_amount');
  const busy = phase.kind === 'placing';
  const step = (direction: 1 | -1) => {
    if (!known) return;
    const next = stepAmount(typedText, known.amountStep, known.currency, direction);
    if (next === null) return;
    setSettings({ isAutoMax: false });
    if (settings.isOneClick) setSettings({ oneClickAmount: inputAmount(next, known.currency) });
    else setAmountText(inputAmount(next, known.currency));
  };
  const setTyped = (text: string) => {
    if (settings.isAutoMax) setSettings({ isAutoMax: false });
    if (settings.isOneClick) setSettings({ oneClickAmount: text });
    else setAmountText(text);
  };
  const shownAmount = autoMax !== null && currency ? inputAmount(autoMax, currency) : (typedText ?? '');
  const codeDraft = {
    bets: selections.bets.map((s) => ({
      gameId: s.gameId,
      outcomeKey: s.outcomeKey,
      coef: s.coef,
      ...(typeId === TYPE.multiBet || typeId === TYPE.conditional ? { blockId: blocks[s.id] } : {}),
      ...(bankers.includes(s.id) ? { isBanker: true } : {}),
    })),
    typeId,
    ...(typeId === TYPE.system || typeId === TYPE.multiBet ? { systemValue } : {}),
  };

  return (
    <div className={styles.form} aria-busy={loading || busy}>
      {watchers}
      <SelectionList
        problems={problems}
        extra={(selection) => (
          <SelectionControls
            selection={selection}
            typeId={typeId}
            blocks={blocks}
            bankers={bankers}
            ownAmount={extras.amountBySelection[selection.id] ?? ''}
            amountPlaceholder={typedText ?? ''}
            onBanker={(on) => setExtras({ bankers: on ? [...bankers, selection.id] : bankers.filter((b) => b !== selection.id) })}
            onBlock={(block) => setExtras({ blocks: { ...blocks, [selection.id]: block } })}
            onOwnAmount={(text) => setExtras({ amountBySelection: { ...extras.amountBySelection, [selection.id]: text } })}
          />
        )}
      />

      {changed.size > 0 && !refusal && refusedChange ? (
        <div className={styles.notice} role="status" data-testid="coefs-changed">
          <span>{t('coupon_coefs_changed_confirm')}</span>
          <button type="button" className="btn btn-ghost" onClick={acceptCoefs}>
            {t('coupon_accept_coefs')}
          </button>
        </div>
      ) : taken > 0 && !refusal ? (
        <p className={styles.hint} role="status" data-testid="coefs-taken">
          {t('coupon_coefs_taken')}
        </p>
      ) : null}

      {offered.length > 1 || (offered.length === 1 && count > 1) ? (
        <fieldset className={styles.types}>
          <legend className="visually-hidden">{t('coupon_type')}</legend>
          {offered.map((id) => (
            <label key={id} className={styles.typeOption}>
              <input
                type="radio"
                name={`${ids}-type`}
                value={id}
                checked={typeId === id}
                onChange={() => selections.setType(id, id === TYPE.system || id === TYPE.multiBet ? systemValue : undefined)}
              />
              <span>{t(TYPE_KEYS[id] ?? 'coupon_type_single')}</span>
            </label>
          ))}
        </fieldset>
      ) : null}

      {(typeId === TYPE.system || typeId === TYPE.multiBet) && system.length > 0 ? (
        <div className={styles.field}>
          <label htmlFor={`${ids}-system`}>{t(typeId === TYPE.system ? 'coupon_system_k' : 'coupon_system_blocks')}</label>
          <select id={`${ids}-system`} value={systemValue} onChange={(e) => selections.setType(typeId, Number(e.target.value))} data-testid="system-value">
            {system.map((o) => (
              <option key={o.value} value={o.value}>
                {t('coupon_system_option', {
                  k: o.value,
                  n: typeId === TYPE.system ? count : blockIds.length - (lobby === null ? 0 : 1),
                  lines: o.combo,
                  min: money(o.minBetAmount),
                })}
              </option>
            ))}
          </select>
          {typeId === TYPE.system ? <p className={styles.hint}>{bankers.length > 0 ? t('coupon_bankers_count', { count: bankers.length }) : t('coupon_bankers_hint')}</p> : null}
        </div>
      ) : null}

      {typeId === TYPE.multiBet || typeId === TYPE.conditional ? (
        <BlocksPanel
          typeId={typeId}
          blocks={blocks}
          selections={selections.bets}
          lobbyBlockId={lobby}
          amountByBlock={extras.amountByBlock}
          onLobby={(b) => setExtras({ lobbyBlockId: b })}
          onBlockAmount={(b, text) => setExtras({ amountByBlock: { ...extras.amountByBlock, [b]: text } })}
        />
      ) : null}
      {blocksIssue ? (
        <p className={styles.error} role="alert">
          {t(blocksIssue)}
        </p>
      ) : null}

      {quote?.bonusBet.offered && typeId === TYPE.express ? (
        <label className={`${styles.check} ${styles.bonusBet}`}>
          <input type="checkbox" checked={extras.isBonusBet} onChange={(e) => setExtras({ isBonusBet: e.target.checked })} />
          <span>{t('coupon_bonus_bet', { coef: quote.bonusBet.coef ? formatCoef(quote.bonusBet.coef, oddsFormat) : '' })}</span>
        </label>
      ) : null}

      {choosable.length > 1 ? (
        <div className={styles.field}>
          <label htmlFor={`${ids}-account`}>{t('coupon_account')}</label>
          <select id={`${ids}-account`} value={accountId ?? ''} onChange={(e) => setSettings({ accountId: e.target.value || null })}>
            <option value="">{t('coupon_account_active')}</option>
            {choosable.map((a) => (
              <option key={a.id} value={a.id}>
                {t(a.type === 0 ? 'coupon_account_main' : 'coupon_account_currency', { currency: a.iso })} — {formatAmount(a.money, a.iso, lng)}
              </option>
            ))}
          </select>
        </div>
      ) : null}

      <div className={styles.field}>
        <label htmlFor={`${ids}-amount`}>
          {settings.isOneClick ? t('coupon_one_click_amount') : amountLabel}
          {currency ? <span className={styles.currency}> ({currency})</span> : null}
        </label>
        <div className={styles.amountRow}>
          <button type="button" className={styles.stepButton} onClick={() => step(-1)} aria-label={t('coupon_amount_less')} disabled={!known}>
            −
          </button>
          <input
            id={`${ids}-amount`}
            className={styles.amount}
            inputMode="decimal"
            autoComplete="off"
            value={shownAmount}
            placeholder={known ? inputAmount(known.minAmount, known.currency) : ''}
            aria-invalid={amountInvalid || undefined}
            aria-describedby={`${ids}-limits`}
            onChange={(e) => setTyped(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && canPlace && user.loggedIn) void place();
            }}
            data-testid="coupon-amount"
          />
          <button type="button" className={styles.stepButton} onClick={() => step(1)} aria-label={t('coupon_amount_more')} disabled={!known}>
            +
          </button>
        </div>
        <p id={`${ids}-limits`} className={styles.hint}>
          {known ? (known.maxAmount ? t('coupon_limits_min_max', { min: money(known.minAmount), max: money(known.maxAmount) }) : t('coupon_limits_min', { min: money(known.minAmount) })) : '\u00a0'}
        </p>
        {stakes.length > 0 ? (
          <div className={styles.quick} role="group" aria-label={t('coupon_quick_stakes')}>
            {stakes.map((s) => (
              <button key={s} type="button" className={styles.quickButton} onClick={() => setTyped(inputAmount(s, currency ?? ''))}>
                {inputAmount(s, currency ?? '')}
              </button>
            ))}
            {known?.maxAmount ? (
              <button type="button" className={styles.quickButton} aria-pressed={settings.isAutoMax} onClick={() => setSettings({ isAutoMax: !settings.isAutoMax })} title={t('coupon_auto_max_hint')}>
                {t('coupon_auto_max')}
              </button>
            ) : null}
          </div>
        ) : null}
      </div>

      {promoOpen || extras.promoCode !== '' ? (
        <div className={styles.field}>
          <label htmlFor={`${ids}-promo`}>{t('coupon_promo')}</label>
          <input id={`${ids}-promo`} className={styles.smallAmount} autoComplete="off" maxLength={64} value={extras.promoCode} onChange={(e) => setExtras({ promoCode: e.target.value })} />
        </div>
      ) : (
        <button type="button" className={styles.linkButton} onClick={() => setPromoOpen(true)}>
          {t('coupon_promo_open')}
        </button>
      )}

      <dl className={styles.summary} data-testid="coupon-quote" aria-live="polite">
        {quote && quote.lines > 1 ? (
          <>
            <div>
              <dt>{t('coupon_lines')}</dt>
              <dd data-testid="coupon-lines">{quote.lines}</dd>
            </div>
            {quote.unitStake ? (
              <div>
                <dt>{t('coupon_unit_stake')}</dt>
                <dd>{money(quote.unitStake)}</dd>
              </div>
            ) : null}
          </>
        ) : null}
        <div>
          <dt>{t('coupon_charged')}</dt>
          <dd data-testid="coupon-charged">{amount === null && typeId !== TYPE.multipleSingles ? '—' : money(quote?.charged)}</dd>
        </div>
        <div>
          <dt>{t('coupon_total_coef')}</dt>
          <dd data-testid="coupon-coef" dir="ltr">
            {quote?.coef ? formatCoef(quote.coef, oddsFormat) : '—'}
          </dd>
        </div>
        <div className={styles.win}>
          <dt>{t('coupon_possible_win')}</dt>
          <dd data-testid="coupon-win">{amount === null && typeId !== TYPE.multipleSingles ? '—' : money(quote?.possibleWin)}</dd>
        </div>
      </dl>

      {amountInvalid || blockAmountInvalid ? <p className={styles.error}>{t('coupon_error_amount_format')}</p> : null}
      {quoteErrors.slice(0, 1).map((e) => (
        <p key={e.code} className={styles.error} role="alert">
          {t(quoteErrorKey(e.code), { limit: money(e.limit) })}
        </p>
      ))}
      {failed && !refusal ? <p className={styles.error}>{t('coupon_quote_failed')}</p> : null}

      {refusal ? <RefusalBox refusal={refusal} selections={selections.bets} onAcceptCoefs={acceptCoefs} onRemoveUnplayable={removeUnplayable} onRetry={() => void place()} /> : null}

      <SettingsPanel settings={settings} onChange={setSettings} count={count} exactAvailable={quote?.coef != null} open={settingsOpen} onOpen={setSettingsOpen} />

      {user.loggedIn ? (
        refusedChange && !refusal ? (
          <button type="button" className={`btn btn-accent ${styles.place}`} onClick={acceptCoefs}>
            {t('coupon_accept_coefs')}
          </button>
        ) : vipAsk ? (
          <button type="button" className={`btn btn-accent ${styles.place}`} disabled={!canPlace} onClick={() => void place(true)} data-testid="vip-bet">
            {t('coupon_vip_ask')}
            <span className={styles.placeAmount}>{money(amount)}</span>
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
      {vipAsk ? <p className={styles.hint}>{t('coupon_vip_hint', { max: money(quote?.maxAmount) })}</p> : null}
      <SaveCode draft={codeDraft} />
    </div>
  );
}
