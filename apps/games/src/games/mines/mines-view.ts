/** The mines round as the server shows it (mines hidden while it is open). */
import { MINES_TILES, minesMultiplierMilli } from '@betsite/domain';
import { big, num, nums, obj } from '../../outcome.ts';

export interface MinesView {
  readonly status: 'playing' | 'lost' | 'cashed_out';
  readonly mineCount: number;
  readonly revealed: readonly number[];
  readonly mines: readonly number[] | null;
  readonly multiplierMilli: bigint;
  readonly nextMultiplierMilli: bigint | null;
  readonly payout: bigint;
  readonly stake: bigint;
}

export function readMines(outcome: unknown): MinesView | null {
  const o = obj(outcome);
  if (!Array.isArray(o.revealed)) return null;
  const status = o.status === 'lost' || o.status === 'cashed_out' ? o.status : 'playing';
  return {
    status,
    mineCount: num(o.mineCount),
    revealed: nums(o.revealed),
    mines: Array.isArray(o.mines) ? nums(o.mines) : null,
    multiplierMilli: big(o.multiplierMilli),
    nextMultiplierMilli: o.nextMultiplierMilli === null || o.nextMultiplierMilli === undefined ? null : big(o.nextMultiplierMilli),
    payout: big(o.payout),
    stake: big(o.stake),
  };
}

export type TileState = 'hidden' | 'gem' | 'mine' | 'boom' | 'missed-gem';

/** What a tile shows: gems found, the mine hit, and once over every mine and the gems left. */
export function tileState(view: MinesView | null, tile: number): TileState {
  if (!view) return 'hidden';
  const mine = view.mines?.includes(tile) ?? false;
  if (view.revealed.includes(tile)) return mine ? 'boom' : 'gem';
  if (view.status === 'playing' || !view.mines) return 'hidden';
  return mine ? 'mine' : 'missed-gem';
}

/** The cash-out multipliers for 1…n safe tiles with `mines` mines (the ladder shown before play). */
export function minesLadder(mines: number, count = 8): bigint[] {
  const safe = MINES_TILES - mines;
  return Array.from({ length: Math.min(count, safe) }, (_, i) => minesMultiplierMilli(mines, i + 1));
}
