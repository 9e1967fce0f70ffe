/**
 * Mines: a 5×5 field with k mines (1–24) placed by the fair stream before the first click.
 * The player reveals tiles one at a time; a mine ends the round with nothing; after r safe
 * tiles they may cash out stake × 0.99 × C(25, r) / C(25 − k, r) (the fair multiplier, the
 * inverse of the chance of r safe tiles, less a 1% edge), floored once at the minor unit; the
 * multiplier is shown floored to 0.001. Whatever r the player stops at, RTP = 99% exactly.
 * Revealing every safe tile cashes out by itself.
 */
import type { Minor } from '../money/minor.ts';
import { choose, casinoPayoutFraction, frac, multiplierMilli, type CasinoGameInfo, type ExactRatio } from './money.ts';
import { drawDistinct, type Rng } from './rng.ts';

export const MINES_TILES = 25;
const EDGE = { num: 99n, den: 100n };

export function minesMultiplier(mines: number, revealed: number): { num: bigint; den: bigint } {
  return { num: EDGE.num * choose(MINES_TILES, revealed), den: EDGE.den * choose(MINES_TILES - mines, revealed) };
}

export function minesMultiplierMilli(mines: number, revealed: number): bigint {
  const m = minesMultiplier(mines, revealed);
  return multiplierMilli(m.num, m.den);
}

/** The highest: every safe tile, with the mine count that makes it largest (12 or 13). */
export const MINES: CasinoGameInfo = {
  id: 'mines',
  title: 'Mines',
  rtp: 0.99,
  maxMultiplierMilli: Array.from({ length: 24 }, (_, i) => minesMultiplierMilli(i + 1, MINES_TILES - i - 1)).reduce((a, b) => (b > a ? b : a)),
};

export interface MinesState {
  readonly stake: Minor;
  readonly mines: readonly number[];
  readonly revealed: readonly number[];
  readonly status: 'playing' | 'lost' | 'cashed_out';
  readonly payout: Minor;
}

export type MinesAction = { readonly type: 'reveal'; readonly tile: number } | { readonly type: 'cash_out' };

export function startMines(stake: Minor, mineCount: number, rng: Rng): MinesState {
  if (!Number.isInteger(mineCount) || mineCount < 1 || mineCount > MINES_TILES - 1) throw new RangeError('mines must be 1–24');
  return { stake, mines: drawDistinct(MINES_TILES, mineCount, rng).sort((a, b) => a - b), revealed: [], status: 'playing', payout: 0n as Minor };
}

function cashOut(state: MinesState, revealed: readonly number[]): MinesState {
  const m = minesMultiplier(state.mines.length, revealed.length);
  return { ...state, revealed, status: 'cashed_out', payout: casinoPayoutFraction(state.stake, m.num, m.den) };
}

/** Applies an action; a finished round or an invalid move is refused with a RangeError. */
export function actMines(state: MinesState, action: MinesAction): MinesState {
  if (state.status !== 'playing') throw new RangeError('the round is over');
  if (action.type === 'cash_out') {
    if (state.revealed.length === 0) throw new RangeError('reveal a tile first');
    return cashOut(state, state.revealed);
  }
  const { tile } = action;
  if (!Number.isInteger(tile) || tile < 0 || tile >= MINES_TILES || state.revealed.includes(tile)) throw new RangeError('not a hidden tile');
  const revealed = [...state.revealed, tile];
  if (state.mines.includes(tile)) return { ...state, revealed, status: 'lost', payout: 0n as Minor };
  if (revealed.length === MINES_TILES - state.mines.length) return cashOut(state, revealed);
  return { ...state, revealed };
}

/** Exact RTP of cashing out after r safe tiles: P(r safe) × multiplier. */
export function minesRtp(mines: number, revealed: number): ExactRatio {
  const m = minesMultiplier(mines, revealed);
  return frac(choose(MINES_TILES - mines, revealed) * m.num, choose(MINES_TILES, revealed) * m.den);
}
