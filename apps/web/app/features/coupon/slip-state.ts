/**
 * What the slip keeps besides the selections (those live in the line feature's store):
 * blocks of a multi-bet or conditional, system bankers, the lobby, per-single and
 * per-block stakes (`coupon_extras`), and the player's coupon settings (SPEC §3 "Coupon
 * settings": changeCoefAction, one-click and its amount, exact coef, drop on score change,
 * auto-max, account; `coupon_settings`). Both in `localStorage`, shared by the browser's
 * tabs through the `storage` event. Pure rules (SPEC §4 setting interplay, valid blocks,
 * bankers, a draft from a past coupon) are plain functions tested in slip-state.test.ts;
 * the reminder's delay and remote apps' events, which every page needs, are in overlay-rules.ts.
 */
import { useSyncExternalStore } from 'react';
import type { Coupon, GameDetail } from '@betsite/contracts';
import { isCurrencyCode, minorToDecimal, toMinor, minor } from '@betsite/domain';
import { selectionOf, type Selection } from '../line/index.ts';

/** SPEC §3 types this module names (slip.ts TYPE; not imported: slip.ts builds on this module). */
const TYPE = { single: 0, express: 1, multiBet: 4, conditional: 5 } as const;
export type ChangeCoefAction = 0 | 1 | 2;
const parseChangeCoefAction = (raw: string | null): ChangeCoefAction => (raw === '0' ? 0 : raw === '1' ? 1 : 2);

// ---------------------------------------------------------------- blocks, bankers, stakes

export interface SlipExtras {
  /** Multi-bet and conditional: block id by selection id. */
  blocks: Readonly<Record<string, number>>;
  /** System bankers (selection ids). */
  bankers: readonly string[];
  /** Multi-bet: the lobby block. */
  lobbyBlockId: number | null;
  /** Multiple singles: a stake as typed, by selection id. */
  amountBySelection: Readonly<Record<string, string>>;
  /** Conditional: later blocks' stakes as typed ("" or "max" = all the account holds), by block id. */
  amountByBlock: Readonly<Record<number, string>>;
  /** The player takes the bonus bet offered on this express. */
  isBonusBet: boolean;
  promoCode: string;
}

export const EMPTY_EXTRAS: SlipExtras = Object.freeze({ blocks: {}, bankers: [], lobbyBlockId: null, amountBySelection: {}, amountByBlock: {}, isBonusBet: false, promoCode: '' });

/**
 * Every selection's block, numbered 1…m in the order blocks first appear in the slip: a
 * selection keeps the block it was put in (sharing it with others = an express in the
 * block), a new one gets a block of its own. So a slip always has valid, gap-free blocks.
 */
export function assignBlocks(ids: readonly string[], assigned: Readonly<Record<string, number>>): Record<string, number> {
  const renumber = new Map<number, number>();
  const result: Record<string, number> = {};
  let next = 1;
  for (const id of ids) {
    const old = assigned[id];
    if (old !== undefined && Number.isInteger(old) && old > 0) {
      if (!renumber.has(old)) renumber.set(old, next++);
      result[id] = renumber.get(old)!;
    } else {
      result[id] = next++;
    }
  }
  return result;
}

export const blockCount = (blocks: Readonly<Record<string, number>>): number => new Set(Object.values(blocks)).size;

/** The blocks a selection may move to: every existing one and, unless it is alone in its block, a new one. */
export function blockChoices(blocks: Readonly<Record<string, number>>, id: string): number[] {
  const m = blockCount(blocks);
  const alone = Object.values(blocks).filter((b) => b === blocks[id]).length === 1;
  return Array.from({ length: alone ? m : m + 1 }, (_, i) => i + 1);
}

/** Why these blocks cannot be played as this type (a `sports` key), or null. */
export function blocksProblem(typeId: number, blocks: Readonly<Record<string, number>>, lobbyBlockId: number | null): string | null {
  const m = blockCount(blocks);
  if (typeId === TYPE.multiBet) {
    const lobby = lobbyBlockId !== null && Object.values(blocks).includes(lobbyBlockId) ? 1 : 0;
    return m - lobby < 3 ? 'coupon_blocks_multi_min' : null;
  }
  if (typeId === TYPE.conditional) return m < 2 ? 'coupon_blocks_conditional_min' : null;
  return null;
}

/** The lobby block when it still exists, else none. */
export const validLobby = (blocks: Readonly<Record<string, number>>, lobbyBlockId: number | null): number | null =>
  lobbyBlockId !== null && Object.values(blocks).includes(lobbyBlockId) ? lobbyBlockId : null;

/** Bankers still in the slip, at most n − 2 of them (a system needs k − b ≥ 1 and k < n). */
export function validBankers(bankers: readonly string[], ids: readonly string[]): string[] {
  const present = bankers.filter((b, i) => ids.includes(b) && bankers.indexOf(b) === i);
  return present.slice(0, Math.max(0, ids.length - 2));
}

/** Whether one more banker fits the system of these selections. */
export const canAddBanker = (bankers: readonly string[], count: number): boolean => bankers.length < count - 2;

/** A later block's stake as the API reads it: "max" when empty or "max", else the decimal text (null when not an amount). */
export function blockAmount(text: string | undefined, normalise: (text: string) => string | null): string | null {
  const trimmed = (text ?? '').trim().toLowerCase();
  if (trimmed === '' || trimmed === 'max') return 'max';
  return normalise(trimmed);
}

// ---------------------------------------------------------------- settings

export interface SlipSettings {
  changeCoefAction: ChangeCoefAction;
  isOneClick: boolean;
  /** The one-click stake as typed. */
  oneClickAmount: string;
  /** Accept the bet only at exactly the total odds shown. */
  exactCoef: boolean;
  isDropOnScoreChange: boolean;
  /** The stake follows the maximum (or the balance when lower). */
  isAutoMax: boolean;
  /** The account to bet from; null = the active one. */
  accountId: string | null;
}

export const DEFAULT_SETTINGS: SlipSettings = Object.freeze({
  changeCoefAction: 2,
  isOneClick: false,
  oneClickAmount: '',
  exactCoef: false,
  isDropOnScoreChange: false,
  isAutoMax: false,
  accountId: null,
});

/**
 * A settings change with SPEC §4's rules: an exact coef turns drop-on-score-change off;
 * drop-on-score-change turns one-click (and the exact coef) off; one-click turns
 * drop-on-score-change off. (Turning one-click on with bets in the slip asks first: the view's job.)
 */
export function applySettings(current: SlipSettings, patch: Partial<SlipSettings>): SlipSettings {
  const next = { ...current, ...patch };
  if (patch.exactCoef === true) next.isDropOnScoreChange = false;
  if (patch.isDropOnScoreChange === true) {
    next.isOneClick = false;
    next.exactCoef = false;
  }
  if (patch.isOneClick === true) next.isDropOnScoreChange = false;
  return next;
}

/** SPEC §9: one-click uses changeCoefAction 1. */
export const effectiveChangeCoefAction = (s: Pick<SlipSettings, 'isOneClick' | 'changeCoefAction'>): ChangeCoefAction => (s.isOneClick ? 1 : s.changeCoefAction);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function parseSettings(raw: string | null): SlipSettings {
  let v: unknown = null;
  try {
    v = raw ? JSON.parse(raw) : null;
  } catch {
    v = null;
  }
  if (!isRecord(v)) return DEFAULT_SETTINGS;
  const bool = (k: string) => v[k] === true;
  return {
    changeCoefAction: parseChangeCoefAction(typeof v['changeCoefAction'] === 'number' ? String(v['changeCoefAction']) : null),
    isOneClick: bool('isOneClick'),
    oneClickAmount: typeof v['oneClickAmount'] === 'string' ? v['oneClickAmount'].slice(0, 20) : '',
    exactCoef: bool('exactCoef'),
    isDropOnScoreChange: bool('isDropOnScoreChange') && !bool('exactCoef') && !bool('isOneClick'),
    isAutoMax: bool('isAutoMax'),
    accountId: typeof v['accountId'] === 'string' && v['accountId'].length <= 64 ? v['accountId'] : null,
  };
}

export function parseExtras(raw: string | null): SlipExtras {
  let v: unknown = null;
  try {
    v = raw ? JSON.parse(raw) : null;
  } catch {
    v = null;
  }
  if (!isRecord(v)) return EMPTY_EXTRAS;
  const numbers = (o: unknown): Record<string, number> =>
    isRecord(o) ? Object.fromEntries(Object.entries(o).filter((e): e is [string, number] => Number.isInteger(e[1]) && (e[1] as number) > 0)) : {};
  const texts = (o: unknown): Record<string, string> =>
    isRecord(o) ? Object.fromEntries(Object.entries(o).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].length <= 20)) : {};
  return {
    blocks: numbers(v['blocks']),
    bankers: Array.isArray(v['bankers']) ? v['bankers'].filter((b): b is string => typeof b === 'string') : [],
    lobbyBlockId: Number.isInteger(v['lobbyBlockId']) ? (v['lobbyBlockId'] as number) : null,
    amountBySelection: texts(v['amountBySelection']),
    amountByBlock: texts(v['amountByBlock']) as Record<number, string>,
    isBonusBet: v['isBonusBet'] === true,
    promoCode: typeof v['promoCode'] === 'string' ? v['promoCode'].slice(0, 64) : '',
  };
}

// ---------------------------------------------------------------- stakes

/** Auto-max: the maximum, or the balance when lower (both decimal texts); null when there is no maximum. */
export function autoMaxAmount(maxAmount: string | null, balance: string | null, currency: string): string | null {
  if (maxAmount === null || !isCurrencyCode(currency)) return null;
  try {
    const max = toMinor(maxAmount, currency);
    const bal = balance === null ? max : toMinor(balance, currency);
    const amount = bal < max ? bal : max;
    return amount > 0n ? minorToDecimal(minor(amount), currency) : null;
  } catch {
    return null;
  }
}

/** The stake one currency step up or down (never below one step). */
export function stepAmount(text: string | null, step: string, currency: string, direction: 1 | -1): string | null {
  if (!isCurrencyCode(currency)) return null;
  try {
    const unit = toMinor(step, currency);
    if (unit <= 0n) return null;
    let now = 0n;
    try {
      now = text ? toMinor(text.trim().replace(',', '.'), currency) : 0n;
    } catch {
      now = 0n;
    }
    // Off-step stakes snap to the step in the direction asked.
    const snapped = (now / unit) * unit;
    const next = direction === 1 ? snapped + unit : snapped === now ? now - unit : snapped;
    return minorToDecimal(minor(next < unit ? unit : next), currency);
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------- a draft from a past coupon or a code (repeat, load)

/** A bet of a coupon to rebuild: what a placed coupon or a saved code keeps. */
export interface DraftBet {
  gameId: number;
  outcomeKey: string;
  blockId?: number | null;
  isBanker?: boolean;
}

/** The slip's selection of a bet from its game as the line API shows it now (null when the game no longer offers it or is over). */
export function selectionFromGame(game: GameDetail, outcomeKey: string): Selection | null {
  if (game.isFinished) return null;
  for (const market of game.markets) {
    const outcome = market.outcomes.find((o) => o.key === outcomeKey);
    if (!outcome) continue;
    return selectionOf(game, market, outcome, { marketName: market.name, pickName: outcome.name });
  }
  return null;
}

export interface RebuiltDraft {
  selections: Selection[];
  /** Bets the line no longer offers (finished, removed). */
  missing: number;
  typeId: number;
  systemValue: number | undefined;
  extras: SlipExtras;
}

/** A new draft of these bets over their games now: blocks and bankers kept, the type kept where it still fits. */
export function rebuildDraft(
  draft: { typeId: number; systemValue?: number | null; bets: readonly DraftBet[]; lobbyBlockId?: number | null },
  games: ReadonlyMap<number, GameDetail>,
): RebuiltDraft {
  const selections: Selection[] = [];
  const blocks: Record<string, number> = {};
  const bankers: string[] = [];
  let missing = 0;
  for (const bet of draft.bets) {
    const game = games.get(bet.gameId);
    const selection = game ? selectionFromGame(game, bet.outcomeKey) : null;
    if (!selection) {
      missing++;
      continue;
    }
    selections.push(selection);
    if (bet.blockId) blocks[selection.id] = bet.blockId;
    if (bet.isBanker) bankers.push(selection.id);
  }
  const ids = selections.map((s) => s.id);
  const assigned = assignBlocks(ids, blocks);
  return {
    selections,
    missing,
    typeId: missing === 0 ? draft.typeId : selections.length === 1 ? TYPE.single : TYPE.express,
    systemValue: draft.systemValue ?? undefined,
    extras: { ...EMPTY_EXTRAS, blocks: assigned, bankers: validBankers(bankers, ids), lobbyBlockId: draft.lobbyBlockId ?? null },
  };
}

/** What "repeat" rebuilds of a placed coupon. */
export const couponDraftOf = (coupon: Pick<Coupon, 'typeId' | 'systemValue' | 'bets'>) => ({
  typeId: coupon.typeId,
  systemValue: coupon.systemValue,
  bets: coupon.bets.map((b) => ({ gameId: b.gameId, outcomeKey: b.outcomeKey, blockId: b.blockId, isBanker: b.isBanker })),
});

// ---------------------------------------------------------------- the browser stores

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface JsonStore<T> {
  get(): T;
  set(next: T): void;
  subscribe(listener: () => void): () => void;
  reload(): void;
}

/** A value kept as JSON under `key`, read through `parse` (anything unreadable is the default). */
export function createJsonStore<T>(key: string, parse: (raw: string | null) => T, storage: KeyValueStorage | null): JsonStore<T> {
  const read = () => {
    try {
      return parse(storage?.getItem(key) ?? null);
    } catch {
      return parse(null);
    }
  };
  let value = read();
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      value = next;
      try {
        storage?.setItem(key, JSON.stringify(next));
      } catch {
        // Storage full or disabled: the value holds in this tab.
      }
      listeners.forEach((l) => l());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reload() {
      const next = read();
      if (JSON.stringify(next) === JSON.stringify(value)) return;
      value = next;
      listeners.forEach((l) => l());
    },
  };
}

export const SETTINGS_STORAGE_KEY = 'coupon_settings';
export const EXTRAS_STORAGE_KEY = 'coupon_extras';

const stores: { settings?: JsonStore<SlipSettings>; extras?: JsonStore<SlipExtras> } = {};

function browserStorage(): KeyValueStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function browserStore<T>(name: 'settings' | 'extras', key: string, parse: (raw: string | null) => T): JsonStore<T> | null {
  if (typeof window === 'undefined') return null;
  if (!stores[name]) {
    const store = createJsonStore(key, parse, browserStorage());
    window.addEventListener('storage', (event) => {
      if (event.key === key || event.key === null) store.reload();
    });
    (stores as Record<string, unknown>)[name] = store;
  }
  return stores[name] as unknown as JsonStore<T>;
}

export const settingsStore = () => browserStore('settings', SETTINGS_STORAGE_KEY, parseSettings);
export const extrasStore = () => browserStore('extras', EXTRAS_STORAGE_KEY, parseExtras);

const noop = () => () => {};

export function useSlipSettings(): [SlipSettings, (patch: Partial<SlipSettings>) => void] {
  const store = settingsStore();
  const value = useSyncExternalStore(store ? store.subscribe : noop, store ? store.get : () => DEFAULT_SETTINGS, () => DEFAULT_SETTINGS);
  return [value, (patch) => store?.set(applySettings(store.get(), patch))];
}

export function useSlipExtras(): [SlipExtras, (patch: Partial<SlipExtras>) => void] {
  const store = extrasStore();
  const value = useSyncExternalStore(store ? store.subscribe : noop, store ? store.get : () => EMPTY_EXTRAS, () => EMPTY_EXTRAS);
  return [value, (patch) => store?.set({ ...store.get(), ...patch })];
}
