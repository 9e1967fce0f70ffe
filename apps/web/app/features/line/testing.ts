/** Games for the sportsbook's unit tests: built with the domain's own market keys. */
import type { GameCard, GameDetail, LineMarket } from '@betsite/contracts';
import { correctScoreMarket, handicapMarket, oneXTwoMarket, outcomeName, totalMarket, type MarketSpec } from '@betsite/domain';

export function market(spec: MarketSpec, coefs: readonly number[], name = spec.key): LineMarket {
  return {
    key: spec.key,
    type: spec.type,
    groupId: spec.groupId,
    scope: spec.scope,
    ...(spec.param === undefined ? {} : { param: spec.param }),
    name,
    blocked: false,
    outcomes: spec.outcomes.map((o, i) => ({
      key: o.key,
      typeId: o.typeId,
      kind: o.kind,
      ...(o.line === undefined ? {} : { line: o.line }),
      ...(o.score === undefined ? {} : { score: o.score }),
      name: outcomeName(o),
      coef: coefs[i] ?? 2,
      blocked: false,
    })),
  };
}

export function card(patch: Partial<GameCard> = {}): GameCard {
  return {
    id: 101,
    permanentId: 'ops-101',
    sportId: 1,
    sportSlug: 'football',
    champId: 7,
    champName: 'Premier League',
    countryCode: 'GB',
    home: { id: 1, name: 'Arsenal' },
    away: { id: 2, name: 'Chelsea' },
    startsAt: Date.UTC(2026, 2, 12, 18, 30),
    status: 1,
    isLive: false,
    isFinished: false,
    liveInLive: false,
    suspended: false,
    isTop: false,
    live: null,
    marketsCount: 4,
    markets: [market(oneXTwoMarket('match'), [2.1, 3.4, 3.2]), market(totalMarket('match', 2.5), [1.9, 1.95])],
    ...patch,
  };
}

export function detail(patch: Partial<GameDetail> = {}): GameDetail {
  const base = card();
  return {
    ...base,
    markets: [
      ...base.markets,
      market(handicapMarket('match', -0.5), [2.05, 1.8]),
      market(oneXTwoMarket('p1'), [2.8, 2.1, 3.9]),
      market(correctScoreMarket('match', 1), [8, 9, 10, 12, 5]),
    ],
    marketsCount: 5,
    format: { periods: 2, periodMinutes: 45 },
    result: null,
    ...patch,
  };
}


