/**
 * Football and ice hockey: goals as independent Poisson processes per team.
 *
 * Each team scores at a constant rate within a period; `weights` share the team's expected
 * regular-time goals between periods (football scores a little more after the break). Live,
 * the remaining goals of a period are Poisson with the rate times the minutes left, so the
 * final score is the current score plus independent Poisson remainders — the model is
 * conditioned on the score and the clock. Minutes left include the added time: the
 * announced amount once known, else the expected amount.
 *
 * Hockey's `match` scope (winner including overtime and shoot-out) resolves a regular-time
 * draw with sudden-death overtime at `overtime.rateFactor` times the regular rate, then a
 * shoot-out the home side wins with `overtime.shootoutHome`.
 */
import {
  addTo,
  distFromJoint,
  distFromMarginals,
  poissonJoint,
  type JointCell,
  type ScopeDists,
  type ScoreDist,
} from '../distribution.ts';
import { periodScope, type Score } from '../score.ts';

export interface GoalsParams {
  /** Expected goals of each team in regular time (added time included). */
  homeRate: number;
  awayRate: number;
  periods: number;
  periodMinutes: number;
  /** Share of the goals in each period (sums to 1). */
  weights: readonly number[];
  /** Expected added time per period, minutes. */
  expectedAdded: readonly number[];
  overtime?: { minutes: number; rateFactor: number; shootoutHome: number };
}

export interface GoalsLiveState {
  /** 0 before the start; k while period k is played or in the break after it; periods + 1 in overtime. */
  period: number;
  /** Minutes played in the current period, added time included. */
  minute: number;
  /** The current period is over (a break, or the end). */
  periodOver: boolean;
  /** Added time announced for the current period, if it was. */
  addedMinutes?: number;
  /** Goals per period so far, regular then overtime. */
  periods: Score[];
  /** Shoot-out decided (hockey): the winner. */
  shootoutWinner?: 'home' | 'away';
}

export const GOALS_NOT_STARTED: GoalsLiveState = { period: 0, minute: 0, periodOver: true, periods: [] };

/**
 * Goals per minute of each team in period `k` (1-based), added time included, so that a
 * period with the expected added time yields its share of the expected goals.
 */
export function goalRatesPerMinute(params: GoalsParams, k: number): { home: number; away: number } {
  const weight = params.weights[k - 1] ?? 1 / params.periods;
  const length = params.periodMinutes + (params.expectedAdded[k - 1] ?? 0);
  return { home: (params.homeRate * weight) / length, away: (params.awayRate * weight) / length };
}

/** Minutes still to play in period k (1-based, regular) from the live state. */
function minutesLeft(params: GoalsParams, state: GoalsLiveState, k: number): number {
  const full = params.periodMinutes + (params.expectedAdded[k - 1] ?? 0);
  if (k > state.period || (k === state.period && state.period === 0)) return full;
  if (k < state.period || state.periodOver) return 0;
  const length = params.periodMinutes + (state.addedMinutes ?? params.expectedAdded[k - 1] ?? 0);
  // In play there is always a little left: the referee has not blown the whistle.
  return Math.max(length - state.minute, 0.25);
}

function scoreOf(state: GoalsLiveState, k: number): Score {
  return state.periods[k - 1] ?? { home: 0, away: 0 };
}

function sum(scores: readonly Score[]): Score {
  return scores.reduce((acc, s) => ({ home: acc.home + s.home, away: acc.away + s.away }), { home: 0, away: 0 });
}

/** The distributions of every scope still open. */
export function goalsDists(params: GoalsParams, state: GoalsLiveState): ScopeDists {
  const dists: ScopeDists = {};
  const inOvertime = state.period > params.periods;
  let homeLeft = 0;
  let awayLeft = 0;
  for (let k = 1; k <= params.periods; k++) {
    const minutes = inOvertime ? 0 : minutesLeft(params, state, k);
    const rates = goalRatesPerMinute(params, k);
    homeLeft += rates.home * minutes;
    awayLeft += rates.away * minutes;
    const periodOpen = k > state.period || (k === state.period && !state.periodOver && !inOvertime);
    if (periodOpen) {
      dists[periodScope(k)] = distFromJoint(poissonJoint(scoreOf(state, k), rates.home * minutes, rates.away * minutes));
    }
  }
  const regularScore = sum(state.periods.slice(0, params.periods));
  const regularJoint = poissonJoint(regularScore, homeLeft, awayLeft);
  const regular = distFromJoint(regularJoint);
  if (!(inOvertime && params.overtime)) dists.regular = regular;
  dists.match = params.overtime ? overtimeResolved(params, state, regularJoint) : regular;
  return dists;
}

/**
 * Winner including overtime: regular-time draws go to sudden death (first goal wins) and
 * then the shoot-out. Kept as margins (±1 for overtime wins); totals add the deciding goal.
 */
function overtimeResolved(params: GoalsParams, state: GoalsLiveState, regularJoint: readonly JointCell[]): ScoreDist {
  const overtime = params.overtime;
  if (!overtime) throw new Error('no overtime');
  const margin = new Map<number, number>();
  const total = new Map<number, number>();
  const inOvertime = state.period > params.periods;
  const otScore = inOvertime ? scoreOf(state, state.period) : { home: 0, away: 0 };
  if (state.shootoutWinner || otScore.home !== otScore.away) {
    const regular = sum(state.periods);
    const homeWins = state.shootoutWinner ? state.shootoutWinner === 'home' : otScore.home > otScore.away;
    const final = { home: regular.home + (homeWins && state.shootoutWinner ? 1 : 0), away: regular.away + (!homeWins && state.shootoutWinner ? 1 : 0) };
    return distFromJoint([[final.home, final.away, 1]]);
  }
  const rates = goalRatesPerMinute(params, params.periods);
  const homeRate = rates.home * overtime.rateFactor;
  const awayRate = rates.away * overtime.rateFactor;
  const otMinutes = inOvertime ? (state.periodOver ? 0 : Math.max(overtime.minutes - state.minute, 0.1)) : overtime.minutes;
  const scoring = 1 - Math.exp(-(homeRate + awayRate) * otMinutes);
  const homeFirst = homeRate + awayRate > 0 ? homeRate / (homeRate + awayRate) : 0.5;
  const homeWinsTie = scoring * homeFirst + (1 - scoring) * overtime.shootoutHome;
  for (const [home, away, p] of regularJoint) {
    if (home !== away) {
      addTo(margin, home - away, p);
      addTo(total, home + away, p);
    } else {
      addTo(margin, 1, p * homeWinsTie);
      addTo(margin, -1, p * (1 - homeWinsTie));
      addTo(total, home + away + 1, p);
    }
  }
  return distFromMarginals(margin, total);
}

/** Football: 45-minute halves, a little more scoring after the break, ~2 and ~4 minutes added. */
export function footballParams(homeRate: number, awayRate: number): GoalsParams {
  return {
    homeRate,
    awayRate,
    periods: 2,
    periodMinutes: 45,
    weights: [0.46, 0.54],
    expectedAdded: [2, 4],
  };
}

/** Ice hockey: three 20-minute periods, 5 minutes of 3-on-3 sudden death, then a shoot-out. */
export function hockeyParams(homeRate: number, awayRate: number): GoalsParams {
  const homeShare = homeRate / (homeRate + awayRate);
  return {
    homeRate,
    awayRate,
    periods: 3,
    periodMinutes: 20,
    weights: [0.32, 0.34, 0.34],
    expectedAdded: [0, 0, 0],
    overtime: { minutes: 5, rateFactor: 1.6, shootoutHome: 0.5 + (homeShare - 0.5) * 0.4 },
  };
}
