/**
 * Shared casino money rules: a payout is stake × multiplier, the multiplier in thousandths,
 * floored to the minor unit (as the coupon maths does), never negative.
 */
import { minor, type Minor } from '../money/minor.ts';

export function casinoPayout(stake: Minor, multiplierMilli: bigint): Minor {
  if (stake < 0n || multiplierMilli < 0n) throw new RangeError('stake and multiplier must not be negative');
  return minor((stake * multiplierMilli) / 1000n);
}

/**
 * stake × num/den floored once, at the minor unit: for games whose fair multiplier is a fraction
 * (dice, mines) so the house edge is exact; the multiplier shown is `multiplierMilli`.
 */
export function casinoPayoutFraction(stake: Minor, num: bigint, den: bigint): Minor {
  if (stake < 0n || num < 0n || den <= 0n) throw new RangeError('stake and multiplier must not be negative');
  return minor((stake * num) / den);
}

/** A fraction as thousandths, floored (what the game shows: 1.237×). */
export const multiplierMilli = (num: bigint, den: bigint): bigint => (num * 1000n) / den;

/** An exact fraction (num/den, den > 0) for RTPs computed without floats. */
export interface ExactRatio {
  readonly num: bigint;
  readonly den: bigint;
}

export const frac = (num: bigint, den: bigint): ExactRatio => ({ num, den });
export const addFrac = (a: ExactRatio, b: ExactRatio): ExactRatio => ({ num: a.num * b.den + b.num * a.den, den: a.den * b.den });
export const mulFrac = (a: ExactRatio, b: ExactRatio): ExactRatio => ({ num: a.num * b.num, den: a.den * b.den });
/** To a float with 15 significant digits of the exact value. */
export function fracToNumber(f: ExactRatio): number {
  const scale = 10n ** 15n;
  return Number((f.num * scale) / f.den) / 1e15;
}

export function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 0; i < k; i++) result = (result * BigInt(n - i)) / BigInt(i + 1);
  return result;
}

/** What every game declares: its RTP and the highest multiplier a round can pay (thousandths). */
export interface CasinoGameInfo {
  readonly id: string;
  readonly title: string;
  /** Return to player, e.g. 0.9612. */
  readonly rtp: number;
  readonly maxMultiplierMilli: bigint;
}
