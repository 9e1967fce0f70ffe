/**
 * Scratch card "Lucky Nines": a ticket costs the stake and shows nine amounts; three of the
 * same amount win that amount (× the stake), never more than one prize a ticket. Tickets come
 * from a series of 1,000,000 with the prize counts below — each ticket is drawn from the whole
 * series by the fair stream (`rng.int(1e6)`), so every ticket has the same odds. The grid is
 * built to match its prize: a winning ticket has its amount three times and every other amount
 * at most twice; a losing one at most twice each. Exact RTP = Σ count × prize / 1,000,000 = 95%.
 */
import type { Minor } from '../money/minor.ts';
import { casinoPayout, frac, type CasinoGameInfo, type ExactRatio } from './money.ts';
import { shuffle, type Rng } from './rng.ts';

export const SCRATCH_SERIES = 1_000_000;

/** Prize (× stake, thousandths) and how many tickets of the series carry it. */
export const SCRATCH_PRIZES: readonly { readonly milli: number; readonly tickets: number }[] = [
  { milli: 10_000_000, tickets: 2 },
  { milli: 1_000_000, tickets: 20 },
  { milli: 100_000, tickets: 500 },
  { milli: 20_000, tickets: 5_000 },
  { milli: 10_000, tickets: 10_000 },
  { milli: 5_000, tickets: 30_000 },
  { milli: 3_000, tickets: 50_000 },
  { milli: 2_000, tickets: 100_000 },
  { milli: 1_000, tickets: 160_000 },
];

export const SCRATCH_CARD: CasinoGameInfo = { id: 'lucky-nines', title: 'Lucky Nines', rtp: 0.95, maxMultiplierMilli: 10_000_000n };

export interface ScratchOutcome {
  /** Nine amounts (× stake, thousandths), row by row. */
  readonly grid: readonly number[];
  readonly multiplierMilli: bigint;
  readonly payout: Minor;
}

export function playScratch(stake: Minor, rng: Rng): ScratchOutcome {
  let ticket = rng.int(SCRATCH_SERIES);
  let prize = 0;
  for (const tier of SCRATCH_PRIZES) {
    if (ticket < tier.tickets) {
      prize = tier.milli;
      break;
    }
    ticket -= tier.tickets;
  }
  const amounts = SCRATCH_PRIZES.map((p) => p.milli);
  const others = shuffle([...amounts, ...amounts].filter((a) => a !== prize), rng);
  const cells = prize > 0 ? [prize, prize, prize, ...others.slice(0, 6)] : others.slice(0, 9);
  return { grid: shuffle(cells, rng), multiplierMilli: BigInt(prize), payout: casinoPayout(stake, BigInt(prize)) };
}

export function scratchRtp(): ExactRatio {
  return frac(SCRATCH_PRIZES.reduce((sum, p) => sum + BigInt(p.milli) * BigInt(p.tickets), 0n), BigInt(SCRATCH_SERIES) * 1000n);
}
