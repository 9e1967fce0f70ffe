/**
 * A casino round as the site shows it (the game server's `RoundView`, contracts `rgs.ts`):
 * in the office history and on the verify page.
 */
import type { RoundsAnswer, RoundView } from '@betsite/contracts';

export type CasinoRound = RoundView;
export type CasinoRounds = RoundsAnswer;

/** The office history's page size (contracts `RoundsQuerySchema.limit` ≤ 100). */
export const ROUNDS_PAGE = 25;

/** Epoch ms of an ISO time, null when there is none. */
export function roundTime(value: string | null): number | null {
  if (value === null) return null;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}

/** The cursor of the next page: the oldest shown round's id (the list is newest first); null after a short page. */
export function nextRoundsCursor(page: readonly Pick<RoundView, 'id'>[], limit: number): string | null {
  return page.length < limit ? null : (page.at(-1)?.id ?? null);
}
