/**
 * Multi-live's choice of games: ids in the url (`?games=12,7,31`, so a link can be shared)
 * and in `localStorage` (so `/multi` opens with the games chosen last time). The url wins;
 * the page writes every change to both.
 */
import { buildPath } from '@betsite/domain';
import type { GameCard, LineMarket } from '@betsite/contracts';
import { rowMarkets } from './names.ts';

export const MULTI_STORAGE_KEY = 'multiLive';
/** At most this many games side by side (2–4 columns, two rows). */
export const MULTI_MAX = 8;

const ID = /^[1-9]\d{0,9}$/;

function cleanIds(values: readonly unknown[]): number[] {
  const ids: number[] = [];
  for (const value of values) {
    const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
    if (!ID.test(text)) continue;
    const id = Number(text);
    if (id <= 2_147_483_647 && !ids.includes(id)) ids.push(id);
    if (ids.length === MULTI_MAX) break;
  }
  return ids;
}

/**
 * The game ids of `?games=`: null when the url has none (the stored choice applies), else
 * the valid ids in order, each once, at most `MULTI_MAX` (an empty list is a choice too).
 */
export function parseMultiIds(raw: string | null): number[] | null {
  if (raw === null) return null;
  return cleanIds(raw.split(','));
}

/** The multi-live url for these games (the bare page for none). */
export function multiPath(lng: string, ids: readonly number[]): string {
  const path = buildPath('multi', {}, lng);
  return ids.length === 0 ? path : `${path}?games=${ids.join(',')}`;
}

/** `ids` with `id` added at the end (unless there or full) or taken out. */
export function toggleId(ids: readonly number[], id: number): number[] {
  if (ids.includes(id)) return ids.filter((i) => i !== id);
  return ids.length >= MULTI_MAX ? [...ids] : [...ids, id];
}

export interface MultiStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The stored choice; anything unreadable counts as none. */
export function readStoredIds(storage: MultiStorage | null): number[] {
  try {
    const value: unknown = JSON.parse(storage?.getItem(MULTI_STORAGE_KEY) ?? '[]');
    return Array.isArray(value) ? cleanIds(value) : [];
  } catch {
    return []; // disabled storage, or not JSON
  }
}

export function writeStoredIds(storage: MultiStorage | null, ids: readonly number[]): void {
  try {
    storage?.setItem(MULTI_STORAGE_KEY, JSON.stringify(ids));
  } catch {
    // Full or disabled storage: the url still carries the choice.
  }
}

/** The browser's storage, null where there is none (server, privacy mode). */
export function browserStorage(): MultiStorage | null {
  if (typeof window === 'undefined') return null;
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The markets a multi-live card shows: the result (1X2 or winner), the main handicap, the main total. */
export function cardMarkets(game: Pick<GameCard, 'markets' | 'sportId'>): LineMarket[] {
  const { result, total } = rowMarkets(game);
  const handicap = game.markets.find((m) => m.type === 'handicap' && m.scope === 'match') ?? null;
  return [result, handicap, total].filter((m): m is LineMarket => m !== null);
}
