/** Keno picks and the paytable for the number of picks (domain KENO_PAYTABLE). */
import { KENO_PAYTABLE } from '@betsite/domain';

export const MAX_PICKS = 10;

/** Adds or removes a number; a pick past ten is refused (the picks are returned unchanged). */
export function togglePick(picks: readonly number[], n: number): number[] {
  if (picks.includes(n)) return picks.filter((p) => p !== n);
  if (picks.length >= MAX_PICKS) return [...picks];
  return [...picks, n];
}

/** `count` distinct numbers of 1–80 from `random` (a quick pick; not part of the fair result). */
export function quickPick(count: number, random: () => number = Math.random): number[] {
  // A partial shuffle of 1–80: always `count` distinct numbers, whatever `random` returns.
  const pool = Array.from({ length: 80 }, (_, i) => i + 1);
  for (let i = 0; i < count; i++) {
    const j = i + Math.min(79 - i, Math.floor(random() * (80 - i)));
    [pool[i], pool[j]] = [pool[j] as number, pool[i] as number];
  }
  return pool.slice(0, count).sort((a, b) => a - b);
}

export interface KenoPayRow {
  readonly hits: number;
  readonly milli: number;
}

/** The paying rows for `picks` numbers, most hits first. */
export function kenoPayRows(picks: number): KenoPayRow[] {
  const table = KENO_PAYTABLE[picks];
  if (!table) return [];
  return table.milli
    .map((milli, hits) => ({ hits, milli }))
    .filter((r) => r.milli > 0)
    .reverse();
}

export const kenoRtpOf = (picks: number): number | null => KENO_PAYTABLE[picks]?.rtp ?? null;
