/**
 * Settlement: an outcome's status from the game's result, and what a settled bet pays.
 *
 * Status codes are SPEC §3 "coupon bet status":
 *   -2 not calculated (the scope is not final yet), -1 game not started, 0 lose, 1 win,
 *    2 return, 3 forced return (game cancelled or abandoned), 4 half win half return,
 *    5 half lose half return, 6 half lose half win.
 *
 * Asian lines. A whole line (handicap 0, total 3) returns the stake on a tie with the line
 * (2). A quarter line splits the stake over the two neighbouring lines, 0.25 apart on each
 * side: over 2.25 is half on over 2 and half on over 2.5, handicap −0.75 is half on −0.5
 * and half on −1. The two halves then give
 *   win + win → 1,  win + return → 4 (half win half return),
 *   return + lose → 5 (half lose half return),  lose + lose → 0.
 * Code 6 (half lose half win) needs halves a whole goal apart, which no market here
 * splits; it is kept for completeness and pays coef/2.
 *
 * A period that was never played (a third set after 2-0) returns its bets (2).
 */
import type { MarketSpec, OutcomeSpec } from './markets.ts';
import { isScopeFinal, scopeScore, type GameResult, type Score } from './score.ts';
import type { GameFormat } from './sports.ts';

export const BET_STATUS = {
  notCalculated: -2,
  notStarted: -1,
  lose: 0,
  win: 1,
  return: 2,
  forcedReturn: 3,
  halfWinHalfReturn: 4,
  halfLoseHalfReturn: 5,
  halfLoseHalfWin: 6,
} as const;

export type BetStatus = (typeof BET_STATUS)[keyof typeof BET_STATUS];

/** The statuses a known score can give. */
export type ScoredStatus = 0 | 1 | 2 | 4 | 5 | 6;

/** 1 win, 0 push, −1 lose for one whole or half line. */
function leg(diff: number): 1 | 0 | -1 {
  return diff > 0 ? 1 : diff < 0 ? -1 : 0;
}

/** Settles `diff` = (value − line) on an Asian line, splitting quarter lines. */
function asian(diff: number): ScoredStatus {
  if (!Number.isInteger(diff * 2)) {
    const low = leg(diff - 0.25);
    const high = leg(diff + 0.25);
    const wins = (low === 1 ? 1 : 0) + (high === 1 ? 1 : 0);
    const losses = (low === -1 ? 1 : 0) + (high === -1 ? 1 : 0);
    if (wins === 2) return 1;
    if (losses === 2) return 0;
    if (wins === 1 && losses === 1) return 6;
    return wins === 1 ? 4 : 5;
  }
  const whole = leg(diff);
  return whole === 1 ? 1 : whole === 0 ? 2 : 0;
}

const win = (condition: boolean): ScoredStatus => (condition ? 1 : 0);

/** The status of an outcome on the final score of its scope. */
export function judgeOutcome(outcome: OutcomeSpec, score: Score): ScoredStatus {
  const { home, away } = score;
  switch (outcome.type) {
    case '1x2':
      return win(outcome.kind === 'home' ? home > away : outcome.kind === 'away' ? away > home : home === away);
    case 'double-chance':
      return win(
        outcome.kind === 'home-or-draw' ? home >= away : outcome.kind === 'draw-or-away' ? away >= home : home !== away,
      );
    case 'winner':
    case 'draw-no-bet':
      if (home === away) return 2;
      return win(outcome.kind === 'home' ? home > away : away > home);
    case 'handicap': {
      const margin = outcome.kind === 'home' ? home - away : away - home;
      return asian(margin + (outcome.line ?? 0));
    }
    case 'total': {
      const total = home + away;
      const line = outcome.line ?? 0;
      return asian(outcome.kind === 'over' ? total - line : line - total);
    }
    case 'btts':
      return win((home > 0 && away > 0) === (outcome.kind === 'yes'));
    case 'correct-score':
      if (outcome.kind === 'other') return win(home > (outcome.cap ?? 0) || away > (outcome.cap ?? 0));
      return win(home === outcome.score?.home && away === outcome.score.away);
    case 'odd-even':
      return win(((home + away) % 2 === 1) === (outcome.kind === 'odd'));
  }
}

/** An outcome's status now: before, during or after the game. */
export function settleOutcome(outcome: OutcomeSpec, result: GameResult, format: GameFormat): BetStatus {
  if (result.phase === 'not-started') return BET_STATUS.notStarted;
  if (result.phase === 'cancelled') return BET_STATUS.forcedReturn;
  if (!isScopeFinal(result, outcome.scope)) return BET_STATUS.notCalculated;
  const score = scopeScore(result, outcome.scope, format);
  return score ? judgeOutcome(outcome, score) : BET_STATUS.return;
}

export interface OutcomeSettlement {
  key: string;
  status: BetStatus;
}

export function settleMarket(market: MarketSpec, result: GameResult, format: GameFormat): OutcomeSettlement[] {
  return market.outcomes.map((outcome) => ({ key: outcome.key, status: settleOutcome(outcome, result, format) }));
}

/**
 * Shares of the stake, in halves: [paid at the coefficient, returned]. Win [2, 0], return
 * [0, 2], half win half return [1, 1], half lose half return [0, 1], half lose half win [1, 0].
 */
const HALVES: Readonly<Record<number, readonly [number, number]>> = {
  0: [0, 0],
  1: [2, 0],
  2: [0, 2],
  3: [0, 2],
  4: [1, 1],
  5: [0, 1],
  6: [1, 0],
};

/** Fractions of the stake [paid at the coefficient, returned] of a settled status; null if unsettled. */
export function stakeShares(status: BetStatus): readonly [win: number, refund: number] | null {
  const halves = HALVES[status];
  return halves ? [halves[0] / 2, halves[1] / 2] : null;
}

