/**
 * Fair probabilities → offered coefficients with a bookmaker margin (overround).
 *
 * Method (docs/decisions/0008): the power method by default. Each fair probability p is
 * raised to a power k ≤ 1 chosen so that the implied probabilities p^k sum to 1 + margin.
 * Long shots carry more of the margin than favourites — the favourite–longshot bias every
 * book prices in — ordering is preserved, and no implied probability exceeds 1. The
 * proportional method (every p scaled by 1 + margin) is available for comparison, and is
 * the fallback when a market is so lopsided that no power reaches the target.
 */
import { clampCoef } from './coef.ts';

export type MarginMethod = 'power' | 'proportional';

export const DEFAULT_MARGIN = 0.05;

export interface MarginOptions {
  /** Overround as a fraction: 0.05 means implied probabilities sum to 1.05. */
  margin?: number;
  method?: MarginMethod;
}

/**
 * Coefficients for mutually exclusive outcomes whose fair probabilities are `probabilities`
 * (normalised here if they do not quite sum to 1). Rounded to 3 decimals, at least
 * MIN_COEF; an outcome of probability 0 gets MAX_COEF.
 */
export function applyMargin(probabilities: readonly number[], options: MarginOptions = {}): number[] {
  const margin = options.margin ?? DEFAULT_MARGIN;
  if (!(margin >= 0 && margin < 1)) throw new RangeError(`margin ${margin} is outside [0, 1)`);
  const sum = probabilities.reduce((total, p) => total + Math.max(0, p), 0);
  if (!(sum > 0)) throw new RangeError('a market needs a positive probability');
  const fair = probabilities.map((p) => Math.max(0, p) / sum);
  const implied =
    options.method === 'proportional' ? proportional(fair, margin) : (power(fair, margin) ?? proportional(fair, margin));
  return implied.map((q) => clampCoef(1 / q));
}

function proportional(fair: readonly number[], margin: number): number[] {
  return fair.map((p) => p * (1 + margin));
}

/** Bisection on k in (0, 1]: Σ p^k falls from n (k → 0) to 1 (k = 1) as k grows. */
function power(fair: readonly number[], margin: number): number[] | null {
  const target = 1 + margin;
  const logs = fair.filter((p) => p > 0).map(Math.log);
  const total = (k: number) => {
    let sum = 0;
    for (const log of logs) sum += Math.exp(k * log);
    return sum;
  };
  let low = 1e-3;
  let high = 1;
  if (total(low) < target) return null;
  // 1e-10 on k moves no coefficient at 3 decimals.
  while (high - low > 1e-10) {
    const mid = (low + high) / 2;
    if (total(mid) > target) low = mid;
    else high = mid;
  }
  const k = (low + high) / 2;
  return fair.map((p) => (p > 0 ? Math.exp(k * Math.log(p)) : 0));
}

/** Σ 1/coef − 1: the margin a set of exclusive coefficients carries. */
export function overround(coefs: readonly number[]): number {
  return coefs.reduce((sum, coef) => sum + 1 / coef, 0) - 1;
}

/** Fair probabilities read back from coefficients by normalising 1/coef (proportional). */
export function impliedProbabilities(coefs: readonly number[]): number[] {
  const implied = coefs.map((coef) => 1 / coef);
  const sum = implied.reduce((total, q) => total + q, 0);
  return implied.map((q) => q / sum);
}
