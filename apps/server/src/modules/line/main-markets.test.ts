/** What a list row shows of a game, per sport: the result market, one main total, one main handicap. */
import { describe, expect, it } from 'vitest';
import { SPORT, SPORTS, sportInfo, type SportId } from '@betsite/domain';
import { openingMarkets, type FeedGame } from '@betsite/feed';
import type { LineMarket } from '@betsite/contracts';
import { isListMarketKey, mainMarkets, type MarketCandidate } from './queries.ts';

function marketsOf(sportId: SportId): LineMarket[] {
  const game: FeedGame = {
    id: `main-${sportId}`,
    sportId,
    champId: 'c',
    homeTeamId: 'h',
    awayTeamId: 'a',
    home: 'Home',
    away: 'Away',
    startsAt: Date.UTC(2026, 0, 1),
    format: sportInfo(sportId).defaultFormat,
  };
  return openingMarkets(game).map((m) => ({ ...m, outcomes: m.outcomes.map((o) => ({ ...o })) })) as LineMarket[];
}

/** As the database tells it: the spread of the outcomes' prices, in thousandths. */
const candidatesOf = (markets: readonly LineMarket[]): (LineMarket & MarketCandidate)[] =>
  markets.map((m) => {
    const prices = m.outcomes.map((o) => Math.round(o.coef * 1000));
    return { ...m, spread: Math.max(...prices) - Math.min(...prices) };
  });

const imbalance = (m: LineMarket) => Math.abs((m.outcomes[0]?.coef ?? 0) - (m.outcomes[1]?.coef ?? 0));

describe('main markets of a list row', () => {
  it.each([
    [SPORT.football, 'match'],
    [SPORT.tennis, 'periods-sum'],
    [SPORT.cs2, 'period-count'],
    [SPORT.iceHockey, 'regular'],
  ] as const)('sport %i: the total of %s, the line closest to even money', (sportId, scope) => {
    const all = candidatesOf(marketsOf(sportId));
    const main = mainMarkets(all, sportId);
    const totals = main.filter((m) => m.type === 'total');
    expect(totals).toHaveLength(1);
    expect(totals[0]?.scope).toBe(scope);
    const sameScope = all.filter((m) => m.type === 'total' && m.scope === scope);
    expect(imbalance(totals[0] as LineMarket)).toBe(Math.min(...sameScope.map(imbalance)));
    // At most one handicap, no single period, and the result market(s) always.
    expect(main.filter((m) => m.type === 'handicap').length).toBeLessThanOrEqual(1);
    expect(main.every((m) => !/^p\d+$/.test(m.scope))).toBe(true);
    expect(main.some((m) => m.type === '1x2' || m.type === 'winner')).toBe(true);
  });
});

describe('which price changes reach a list row', () => {
  it.each(SPORTS.map((sport) => [sport.id] as const))('sport %i: a market key is a list market exactly when it is a whole-game result, total or handicap', (sportId) => {
    const all = candidatesOf(marketsOf(sportId));
    for (const market of all) {
      const candidate = ['1x2', 'winner', 'total', 'handicap'].includes(market.type) && !/^p\d+$/.test(market.scope);
      expect(isListMarketKey(market.key), market.key).toBe(candidate);
    }
    // Whichever lines are closest to even money, the chosen markets are among those keys.
    for (const market of mainMarkets(all, sportId)) expect(isListMarketKey(market.key)).toBe(true);
  });
});
