/**
 * TV roulette and TV keno: one draw per scheduled round for every player, from the round's
 * committed seed; the bets are the table games' own (European roulette's bets at 36/37,
 * keno's paytable by picks), so their RTPs are those games' (decision 0021).
 * The draw uses the stream exactly as the solo game does (`rng.int(37)`; 20 distinct of 80).
 */
import type { Minor } from '../../money/minor.ts';
import { KENO_DRAWN, KENO_NUMBERS, KENO_PAYTABLE, kenoPicksError } from '../keno.ts';
import { casinoPayout } from '../money.ts';
import { drawDistinct, type Rng } from '../rng.ts';
import { rouletteCoverage, rouletteReturnMilli, type RouletteBet } from '../roulette.ts';

export function drawTvRoulette(rng: Rng): { pocket: number } {
  return { pocket: rng.int(37) };
}

export function drawTvKeno(rng: Rng): { drawn: number[] } {
  return { drawn: drawDistinct(KENO_NUMBERS, KENO_DRAWN, rng).map((n) => n + 1) };
}

/** Null when every bet is a real one, else why not. */
export function rouletteBetsError(bets: readonly Pick<RouletteBet, 'kind' | 'numbers'>[]): string | null {
  if (bets.length < 1 || bets.length > 50) return 'one to 50 bets';
  for (const bet of bets) {
    const cover = rouletteCoverage(bet.kind, bet.numbers);
    if (typeof cover === 'string') return cover;
  }
  return null;
}

export interface SettledRouletteBet {
  readonly bet: RouletteBet;
  readonly won: boolean;
  readonly payout: Minor;
}

export function settleTvRoulette(bets: readonly RouletteBet[], pocket: number): { bets: SettledRouletteBet[]; payout: bigint } {
  const settled = bets.map((bet) => {
    const cover = rouletteCoverage(bet.kind, bet.numbers);
    if (typeof cover === 'string') throw new RangeError(cover);
    const won = cover.includes(pocket);
    return { bet, won, payout: casinoPayout(bet.stake, won ? rouletteReturnMilli(cover.length) : 0n) };
  });
  return { bets: settled, payout: settled.reduce((s, b) => s + b.payout, 0n) };
}

export function settleTvKeno(stake: Minor, picks: readonly number[], drawn: readonly number[]): { hits: number; multiplierMilli: bigint; payout: Minor } {
  const error = kenoPicksError(picks);
  if (error) throw new RangeError(error);
  const set = new Set(drawn);
  const hits = picks.filter((n) => set.has(n)).length;
  const multiplierMilli = BigInt(KENO_PAYTABLE[picks.length]?.milli[hits] ?? 0);
  return { hits, multiplierMilli, payout: casinoPayout(stake, multiplierMilli) };
}
