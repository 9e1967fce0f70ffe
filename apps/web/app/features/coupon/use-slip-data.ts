/**
 * The slip's data hooks: the quote of the draft (debounced, stale requests aborted, asked
 * again on a timer and whenever a selection's game moves), the player's accounts (the
 * account choice and auto-max), and one game-topic watcher per game in the slip.
 */
import { useEffect, useState } from 'react';
import type { AccountsResponse, CouponQuote, CouponQuoteRequest } from '@betsite/contracts';
import { api } from '../../shell/http.ts';
import { useLiveTopic } from '../live/index.ts';
import { ACCOUNTS_ENDPOINTS, BALANCE_CHANGE_EVENT } from '../wallet/index.ts';
import { fetchQuote } from './api.ts';

/** Typing pauses this long before the quote is asked for. */
export const QUOTE_DEBOUNCE_MS = 250;
/** The quote is asked again this often while the slip is open (live odds move). */
export const QUOTE_REFRESH_MS = 10_000;

interface QuoteState {
  /** The request (as JSON) the shown quote answers. */
  key: string | null;
  quote: CouponQuote | null;
  failed: boolean;
}

export interface QuoteResult extends QuoteState {
  loading: boolean;
  /** Ask again now (a game of the slip moved). */
  refresh: () => void;
}

/** The quote of the draft: asked for after a pause in typing, the older request aborted; asked again every few seconds. */
export function useQuote(request: CouponQuoteRequest | null): QuoteResult {
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
  return { ...state, quote: key ? state.quote : null, loading: key !== null && state.key !== key, refresh: () => setTick((n) => n + 1) };
}

/** The player's accounts (null for a visitor or before they load); reloaded when a balance moves. */
export function useAccounts(loggedIn: boolean): AccountsResponse | null {
  const [accounts, setAccounts] = useState<AccountsResponse | null>(null);
  useEffect(() => {
    if (!loggedIn) return;
    let live = true;
    const load = () =>
      void api.get<AccountsResponse>(ACCOUNTS_ENDPOINTS.accounts).then((r) => {
        if (live && r.ok && Array.isArray(r.body.all_accounts)) setAccounts(r.body);
      });
    load();
    window.addEventListener(BALANCE_CHANGE_EVENT, load);
    return () => {
      live = false;
      window.removeEventListener(BALANCE_CHANGE_EVENT, load);
    };
  }, [loggedIn]);
  return loggedIn ? accounts : null;
}

/** Follows one game's topic and calls `onMove` on every change of it (the slip asks for a fresh quote). */
export function GameWatcher({ gameId, onMove }: { gameId: number; onMove: () => void }) {
  useLiveTopic(`game:${gameId}`, { onDelta: () => onMove() });
  return null;
}
