/**
 * Runs one game: prices its line before the start, plays it live on the simulation,
 * suspends the markets around dangerous moments and goals, re-prices on events (and as the
 * clock runs down), emits only what changed, and settles every market at the end.
 *
 * Work is proportional to what happens: a game costs nothing between its steps, and a
 * re-pricing runs once per event (or per minute of game time), never per tick.
 */
import {
  gameMarkets,
  marketName,
  outcomeName,
  priceMarkets,
  settleMarket,
  type GameResult,
  type MarketSpec,
  type OutcomeSettlement,
} from '@betsite/domain';
import type { Fixture } from './fixtures/schedule.ts';
import type { MatchSim, SimIncident } from './sims/sim.ts';
import type { FeedEvent, FeedGame, FeedLiveState, FeedMarket, FeedMarketOdds, FeedResultSnapshot } from './types.ts';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** An event before the feed numbers it. */
export type PendingEvent = DistributiveOmit<FeedEvent, 'seq'>;

export type Emit = (event: PendingEvent) => void;

export interface RunnerOptions {
  /** Game seconds per real second. */
  speed: number;
  prematchMargin: number;
  liveMargin: number;
}

export class GameRunner {
  readonly game: FeedGame;
  readonly markets: FeedMarket[];
  live: FeedLiveState | null = null;
  suspended = false;
  finished = false;
  outcome: FeedResultSnapshot | null = null;
  /** While catching up at start-up nothing is emitted or priced until the end. */
  silent = false;

  private readonly specs: MarketSpec[];
  private suspendedUntil = Number.NEGATIVE_INFINITY;
  private lastPriced = Number.NEGATIVE_INFINITY;
  private priceDue = Number.POSITIVE_INFINITY;
  private stale = false;
  private started = false;

  /** `priced`: price the pre-match line now (a game joined after its start is priced live instead). */
  constructor(
    private readonly fixture: Fixture,
    private readonly sim: MatchSim,
    private readonly options: RunnerOptions,
    priced = true,
  ) {
    this.game = fixture.game;
    const prematch = sim.dists(0);
    this.specs = gameMarkets(this.game.sportId, this.game.format, prematch);
    const prices = priced ? priceMarkets(this.specs, prematch, { margin: options.prematchMargin }) : [];
    const byMarket = new Map(prices.map((m) => [m.key, m]));
    this.markets = this.specs.map((spec) => {
      const market = byMarket.get(spec.key);
      const coefs = new Map(market?.outcomes.map((o) => [o.key, o]));
      const feedMarket: FeedMarket = {
        key: spec.key,
        type: spec.type,
        groupId: spec.groupId,
        scope: spec.scope,
        ...(spec.param === undefined ? {} : { param: spec.param }),
        name: marketName(spec, this.game.sportId),
        blocked: market?.blocked ?? true,
        outcomes: spec.outcomes.map((outcome) => ({
          key: outcome.key,
          typeId: outcome.typeId,
          kind: outcome.kind,
          ...(outcome.line === undefined ? {} : { line: outcome.line }),
          ...(outcome.score === undefined ? {} : { score: { ...outcome.score } }),
          name: outcomeName(outcome),
          coef: coefs.get(outcome.key)?.coef ?? 1.01,
          blocked: coefs.get(outcome.key)?.blocked ?? true,
        })),
      };
      return feedMarket;
    });
  }

  /** Real time of game time `t`. */
  private at(t: number): number {
    return this.game.startsAt + t / this.options.speed;
  }

  /** Plays everything up to game time `target` (ms since the start). */
  advanceTo(target: number, emit: Emit): void {
    if (this.finished) return;
    if (!this.started) {
      this.started = true;
      if (this.fixture.cancelled) {
        this.cancel(emit);
        return;
      }
    }
    while (!this.finished) {
      const tSim = this.sim.nextAt();
      const tResume = this.suspended ? this.suspendedUntil : Number.POSITIVE_INFINITY;
      const tPrice = this.suspended ? Number.POSITIVE_INFINITY : this.priceDue;
      const t = Math.min(tSim, tResume, tPrice);
      if (!(t <= target)) break;
      if (tSim === t) this.play(t, emit);
      else if (tResume === t) {
        this.suspended = false;
        if (!this.silent) emit({ type: 'suspension', at: this.at(t), gameId: this.game.id, suspended: false });
        this.reprice(t, emit);
      } else this.reprice(t, emit);
    }
  }

  /** After a silent catch-up: bring prices to the position reached, without emitting. */
  finishCatchUp(target: number): void {
    this.silent = false;
    if (this.stale && !this.finished && !this.suspended) this.reprice(target, () => undefined);
  }

  private play(t: number, emit: Emit) {
    const incidents = this.sim.step();
    if (incidents.length === 0) return;
    const view = this.sim.view(t);
    this.live = {
      status: view.status,
      period: view.period,
      clock: { seconds: view.clockSeconds, running: view.clockRunning, rate: this.options.speed },
      score: view.score,
      periods: view.periods,
      ...(view.point ? { point: view.point } : {}),
      ...(view.server ? { server: view.server } : {}),
      ...(view.stats ? { stats: view.stats } : {}),
    };
    for (const incident of incidents) this.handle(t, incident, emit);
    if (this.sim.finished) this.end(t, this.sim.result(), emit);
  }

  private handle(t: number, incident: SimIncident, emit: Emit) {
    const { suspendMs, reprice, type, ...rest } = incident;
    // Bets stop before the incident is told.
    if (suspendMs !== undefined && !this.sim.finished) {
      this.suspendedUntil = Math.max(this.suspendedUntil, t + suspendMs);
      if (!this.suspended) {
        this.suspended = true;
        if (!this.silent) emit({ type: 'suspension', at: this.at(t), gameId: this.game.id, suspended: true });
      }
    }
    if (type !== 'tick' && !this.silent && this.live) {
      emit({ type: 'live', at: this.at(t), gameId: this.game.id, state: this.live, incident: { type, ...rest } });
    }
    if (reprice) this.priceDue = Math.min(this.priceDue, Math.max(t, this.lastPriced + this.sim.pricing.minGapMs));
  }

  private reprice(t: number, emit: Emit) {
    this.lastPriced = t;
    const decay = this.sim.pricing.decayMs;
    this.priceDue = decay === null ? Number.POSITIVE_INFINITY : t + decay;
    if (this.silent) {
      this.stale = true;
      return;
    }
    this.stale = false;
    const priced = new Map(priceMarkets(this.specs, this.sim.dists(t), { margin: this.options.liveMargin }).map((m) => [m.key, m]));
    const changed: FeedMarketOdds[] = [];
    for (const market of this.markets) {
      const prices = priced.get(market.key);
      let dirty = false;
      // A scope the model no longer prices (a finished half) is closed: blocked at its last prices.
      const blocked = prices ? prices.blocked : true;
      if (blocked !== market.blocked) {
        market.blocked = blocked;
        dirty = true;
      }
      if (prices) {
        prices.outcomes.forEach((price, i) => {
          const outcome = market.outcomes[i];
          if (!outcome || (outcome.coef === price.coef && outcome.blocked === price.blocked)) return;
          outcome.coef = price.coef;
          outcome.blocked = price.blocked;
          dirty = true;
        });
      }
      if (dirty) {
        changed.push({
          key: market.key,
          blocked: market.blocked,
          outcomes: market.outcomes.map(({ key, coef, blocked: b }) => ({ key, coef, blocked: b })),
        });
      }
    }
    if (changed.length > 0) emit({ type: 'odds', at: this.at(t), gameId: this.game.id, markets: changed });
  }

  private end(t: number, result: GameResult, emit: Emit) {
    this.finished = true;
    this.suspended = false;
    for (const market of this.markets) market.blocked = true;
    const settlements: OutcomeSettlement[] = this.specs.flatMap((spec) => settleMarket(spec, result, this.game.format));
    this.outcome = { gameId: this.game.id, at: this.at(t), result, settlements };
    if (!this.silent) emit({ type: 'result', at: this.at(t), gameId: this.game.id, result, settlements });
  }

  private cancel(emit: Emit) {
    const result: GameResult = { phase: 'cancelled', score: { home: 0, away: 0 }, periods: [], completedPeriods: 0 };
    this.live = { status: 5, period: 0, clock: { seconds: 0, running: false, rate: this.options.speed }, score: result.score, periods: [] };
    if (!this.silent) emit({ type: 'live', at: this.at(0), gameId: this.game.id, state: this.live, incident: { type: 'cancel' } });
    this.end(0, result, emit);
  }
}
