/**
 * Settlement factors, exactly.
 *
 * A selection's factor at settlement (SPEC §3 statuses): 1 win = coef, 0 lose = 0, 2 return
 * and 3 forced return = 1, 4 half win half return = (1 + coef)/2, 5 half lose half return =
 * 0.5, 6 half lose half win = coef/2; −2 and −1 are unsettled. With the coef in thousandths
 * C, every factor is a whole number of 1/2000 ("halves of a thousandth", h): 2C, 0, 2000,
 * C + 1000, 1000, C. An unsettled selection is OPEN (−1).
 *
 * A line's factor is the product of its factors rounded half up to 3 decimals:
 *   F = ⌊(Π h + S/2) / S⌋ thousandths, S = 2^k · 1000^(k−1) for k factors,
 * and its return is ⌊unit × F / 1000⌋ minor units.
 */
import { stakeShares, type BetStatus } from '../sports/settlement.ts';

/** The factor of an unsettled selection (−2 not calculated, −1 not started). */
export const OPEN = -1;

/** The factor of a selection in 1/2000 (h), or OPEN while unsettled. */
export function selectionFactor(status: BetStatus, coef: number): number {
  const shares = stakeShares(status);
  if (!shares) return OPEN;
  return shares[0] * 2 * coef + shares[1] * 2000;
}

/** The factor of a selection that wins: 2 × coef in 1/2000. */
export const winFactor = (coef: number): number => 2 * coef;

const MAX_K = 64;
/** S_k = 2^k · 1000^(k−1) as bigint and as the nearest double (exact for k ≤ 8). */
export const SCALE_BIG: readonly bigint[] = Array.from({ length: MAX_K + 1 }, (_, k) =>
  k === 0 ? 1n : 2n ** BigInt(k) * 1000n ** BigInt(k - 1),
);
export const SCALE: readonly number[] = SCALE_BIG.map(Number);

/** Half-up rounding of n / d for n ≥ 0, d > 0. */
export function divRoundHalfUp(n: bigint, d: bigint): bigint {
  return (2n * n + d) / (2n * d);
}

/** The rounded factor (thousandths) of a line of factors in 1/2000, exactly; null if any is OPEN. */
export function lineFactor(hs: readonly number[]): bigint | null {
  let product = 1n;
  for (const h of hs) {
    if (h < 0) return null;
    product *= BigInt(h);
  }
  return roundLine(product, hs.length);
}

/** ⌊(P + S_k/2) / S_k⌋: the product P of k factors in 1/2000 as thousandths rounded half up. */
export function roundLine(product: bigint, k: number): bigint {
  const scale = k <= MAX_K ? (SCALE_BIG[k] as bigint) : 2n ** BigInt(k) * 1000n ** BigInt(k - 1);
  return (product + scale / 2n) / scale;
}

/** The return of `stake` at factor F thousandths: ⌊stake × F / 1000⌋. */
export function applyFactor(stake: bigint, factor: bigint): bigint {
  return (stake * factor) / 1000n;
}

/** A margin as a fraction → parts per million, exactly enough for the maths (0.05 → 50,000). */
export function marginPpm(margin: number): bigint {
  if (!(margin >= 0 && margin < 1)) throw new RangeError(`margin ${margin} is outside [0, 1)`);
  return BigInt(Math.round(margin * 1e6));
}
