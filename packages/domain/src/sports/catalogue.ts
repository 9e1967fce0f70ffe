/**
 * Which markets a game of each sport offers. Lines that depend on the teams (basketball
 * points, tennis games, volleyball points…) are centred on the pre-match model's median,
 * so a game's market list is fixed when it enters the line and keys stay stable all game;
 * lines that the score passes are blocked (decided), never removed.
 */
import type { ScopeDists, ValueCell } from './distribution.ts';
import {
  bttsMarket,
  correctScoreMarket,
  doubleChanceMarket,
  drawNoBetMarket,
  handicapMarket,
  oddEvenMarket,
  oneXTwoMarket,
  setScoreMarket,
  totalMarket,
  winnerMarket,
  type MarketSpec,
} from './markets.ts';
import { periodScope, type ScopeId } from './score.ts';
import { SPORT, type GameFormat, type SportId } from './sports.ts';

/** The x.5 line closest to the median of a distribution of integers. */
export function medianLine(cells: readonly ValueCell[]): number {
  const mass = cells.reduce((sum, [, p]) => sum + p, 0);
  let cumulative = 0;
  for (const [value, p] of cells) {
    cumulative += p;
    if (cumulative >= mass / 2) return value - 0.5 + (cumulative - mass / 2 > p / 2 ? 0 : 1);
  }
  return 0.5;
}

/** `count` half lines either side of `centre`, `step` apart, kept above `min`. */
function around(centre: number, step: number, count: number, min = 0): number[] {
  const lines: number[] = [];
  for (let i = -count; i <= count; i++) {
    const line = centre + i * step;
    if (line > min) lines.push(line);
  }
  return lines;
}

/** Half lines from `first` up to below `most` (total sets, maps, rounds). */
function countLines(first: number, most: number): number[] {
  const lines: number[] = [];
  for (let line = first; line < most; line++) lines.push(line);
  return lines;
}

const totals = (scope: ScopeId, lines: readonly number[]) => lines.map((line) => totalMarket(scope, line));
const handicaps = (scope: ScopeId, lines: readonly number[]) => lines.map((line) => handicapMarket(scope, line));

function marginLine(dists: ScopeDists, scope: ScopeId): number {
  const margin = dists[scope]?.margin ?? [];
  return -medianLine(margin);
}

function totalLine(dists: ScopeDists, scope: ScopeId, fallback: number): number {
  const total = dists[scope]?.total;
  return total && total.length ? medianLine(total) : fallback;
}

const FOOTBALL_TOTALS = [0.5, 1.5, 2, 2.25, 2.5, 2.75, 3, 3.5, 4.5, 5.5];
const FOOTBALL_HANDICAPS = [-2.5, -1.5, -1, -0.75, -0.5, -0.25, 0, 0.25, 0.5, 0.75, 1, 1.5, 2.5];
const HOCKEY_TOTALS = [3.5, 4.5, 5, 5.25, 5.5, 5.75, 6, 6.5, 7.5];
const HOCKEY_HANDICAPS = [-2.5, -1.5, -1, -0.5, 0, 0.5, 1, 1.5, 2.5];

function periodsOf(format: GameFormat): ScopeId[] {
  return Array.from({ length: format.periods }, (_, i) => periodScope(i + 1));
}

/** The markets of a game; `prematch` is the model's distributions before the start. */
export function gameMarkets(sportId: SportId, format: GameFormat, prematch: ScopeDists): MarketSpec[] {
  switch (sportId) {
    case SPORT.football:
      return [
        oneXTwoMarket('match'),
        doubleChanceMarket('match'),
        drawNoBetMarket('match'),
        ...totals('match', FOOTBALL_TOTALS),
        ...handicaps('match', FOOTBALL_HANDICAPS),
        bttsMarket('match'),
        correctScoreMarket('match', 4),
        oddEvenMarket('match'),
        oneXTwoMarket('p1'),
        doubleChanceMarket('p1'),
        ...totals('p1', [0.5, 1.5, 2.5]),
        ...handicaps('p1', [-0.5, 0, 0.5]),
        bttsMarket('p1'),
        correctScoreMarket('p1', 2),
        oddEvenMarket('p1'),
        oneXTwoMarket('p2'),
        ...totals('p2', [0.5, 1.5, 2.5]),
      ];
    case SPORT.iceHockey:
      return [
        winnerMarket('match'),
        oneXTwoMarket('regular'),
        doubleChanceMarket('regular'),
        ...totals('regular', HOCKEY_TOTALS),
        ...handicaps('regular', HOCKEY_HANDICAPS),
        bttsMarket('regular'),
        oddEvenMarket('regular'),
        ...periodsOf(format).flatMap((scope) => [oneXTwoMarket(scope), ...totals(scope, [0.5, 1.5, 2.5])]),
      ];
    case SPORT.basketball: {
      const handicap = Math.round(marginLine(prematch, 'match') * 2) / 2;
      const centre = Number.isInteger(handicap) ? handicap + 0.5 : handicap;
      const total = totalLine(prematch, 'match', 160.5);
      const quarterTotal = totalLine(prematch, 'p1', 40.5);
      return [
        winnerMarket('match'),
        ...handicaps('match', around(centre, 2, 3, -1000)),
        ...totals('match', around(total, 3, 3)),
        oddEvenMarket('match'),
        ...periodsOf(format).flatMap((scope) => [
          oneXTwoMarket(scope),
          ...handicaps(scope, [Math.round(marginLine(prematch, scope)) + 0.5]),
          ...totals(scope, around(quarterTotal, 2, 1)),
        ]),
      ];
    }
    case SPORT.tennis:
    case SPORT.tableTennis:
    case SPORT.volleyball:
    case SPORT.cs2: {
      const sets = format.setsToWin ?? 2;
      const unitsTotal = totalLine(prematch, 'periods-sum', 20.5);
      const setTotal = totalLine(prematch, 'p1', 9.5);
      const unitStep = sportId === SPORT.tennis ? 1 : sportId === SPORT.tableTennis ? 3 : 4;
      const setStep = sportId === SPORT.tennis ? 1 : 2;
      const unitHandicap = Math.round(marginLine(prematch, 'periods-sum')) + 0.5;
      const markets = [
        winnerMarket('match'),
        setScoreMarket('match', sets),
        ...(sets > 1 ? handicaps('match', [-1.5, 1.5]) : []),
        ...totals('period-count', countLines(sets + 0.5, 2 * sets - 1)),
        ...totals('periods-sum', around(unitsTotal, unitStep, 2)),
        ...handicaps('periods-sum', around(unitHandicap, unitStep, 1, -1000)),
      ];
      for (const scope of periodsOf(format)) {
        // Each set centred on its own median: a deciding volleyball set is played to 15.
        markets.push(winnerMarket(scope), ...totals(scope, around(totalLine(prematch, scope, setTotal), setStep, 1)));
      }
      return markets;
    }
    case SPORT.dota2: {
      const sets = format.setsToWin ?? 2;
      return [
        winnerMarket('match'),
        setScoreMarket('match', sets),
        ...(sets > 1 ? handicaps('match', [-1.5, 1.5]) : []),
        ...totals('period-count', countLines(sets + 0.5, 2 * sets - 1)),
        ...periodsOf(format).map((scope) => winnerMarket(scope)),
      ];
    }
    case SPORT.mma:
      return [winnerMarket('match'), ...totals('period-count', countLines(1.5, format.periods))];
  }
}
