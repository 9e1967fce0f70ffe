/**
 * The header balance (SPEC §3 Account, user_hide_balance): the active account's balance
 * from the ledger, kept current by the live `balance` topic (snapshot, then a delta per
 * balance change, over the tab's WebSocket) and after a `balance-change` window event; only
 * while the live connection is down does it fall back to a refresh every 60 s. The player
 * hides or shows it (stored on the server).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AccountsResponse, LiveBalanceDelta } from '@betsite/contracts';
import { useTranslation } from '../../i18n/react.tsx';
import { getLiveClient, LIVE_TOPICS, useLiveTopic } from '../live/index.ts';
import { accountAction, fetchAccounts } from './api.ts';
import { applyBalanceChange, BALANCE_CHANGE_EVENT, balanceChangeDetail, HEADER_REFRESH_MS, headerBalanceText, isAccountsResponse, newerAccounts } from './wallet.ts';
import styles from './wallet.module.css';

export function HeaderBalance({ labelClassName, valueClassName }: { labelClassName?: string; valueClassName?: string }) {
  const { t, i18n } = useTranslation();
  const [accounts, setAccounts] = useState<AccountsResponse | null>(null);
  const [hidden, setHidden] = useState<boolean | null>(null);
  // The player's own choice in this tab wins over answers that were on their way when they clicked.
  const chosen = useRef<boolean | null>(null);

  const refresh = useCallback(async () => {
    try {
      const next = await fetchAccounts();
      setAccounts((shown) => newerAccounts(shown, next));
      setHidden(chosen.current ?? next.user_hide_balance);
    } catch {
      // Keep what is shown; the next refresh tries again.
    }
  }, []);

  const known = useRef<AccountsResponse | null>(null);
  useEffect(() => {
    known.current = accounts;
  }, [accounts]);

  useLiveTopic<unknown, LiveBalanceDelta>(LIVE_TOPICS.balance, {
    onSnapshot: (next) => {
      if (!isAccountsResponse(next)) return;
      setAccounts((shown) => newerAccounts(shown, next));
      setHidden(chosen.current ?? next.user_hide_balance);
    },
    onDelta: (delta) => {
      const detail = balanceChangeDetail(delta);
      if (!detail) return;
      setAccounts((current) => (current ? applyBalanceChange(current, detail) : current));
      // An account opened since the last load: load them all.
      if (known.current && !known.current.all_accounts.some((a) => a.id === detail.account_id)) void refresh();
    },
  });

  useEffect(() => {
    void refresh();
    // Polling only stands in for the live connection while it is down.
    const liveDown = () => getLiveClient()?.status() !== 'open';
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible' && liveDown()) void refresh();
    }, HEADER_REFRESH_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible' && liveDown()) void refresh();
    };
    const onBalanceChange = (event: Event) => {
      const detail = balanceChangeDetail((event as CustomEvent<unknown>).detail);
      if (detail) setAccounts((current) => (current ? applyBalanceChange(current, detail) : current));
      void refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener(BALANCE_CHANGE_EVENT, onBalanceChange);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener(BALANCE_CHANGE_EVENT, onBalanceChange);
    };
  }, [refresh]);

  const toggle = async () => {
    const next = !(hidden ?? true);
    chosen.current = next;
    setHidden(next);
    const result = await accountAction('hideBalance', { hide: next });
    if (!result.success && chosen.current === next) {
      chosen.current = !next;
      setHidden(!next);
    }
  };

  const isHidden = hidden ?? true;
  const text = headerBalanceText(accounts?.balance ?? null, isHidden, i18n.language);
  return (
    <div className={styles.headerBalance}>
      <div className={styles.headerAmount} aria-live="polite" aria-atomic="true">
        <span className={labelClassName ?? styles.headerLabel}>{t('header_balance')}</span>
        <span
          className={valueClassName ?? styles.headerValue}
          data-testid="header-balance"
          aria-label={accounts ? (isHidden ? t('wallet_balance_hidden') : undefined) : t('header_balance_loading')}
        >
          {text}
        </span>
      </div>
      {accounts ? (
        <button type="button" className={styles.eye} onClick={() => void toggle()}>
          {isHidden ? t('wallet_show_balance') : t('wallet_hide_balance')}
        </button>
      ) : null}
    </div>
  );
}
