import { describe, expect, it } from 'vitest';
import { gameMarkets } from './catalogue.ts';
import { goalsDists, footballParams, GOALS_NOT_STARTED } from './models/goals.ts';
import {
  MARKET_GROUP_ID,
  correctScoreMarket,
  handicapMarket,
  marketFromKey,
  marketName,
  outcomeFromKey,
  outcomeName,
  setScoreMarket,
  setScoreMarketFromKey,
  totalMarket,
} from './markets.ts';
import { SPORT, SPORTS } from './sports.ts';
import { allSportsPrematch } from './testing-models.ts';

describe('market catalogue', () => {
  it('builds stable, readable keys', () => {
    const total = totalMarket('match', 2.25);
    expect(total.key).toBe('total:match@2.25');
    expect(total.outcomes.map((o) => [o.key, o.typeId, o.line])).toEqual([
      ['total:match@2.25/over', 9, 2.25],
      ['total:match@2.25/under', 10, 2.25],
    ]);
    const handicap = handicapMarket('p1', -0.75);
    expect(handicap.outcomes.map((o) => [o.key, o.line])).toEqual([
      ['handicap:p1@-0.75/home', -0.75],
      ['handicap:p1@-0.75/away', 0.75],
    ]);
    expect(handicapMarket('match', 0).outcomes.map((o) => Object.is(o.line, -0))).toEqual([false, false]);
    expect(correctScoreMarket('match', 4).outcomes).toHaveLength(26);
    expect(setScoreMarket('match', 3).outcomes.map((o) => o.key.split('/')[1])).toEqual(['3-0', '3-1', '3-2', '2-3', '1-3', '0-3']);
    expect(MARKET_GROUP_ID['correct-score']).toBe(7);
  });

  it('refuses lines that are not on the quarter grid', () => {
    expect(() => totalMarket('match', 2.3)).toThrow(RangeError);
    expect(() => totalMarket('match', 0)).toThrow(RangeError);
    expect(() => handicapMarket('match', Number.NaN)).toThrow(RangeError);
    expect(() => correctScoreMarket('match', 12)).toThrow(RangeError);
  });

  it('rebuilds every market and outcome of every sport from its key alone', () => {
    for (const { sportId, format, dists } of allSportsPrematch()) {
      const markets = gameMarkets(sportId, format, dists);
      expect(markets.length, `sport ${sportId}`).toBeGreaterThan(0);
      expect(new Set(markets.map((m) => m.key)).size).toBe(markets.length);
      for (const market of markets) {
        const rebuilt =
          market.type === 'correct-score' && market.param === undefined
            ? setScoreMarketFromKey(market.key, format.setsToWin ?? 0)
            : marketFromKey(market.key);
        expect(rebuilt).toEqual(market);
        for (const outcome of market.outcomes) expect(outcomeFromKey(outcome.key)).toEqual(outcome);
      }
    }
  });

  it('rejects keys the catalogue cannot have made', () => {
    for (const key of [
      '',
      'total:match',
      'total:match@2.3',
      'total:nowhere@2.5',
      '1x2:match@1',
      'spread:match@1',
      'total:match@2.50',
      'handicap:match@+1',
      'total:match@2.5 ',
    ]) {
      expect(marketFromKey(key), key).toBeNull();
    }
    for (const key of ['total:match@2.5/sideways', '1x2:match/over', 'correct-score:match@4/5-0', 'correct-score:match/2-2', 'nothing']) {
      expect(outcomeFromKey(key), key).toBeNull();
    }
    expect(outcomeFromKey('correct-score:match@4/other')?.cap).toBe(4);
    expect(outcomeFromKey('correct-score:match/3-1')?.score).toEqual({ home: 3, away: 1 });
  });

  it('names markets and outcomes in English for every sport', () => {
    const football = gameMarkets(SPORT.football, { periods: 2, periodMinutes: 45 }, goalsDists(footballParams(1.4, 1.2), GOALS_NOT_STARTED));
    const names = football.map((m) => marketName(m, SPORT.football));
    expect(names).toContain('Total 2.5');
    expect(names).toContain('Handicap -0.25');
    expect(names).toContain('1X2 — 1st half');
    expect(names).toContain('Correct score');
    const labels = football.flatMap((m) => m.outcomes.map(outcomeName));
    for (const label of ['1', 'X', '2', '1X', '12', 'X2', 'Over 2.25', 'Under 0.5', '1 (-0.75)', '2 (+0.75)', '2-1', 'Any other', 'Yes', 'Odd']) {
      expect(labels).toContain(label);
    }
    expect(marketName(totalMarket('p2', 9.5), SPORT.tennis)).toBe('Total 9.5 — Set 2');
    expect(marketName(totalMarket('period-count', 2.5), SPORT.cs2)).toBe('Total 2.5 — Maps');
    expect(marketName(totalMarket('periods-sum', 22.5), SPORT.tennis)).toBe('Total 22.5 — Games');
    expect(SPORTS.map((s) => s.id).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 6, 10, 40, 41, 56]);
  });
});
