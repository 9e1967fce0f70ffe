/**
 * From catalogue rows to the line API's shapes (contracts `line.ts`): one place that knows
 * how a game row, its markets and outcomes read as a card, a detail, a live state, a result.
 */
import type { GameResult as DomainResult, Score } from '@betsite/domain';
import { GAME_STATUS } from '@betsite/domain';
import type { GameCard, GameDetail, LineLiveState, LineMarket, LineOutcome, ResultItem } from '@betsite/contracts';

/** A game row joined with its sport, champ, country and teams (queries `gameColumns`). */
export interface GameRow {
  id: number;
  permanent_id: string;
  sport_id: number;
  sport_slug: string;
  champ_id: number;
  champ_name: string;
  country_code: string;
  home_team_id: number;
  home_name: string;
  away_team_id: number;
  away_name: string;
  starts_at: Date;
  format: unknown;
  status: number;
  period: number;
  clock_seconds: number;
  clock_running: boolean;
  clock_rate: number;
  clock_at: Date | null;
  score_home: number;
  score_away: number;
  periods: unknown;
  live_extra: unknown;
  live_in_live: boolean;
  suspended: boolean;
  is_top: boolean;
  result: unknown;
  finished_at: Date | null;
  markets_count: number | string | bigint;
}

export interface MarketRow {
  game_id: number;
  key: string;
  type: string;
  group_id: number;
  scope: string;
  param: number | null;
  name: string;
  blocked: boolean;
}

export interface OutcomeRow {
  game_id: number;
  key: string;
  market_key: string;
  type_id: number;
  kind: string;
  line: number | null;
  score: unknown;
  name: string;
  price: number;
  blocked: boolean;
  status: number | null;
}

/** Prices are stored in thousandths (1905 = 1.905). */
export const coefOf = (price: number): number => price / 1000;
export const priceOf = (coef: number): number => Math.round(coef * 1000);

export const isLiveStatus = (status: number): boolean => status === GAME_STATUS.live || status === GAME_STATUS.break;
export const isOverStatus = (status: number): boolean => status === GAME_STATUS.finished || status === GAME_STATUS.cancelled;

const asScores = (value: unknown): Score[] => (Array.isArray(value) ? (value as Score[]) : []);

interface LiveExtra {
  point?: { home: string; away: string };
  server?: 'home' | 'away';
  stats?: Record<string, Score>;
}

type LiveColumns = Pick<
  GameRow,
  'status' | 'period' | 'clock_seconds' | 'clock_running' | 'clock_rate' | 'clock_at' | 'score_home' | 'score_away' | 'periods' | 'live_extra' | 'starts_at' | 'finished_at'
>;

export function liveStateOf(row: LiveColumns): LineLiveState | null {
  if (row.status === GAME_STATUS.notStarted) return null;
  const extra = (row.live_extra ?? {}) as LiveExtra;
  return {
    period: row.period,
    clock: {
      seconds: row.clock_seconds,
      running: row.clock_running && isLiveStatus(row.status),
      rate: row.clock_rate,
      at: (row.clock_at ?? row.finished_at ?? row.starts_at).getTime(),
    },
    score: { home: row.score_home, away: row.score_away },
    periods: asScores(row.periods),
    ...(extra.point ? { point: extra.point } : {}),
    ...(extra.server ? { server: extra.server } : {}),
    ...(extra.stats ? { stats: extra.stats } : {}),
  };
}

export function outcomeOf(row: OutcomeRow): LineOutcome {
  return {
    key: row.key,
    typeId: row.type_id,
    kind: row.kind,
    ...(row.line === null ? {} : { line: row.line }),
    ...(row.score === null || row.score === undefined ? {} : { score: row.score as Score }),
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

export function cardOf(row: GameRow, markets: LineMarket[]): GameCard {
  return {
    id: row.id,
    permanentId: row.permanent_id,
    sportId: row.sport_id,
    sportSlug: row.sport_slug,
    champId: row.champ_id,
    champName: row.champ_name,
    countryCode: row.country_code,
    home: { id: row.home_team_id, name: row.home_name },
    away: { id: row.away_team_id, name: row.away_name },
    startsAt: row.starts_at.getTime(),
    status: row.status,
    isLive: isLiveStatus(row.status),
    isFinished: isOverStatus(row.status),
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
  return resultView(row.result as DomainResult, row.finished_at.getTime());
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
    id: row.id,
    sportId: row.sport_id,
    champId: row.champ_id,
    champName: row.champ_name,
    home: { id: row.home_team_id, name: row.home_name },
    away: { id: row.away_team_id, name: row.away_name },
    startsAt: row.starts_at.getTime(),
    finishedAt: (row.finished_at ?? row.starts_at).getTime(),
    status: row.status,
    score: result?.score ?? { home: row.score_home, away: row.score_away },
    periods: result?.periods ?? asScores(row.periods),
  };
}
