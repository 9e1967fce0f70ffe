/**
 * Scores, results and the scopes a market is settled on.
 *
 * A game's result is its main score plus one score per period played, in the sport's
 * period unit: goals per half/period/quarter (overtime periods appended), games per
 * tennis set, points per volleyball set or table-tennis game, rounds per CS2 map, 1-0 per
 * Dota 2 map, 0-0 per MMA round. The main score is goals (with the shoot-out winner's
 * extra goal in hockey), points, sets, maps, or 1-0 / 0-1 / 0-0 (draw) for a fight.
 */
import type { GameFormat } from './sports.ts';

export interface Score {
  home: number;
  away: number;
}

/**
 * Game status ids as carried by coupon bets (`gameStatusId`, SPEC §4: "game status 2 or 3"
 * is live, "status 4" finished).
 */
export const GAME_STATUS = {
  notStarted: 1,
  live: 2,
  /** Live, between periods (half-time, set break, map break). */
  break: 3,
  finished: 4,
  /** Cancelled, postponed or abandoned: every bet is a forced return. */
  cancelled: 5,
} as const;

export type GameStatusId = (typeof GAME_STATUS)[keyof typeof GAME_STATUS];

/** In play: live or at a break (SPEC §4 "game status 2 or 3"). */
export const isGameInPlay = (status: number): boolean => status === GAME_STATUS.live || status === GAME_STATUS.break;

/** Over: finished or cancelled; nothing about it changes any more but its settlement. */
export const isGameOver = (status: number): boolean => status === GAME_STATUS.finished || status === GAME_STATUS.cancelled;

export type GamePhase = 'not-started' | 'live' | 'finished' | 'cancelled';

export interface GameResult {
  phase: GamePhase;
  score: Score;
  periods: Score[];
  /** Periods whose score is final; a live game's current period is not. */
  completedPeriods: number;
}

/**
 * What a market is settled on:
 * - `match`: the main score (including overtime and shoot-outs, sets, maps, the fight's winner);
 * - `regular`: the sum of the regular periods (hockey 60 minutes);
 * - `periods-sum`: the sum of all periods (tennis games, volleyball points, CS2 rounds);
 * - `period-count`: how many periods were played (total sets, maps, rounds), as home;
 * - `p1`, `p2`…: one period.
 */
export type ScopeId = 'match' | 'regular' | 'periods-sum' | 'period-count' | `p${number}`;

const PERIOD = /^p([1-9]\d?)$/;

export function isScopeId(value: unknown): value is ScopeId {
  return (
    value === 'match' ||
    value === 'regular' ||
    value === 'periods-sum' ||
    value === 'period-count' ||
    (typeof value === 'string' && PERIOD.test(value))
  );
}

export function periodScope(period: number): ScopeId {
  if (!(Number.isInteger(period) && period >= 1 && period <= 99)) throw new RangeError(`no period ${period}`);
  return `p${period}`;
}

/** The period number of a `pN` scope, else null. */
export function scopePeriod(scope: ScopeId): number | null {
  const match = PERIOD.exec(scope);
  return match ? Number(match[1]) : null;
}

function sum(scores: readonly Score[]): Score {
  let home = 0;
  let away = 0;
  for (const score of scores) {
    home += score.home;
    away += score.away;
  }
  return { home, away };
}

/**
 * The score a scope's markets are settled on; null when the scope was never played (a
 * third set after 2-0), which returns the stakes.
 */
export function scopeScore(result: GameResult, scope: ScopeId, format: GameFormat): Score | null {
  switch (scope) {
    case 'match':
      return result.score;
    case 'regular':
      return sum(result.periods.slice(0, format.periods));
    case 'periods-sum':
      return sum(result.periods);
    case 'period-count':
      return { home: result.periods.length, away: 0 };
    default: {
      const period = scopePeriod(scope);
      return (period !== null && result.periods[period - 1]) || null;
    }
  }
}

/** Whether the score of `scope` is final: the game is over, or the period is. */
export function isScopeFinal(result: GameResult, scope: ScopeId): boolean {
  if (result.phase === 'finished') return true;
  if (result.phase !== 'live') return false;
  const period = scopePeriod(scope);
  return period !== null && result.completedPeriods >= period;
}
