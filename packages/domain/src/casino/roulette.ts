/**
 * European roulette: one zero, pockets 0–36, the ball's pocket from the fair stream
 * (`rng.int(37)`). Bets and what they pay (to 1, the stake returned besides):
 * straight 35, split 17, street 11, trio (0-1-2 or 0-2-3) 11, corner 8, first four (0-1-2-3) 8,
 * six line 5, column 2, dozen 2, red/black, odd/even, low (1–18)/high (19–36) 1. Every bet
 * covering k pockets pays 36/k − 1 to 1, so each returns exactly 36/37: the house edge is
 * 1/37 = 2.7027%. Zero loses every outside bet (no la partage).
 */
import type { Minor } from '../money/minor.ts';
import { casinoPayout, frac, type CasinoGameInfo, type ExactRatio } from './money.ts';
import type { Rng } from './rng.ts';

export type RouletteBetKind =
  | 'straight' | 'split' | 'street' | 'trio' | 'corner' | 'first_four' | 'six_line'
  | 'column' | 'dozen' | 'red' | 'black' | 'odd' | 'even' | 'low' | 'high';

export interface RouletteBet {
  readonly kind: RouletteBetKind;
  /** The pockets covered (inside bets, column 1–3 and dozen 1–3 as [n]); empty for even-money bets. */
  readonly numbers: readonly number[];
  readonly stake: Minor;
}

export const RED_NUMBERS: ReadonlySet<number> = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

export const EUROPEAN_ROULETTE: CasinoGameInfo = { id: 'european-roulette', title: 'European Roulette', rtp: 36 / 37, maxMultiplierMilli: 36_000n };

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const col = (n: number): number => (n - 1) % 3; // 0, 1, 2 across the table

/** The pockets a bet covers, or an error text when the bet is not a real one. */
export function rouletteCoverage(kind: RouletteBetKind, numbers: readonly number[]): number[] | string {
  const sorted = [...numbers].sort((a, b) => a - b);
  const n = sorted.length;
  const at = (i: number): number => sorted[i] as number;
  if (sorted.some((x) => !Number.isInteger(x)) || new Set(sorted).size !== n) return 'numbers must be distinct integers';
  const inside = (): boolean => sorted.every((x) => x >= 1 && x <= 36);
  switch (kind) {
    case 'straight':
      return n === 1 && at(0) >= 0 && at(0) <= 36 ? sorted : 'a straight covers one pocket';
    case 'split': {
      if (n !== 2) return 'a split covers two pockets';
      const [a, b] = [at(0), at(1)];
      const zeroSplit = a === 0 && b >= 1 && b <= 3;
      const side = inside() && b === a + 1 && col(a) !== 2;
      const vertical = inside() && b === a + 3;
      return zeroSplit || side || vertical ? sorted : 'a split covers two neighbouring pockets';
    }
    case 'street':
      return n === 3 && inside() && col(at(0)) === 0 && at(1) === at(0) + 1 && at(2) === at(0) + 2 ? sorted : 'a street is one row of three';
    case 'trio':
      return sorted.join() === '0,1,2' || sorted.join() === '0,2,3' ? sorted : 'a trio is 0-1-2 or 0-2-3';
    case 'corner':
      return n === 4 && inside() && col(at(0)) !== 2 && at(1) === at(0) + 1 && at(2) === at(0) + 3 && at(3) === at(0) + 4 ? sorted : 'a corner is four pockets meeting at a point';
    case 'first_four':
      return sorted.join() === '0,1,2,3' ? sorted : 'first four is 0-1-2-3';
    case 'six_line':
      return n === 6 && inside() && col(at(0)) === 0 && sorted.every((x, i) => x === at(0) + i) ? sorted : 'a six line is two neighbouring rows';
    case 'column':
      return n === 1 && at(0) >= 1 && at(0) <= 3 ? range(1, 36).filter((x) => col(x) === at(0) - 1) : 'column is 1, 2 or 3';
    case 'dozen':
      return n === 1 && at(0) >= 1 && at(0) <= 3 ? range(12 * (at(0) - 1) + 1, 12 * at(0)) : 'dozen is 1, 2 or 3';
    case 'red':
      return n === 0 ? [...RED_NUMBERS] : 'an outside bet takes no numbers';
    case 'black':
      return n === 0 ? range(1, 36).filter((x) => !RED_NUMBERS.has(x)) : 'an outside bet takes no numbers';
    case 'odd':
      return n === 0 ? range(1, 36).filter((x) => x % 2 === 1) : 'an outside bet takes no numbers';
    case 'even':
      return n === 0 ? range(1, 36).filter((x) => x % 2 === 0) : 'an outside bet takes no numbers';
    case 'low':
      return n === 0 ? range(1, 18) : 'an outside bet takes no numbers';
    case 'high':
      return n === 0 ? range(19, 36) : 'an outside bet takes no numbers';
  }
}

/** Returned on a win per unit staked, in thousandths (stake included): 36/k. */
export function rouletteReturnMilli(covered: number): bigint {
  return BigInt((36 / covered) * 1000);
}

export interface RouletteOutcome {
  readonly pocket: number;
  readonly bets: readonly { readonly bet: RouletteBet; readonly won: boolean; readonly payout: Minor }[];
  readonly stake: bigint;
  readonly payout: bigint;
}

/** Null when every bet is a real one (1 to 50 of them), else why not. */
export function rouletteBetsError(bets: readonly Pick<RouletteBet, 'kind' | 'numbers'>[]): string | null {
  if (bets.length < 1 || bets.length > 50) return 'place 1 to 50 bets';
  for (const bet of bets) {
    const cover = rouletteCoverage(bet.kind, bet.numbers);
    if (typeof cover === 'string') return cover;
  }
  return null;
}

/** Settles every bet on `pocket`; throws on a bet that is not a real one (validate first). */
export function settleRoulette(bets: readonly RouletteBet[], pocket: number): Omit<RouletteOutcome, 'pocket'> {
  const settled = bets.map((bet) => {
    const cover = rouletteCoverage(bet.kind, bet.numbers);
    if (typeof cover === 'string') throw new RangeError(cover);
    const won = cover.includes(pocket);
    return { bet, won, payout: casinoPayout(bet.stake, won ? rouletteReturnMilli(cover.length) : 0n) };
  });
  return {
    bets: settled,
    stake: bets.reduce((s, b) => s + b.stake, 0n),
    payout: settled.reduce((s, b) => s + b.payout, 0n),
  };
}

/** Spins once and settles every bet; throws on a bet that is not a real one (validate first). */
export function spinRoulette(bets: readonly RouletteBet[], rng: Rng): RouletteOutcome {
  const pocket = rng.int(37);
  return { pocket, ...settleRoulette(bets, pocket) };
}

/** The exact RTP of a bet: pockets covered × return / 37. */
export function rouletteBetRtp(kind: RouletteBetKind, numbers: readonly number[]): ExactRatio {
  const c = rouletteCoverage(kind, numbers);
  if (typeof c === 'string') throw new RangeError(c);
  return frac(BigInt(c.length) * rouletteReturnMilli(c.length), 37n * 1000n);
}
