/**
 * The player's selections (SPEC §3 "Coupon saved locally": bets, addedAtByBetId, typeId,
 * systemValue), kept in `localStorage` under `coupon` so they survive a reload, and shared
 * by every tab of the browser through the `storage` event.
 *
 * A selection is named by its `selectionId` (`{gameId}|{outcomeKey}`) and carries what the
 * slip needs to show and later submit it (SPEC §3 coupon bet: market, game fields), with
 * the coefficient at the moment it was picked. Clicking the same odds again removes it;
 * two outcomes of one game may both be kept — the slip decides what can be combined.
 * `typeId` and `systemValue` belong to the slip: they are kept as they were read.
 */
import { useSyncExternalStore } from 'react';
import type { GameCard, LineMarket, LineOutcome } from '@betsite/contracts';

export const COUPON_STORAGE_KEY = 'coupon';
/** A slip holds at most this many selections (older ones are kept, new ones refused). */
export const MAX_SELECTIONS = 30;

export interface Selection {
  /** `{gameId}|{outcomeKey}` (contracts `selectionId`). */
  id: string;
  gameId: number;
  outcomeKey: string;
  marketKey: string;
  /** Market type id of the outcome (coupon bet `market.typeId`) and market group (`market.kind`). */
  typeId: number;
  groupId: number;
  marketName: string;
  pickName: string;
  /** The coefficient when picked. */
  coef: number;
  sportId: number;
  sportSlug: string;
  champId: number;
  champName: string;
  isLive: boolean;
  home: { id: number; name: string };
  away: { id: number; name: string };
  startsAt: number;
}

export interface CouponState {
  bets: readonly Selection[];
  addedAtByBetId: Readonly<Record<string, number>>;
  typeId?: number;
  systemValue?: number;
}

export const EMPTY_COUPON: CouponState = Object.freeze({ bets: Object.freeze([]) as readonly Selection[], addedAtByBetId: Object.freeze({}) });

/** `{gameId}|{outcomeKey}` — the same as contracts `selectionId` (that module brings zod into the bundle). */
export function selectionKey(gameId: number, outcomeKey: string): string {
  return `${gameId}|${outcomeKey}`;
}

/** What the slip keeps of a pick (SPEC §3 coupon bet fields). */
export function selectionOf(game: GameCard, market: LineMarket, outcome: LineOutcome, names: { marketName: string; pickName: string }): Selection {
  return {
    id: selectionKey(game.id, outcome.key),
    gameId: game.id,
    outcomeKey: outcome.key,
    marketKey: market.key,
    typeId: outcome.typeId,
    groupId: market.groupId,
    marketName: names.marketName,
    pickName: names.pickName,
    coef: outcome.coef,
    sportId: game.sportId,
    sportSlug: game.sportSlug,
    champId: game.champId,
    champName: game.champName,
    isLive: game.isLive,
    home: game.home,
    away: game.away,
    startsAt: game.startsAt,
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isTeam = (v: unknown): v is Selection['home'] => isObject(v) && typeof v['id'] === 'number' && typeof v['name'] === 'string';

function isSelection(v: unknown): v is Selection {
  if (!isObject(v)) return false;
  const numbers = ['gameId', 'typeId', 'groupId', 'coef', 'sportId', 'champId', 'startsAt'] as const;
  const strings = ['id', 'outcomeKey', 'marketKey', 'marketName', 'pickName', 'sportSlug', 'champName'] as const;
  return (
    numbers.every((k) => typeof v[k] === 'number' && Number.isFinite(v[k])) &&
    strings.every((k) => typeof v[k] === 'string') &&
    typeof v['isLive'] === 'boolean' &&
    isTeam(v['home']) &&
    isTeam(v['away']) &&
    v['id'] === selectionKey(v['gameId'] as number, v['outcomeKey'] as string)
  );
}

/** Reads the stored coupon; anything unreadable counts as empty (an old or foreign format). */
export function parseCoupon(raw: string | null): CouponState {
  if (!raw) return EMPTY_COUPON;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return EMPTY_COUPON;
  }
  if (!isObject(value) || !Array.isArray(value['bets'])) return EMPTY_COUPON;
  const seen = new Set<string>();
  const bets = value['bets'].filter((b): b is Selection => isSelection(b) && !seen.has(b.id) && Boolean(seen.add(b.id))).slice(0, MAX_SELECTIONS);
  const added = isObject(value['addedAtByBetId']) ? value['addedAtByBetId'] : {};
  const addedAtByBetId: Record<string, number> = {};
  for (const bet of bets) {
    const at = added[bet.id];
    addedAtByBetId[bet.id] = typeof at === 'number' && Number.isFinite(at) ? at : 0;
  }
  return {
    bets,
    addedAtByBetId,
    ...(typeof value['typeId'] === 'number' ? { typeId: value['typeId'] } : {}),
    ...(typeof value['systemValue'] === 'number' ? { systemValue: value['systemValue'] } : {}),
  };
}

/** What the store needs of `localStorage` and of the window (fakes in tests). */
export interface CouponStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface SelectionStore {
  getSnapshot(): CouponState;
  subscribe(listener: () => void): () => void;
  has(id: string): boolean;
  /** Adds the selection, or removes it when it is already there. Answers whether it is now selected. */
  toggle(selection: Selection): boolean;
  remove(id: string): void;
  clear(): void;
  /** The slip's type and system k (kept with the selections). */
  setType(typeId: number, systemValue?: number): void;
  /** The player accepts the current odds: the coef of each named selection becomes the given one. */
  acceptCoefs(coefs: ReadonlyMap<string, number>): void;
  /** Another tab wrote the coupon: read it again. */
  reload(): void;
}

export function createSelectionStore(storage: CouponStorage | null, now: () => number = Date.now): SelectionStore {
  const read = () => {
    try {
      return parseCoupon(storage?.getItem(COUPON_STORAGE_KEY) ?? null);
    } catch {
      return EMPTY_COUPON; // storage disabled (privacy mode)
    }
  };
  let state = read();
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());

  const write = (next: CouponState) => {
    state = next;
    try {
      storage?.setItem(COUPON_STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Full or disabled storage: the selections still work in this tab.
    }
    emit();
  };

  const without = (id: string): CouponState => {
    const { [id]: _gone, ...addedAtByBetId } = state.addedAtByBetId;
    return { ...state, bets: state.bets.filter((b) => b.id !== id), addedAtByBetId };
  };

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    has: (id) => state.bets.some((b) => b.id === id),
    toggle(selection) {
      if (state.bets.some((b) => b.id === selection.id)) {
        write(without(selection.id));
        return false;
      }
      if (state.bets.length >= MAX_SELECTIONS) return false;
      write({ ...state, bets: [...state.bets, selection], addedAtByBetId: { ...state.addedAtByBetId, [selection.id]: now() } });
      return true;
    },
    remove(id) {
      if (state.bets.some((b) => b.id === id)) write(without(id));
    },
    clear() {
      if (state.bets.length > 0) write({ ...state, bets: [], addedAtByBetId: {} });
    },
    setType(typeId, systemValue) {
      if (state.typeId === typeId && state.systemValue === systemValue) return;
      const { systemValue: _old, ...rest } = state;
      write({ ...rest, typeId, ...(systemValue === undefined ? {} : { systemValue }) });
    },
    acceptCoefs(coefs) {
      if (!state.bets.some((b) => coefs.has(b.id) && coefs.get(b.id) !== b.coef)) return;
      write({ ...state, bets: state.bets.map((b) => (coefs.has(b.id) ? { ...b, coef: coefs.get(b.id)! } : b)) });
    },
    reload() {
      const next = read();
      if (JSON.stringify(next) === JSON.stringify(state)) return;
      state = next;
      emit();
    },
  };
}

let browserStore: SelectionStore | null = null;

/** The tab's store (null on the server: selections live in the browser only). */
export function getSelectionStore(): SelectionStore | null {
  if (typeof window === 'undefined') return null;
  if (!browserStore) {
    let storage: CouponStorage | null = null;
    try {
      storage = window.localStorage;
    } catch {
      storage = null;
    }
    const store = createSelectionStore(storage);
    window.addEventListener('storage', (event) => {
      if (event.key === COUPON_STORAGE_KEY || event.key === null) store.reload();
    });
    browserStore = store;
  }
  return browserStore;
}

const noop = () => {};
const serverSnapshot = () => EMPTY_COUPON;

export interface UseSelections extends CouponState {
  count: number;
  has(id: string): boolean;
  toggle(selection: Selection): boolean;
  remove(id: string): void;
  clear(): void;
  setType(typeId: number, systemValue?: number): void;
  acceptCoefs(coefs: ReadonlyMap<string, number>): void;
}

/**
 * The selections, kept current. The server render and hydration see an empty coupon (the
 * server cannot read the browser's storage); the stored one follows right after.
 */
export function useSelections(): UseSelections {
  const store = getSelectionStore();
  const state = useSyncExternalStore(store ? store.subscribe : () => noop, store ? store.getSnapshot : serverSnapshot, serverSnapshot);
  return {
    ...state,
    count: state.bets.length,
    has: (id) => state.bets.some((b) => b.id === id),
    toggle: (selection) => store?.toggle(selection) ?? false,
    remove: (id) => store?.remove(id),
    clear: () => store?.clear(),
    setType: (typeId, systemValue) => store?.setType(typeId, systemValue),
    acceptCoefs: (coefs) => store?.acceptCoefs(coefs),
  };
}
