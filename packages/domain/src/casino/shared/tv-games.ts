/**
 * TV roulette and TV keno: one draw per scheduled round for every player, from the round's
 * committed seed; the bets are the table games' own (European roulette's bets at 36/37,
 * keno's paytable by picks), so their RTPs are those games' (decision 0021).
 * The draw uses the stream exactly as the solo game does (`rng.int(37)`; 20 distinct of 80);
 * bets settle with the table games' own `settleRoulette` and `settleKeno`.
 */
import { KENO_DRAWN, KENO_NUMBERS } from '../keno.ts';
import { drawDistinct, type Rng } from '../rng.ts';

export function drawTvRoulette(rng: Rng): { pocket: number } {
  return { pocket: rng.int(37) };
}

export function drawTvKeno(rng: Rng): { drawn: number[] } {
  return { drawn: drawDistinct(KENO_NUMBERS, KENO_DRAWN, rng).map((n) => n + 1) };
}
