/**
 * From catalogue rows to the line API's shapes (contracts `line.ts`): one place that knows
 * how a game row, its markets and outcomes read as a card, a detail, a live state, a result.
 */
import type { Selectable } from 'kysely';
import type { GamesTable, MarketsTable, OutcomesTable } from '@betsite/db';
import type { GameResult as DomainResult, Score } from '@betsite/domain';
import { GAME_STATUS, isGameInPlay, isGameOver } from '@betsite/domain';
import type { GameCard, GameDetail, LineLiveState, LineMarket, LineOutcome, ResultItem } from '@betsite/contracts';

type Games = Selectable<GamesTable>;

/** A game row joined with its sport, champ, country and teams (queries `gamesQuery`). */
export type GameRow = Pick<
  Games,
  | 'id'
  | 'permanent_id'
  | 'sport_id'
  | 'champ_id'
  | 'home_team_id'
  | 'away_team_id'
  | 'starts_at'
  | 'format'
  | 'status'
  | 'period'
  | 'clock_seconds'
  | 'clock_running'
  | 'clock_rate'
  | 'clock_at'
  | 'score_home'
  | 'score_away'
  | 'periods'
  | 'live_extra'
  | 'live_in_live'
  | 'suspended'
  | 'is_top'
  | 'result'
  | 'finished_at'
> & { sport_slug: string; champ_name: string; country_code: string; home_name: string; away_name: string; markets_count: number };

export type MarketRow = Pick<Selectable<MarketsTable>, 'game_id' | 'key' | 'type' | 'group_id' | 'scope' | 'param' | 'name' | 'blocked'>;

export type OutcomeRow = Pick<
  Selectable<OutcomesTable>,
  'game_id' | 'key' | 'market_key' | 'type_id' | 'kind' | 'line' | 'score' | 'name' | 'price' | 'blocked' | 'status'
>;

/** Prices are stored in thousandths (1905 = 1.905). */
export const coefOf = (price: number): number => price / 1000;
export const priceOf = (coef: number): number => Math.round(coef * 1000);


const asScores = (value: unknown): Score[] => (Array.isArray(value) ? (value as Score[]) : []);

/** The optional parts of a scoreboard (tennis point and server, running stats), stored as `live_extra`. */
export type LiveExtra = Pick<LineLiveState, 'point' | 'server' | 'stats'>;

/** Only the parts a state has (no `undefined` keys in JSON or in answers). */
export function liveExtraOf(state: LiveExtra): LiveExtra {
  return {
    ...(state.point ? { point: state.point } : {}),
    ...(state.server ? { server: state.server } : {}),
    ...(state.stats ? { stats: state.stats } : {}),
  };
}

type LiveColumns = Pick<
  GameRow,
  'status' | 'period' | 'clock_seconds' | 'clock_running' | 'clock_rate' | 'clock_at' | 'score_home' | 'score_away' | 'periods' | 'live_extra' | 'starts_at' | 'finished_at'
>;

export function liveStateOf(row: LiveColumns): LineLiveState | null {
  if (row.status === GAME_STATUS.notStarted) return null;
  const extra = (row.live_extra ?? {}) as unknown as LiveExtra;
  return {
    period: row.period,
    clock: {
      seconds: row.clock_seconds,
      running: row.clock_running && isGameInPlay(row.status),
      rate: row.clock_rate,
      at: (row.clock_at ?? row.finished_at ?? row.starts_at).getTime(),
    },
    score: { home: row.score_home, away: row.score_away },
    periods: asScores(row.periods),
    ...liveExtraOf(extra),
  };
}

export function outcomeOf(row: OutcomeRow): LineOutcome {
  return {
    key: row.key,
    typeId: row.type_id,
    kind: row.kind,
    ...(row.line === null ? {} : { line: row.line }),
    ...(row.score === null || row.score === undefined ? {} : { score: row.score as unknown as Score }),
    name: row.name,
    coef: coefOf(row.price),
    blocked: row.blocked,
    ...(row.status === null ? {} : { status: row.status }),
  };
}

/** Markets with their outcomes, in the order of the rows given (already sorted). */
export function marketsOf(markets: readonly MarketRow[], outcomes: readonly OutcomeRow[]): LineMarket[] {
  const byMarket = new Map<string, LineOutcome[]>();
  for (const outcome of outcomes) {
    const list = byMarket.get(outcome.market_key);
    if (list) list.push(outcomeOf(outcome));
    else byMarket.set(outcome.market_key, [outcomeOf(outcome)]);
  }
  return markets.map((m) => ({
    key: m.key,
    type: m.type,
    groupId: m.group_id,
    scope: m.scope,
    ...(m.param === null ? {} : { param: m.param }),
    name: m.name,
    blocked: m.blocked,
    outcomes: byMarket.get(m.key) ?? [],
  }));
}

/** What a card and a result both say of a game: who plays what, where and when. */
function fixtureOf(row: GameRow) {
  return {
    id: row.id,
    sportId: row.sport_id,
    champId: row.champ_id,
    champName: row.champ_name,
    home: { id: row.home_team_id, name: row.home_name },
    away: { id: row.away_team_id, name: row.away_name },
    startsAt: row.starts_at.getTime(),
    status: row.status,
  };
}

export function cardOf(row: GameRow, markets: LineMarket[]): GameCard {
  return {
    ...fixtureOf(row),
    permanentId: row.permanent_id,
    sportSlug: row.sport_slug,
    countryCode: row.country_code,
    isLive: isGameInPlay(row.status),
    isFinished: isGameOver(row.status),
    liveInLive: row.live_in_live,
    suspended: row.suspended,
    isTop: row.is_top,
    live: liveStateOf(row),
    marketsCount: Number(row.markets_count),
    markets,
  };
}

/** The stored result (a domain `GameResult`) as the API tells it. */
export function resultOf(row: Pick<GameRow, 'result' | 'finished_at'>): GameDetail['result'] {
  if (!row.result || !row.finished_at) return null;
  return resultView(row.result as unknown as DomainResult, row.finished_at.getTime());
}

/** A domain result as the API tells it. */
export function resultView(result: DomainResult, finishedAt: number): NonNullable<GameDetail['result']> {
  return { score: result.score, periods: result.periods, finishedAt, cancelled: result.phase === 'cancelled' };
}

export function detailOf(row: GameRow, markets: LineMarket[]): GameDetail {
  const format = row.format as GameDetail['format'];
  return { ...cardOf(row, markets), format, result: resultOf(row) };
}

export function resultItemOf(row: GameRow): ResultItem {
  const result = resultOf(row);
  return {
    ...fixtureOf(row),
    finishedAt: (row.finished_at ?? row.starts_at).getTime(),
    score: result?.score ?? { home: row.score_home, away: row.score_away },
    periods: result?.periods ?? asScores(row.periods),
  };
}
