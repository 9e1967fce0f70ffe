/**
 * Probability distributions of a scope's final score, as the models produce them and the
 * pricer reads them. A joint distribution is kept when a market needs it (correct score,
 * both teams to score); otherwise the margin (home − away) and total (home + away)
 * distributions suffice, which is all a normal approximation gives.
 */
import type { ScopeId } from './score.ts';

/** [home, away, probability] */
export type JointCell = readonly [number, number, number];
/** [value, probability] */
export type ValueCell = readonly [number, number];

export interface ScoreDist {
  joint?: readonly JointCell[];
  margin: readonly ValueCell[];
  total: readonly ValueCell[];
  /** Probability that the scope is never played (its bets are returned). */
  voidP: number;
}

/** The distributions a model knows, by scope; a scope that is over or unknown is absent. */
export type ScopeDists = Partial<Record<ScopeId, ScoreDist>>;

const EPSILON = 1e-12;

function toCells(map: Map<number, number>): ValueCell[] {
  return [...map].filter(([, p]) => p > EPSILON).sort((a, b) => a[0] - b[0]);
}

export function distFromJoint(joint: readonly JointCell[], voidP = 0): ScoreDist {
  const margin = new Map<number, number>();
  const total = new Map<number, number>();
  const cells: JointCell[] = [];
  for (const cell of joint) {
    const [home, away, p] = cell;
    if (!(p > EPSILON)) continue;
    cells.push(cell);
    margin.set(home - away, (margin.get(home - away) ?? 0) + p);
    total.set(home + away, (total.get(home + away) ?? 0) + p);
  }
  return { joint: cells, margin: toCells(margin), total: toCells(total), voidP };
}

export function distFromMarginals(
  margin: Map<number, number> | readonly ValueCell[],
  total: Map<number, number> | readonly ValueCell[],
  voidP = 0,
): ScoreDist {
  const asMap = (cells: Map<number, number> | readonly ValueCell[]) =>
    cells instanceof Map ? cells : new Map(cells.map(([value, p]) => [value, p]));
  return { margin: toCells(asMap(margin)), total: toCells(asMap(total)), voidP };
}

/** A score known for certain (a scope that is decided but not yet over). */
export function certainDist(home: number, away: number): ScoreDist {
  return distFromJoint([[home, away, 1]]);
}

/**
 * Poisson probabilities of 0…k events with mean `lambda`, cut where the tail is below
 * 1e-9 (at most `maxK`); the tail is added to the last value so the sum is 1.
 */
export function poisson(lambda: number, maxK = 20): number[] {
  if (!(lambda > 0)) return [1];
  const pmf: number[] = [];
  let p = Math.exp(-lambda);
  let cumulative = 0;
  for (let k = 0; k <= maxK; k++) {
    pmf.push(p);
    cumulative += p;
    if (1 - cumulative < 1e-9 && k >= lambda) break;
    p = (p * lambda) / (k + 1);
  }
  pmf[pmf.length - 1] = (pmf[pmf.length - 1] ?? 0) + Math.max(0, 1 - cumulative);
  return pmf;
}

/** Final scores = `base` + independent Poisson goals with means `homeLambda`, `awayLambda`. */
export function poissonJoint(base: { home: number; away: number }, homeLambda: number, awayLambda: number): JointCell[] {
  const home = poisson(homeLambda);
  const away = poisson(awayLambda);
  const cells: JointCell[] = [];
  home.forEach((ph, i) => {
    away.forEach((pa, j) => {
      const p = ph * pa;
      if (p > EPSILON) cells.push([base.home + i, base.away + j, p]);
    });
  });
  return cells;
}

/** Standard normal CDF (Abramowitz–Stegun 7.1.26 through erf; |error| < 1.5e-7). */
export function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const erf =
    1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-z * z);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/**
 * A normal distribution rounded to integers, between mean ± 5 sd (mass outside is folded
 * into the end values). A zero sd gives the rounded mean for certain.
 */
export function discreteNormal(mean: number, sd: number): Map<number, number> {
  const cells = new Map<number, number>();
  if (!(sd > 1e-6)) {
    cells.set(Math.round(mean), 1);
    return cells;
  }
  const low = Math.floor(mean - 5 * sd);
  const high = Math.ceil(mean + 5 * sd);
  for (let value = low; value <= high; value++) {
    const upper = value === high ? 1 : normalCdf((value + 0.5 - mean) / sd);
    const lower = value === low ? 0 : normalCdf((value - 0.5 - mean) / sd);
    if (upper - lower > EPSILON) cells.set(value, upper - lower);
  }
  return cells;
}

/** The distribution of X + Y for independent X, Y. */
export function convolve(a: Map<number, number>, b: Map<number, number>): Map<number, number> {
  const out = new Map<number, number>();
  for (const [x, px] of a) {
    for (const [y, py] of b) {
      const p = px * py;
      if (p > EPSILON) out.set(x + y, (out.get(x + y) ?? 0) + p);
    }
  }
  return out;
}

/** Adds `p` to `map[key]`. */
export function addTo(map: Map<number, number>, key: number, p: number): void {
  map.set(key, (map.get(key) ?? 0) + p);
}

/** Total probability of a distribution (1 − voidP for a complete one). */
export function massOf(dist: ScoreDist): number {
  return dist.margin.reduce((sum, [, p]) => sum + p, 0);
}

/** Inverse standard normal CDF (Acklam's rational approximation, relative error < 1.2e-9). */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`${p} is not a probability in (0, 1)`);
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const [a0, a1, a2, a3, a4, a5] = a as [number, number, number, number, number, number];
  const [b0, b1, b2, b3, b4] = b as [number, number, number, number, number];
  const [c0, c1, c2, c3, c4, c5] = c as [number, number, number, number, number, number];
  const [d0, d1, d2, d3] = d as [number, number, number, number];
  const low = 0.02425;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((c0 * q + c1) * q + c2) * q + c3) * q + c4) * q + c5) / ((((d0 * q + d1) * q + d2) * q + d3) * q + 1);
  }
  if (p > 1 - low) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return ((((((a0 * r + a1) * r + a2) * r + a3) * r + a4) * r + a5) * q) / (((((b0 * r + b1) * r + b2) * r + b3) * r + b4) * r + 1);
}

export function logistic(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

export function logit(p: number): number {
  return Math.log(p / (1 - p));
}
