import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OPEN, selectionFactor } from '../coupon/factors.ts';
import { gameMarkets } from './catalogue.ts';
import {
  bttsMarket,
  correctScoreMarket,
  doubleChanceMarket,
  drawNoBetMarket,
  handicapMarket,
  MARKET_BASIS,
  oddEvenMarket,
  oneXTwoMarket,
  setScoreMarket,
  totalMarket,
  winnerMarket,
  type MarketSpec,
} from './markets.ts';
import type { GameResult, Score } from './score.ts';
import {
  BET_STATUS,
  judgeOutcome,
  settleMarket,
  settleOutcome,
  type BetStatus,
} from './settlement.ts';
import { allSportsPrematch } from './testing-models.ts';

const FOOTBALL = { periods: 2, periodMinutes: 45 };
const scoreArb = fc.record({ home: fc.integer({ min: 0, max: 9 }), away: fc.integer({ min: 0, max: 9 }) });
const quarterArb = fc.integer({ min: -20, max: 20 }).map((q) => q / 4);

function finished(periods: Score[], score?: Score): GameResult {
  const sum = periods.reduce((a, p) => ({ home: a.home + p.home, away: a.away + p.away }), { home: 0, away: 0 });
  return { phase: 'finished', score: score ?? sum, periods, completedPeriods: periods.length };
}

function statuses(market: MarketSpec, score: Score): BetStatus[] {
  return market.outcomes.map((o) => judgeOutcome(o, score));
}

describe('settlement', () => {
  it('settles quarter, half and whole Asian lines (table)', () => {
    // [total line, goals, over, under]
    const totals: Array<[number, number, BetStatus, BetStatus]> = [
      [2.5, 3, 1, 0],
      [2.5, 2, 0, 1],
      [2, 2, 2, 2],
      [2, 3, 1, 0],
      [2.25, 2, 5, 4],
      [2.25, 3, 1, 0],
      [2.25, 1, 0, 1],
      [2.75, 3, 4, 5],
      [2.75, 2, 0, 1],
      [2.75, 4, 1, 0],
      [0.25, 0, 5, 4],
      [0.75, 1, 4, 5],
    ];
    for (const [line, goals, over, under] of totals) {
      expect(statuses(totalMarket('match', line), { home: goals, away: 0 }), `${line} with ${goals}`).toEqual([over, under]);
    }
    // [home handicap, home goals, away goals, home, away]
    const handicaps: Array<[number, number, number, BetStatus, BetStatus]> = [
      [0, 1, 1, 2, 2],
      [-0.25, 1, 1, 5, 4],
      [0.25, 1, 1, 4, 5],
      [-0.25, 2, 1, 1, 0],
      [-0.75, 2, 1, 4, 5],
      [-0.75, 3, 1, 1, 0],
      [-0.75, 1, 1, 0, 1],
      [0.75, 0, 1, 5, 4],
      [-1, 2, 1, 2, 2],
      [-1.5, 2, 1, 0, 1],
      [-1.25, 2, 1, 5, 4],
      [1.25, 0, 1, 4, 5],
    ];
    for (const [line, home, away, h, a] of handicaps) {
      expect(statuses(handicapMarket('match', line), { home, away }), `${line} at ${home}-${away}`).toEqual([h, a]);
    }
  });

  it('settles every football market type from a final result', () => {
    const result = finished([
      { home: 1, away: 0 },
      { home: 1, away: 2 },
    ]); // 2-2, half-time 1-0
    const settle = (market: MarketSpec) => settleMarket(market, result, FOOTBALL).map((s) => s.status);
    expect(settle(oneXTwoMarket('match'))).toEqual([0, 1, 0]);
    expect(settle(doubleChanceMarket('match'))).toEqual([1, 0, 1]);
    expect(settle(drawNoBetMarket('match'))).toEqual([2, 2]);
    expect(settle(totalMarket('match', 3.5))).toEqual([1, 0]);
    expect(settle(totalMarket('match', 4))).toEqual([2, 2]);
    expect(settle(handicapMarket('match', 0.25))).toEqual([4, 5]);
    expect(settle(bttsMarket('match'))).toEqual([1, 0]);
    expect(settle(oddEvenMarket('match'))).toEqual([0, 1]);
    const exact = settleMarket(correctScoreMarket('match', 4), result, FOOTBALL);
    expect(exact.filter((s) => s.status === 1).map((s) => s.key)).toEqual(['correct-score:match@4/2-2']);
    expect(settle(oneXTwoMarket('p1'))).toEqual([1, 0, 0]);
    expect(settle(bttsMarket('p1'))).toEqual([0, 1]);
    expect(settle(oneXTwoMarket('p2'))).toEqual([0, 0, 1]);
    expect(settle(totalMarket('p2', 2.5))).toEqual([1, 0]);
    const wild = finished([
      { home: 3, away: 0 },
      { home: 3, away: 1 },
    ]);
    expect(settleMarket(correctScoreMarket('match', 4), wild, FOOTBALL).find((s) => s.status === 1)?.key).toBe(
      'correct-score:match@4/other',
    );
  });

  it('settles hockey on regular time and the winner with overtime and shoot-out', () => {
    const hockey = { periods: 3, periodMinutes: 20 };
    // 2-2 after three periods, no overtime goal, home wins the shoot-out: 3-2.
    const result = finished(
      [
        { home: 1, away: 0 },
        { home: 0, away: 1 },
        { home: 1, away: 1 },
        { home: 0, away: 0 },
      ],
      { home: 3, away: 2 },
    );
    expect(settleMarket(oneXTwoMarket('regular'), result, hockey).map((s) => s.status)).toEqual([0, 1, 0]);
    expect(settleMarket(winnerMarket('match'), result, hockey).map((s) => s.status)).toEqual([1, 0]);
    expect(settleMarket(totalMarket('regular', 4.5), result, hockey).map((s) => s.status)).toEqual([0, 1]);
    expect(settleMarket(oneXTwoMarket('p3'), result, hockey).map((s) => s.status)).toEqual([0, 1, 0]);
  });

  it('settles set sports on sets, games and single sets, and returns a set never played', () => {
    const tennis = { periods: 3, setsToWin: 2 };
    const result = finished(
      [
        { home: 6, away: 4 },
        { home: 7, away: 6 },
      ],
      { home: 2, away: 0 },
    );
    const settle = (market: MarketSpec) => settleMarket(market, result, tennis).map((s) => s.status);
    expect(settle(winnerMarket('match'))).toEqual([1, 0]);
    expect(settle(setScoreMarket('match', 2))).toEqual([1, 0, 0, 0]);
    expect(settle(handicapMarket('match', -1.5))).toEqual([1, 0]);
    expect(settle(totalMarket('period-count', 2.5))).toEqual([0, 1]);
    expect(settle(totalMarket('periods-sum', 22.5))).toEqual([1, 0]); // 23 games
    expect(settle(handicapMarket('periods-sum', -3.5))).toEqual([0, 1]); // won by 3 games
    expect(settle(winnerMarket('p2'))).toEqual([1, 0]);
    expect(settle(totalMarket('p2', 12.5))).toEqual([1, 0]);
    expect(settle(winnerMarket('p3'))).toEqual([BET_STATUS.return, BET_STATUS.return]);
  });

  it('settles a fight: the winner, a draw returned, rounds fought', () => {
    const mma = { periods: 3, periodMinutes: 5 };
    const draw = finished([{ home: 0, away: 0 }, { home: 0, away: 0 }, { home: 0, away: 0 }], { home: 0, away: 0 });
    expect(settleMarket(winnerMarket('match'), draw, mma).map((s) => s.status)).toEqual([2, 2]);
    const knockout = finished([{ home: 0, away: 0 }, { home: 0, away: 0 }], { home: 0, away: 1 });
    expect(settleMarket(winnerMarket('match'), knockout, mma).map((s) => s.status)).toEqual([0, 1]);
    expect(settleMarket(totalMarket('period-count', 1.5), knockout, mma).map((s) => s.status)).toEqual([1, 0]);
  });

  it('does not settle before the start or a scope still in play, and force-returns a cancelled game', () => {
    const outcome = oneXTwoMarket('match').outcomes[0];
    const half = oneXTwoMarket('p1').outcomes[0];
    if (!outcome || !half) throw new Error('no outcome');
    const live: GameResult = { phase: 'live', score: { home: 1, away: 0 }, periods: [{ home: 1, away: 0 }, { home: 0, away: 0 }], completedPeriods: 1 };
    expect(settleOutcome(outcome, { phase: 'not-started', score: { home: 0, away: 0 }, periods: [], completedPeriods: 0 }, FOOTBALL)).toBe(-1);
    expect(settleOutcome(outcome, live, FOOTBALL)).toBe(-2);
    expect(settleOutcome(half, live, FOOTBALL)).toBe(1); // the first half is over
    expect(settleOutcome(half, { ...live, completedPeriods: 0 }, FOOTBALL)).toBe(-2);
    expect(settleOutcome(outcome, { ...live, phase: 'cancelled' }, FOOTBALL)).toBe(3);
  });

  it('makes exactly the right outcomes of complementary markets win', () => {
    fc.assert(
      fc.property(scoreArb, quarterArb, (score, q) => {
        const wins = (market: MarketSpec) => statuses(market, score).filter((s) => s === 1).length;
        expect(wins(oneXTwoMarket('match'))).toBe(1);
        expect(wins(correctScoreMarket('match', 4))).toBe(1);
        expect(wins(bttsMarket('match'))).toBe(1);
        expect(wins(oddEvenMarket('match'))).toBe(1);
        expect(statuses(doubleChanceMarket('match'), score).filter((s) => s === 1)).toHaveLength(2);
        // Two-way Asian lines mirror each other: win ↔ lose, half win ↔ half lose, return ↔ return.
        const mirror: Record<number, number> = { 1: 0, 0: 1, 2: 2, 4: 5, 5: 4 };
        for (const market of [handicapMarket('match', q), ...(q > 0 ? [totalMarket('match', q)] : []), drawNoBetMarket('match')]) {
          const [a, b] = statuses(market, score);
          expect(b).toBe(mirror[a ?? -9]);
        }
      }),
    );
  });

  it('pays, over both sides of an Asian line, between one winning payout and both stakes back', () => {
    fc.assert(
      fc.property(scoreArb, quarterArb, fc.integer({ min: 1010, max: 5000 }), (score, q, thousandths) => {
        const coef = thousandths / 1000;
        const [a, b] = statuses(handicapMarket('match', q), score);
        const factor = (status: BetStatus | undefined) => Math.max(0, selectionFactor(status ?? 0, thousandths)) / 2000;
        const total = factor(a) + factor(b);
        // Win/lose pays coef, a push pays 2, a split pays coef/2 + 1: always in between.
        expect(total).toBeGreaterThanOrEqual(Math.min(coef, 2) - 1e-9);
        expect(total).toBeLessThanOrEqual(Math.max(coef, 2) + 1e-9);
      }),
    );
  });

  it('settles margin markets on the margin and total markets on the total alone (what pricing relies on)', () => {
    const markets = allSportsPrematch().flatMap(({ sportId, format, dists }) => gameMarkets(sportId, format, dists));
    fc.assert(
      fc.property(scoreArb, fc.integer({ min: 0, max: 5 }), (score, k) => {
        for (const market of markets) {
          const basis = MARKET_BASIS[market.type];
          if (basis === 'joint') continue;
          for (const outcome of market.outcomes) {
            const same =
              basis === 'margin'
                ? { home: score.home - score.away, away: 0 }
                : { home: score.home + score.away, away: 0 };
            expect(judgeOutcome(outcome, same)).toBe(judgeOutcome(outcome, score));
            if (basis === 'margin') {
              expect(judgeOutcome(outcome, { home: score.home + k, away: score.away + k })).toBe(judgeOutcome(outcome, score));
            }
          }
        }
      }),
      { numRuns: 30 },
    );
  });

  it('pays each status as SPEC §3 describes (the coupon maths’ factor, in 1/2000 of the stake)', () => {
    // win = coef, lose = 0, return and forced return = 1, half win = (1 + coef) / 2, half lose = 1/2, half lose half win = coef / 2.
    expect([1, 0, 2, 3, 4, 5, 6].map((status) => selectionFactor(status as BetStatus, 1909))).toEqual([3818, 0, 2000, 2000, 2909, 1000, 1909]);
    expect(selectionFactor(-1, 1909)).toBe(OPEN);
    expect(selectionFactor(-2, 1909)).toBe(OPEN);
  });

  it('numbers the statuses as SPEC §3 does', () => {
    expect(Object.values(BET_STATUS).sort((a, b) => a - b)).toEqual([-2, -1, 0, 1, 2, 3, 4, 5, 6]);
  });
});
