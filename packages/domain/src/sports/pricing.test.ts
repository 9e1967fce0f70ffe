import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { overround } from '../odds/margin.ts';
import { gameMarkets } from './catalogue.ts';
import { massOf, type ScopeDists } from './distribution.ts';
import { footballParams, goalsDists } from './models/goals.ts';
import { fairProbabilities, priceMarket, priceMarkets } from './pricing.ts';
import { allSportsPrematch } from './testing-models.ts';

function checkDists(dists: ScopeDists) {
  for (const [scope, dist] of Object.entries(dists)) {
    if (!dist) continue;
    const margin = massOf(dist);
    const total = dist.total.reduce((s, [, p]) => s + p, 0);
    expect(margin + dist.voidP, scope).toBeCloseTo(1, 6);
    expect(total, scope).toBeCloseTo(margin, 6);
    if (dist.joint) expect(dist.joint.reduce((s, [, , p]) => s + p, 0), scope).toBeCloseTo(margin, 6);
  }
}

describe('pricing', () => {
  it('starts from distributions that sum to 1 in every scope of every sport', () => {
    for (const { dists } of allSportsPrematch()) checkDists(dists);
  });

  it('gives effective probabilities summing to 1 for every exclusive market, quarter lines included', () => {
    for (const { sportId, format, dists } of allSportsPrematch()) {
      for (const market of gameMarkets(sportId, format, dists)) {
        const ps = fairProbabilities(market, dists);
        expect(ps, market.key).not.toBeNull();
        const sum = (ps ?? []).reduce((a, b) => a + b, 0);
        expect(sum, `${sportId} ${market.key}`).toBeCloseTo(market.type === 'double-chance' ? 2 : 1, 6);
      }
    }
  });

  it('applies the margin to every open market of every sport', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.02, max: 0.1, noNaN: true }), (margin) => {
        for (const { sportId, format, dists } of allSportsPrematch()) {
          for (const priced of priceMarkets(gameMarkets(sportId, format, dists), dists, { margin })) {
            if (priced.blocked || priced.key.startsWith('double-chance') || priced.outcomes.some((o) => o.blocked)) continue;
            const coefs = priced.outcomes.map((o) => o.coef);
            expect(Math.abs(overround(coefs) - margin), `${sportId} ${priced.key}`).toBeLessThan(0.0005 * coefs.length + 1e-6);
          }
        }
      }),
      { numRuns: 5 },
    );
  });

  it('blocks a decided market and an outcome that can no longer happen', () => {
    const params = footballParams(1.5, 1.2);
    const dists = goalsDists(params, {
      period: 2,
      minute: 40,
      periodOver: false,
      periods: [
        { home: 2, away: 0 },
        { home: 1, away: 0 },
      ],
    });
    const markets = gameMarkets(1, { periods: 2, periodMinutes: 45 }, dists);
    const byKey = new Map(priceMarkets(markets, dists).map((m) => [m.key, m]));
    expect(byKey.get('total:match@2.5')?.blocked).toBe(true);
    expect(byKey.get('total:match@4.5')?.blocked).toBe(false);
    const exact = byKey.get('correct-score:match@4');
    expect(exact?.outcomes.find((o) => o.key.endsWith('/0-0'))?.blocked).toBe(true);
    expect(exact?.outcomes.find((o) => o.key.endsWith('/3-0'))?.blocked).toBe(false);
    // The first half is over: its markets are not priced at all.
    expect(byKey.has('1x2:p1')).toBe(false);
    expect(priceMarket(markets.find((m) => m.key === '1x2:p1')!, dists)).toBeNull();
  });
});
