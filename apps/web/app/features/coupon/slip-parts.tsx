/**
 * Pieces of the bet slip (bet-slip.tsx): a selection's own controls (banker, block, own
 * stake), the blocks of a multi-bet or conditional, the coupon settings (odds changes,
 * one-click, exact odds, drop on score change), save/load a code, the refusal box, the
 * login prompt and the success view.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../../shell/link.tsx';
import { formatCoef } from '@betsite/domain';
import type { Coupon } from '@betsite/contracts';
import { useTranslation } from '../../i18n/react.tsx';
import { useRequiredRootData } from '../../config/root-data.ts';
import { usePaths } from '../../config/paths.ts';
import { useSettings } from '../../shell/settings.tsx';
import { getSelectionStore, type Selection } from '../line/index.ts';
import { searchWithModal } from '../modals/index.ts';
import { limitRefusalText } from '../protection/index.ts';
import { fetchCoupon, loadCode, saveCode, type CodeDraft } from './api.ts';
import { loadDraft } from './repeat.ts';
import { blockChoices, canAddBanker, type SlipSettings } from './slip-state.ts';
import { changedCoefs, couponNumber, formatAmount, parseChangeCoefAction, TYPE, TYPE_KEYS, type Refusal } from './slip.ts';
import styles from './coupon.module.css';

/** A pending live coupon is looked at this often until it is decided. */
const PENDING_POLL_MS = 1_000;
const PENDING_POLL_TRIES = 30;

// ---------------------------------------------------------------- a selection's controls

export function SelectionControls({
  selection,
  typeId,
  blocks,
  bankers,
  ownAmount,
  amountPlaceholder,
  onBanker,
  onBlock,
  onOwnAmount,
}: {
  selection: Selection;
  typeId: number;
  blocks: Readonly<Record<string, number>>;
  bankers: readonly string[];
  ownAmount: string;
  amountPlaceholder: string;
  onBanker: (on: boolean) => void;
  onBlock: (block: number) => void;
  onOwnAmount: (text: string) => void;
}) {
  const { t } = useTranslation('sports');
  const id = useId();
  if (typeId === TYPE.system) {
    const on = bankers.includes(selection.id);
    const count = Object.keys(blocks).length;
    return (
      <div className={styles.selControls}>
        <button
          type="button"
          className={styles.banker}
          aria-pressed={on}
          disabled={!on && !canAddBanker(bankers, count)}
          onClick={() => onBanker(!on)}
          title={t('coupon_banker_hint')}
          data-testid="banker"
        >
          {t('coupon_banker')}
        </button>
      </div>
    );
  }
  if (typeId === TYPE.multiBet || typeId === TYPE.conditional) {
    return (
      <div className={styles.selControls}>
        <label htmlFor={`${id}-block`}>{t('coupon_block')}</label>
        <select id={`${id}-block`} value={blocks[selection.id] ?? 1} onChange={(e) => onBlock(Number(e.target.value))} data-testid="block-select">
          {blockChoices(blocks, selection.id).map((b) => (
            <option key={b} value={b}>
              {t('coupon_block_n', { n: b })}
            </option>
          ))}
        </select>
      </div>
    );
  }
  if (typeId === TYPE.multipleSingles) {
    return (
      <div className={styles.selControls}>
        <label htmlFor={`${id}-own`}>{t('coupon_own_stake')}</label>
        <input
          id={`${id}-own`}
          className={styles.smallAmount}
          inputMode="decimal"
          autoComplete="off"
          value={ownAmount}
          placeholder={amountPlaceholder}
          onChange={(e) => onOwnAmount(e.target.value)}
          data-testid="own-stake"
        />
      </div>
    );
  }
  return null;
}

// ---------------------------------------------------------------- blocks

export function BlocksPanel({
  typeId,
  blocks,
  selections,
  lobbyBlockId,
  amountByBlock,
  onLobby,
  onBlockAmount,
}: {
  typeId: number;
  blocks: Readonly<Record<string, number>>;
  selections: readonly Selection[];
  lobbyBlockId: number | null;
  amountByBlock: Readonly<Record<number, string>>;
  onLobby: (block: number | null) => void;
  onBlockAmount: (block: number, text: string) => void;
}) {
  const { t } = useTranslation('sports');
  const { oddsFormat } = useSettings();
  const id = useId();
  const ids = [...new Set(Object.values(blocks))].sort((a, b) => a - b);
  return (
    <fieldset className={styles.blocks} data-testid="blocks">
      <legend>{t(typeId === TYPE.multiBet ? 'coupon_blocks_multi' : 'coupon_blocks_conditional')}</legend>
      <ol className={styles.blockList}>
        {ids.map((b) => {
          const members = selections.filter((s) => blocks[s.id] === b);
          const coef = Math.round(members.reduce((p, s) => p * s.coef, 1) * 1000) / 1000;
          return (
            <li key={b} className={styles.block} data-block={b}>
              <strong>{t('coupon_block_n', { n: b })}</strong>
              <span className={styles.blockPicks}>{members.map((s) => s.pickName).join(' + ')}</span>
              <span className={styles.blockCoef} dir="ltr">
                {formatCoef(coef, oddsFormat)}
              </span>
              {typeId === TYPE.multiBet ? (
                <label className={styles.check} title={t('coupon_lobby')}>
                  <input type="checkbox" checked={lobbyBlockId === b} onChange={(e) => onLobby(e.target.checked ? b : null)} />
                  <span>{t('coupon_lobby_short')}</span>
                </label>
              ) : b > 1 ? (
                <div className={styles.blockAmount}>
                  <label htmlFor={`${id}-b${b}`}>{t('coupon_block_stake')}</label>
                  <input
                    id={`${id}-b${b}`}
                    className={styles.smallAmount}
                    inputMode="decimal"
                    autoComplete="off"
                    placeholder={t('coupon_block_max')}
                    value={amountByBlock[b] ?? ''}
                    onChange={(e) => onBlockAmount(b, e.target.value)}
                  />
                </div>
              ) : (
                <span className={styles.blockFirst}>{t('coupon_block_first')}</span>
              )}
            </li>
          );
        })}
      </ol>
      <p className={styles.hint}>{t(typeId === TYPE.multiBet ? 'coupon_blocks_multi_hint' : 'coupon_blocks_conditional_hint')}</p>
    </fieldset>
  );
}

// ---------------------------------------------------------------- settings

export function SettingsPanel({
  settings,
  onChange,
  count,
  exactAvailable,
  open,
  onOpen,
}: {
  open: boolean;
  onOpen: (open: boolean) => void;
  settings: SlipSettings;
  onChange: (patch: Partial<SlipSettings>) => void;
  count: number;
  /** The total odds are one number (not for line types spreading stakes). */
  exactAvailable: boolean;
}) {
  const { t } = useTranslation('sports');
  const id = useId();
  const [asking, setAsking] = useState(false);
  const oneClick = (on: boolean) => {
    // SPEC §4: turning one-click on with bets in the coupon asks to clear it first.
    if (on && count > 0) setAsking(true);
    else onChange({ isOneClick: on });
  };
  return (
    <details className={styles.settings} data-testid="slip-settings" open={open} onToggle={(e) => onOpen(e.currentTarget.open)}>
      <summary>{t('coupon_settings')}</summary>
      <div className={styles.settingsBody}>
        <div className={styles.field}>
          <label htmlFor={`${id}-change`}>{t('coupon_change_coef')}</label>
          <select
            id={`${id}-change`}
            value={settings.isOneClick ? 1 : settings.changeCoefAction}
            disabled={settings.isOneClick}
            onChange={(e) => onChange({ changeCoefAction: parseChangeCoefAction(e.target.value) })}
          >
            <option value="2">{t('coupon_change_coef_2')}</option>
            <option value="1">{t('coupon_change_coef_1')}</option>
            <option value="0">{t('coupon_change_coef_0')}</option>
          </select>
        </div>
        <label className={styles.check}>
          <input type="checkbox" checked={settings.exactCoef} disabled={!exactAvailable} onChange={(e) => onChange({ exactCoef: e.target.checked })} />
          <span>{t('coupon_exact_coef')}</span>
        </label>
        <label className={styles.check}>
          <input type="checkbox" checked={settings.isDropOnScoreChange} onChange={(e) => onChange({ isDropOnScoreChange: e.target.checked })} />
          <span>{t('coupon_drop_on_score')}</span>
        </label>
        <label className={styles.check}>
          <input type="checkbox" checked={settings.isOneClick} onChange={(e) => oneClick(e.target.checked)} data-testid="one-click" />
          <span>{t('coupon_one_click')}</span>
        </label>
        {asking ? (
          <div className={styles.confirm} role="alertdialog" aria-labelledby={`${id}-ask`}>
            <p id={`${id}-ask`}>{t('coupon_one_click_clear')}</p>
            <div className={styles.confirmButtons}>
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => {
                  getSelectionStore()?.clear();
                  onChange({ isOneClick: true });
                  setAsking(false);
                }}
              >
                {t('coupon_one_click_confirm')}
              </button>
              <button type="button" className="btn btn-ghost" onClick={() => setAsking(false)}>
                {t('coupon_cancel')}
              </button>
            </div>
          </div>
        ) : null}
        {settings.isOneClick ? (
          <div className={styles.field}>
            <label htmlFor={`${id}-oneclick`}>{t('coupon_one_click_amount')}</label>
            <input
              id={`${id}-oneclick`}
              className={styles.smallAmount}
              inputMode="decimal"
              autoComplete="off"
              value={settings.oneClickAmount}
              onChange={(e) => onChange({ oneClickAmount: e.target.value })}
              data-testid="one-click-amount"
            />
            <p className={styles.hint}>{t('coupon_one_click_hint')}</p>
          </div>
        ) : null}
      </div>
    </details>
  );
}


// ---------------------------------------------------------------- codes

export function SaveCode({ draft }: { draft: CodeDraft }) {
  const { t } = useTranslation('sports');
  const [state, setState] = useState<{ kind: 'idle' | 'saving' | 'failed' } | { kind: 'saved'; code: string }>({ kind: 'idle' });
  const key = JSON.stringify(draft);
  const saved = useRef(key);
  if (saved.current !== key && state.kind === 'saved') {
    saved.current = key;
    setState({ kind: 'idle' });
  }
  const save = async () => {
    setState({ kind: 'saving' });
    const result = await saveCode(draft);
    saved.current = key;
    setState(result.ok && typeof result.body.code === 'string' ? { kind: 'saved', code: result.body.code } : { kind: 'failed' });
  };
  return (
    <div className={styles.codeRow}>
      {state.kind === 'saved' ? (
        <p className={styles.code} role="status" data-testid="slip-code">
          {t('coupon_code_saved')} <strong dir="ltr">{state.code}</strong>
        </p>
      ) : (
        <button type="button" className={styles.linkButton} onClick={() => void save()} disabled={state.kind === 'saving'}>
          {t('coupon_code_save')}
        </button>
      )}
      {state.kind === 'failed' ? <span className={styles.errorText}>{t('coupon_code_save_failed')}</span> : null}
    </div>
  );
}

export function LoadCode() {
  const { t } = useTranslation('sports');
  const id = useId();
  const [code, setCode] = useState('');
  const [state, setState] = useState<{ kind: 'idle' | 'loading' | 'not_found' | 'failed' } | { kind: 'loaded'; added: number; missing: number }>({ kind: 'idle' });
  const load = async () => {
    if (code.trim() === '') return;
    setState({ kind: 'loading' });
    const result = await loadCode(code.trim());
    if (!result.ok) {
      setState({ kind: result.status === 404 ? 'not_found' : 'failed' });
      return;
    }
    const loaded = await loadDraft(result.body);
    setState({ kind: 'loaded', ...loaded });
  };
  return (
    <form
      className={styles.loadCode}
      onSubmit={(e) => {
        e.preventDefault();
        void load();
      }}
    >
      <label htmlFor={`${id}-code`}>{t('coupon_code_load_label')}</label>
      <div className={styles.loadRow}>
        <input id={`${id}-code`} value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" maxLength={20} spellCheck={false} data-testid="load-code" />
        <button type="submit" className="btn btn-ghost" disabled={state.kind === 'loading' || code.trim() === ''}>
          {t('coupon_code_load')}
        </button>
      </div>
      {state.kind === 'not_found' ? <p className={styles.errorText}>{t('coupon_code_not_found')}</p> : null}
      {state.kind === 'failed' ? <p className={styles.errorText}>{t('coupon_code_failed')}</p> : null}
      {state.kind === 'loaded' && state.missing > 0 ? (
        <p className={styles.hint} role="status">
          {t('coupon_code_missing', { count: state.missing })}
        </p>
      ) : null}
    </form>
  );
}

// ---------------------------------------------------------------- refusal, login, success

export function LoginPrompt() {
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

export function RefusalBox({
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
  const { t, i18n } = useTranslation('sports');
  const { oddsFormat, timeZone } = useSettings();
  const paths = usePaths();
  const moved = refusal.action === 'accept_coefs' ? changedCoefs(selections, refusal.bets) : new Map<string, number>();
  return (
    <div className={styles.refusal} role="alert" data-testid="coupon-refusal">
      <p>{refusal.limit ? limitRefusalText(refusal.limit, t, i18n.language, timeZone) : t(refusal.key)}</p>
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
      ) : refusal.action === 'limits' ? (
        <Link to={paths.to('office-responsible')} className="btn btn-ghost">
          {t('main:protection_limits_link')}
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

export function PlacedView({
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
  const paths = usePaths();
  const { coupon } = phase;
  const checking = phase.kind === 'checking';
  const review = (coupon.status as string) === 'review';
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
  const title = review ? 'coupon_review_title' : checking ? 'coupon_checking_title' : 'coupon_placed_title';
  return (
    <div className={`${styles.placed} ${checking || review ? styles.placedChecking : ''}`} role="status" data-testid="coupon-placed" data-status={coupon.status}>
      <span className={styles.placedIcon} aria-hidden="true">
        {checking || review ? '…' : '✓'}
      </span>
      <h3 className={styles.placedTitle}>{t(title)}</h3>
      <p className={styles.placedNumber}>{t('coupon_number', { number: couponNumber(coupon.id) })}</p>
      {checking ? <p className={styles.hint}>{t('coupon_checking_text')}</p> : null}
      {review ? <p className={styles.hint}>{t('coupon_review_text')}</p> : null}
      <dl className={styles.summary}>
        <div>
          <dt>{t('coupon_type')}</dt>
          <dd>
            {t(TYPE_KEYS[coupon.typeId] ?? 'coupon_type_single')}
            {coupon.systemValue !== null && coupon.typeId === TYPE.system ? ` ${coupon.systemValue}/${coupon.bets.length}` : ''}
          </dd>
        </div>
        <div>
          <dt>{t('coupon_charged')}</dt>
          <dd data-testid="placed-amount">{money(coupon.amount)}</dd>
        </div>
        <div>
          <dt>{t('coupon_total_coef')}</dt>
          <dd dir="ltr" data-testid="placed-coef">
            {coupon.coef ? formatCoef(coupon.coef, oddsFormat) : '—'}
          </dd>
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
          {review ? (
            <Link to={paths.to('office-history')} className={styles.linkButton}>
              {t('coupon_show_bets')}
            </Link>
          ) : (
            <>
              <Link to={paths.to('print-coupon', { couponId: coupon.id })} className={styles.linkButton} target="_blank" rel="noopener">
                {t('coupon_print')}
              </Link>
              <button type="button" className={styles.linkButton} onClick={onShowBets}>
                {t('coupon_show_bets')}
              </button>
            </>
          )}
        </div>
      )}
    </div>
  );
}
