/**
 * A card patched with price changes (list-row-prices.ts): the shown markets take the new
 * prices; every case where the main total or handicap could change hands is `settled:
 * false` (list-rows.ts chooses them again from the tables), and a market or outcome the card
 * should show but does not know answers null (the row is computed again whole).
 */
import { describe, expect, it } from 'vitest';
import type { GameCard, LineMarket } from '@betsite/contracts';
import { SPORT, SPORTS } from '@betsite/domain';
import { openingMarkets, type FeedMarketOdds } from '@betsite/feed';
import { cardWithPrices } from './list-row-prices.ts';
import { isListMarketKey, LIST_MARKET_TYPES, mainMarkets } from './queries.ts';

const market = (key: string, coefs: number[], blocked = false): LineMarket => {
  const [type = '', rest = ''] = key.split(':');
  const [scope = ''] = rest.split('@');
  return {
    key,
    type,
    groupId: 1,
    scope,
    name: key,
    blocked,
    outcomes: coefs.map((coef, i) => ({ key: `${key}/${i}`, typeId: i + 1, kind: 'x', name: `o${i}`, coef, blocked: false })),
  };
};

/** A football card showing the 1X2, the main total (2.5: 1.90/1.95, spread 50) and the main handicap. */
const card = (): GameCard =>
  ({
    id: 7,
    sportId: SPORT.football,
    status: 2,
    live: null,
    marketsCount: 44,
    markets: [market('1x2:match', [2.1, 3.4, 3.6]), market('total:match@2.5', [1.9, 1.95]), market('handicap:match@0', [1.85, 2])],
  }) as unknown as GameCard;

/** A whole market as the feed sends it: every outcome's price. */
const change = (key: string, coefs: number[], blocked = false): FeedMarketOdds => ({
  key,
  blocked,
  outcomes: coefs.map((coef, i) => ({ key: `${key}/${i}`, coef, blocked: false })),
});

const coefsOf = (c: GameCard, key: string) => c.markets.find((m) => m.key === key)?.outcomes.map((o) => o.coef);

describe('a list row card patched with prices', () => {
  it('a result market takes its new prices; the rest of the card stays; the given card is not changed', () => {
    const before = card();
    const after = cardWithPrices(before, [change('1x2:match', [2.2, 3.3, 3.5])]);
    expect(after?.settled).toBe(true);
    expect(coefsOf(after!.card, '1x2:match')).toEqual([2.2, 3.3, 3.5]);
    expect({ ...after!.card, markets: after!.card.markets.slice(1) }).toEqual({ ...card(), markets: card().markets.slice(1) });
    expect(before).toEqual(card());
  });

  it('prices are kept to thousandths, as the tables keep them', () => {
    expect(coefsOf(cardWithPrices(card(), [change('1x2:match', [2.10049, 3.4, 3.6])])!.card, '1x2:match')?.[0]).toBe(2.1);
  });

  it('a blocked flag of a shown market or outcome is taken', () => {
    const blocked: FeedMarketOdds = { key: '1x2:match', blocked: true, outcomes: [{ key: '1x2:match/1', coef: 3.4, blocked: true }] };
    const after = cardWithPrices(card(), [blocked])!.card;
    expect(after.markets[0]).toMatchObject({ blocked: true, outcomes: [{ blocked: false }, { blocked: true }, { blocked: false }] });
  });

  it('the main total moving closer to even money stays main with its new prices', () => {
    const after = cardWithPrices(card(), [change('total:match@2.5', [1.92, 1.93])])!;
    expect(after.settled).toBe(true);
    expect(coefsOf(after.card, 'total:match@2.5')).toEqual([1.92, 1.93]);
  });

  it('the main total moving away from even money (or blocked) unsettles the lines: another may win', () => {
    const worse = cardWithPrices(card(), [change('total:match@2.5', [1.5, 2.6])])!;
    expect(worse.settled).toBe(false);
    // Its prices are in the card all the same, for when it stays main.
    expect(coefsOf(worse.card, 'total:match@2.5')).toEqual([1.5, 2.6]);
    expect(cardWithPrices(card(), [change('total:match@2.5', [1.9, 1.95], true)])?.settled).toBe(false);
  });

  it('another total less balanced than the main leaves the card as it was', () => {
    expect(cardWithPrices(card(), [change('total:match@3.5', [1.5, 2.6])])).toEqual({ card: card(), settled: true });
    // Blocked, even at even money it cannot win.
    expect(cardWithPrices(card(), [change('total:match@3.5', [1.9, 1.9], true)])).toEqual({ card: card(), settled: true });
  });

  it('another total as balanced as the main, or more, unsettles the lines (the order of markets breaks a tie)', () => {
    expect(cardWithPrices(card(), [change('total:match@3.5', [1.9, 1.95])])).toEqual({ card: card(), settled: false });
    expect(cardWithPrices(card(), [change('total:match@3.5', [1.91, 1.92])])?.settled).toBe(false);
    expect(cardWithPrices(card(), [change('handicap:match@-0.5', [1.9, 1.9])])?.settled).toBe(false);
  });

  it('a changed line is compared with the main line as it is after the same batch', () => {
    // The main got better (spread 10): a line at spread 30 loses to it, in either order.
    expect(cardWithPrices(card(), [change('total:match@2.5', [1.92, 1.93]), change('total:match@3.5', [1.9, 1.93])])?.settled).toBe(true);
    expect(cardWithPrices(card(), [change('total:match@3.5', [1.9, 1.93]), change('total:match@2.5', [1.92, 1.93])])?.settled).toBe(true);
    // A line at spread 5 beats it.
    expect(cardWithPrices(card(), [change('total:match@2.5', [1.92, 1.93]), change('total:match@3.5', [1.9, 1.905])])?.settled).toBe(false);
  });

  it('a total of a count the list prefers less never wins, however balanced', () => {
    expect(cardWithPrices(card(), [change('total:periods-sum@2.5', [1.9, 1.9])])).toEqual({ card: card(), settled: true });
  });

  it('a market whose prices came in part counts only those (its spread can only look smaller: the lines are chosen again)', () => {
    const partial: FeedMarketOdds = { key: 'total:match@3.5', blocked: false, outcomes: [{ key: 'total:match@3.5/0', coef: 4, blocked: false }] };
    expect(cardWithPrices(card(), [partial])?.settled).toBe(false);
  });

  it('a line of a type the card shows none of unsettles the lines', () => {
    const noHandicap = { ...card(), markets: card().markets.slice(0, 2) };
    expect(cardWithPrices(noHandicap, [change('handicap:match@0', [1.5, 2.6])])?.settled).toBe(false);
  });

  it('a result market or an outcome the card should show but does not know: computed again whole', () => {
    expect(cardWithPrices(card(), [change('1x2:regular', [2, 3, 4])])).toBeNull();
    expect(cardWithPrices(card(), [{ key: '1x2:match', blocked: false, outcomes: [{ key: '1x2:match/9', coef: 2, blocked: false }] }])).toBeNull();
  });
});

describe('the market types a list row chooses from', () => {
  it('every sport: the markets of LIST_MARKET_TYPES (what list-rows.ts reads to choose lines again) are all the list can show', () => {
    const allowed: readonly string[] = LIST_MARKET_TYPES;
    for (const sport of SPORTS) {
      const game = { id: 'g', sportId: sport.id, champId: 'c', homeTeamId: 'h', awayTeamId: 'a', home: 'H', away: 'A', startsAt: 0, format: { ...sport.defaultFormat } };
      const candidates = openingMarkets(game).map((m, i) => ({ key: m.key, type: m.type, scope: m.scope, blocked: false, spread: i % 7 }));
      const narrowed = candidates.filter((m) => allowed.includes(m.type));
      expect(mainMarkets(candidates, sport.id).length, sport.name).toBeGreaterThan(1);
      expect(mainMarkets(narrowed, sport.id), sport.name).toEqual(mainMarkets(candidates, sport.id));
      for (const m of candidates) if (isListMarketKey(m.key)) expect(allowed, m.key).toContain(m.type);
    }
  });
});
