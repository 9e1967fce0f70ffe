/** The scratch card's grid: which cells make the prize, and the prize list. */
import { SCRATCH_PRIZES, SCRATCH_SERIES } from '@betsite/domain';

/** The cells of the amount that appears three times (the prize), or none. */
export function winningCells(grid: readonly number[]): number[] {
  const counts = new Map<number, number[]>();
  grid.forEach((amount, i) => counts.set(amount, [...(counts.get(amount) ?? []), i]));
  for (const cells of counts.values()) if (cells.length >= 3) return cells;
  return [];
}

/** Prizes best first, with the odds of a ticket (1 in N). */
export const PRIZE_ROWS = SCRATCH_PRIZES.map((p) => ({ milli: p.milli, oneIn: Math.round(SCRATCH_SERIES / p.tickets) }));
