/**
 * What a sports-data provider gives the sportsbook, as plain serialisable objects (JSON
 * round-trips them unchanged), so a server module can persist them in PostgreSQL and fan
 * them out to browsers, and a real provider can implement the same interface.
 *
 * Conventions:
 * - times are epoch milliseconds; ids are strings chosen by the provider and stable;
 * - a market or outcome is identified within its game by its key (`@betsite/domain`
 *   market keys: `total:match@2.5`, outcome `total:match@2.5/over`); the key alone lets
 *   the domain rebuild the outcome and settle it;
 * - every event carries `seq`, increasing by 1 per event of this provider instance, and
 *   `at`, when it happened; a consumer applies `snapshot()` and then the events with a
 *   higher `seq` (and re-snapshots after a gap or a restart);
 * - per game, the order is: `game`, then `odds`/`live`/`suspension` in any mix, then one
 *   `result`; an outcome can be bet on when its game is not suspended and neither its
 *   market nor the outcome is blocked.
 */
import type {
  GameFormat,
  GameResult,
  GameStatusId,
  MarketType,
  OutcomeKind,
  OutcomeSettlement,
  ScopeId,
  Score,
  SportId,
} from '@betsite/domain';

export interface FeedSport {
  id: SportId;
  slug: string;
  name: string;
  isCyber: boolean;
}

export interface FeedCountry {
  id: string;
  name: string;
  /** ISO 3166-1 alpha-2 where one exists (`GB`, `ES`), else a region code (`GB-ENG`, `EU`, `WORLD`). */
  code: string;
}

export interface FeedChamp {
  id: string;
  sportId: SportId;
  countryId: string;
  name: string;
  /** Display order within the sport (top competitions first). */
  order: number;
}

export interface FeedTeam {
  id: string;
  sportId: SportId;
  countryId: string;
  /** A club, a national side, or a player/fighter in individual sports. */
  name: string;
}

export interface FeedCatalogue {
  sports: FeedSport[];
  countries: FeedCountry[];
  champs: FeedChamp[];
  teams: FeedTeam[];
}

export interface FeedGame {
  id: string;
  sportId: SportId;
  champId: string;
  homeTeamId: string;
  awayTeamId: string;
  home: string;
  away: string;
  startsAt: number;
  format: GameFormat;
}

export interface FeedOutcome {
  key: string;
  /** Outcome type id (coupon bet `market.typeId`). */
  typeId: number;
  kind: OutcomeKind;
  line?: number;
  score?: Score;
  /** English label ("Over 2.5", "1", "2-1"). */
  name: string;
  coef: number;
  blocked: boolean;
}

export interface FeedMarket {
  key: string;
  type: MarketType;
  /** Market group id (coupon bet `market.kind`). */
  groupId: number;
  scope: ScopeId;
  param?: number;
  /** English name ("Total 2.5 — 1st half"). */
  name: string;
  blocked: boolean;
  outcomes: FeedOutcome[];
}

/** A changed market: its blocked flag and all its outcomes' prices. */
export interface FeedMarketOdds {
  key: string;
  blocked: boolean;
  outcomes: Array<{ key: string; coef: number; blocked: boolean }>;
}

export interface FeedClock {
  /**
   * Seconds on the game clock at the event's `at`: elapsed match time for football
   * (a second half starts at 2700), elapsed time in the period elsewhere.
   */
  seconds: number;
  running: boolean;
  /** Game seconds per real second (the feed's speed), to run the clock between events. */
  rate: number;
}

export interface FeedLiveState {
  status: GameStatusId;
  /** The period in play or just finished (1-based; overtime continues the count). */
  period: number;
  clock: FeedClock;
  score: Score;
  periods: Score[];
  /** Points in the tennis game in play ("15", "40", "A"). */
  point?: { home: string; away: string };
  server?: 'home' | 'away';
  /** Running counts: dangerous attacks, kills, knockdowns… */
  stats?: Record<string, Score>;
}

export type FeedIncidentType =
  | 'start'
  | 'period-start'
  | 'period-end'
  | 'added-time'
  | 'goal'
  | 'danger'
  | 'point'
  | 'kill'
  | 'knockdown'
  | 'shootout'
  | 'finish'
  | 'cancel';

export interface FeedIncident {
  type: FeedIncidentType;
  team?: 'home' | 'away';
  /** Points scored (basketball), minutes added (added-time). */
  value?: number;
}

interface EventBase {
  seq: number;
  at: number;
}

export type FeedEvent =
  | (EventBase & { type: 'game'; game: FeedGame; markets: FeedMarket[] })
  | (EventBase & { type: 'odds'; gameId: string; markets: FeedMarketOdds[] })
  | (EventBase & { type: 'live'; gameId: string; state: FeedLiveState; incident?: FeedIncident })
  | (EventBase & { type: 'suspension'; gameId: string; suspended: boolean })
  | (EventBase & { type: 'result'; gameId: string; result: GameResult; settlements: OutcomeSettlement[] });

export type FeedEventType = FeedEvent['type'];

export interface FeedGameSnapshot {
  game: FeedGame;
  markets: FeedMarket[];
  /** Null before the start. */
  live: FeedLiveState | null;
  suspended: boolean;
}

export interface FeedResultSnapshot {
  gameId: string;
  at: number;
  result: GameResult;
  settlements: OutcomeSettlement[];
}

export interface FeedSnapshot {
  /** The `seq` of the last event included; apply events after it. */
  seq: number;
  at: number;
  /** Games in the line or in play. */
  games: FeedGameSnapshot[];
  /** Games that ended recently. */
  results: FeedResultSnapshot[];
}

export type FeedListener = (event: FeedEvent) => void;

export interface FeedProvider {
  readonly name: string;
  /** Sports, countries, championships and teams (changes rarely; re-read daily). */
  catalogue(): Promise<FeedCatalogue>;
  /** Everything current, consistent with the events up to `seq`. */
  snapshot(): Promise<FeedSnapshot>;
  /** Events in `seq` order; returns the unsubscribe function. */
  subscribe(listener: FeedListener): () => void;
  start(): void;
  stop(): void;
}
