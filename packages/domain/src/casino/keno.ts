/**
 * Keno, 20 of 80: the player picks 1–10 numbers of 1–80; the fair stream draws 20 distinct
 * numbers; the pay depends on how many picks were hit (the paytable of that pick count, in
 * thousandths of the stake; 10 picks also pay for none). Exact RTP for p picks:
 * Σₕ C(p, h)·C(80 − p, 20 − h) / C(80, 20) × pay(h) — the hypergeometric law.
 */
import type { Minor } from '../money/minor.ts';
import { addFrac, choose, casinoPayout, frac, type CasinoGameInfo, type ExactRatio } from './money.ts';
import { drawDistinct, type Rng } from './rng.ts';

export const KENO_NUMBERS = 80;
export const KENO_DRAWN = 20;

/** By pick count: the declared RTP and pay (thousandths) by hits, index = hits. */
export const KENO_PAYTABLE: Readonly<Record<number, { readonly rtp: number; readonly milli: readonly number[] }>> = {
  1: { rtp: 0.95, milli: [0, 3800] },
  2: { rtp: 0.9449, milli: [0, 1000, 9400] },
  3: { rtp: 0.9505, milli: [0, 0, 3400, 34500] },
  4: { rtp: 0.9549, milli: [0, 0, 2000, 6600, 79700] },
  5: { rtp: 0.9585, milli: [0, 0, 0, 4600, 22800, 460000] },
  6: { rtp: 0.9587, milli: [0, 0, 0, 2500, 7400, 85800, 1220000] },
  7: { rtp: 0.9577, milli: [0, 0, 0, 1200, 4600, 23000, 230000, 5760000] },
  8: { rtp: 0.9547, milli: [0, 0, 0, 0, 3400, 13800, 80500, 1150000, 11500000] },
  9: { rtp: 0.9565, milli: [0, 0, 0, 0, 2000, 5900, 39000, 290000, 3900000, 19520000] },
  10: { rtp: 0.9474, milli: [1900, 0, 0, 0, 0, 4800, 23900, 110000, 960000, 4790000, 23950000] },
};

export const KENO: CasinoGameInfo = {
  id: 'keno',
  title: 'Keno',
  // The lowest of the pick counts': what the lobby shows as "RTP up to" is the table's.
  rtp: Math.min(...Object.values(KENO_PAYTABLE).map((p) => p.rtp)),
  maxMultiplierMilli: BigInt(Math.max(...Object.values(KENO_PAYTABLE).flatMap((p) => p.milli))),
};

export interface KenoOutcome {
  readonly picks: readonly number[];
  readonly drawn: readonly number[];
  readonly hits: number;
  readonly multiplierMilli: bigint;
  readonly payout: Minor;
}

export function kenoPicksError(picks: readonly number[]): string | null {
  if (picks.length < 1 || picks.length > 10) return 'pick 1 to 10 numbers';
  if (picks.some((n) => !Number.isInteger(n) || n < 1 || n > KENO_NUMBERS)) return 'numbers are 1–80';
  if (new Set(picks).size !== picks.length) return 'numbers must differ';
  return null;
}

export function playKeno(stake: Minor, picks: readonly number[], rng: Rng): KenoOutcome {
  const error = kenoPicksError(picks);
  if (error) throw new RangeError(error);
  const drawn = drawDistinct(KENO_NUMBERS, KENO_DRAWN, rng).map((n) => n + 1);
  return { picks, drawn, ...settleKeno(stake, picks, drawn) };
}

/** Pays `picks` on a draw of 20; throws on picks that are not 1 to 10 distinct numbers of 1–80. */
export function settleKeno(stake: Minor, picks: readonly number[], drawn: readonly number[]): { hits: number; multiplierMilli: bigint; payout: Minor } {
  const error = kenoPicksError(picks);
  if (error) throw new RangeError(error);
  const set = new Set(drawn);
  const hits = picks.filter((n) => set.has(n)).length;
  const multiplierMilli = BigInt(KENO_PAYTABLE[picks.length]?.milli[hits] ?? 0);
  return { hits, multiplierMilli, payout: casinoPayout(stake, multiplierMilli) };
}

/** P(h hits of p picks) as an exact fraction. */
export function kenoHitChance(picks: number, hits: number): ExactRatio {
  return frac(choose(picks, hits) * choose(KENO_NUMBERS - picks, KENO_DRAWN - hits), choose(KENO_NUMBERS, KENO_DRAWN));
}

export function kenoRtp(picks: number): ExactRatio {
  const table = KENO_PAYTABLE[picks];
  if (!table) throw new RangeError('pick 1 to 10 numbers');
  return table.milli.reduce<ExactRatio>((sum, pay, hits) => addFrac(sum, { num: kenoHitChance(picks, hits).num * BigInt(pay), den: kenoHitChance(picks, hits).den * 1000n }), frac(0n, 1n));
}
