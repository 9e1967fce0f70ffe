/**
 * A feed provider for load tests (bench/feed-fanout.ts): G live football games with the
 * full opening line (`openingMarkets`, 44 markets), and, on `run()`, `odds` events at a set
 * rate, each changing ONE market of one game.
 *
 * - Event n changes game n mod G, market ⌊n / G⌋ mod (markets of the game): consecutive
 *   events go to different games, and a market changes again only after every other market
 *   of its game did (100 games, 500 events/s: every 8.8 s), so the ingester's merging of one
 *   game's changes by market key never hides an event.
 * - The market's first outcome's coefficient encodes n (`encodeEvent`: (1001 + n) / 1000,
 *   3 decimals, 1.001 … 1000), so a subscriber can tell exactly which events reached it;
 *   the other outcomes move a little with every event, as a real price change does.
 * - `at` is the wall-clock time of emission (`performance.timeOrigin + performance.now()`,
 *   the clock the subscribers read too); `run()` answers every event's emission time.
 */
import { performance } from 'node:perf_hooks';
import { GAME_STATUS, SPORT } from '@betsite/domain';
import {
  openingMarkets,
  type FeedCatalogue,
  type FeedEvent,
  type FeedGameSnapshot,
  type FeedListener,
  type FeedMarketOdds,
  type FeedProvider,
  type FeedSnapshot,
} from '@betsite/feed';

export const LOAD_FEED_NAME = 'bench-load';
export const loadGameId = (index: number): string => `bench-game-${index}`;

/** The first outcome's coefficient of event n (3 decimals: the database keeps thousandths). */
export const encodeEvent = (n: number): number => (1001 + n) / 1000;
export const decodeEvent = (coef: number): number => Math.round(coef * 1000) - 1001;
/** Coefficients go up to 1000. */
export const MAX_EVENTS = 1_000_000 - 1001 + 1;

export const wallClock = (): number => performance.timeOrigin + performance.now();

export interface LoadRun {
  perSecond: number;
  seconds: number;
}

export interface LoadRunReport {
  /** Event numbers of the run, first to last inclusive. */
  first: number;
  last: number;
  /** Emission time (wall clock, ms) of event first + i at index i. */
  emittedAt: number[];
  /** When the run was to start, and how far emission fell behind its schedule at worst. */
  scheduledStart: number;
  maxBehindMs: number;
  durationMs: number;
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;
const clampCoef = (value: number) => Math.min(1000, Math.max(1.001, round3(value)));

export class LoadFeed implements FeedProvider {
  readonly name = LOAD_FEED_NAME;
  private readonly listeners = new Set<FeedListener>();
  private readonly games: FeedGameSnapshot[];
  private readonly startedAt = wallClock();
  private seq = 0;
  private nextEvent = 0;
  /** Emission time by event `seq`. */
  private readonly emittedAt: number[] = [];
  private running: Promise<LoadRunReport> | null = null;

  constructor(readonly gameCount: number) {
    const kickOff = Date.now() - 30 * 60_000;
    this.games = Array.from({ length: gameCount }, (_, i) => {
      const game = {
        id: loadGameId(i),
        sportId: SPORT.football,
        champId: 'bench-league',
        homeTeamId: `bench-team-${2 * i}`,
        awayTeamId: `bench-team-${2 * i + 1}`,
        home: `Bench Home ${i + 1}`,
        away: `Bench Away ${i + 1}`,
        startsAt: kickOff,
        format: { periods: 2, periodMinutes: 45 },
      };
      return { game, markets: openingMarkets(game, { seed: i + 1 }), live: null, suspended: false };
    });
  }

  /** Markets of game `index` (to tell what an event changed). */
  marketsOf(index: number): number {
    return this.games[index]?.markets.length ?? 0;
  }

  /** The `seq` of the last event emitted. */
  get lastSeq(): number {
    return this.seq;
  }

  /** When the event of this `seq` was emitted (NaN if not yet). */
  emittedAtSeq(seq: number): number {
    return this.emittedAt[seq] ?? Number.NaN;
  }

  async catalogue(): Promise<FeedCatalogue> {
    return {
      sports: [{ id: SPORT.football, slug: 'football', name: 'Football', isCyber: false }],
      countries: [{ id: 'bench', name: 'Benchland', code: 'WORLD' }],
      champs: [{ id: 'bench-league', sportId: SPORT.football, countryId: 'bench', name: 'Bench League', order: 1 }],
      teams: this.games.flatMap(({ game }) => [
        { id: game.homeTeamId, sportId: SPORT.football, countryId: 'bench', name: game.home },
        { id: game.awayTeamId, sportId: SPORT.football, countryId: 'bench', name: game.away },
      ]),
    };
  }

  async snapshot(): Promise<FeedSnapshot> {
    const at = Date.now();
    // 30 minutes into the first half, 0-0, the clock running.
    const seconds = 1800 + (wallClock() - this.startedAt) / 1000;
    return structuredClone({
      seq: this.seq,
      at,
      games: this.games.map((g) => ({
        ...g,
        live: { status: GAME_STATUS.live, period: 1, clock: { seconds, running: true, rate: 1 }, score: { home: 0, away: 0 }, periods: [{ home: 0, away: 0 }] },
      })),
      results: [],
    });
  }

  subscribe(listener: FeedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start(): void {}

  stop(): void {}

  /** Emits `perSecond × seconds` odds events on schedule; answers when the last is out. */
  run({ perSecond, seconds }: LoadRun): Promise<LoadRunReport> {
    if (this.running) throw new Error('a load run is already going');
    const total = Math.round(perSecond * seconds);
    if (this.nextEvent + total > MAX_EVENTS) throw new Error(`at most ${MAX_EVENTS} events per server process (coefficients up to 1000)`);
    const first = this.nextEvent;
    const emittedAt = new Array<number>(total);
    const interval = 1000 / perSecond;
    const start = wallClock();
    let done = 0;
    let maxBehindMs = 0;
    const run = new Promise<LoadRunReport>((resolve) => {
      const tick = () => {
        const due = Math.min(total, Math.floor((wallClock() - start) / interval) + 1);
        while (done < due) {
          const at = wallClock();
          maxBehindMs = Math.max(maxBehindMs, at - (start + done * interval));
          emittedAt[done] = at;
          this.emit(this.oddsEvent(this.nextEvent++, at));
          done++;
        }
        if (done < total) {
          setTimeout(tick, Math.max(0, start + done * interval - wallClock()));
          return;
        }
        resolve({ first, last: first + total - 1, emittedAt, scheduledStart: start, maxBehindMs, durationMs: wallClock() - start });
      };
      tick();
    });
    this.running = run;
    return run.finally(() => {
      this.running = null;
    });
  }

  private emit(event: FeedEvent) {
    this.emittedAt[event.seq] = event.at;
    for (const listener of this.listeners) listener(event);
  }

  private oddsEvent(n: number, at: number): FeedEvent {
    const snapshot = this.games[n % this.gameCount];
    if (!snapshot) throw new Error(`no game for event ${n}`);
    const market = snapshot.markets[Math.floor(n / this.gameCount) % snapshot.markets.length];
    if (!market) throw new Error(`no market for event ${n}`);
    const wobble = 1 + ((n % 7) - 3) / 300;
    const changed: FeedMarketOdds = {
      key: market.key,
      blocked: false,
      outcomes: market.outcomes.map((o, i) => ({ key: o.key, blocked: false, coef: i === 0 ? encodeEvent(n) : clampCoef(o.coef * wobble) })),
    };
    return { type: 'odds', seq: ++this.seq, at, gameId: snapshot.game.id, markets: [changed] };
  }
}
