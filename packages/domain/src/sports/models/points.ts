/**
 * Basketball: a normal approximation of the points still to come.
 *
 * Each team's regular-time points are normal with mean `homeMean`/`awayMean` and sd
 * `homeSd`/`awaySd`, spread evenly over the clock. Live, the remaining margin and total
 * are normal with the means and variances scaled by the fraction of time left, added to
 * the current score and rounded to whole points. A regular-time tie goes to overtime
 * periods of `overtimeMinutes`: the tie's probability moves to the overtime margin
 * (ties there repeat, so it is renormalised without 0) and the overtime points are added
 * to the total. Margin and total are treated as independent, which a normal pair of
 * independent team scores makes exact.
 */
import { addTo, discreteNormal, distFromMarginals, type ScopeDists } from '../distribution.ts';
import { periodScope, type Score } from '../score.ts';

export interface PointsParams {
  homeMean: number;
  awayMean: number;
  homeSd: number;
  awaySd: number;
  periods: number;
  periodMinutes: number;
  overtimeMinutes: number;
}

export interface PointsLiveState {
  /** 0 before the start; k while period k is played or in the break after it; > periods in overtime. */
  period: number;
  /** Minutes played in the current period. */
  minute: number;
  periodOver: boolean;
  /** Points per period so far, regular then overtime. */
  periods: Score[];
}

function sumScores(scores: readonly Score[]): Score {
  return scores.reduce((acc, s) => ({ home: acc.home + s.home, away: acc.away + s.away }), { home: 0, away: 0 });
}

/** Mean and variance of (margin, total) over `fraction` of regular time. */
function moments(params: PointsParams, fraction: number) {
  const variance = (params.homeSd ** 2 + params.awaySd ** 2) * fraction;
  return {
    margin: (params.homeMean - params.awayMean) * fraction,
    total: (params.homeMean + params.awayMean) * fraction,
    variance,
  };
}

function normalPair(params: PointsParams, base: Score, fraction: number) {
  const m = moments(params, fraction);
  const sd = Math.sqrt(m.variance);
  return {
    margin: discreteNormal(base.home - base.away + m.margin, sd),
    total: discreteNormal(base.home + base.away + m.total, sd),
  };
}

export function pointsDists(params: PointsParams, state: PointsLiveState): ScopeDists {
  const dists: ScopeDists = {};
  const regularMinutes = params.periods * params.periodMinutes;
  const inOvertime = state.period > params.periods;
  let minutesLeft = 0;
  for (let k = 1; k <= params.periods; k++) {
    const current = k === state.period && !state.periodOver && !inOvertime;
    const future = k > state.period;
    if (!current && !future) continue;
    const left = current ? Math.max(params.periodMinutes - state.minute, 0) : params.periodMinutes;
    minutesLeft += left;
    const base = current ? (state.periods[k - 1] ?? { home: 0, away: 0 }) : { home: 0, away: 0 };
    const pair = normalPair(params, base, left / regularMinutes);
    dists[periodScope(k)] = distFromMarginals(pair.margin, pair.total);
  }

  const otFraction = params.overtimeMinutes / regularMinutes;
  const score = sumScores(state.periods);
  let pair: { margin: Map<number, number>; total: Map<number, number> };
  if (inOvertime) {
    const left = state.periodOver ? 0 : Math.max(params.overtimeMinutes - state.minute, 0);
    pair = normalPair(params, score, left / regularMinutes);
  } else {
    pair = normalPair(params, score, minutesLeft / regularMinutes);
  }
  // Ties go to (another) overtime.
  const tie = pair.margin.get(0) ?? 0;
  if (tie > 0) {
    pair.margin.delete(0);
    const ot = normalPair(params, { home: 0, away: 0 }, otFraction);
    ot.margin.delete(0);
    const otMass = [...ot.margin.values()].reduce((a, b) => a + b, 0);
    for (const [m, p] of ot.margin) addTo(pair.margin, m, (tie * p) / otMass);
    const total = new Map<number, number>();
    const otTotal = Math.round(moments(params, otFraction).total);
    for (const [t, p] of pair.total) {
      addTo(total, t, p * (1 - tie));
      addTo(total, t + otTotal, p * tie);
    }
    pair.total = total;
  }
  dists.match = distFromMarginals(pair.margin, pair.total);
  return dists;
}
