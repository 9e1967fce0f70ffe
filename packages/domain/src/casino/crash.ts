/**
 * Crash: the multiplier climbs from 1.00× and crashes at a point drawn before the round;
 * a player's bet with a cash-out target m (hundredths, 1.01× to 10,000×) wins stake × m when
 * the crash point reaches m. The point: r = rng.int(2³²), point = ⌊99·2³² / (2³² − r)⌋
 * hundredths; below 1.00 it crashes at once (1% of rounds: the edge). P(point ≥ m) =
 * ⌊99·2³²/m⌋ / 2³², so the RTP for target m is m·⌊99·2³²/m⌋ / (100·2³²), 99% less under 2.4·10⁻⁶.
 * A shared round commits its seed the same way; a manual cash-out at m is the same bet.
 */
import type { Minor } from '../money/minor.ts';
import { casinoPayout, frac, type CasinoGameInfo, type ExactRatio } from './money.ts';
import type { Rng } from './rng.ts';

const H = 2n ** 32n;
export const CRASH_MIN_TARGET = 101;
export const CRASH_MAX_TARGET = 1_000_000;

export const CRASH: CasinoGameInfo = { id: 'crash', title: 'Crash', rtp: 0.99, maxMultiplierMilli: BigInt(CRASH_MAX_TARGET) * 10n };

/** The crash point in hundredths (100 = crashed at once). */
export function crashPoint(rng: Rng): number {
  const r = BigInt(rng.int(2 ** 32));
  const point = (99n * H) / (H - r);
  return point < 100n ? 100 : Number(point);
}

export interface CrashOutcome {
  readonly point: number;
  readonly target: number;
  readonly won: boolean;
  readonly payout: Minor;
}

export function settleCrash(stake: Minor, target: number, point: number): CrashOutcome {
  if (!Number.isInteger(target) || target < CRASH_MIN_TARGET || target > CRASH_MAX_TARGET) throw new RangeError('target out of range');
  const won = point >= target;
  return { point, target, won, payout: casinoPayout(stake, won ? BigInt(target) * 10n : 0n) };
}

export function playCrash(stake: Minor, target: number, rng: Rng): CrashOutcome {
  return settleCrash(stake, target, crashPoint(rng));
}

/** Exact RTP of a cash-out at `target`. */
export function crashRtp(target: number): ExactRatio {
  const m = BigInt(target);
  return frac(m * ((99n * H) / m), 100n * H);
}
