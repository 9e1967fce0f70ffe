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
  const out: number[] = [];
  while (out.length < count) {
    const n = 1 + Math.floor(random() * 80);
    if (!out.includes(n)) out.push(n);
  }
  return out.sort((a, b) => a - b);
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
