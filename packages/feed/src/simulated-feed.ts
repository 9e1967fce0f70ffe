/**
 * The simulated provider: a deterministic world of championships whose games enter the
 * line up to `days` ahead, go live at their start times and are played on the clock by
 * the match simulations.
 *
 * Time: the feed reads `clock.now()` (plus what `advance()` added) on every `tick()`;
 * `start()` ticks every `tickMs` of real time. Schedules follow the clock; within a game,
 * time runs `speed` times faster (a football match takes 105 minutes at speed 1, under 2
 * at speed 60). The same seed and the same clock readings give the same events.
 *
 * Cost: a tick touches only games in play, and each only when its next step is due; the
 * pre-match line is priced when a game enters it — the next 6 hours at start-up, the rest
 * of the horizon `LINE_BATCH` games per tick.
 *
 * Memory: a game in the line before its start is kept as its fixture only. Its pre-match
 * markets are a pure function of the fixture and the seed, so they are priced again when
 * needed (a snapshot, the kick-off) rather than held for a week's ~1,700 games (~120,000
 * outcomes). A snapshot's catch-up and pricing yield to the event loop now and then.
 */
import type { Clock, SportId } from '@betsite/domain';
import { dayOf, DAY_MS, fixturesForDay, type Fixture } from './fixtures/schedule.ts';
import { buildWorld, type World } from './fixtures/world.ts';
import { GameRunner, type PendingEvent, type RunnerOptions } from './runner.ts';
import { createSim } from './sims/create.ts';
import type {
  FeedCatalogue,
  FeedEvent,
  FeedGameSnapshot,
  FeedListener,
  FeedProvider,
  FeedResultSnapshot,
  FeedSnapshot,
} from './types.ts';

export interface SimulatedFeedOptions {
  seed?: number;
  clock?: Clock;
  /** Game time per real time: 1 plays matches in real time, 60 a minute per second. */
  speed?: number;
  /** How far ahead the line goes, days. */
  days?: number;
  /** Margin of pre-match prices (default 5%). */
  margin?: number;
  /** Margin of live prices (default: the pre-match margin). */
  liveMargin?: number;
  /** Real milliseconds between ticks after `start()`. */
  tickMs?: number;
  /** Only these sports (tests and demos). */
  sports?: readonly SportId[];
  /** How long finished games stay in snapshots. */
  resultsRetentionMs?: number;
}

/**
 * The line released at start-up; the rest of the horizon follows in batches, a tick's
 * batch written in one transaction by the ingester: small enough that neither the pricing
 * nor that write holds the server (the embedded database serves one transaction at a time)
 * for long. The week fills over the first minute and a half.
 */
const FIRST_LINE_MS = 6 * 3_600_000;
const LINE_BATCH = 20;

/** Longer than any game lasts at speed 1 (a five-set match with breaks). */
const LONGEST_GAME_MS = 6 * 3_600_000;

const systemClock: Clock = { now: () => Date.now() };

const byStart = (a: Fixture, b: Fixture) => a.game.startsAt - b.game.startsAt || (a.game.id < b.game.id ? -1 : 1);

/** Work in slices of about this long between turns of the event loop. */
const SLICE_MS = 20;

/** A pause to call between units of work: it yields to the event loop once a slice is used up. */
function slices(): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < SLICE_MS) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}

export class SimulatedFeed implements FeedProvider {
  readonly name = 'simulated';
  private readonly seed: number;
  private readonly clock: Clock;
  private readonly speed: number;
  private readonly horizonMs: number;
  private readonly tickMs: number;
  private readonly retentionMs: number;
  private readonly sports: ReadonlySet<SportId> | null;
  private readonly runnerOptions: RunnerOptions;
  private readonly world: World;
  private readonly listeners = new Set<FeedListener>();
  private offset = 0;
  private seq = 0;
  /** `running` while the first `snapshot()` catches up in slices; ticks wait for it. */
  private state: 'new' | 'running' | 'ready' = 'new';
  private catchingUp: Promise<void> | null = null;
  private lastDay = Number.NEGATIVE_INFINITY;
  /** Generated, not yet in the line (beyond the horizon), by start. */
  private future: Fixture[] = [];
  /** In the line, not started, by start: fixtures only (see Memory above). */
  private upcoming: Fixture[] = [];
  private readonly running = new Map<string, GameRunner>();
  private results: FeedResultSnapshot[] = [];
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(options: SimulatedFeedOptions = {}) {
    this.seed = options.seed ?? 1;
    this.clock = options.clock ?? systemClock;
    this.speed = options.speed ?? 1;
    if (!(this.speed > 0)) throw new RangeError('speed must be positive');
    this.horizonMs = (options.days ?? 7) * DAY_MS;
    this.tickMs = options.tickMs ?? 1000;
    this.retentionMs = options.resultsRetentionMs ?? 6 * 3_600_000;
    this.sports = options.sports ? new Set(options.sports) : null;
    const margin = options.margin ?? 0.05;
    this.runnerOptions = { speed: this.speed, prematchMargin: margin, liveMargin: options.liveMargin ?? margin };
    this.world = buildWorld(this.seed);
  }

  /** The feed's time: the clock plus whatever `advance()` added. */
  now(): number {
    return this.clock.now() + this.offset;
  }

  async catalogue(): Promise<FeedCatalogue> {
    const { catalogue } = this.world;
    const keep = <T extends { sportId: SportId }>(items: T[]) => (this.sports ? items.filter((i) => this.sports?.has(i.sportId)) : items);
    return structuredClone({
      sports: this.sports ? catalogue.sports.filter((s) => this.sports?.has(s.id)) : catalogue.sports,
      countries: catalogue.countries,
      champs: keep(catalogue.champs),
      teams: keep(catalogue.teams),
    });
  }

  async snapshot(): Promise<FeedSnapshot> {
    if (this.state !== 'ready') await (this.catchingUp ??= this.initialiseInSlices());
    // What changes with the events is copied now; games not yet started only change by
    // starting, so their line is priced afterwards, in slices, as of this moment.
    const view = (runner: GameRunner): FeedGameSnapshot => ({
      game: runner.game,
      markets: runner.markets,
      live: runner.live,
      suspended: runner.suspended,
    });
    const upcoming = [...this.upcoming];
    const head = structuredClone({ seq: this.seq, at: this.now(), games: [...this.running.values()].map(view), results: this.results });
    const pause = slices();
    const games = head.games;
    for (const fixture of upcoming) {
      await pause();
      games.push({ game: structuredClone(fixture.game), markets: this.runner(fixture).markets, live: null, suspended: false });
    }
    return head;
  }

  subscribe(listener: FeedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start(): void {
    if (this.timer) return;
    this.tick();
    this.timer = setInterval(() => this.tick(), this.tickMs);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Moves the feed's time forward (tests, demos) and plays up to it. */
  advance(ms: number): void {
    if (!(ms >= 0)) throw new RangeError('cannot go back in time');
    if (this.state === 'running') throw new Error('advance while the first snapshot is being made');
    if (this.state === 'new') this.initialise();
    // Big jumps go in steps so that the line keeps being extended on the way.
    const target = this.offset + ms;
    while (this.offset < target) {
      this.offset = Math.min(target, this.offset + DAY_MS / 4);
      this.tick();
    }
  }

  /** Plays everything due up to now and delivers the events. */
  tick(): void {
    if (this.state === 'running') return;
    if (this.state === 'new') {
      this.initialise();
      return;
    }
    const now = this.now();
    const buffer: PendingEvent[] = [];
    const emit = (event: PendingEvent) => buffer.push(event);
    this.extendLine(now, emit);
    this.startDue(now);
    for (const runner of this.running.values()) this.play(runner, now, emit);
    this.collect(now);
    // Within a tick, games interleave by time; the sort is stable, so each game keeps its order.
    buffer.sort((a, b) => a.at - b.at);
    for (const event of buffer) this.deliver({ ...event, seq: ++this.seq } as FeedEvent);
  }

  private deliver(event: FeedEvent) {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        console.error('feed listener failed', error);
      }
    }
  }

  /** First call from a tick or `advance`: the catch-up at once. */
  private initialise(): void {
    for (const _ of this.catchUp());
  }

  /** First call from `snapshot()`: the catch-up with a turn of the event loop now and then. */
  private async initialiseInSlices(): Promise<void> {
    const pause = slices();
    for (const _ of this.catchUp()) await pause();
  }

  /** Builds the line and catches up with games already under way, silently; yields between games. */
  private *catchUp(): Generator<void, void, undefined> {
    this.state = 'running';
    const now = this.now();
    const lookback = this.retentionMs + LONGEST_GAME_MS / this.speed;
    this.lastDay = dayOf(now - lookback) - 1;
    this.generateDays(now);
    const past = this.future.filter((f) => f.game.startsAt <= now && f.game.startsAt >= now - lookback);
    this.future = this.future.filter((f) => f.game.startsAt > now);
    for (const fixture of past) {
      yield;
      const runner = this.runner(fixture, false);
      runner.silent = true;
      this.play(runner, now, () => undefined);
      runner.finishCatchUp(this.gameTime(runner, now));
      if (runner.finished) {
        if (runner.outcome) this.results.push(runner.outcome);
      } else this.running.set(runner.game.id, runner);
    }
    this.release(now, null, FIRST_LINE_MS, Number.POSITIVE_INFINITY);
    this.collect(now);
    this.state = 'ready';
  }

  private runner(fixture: Fixture, prematch = true): GameRunner {
    return new GameRunner(fixture, createSim(fixture, this.seed), this.runnerOptions, prematch);
  }

  private gameTime(runner: GameRunner, now: number): number {
    return (now - runner.game.startsAt) * this.speed;
  }

  private play(runner: GameRunner, now: number, emit: (event: PendingEvent) => void) {
    runner.advanceTo(this.gameTime(runner, now), emit);
  }

  private generateDays(now: number) {
    const last = dayOf(now + this.horizonMs);
    if (last <= this.lastDay) return;
    for (let day = this.lastDay + 1; day <= last; day++) {
      for (const fixture of fixturesForDay(this.world, this.seed, day)) {
        if (!this.sports || this.sports.has(fixture.game.sportId)) this.future.push(fixture);
      }
    }
    this.lastDay = last;
    this.future.sort(byStart);
  }

  /**
   * Fixtures within `horizon` enter the line, at most `limit` of them (the next ones to
   * start first): pricing a week of games at once would hold the event loop for seconds,
   * so the far end of the line fills over the first ticks.
   */
  private release(now: number, emit: ((event: PendingEvent) => void) | null, horizon = this.horizonMs, limit = LINE_BATCH) {
    let count = 0;
    while (count < this.future.length && count < limit && (this.future[count]?.game.startsAt ?? Infinity) <= now + horizon) count++;
    if (count === 0) return;
    for (const fixture of this.future.splice(0, count)) {
      this.upcoming.push(fixture);
      // Silently at start-up (the snapshot prices what it tells).
      emit?.({ type: 'game', at: now, game: fixture.game, markets: this.runner(fixture).markets });
    }
    this.upcoming.sort(byStart);
  }

  private extendLine(now: number, emit: (event: PendingEvent) => void) {
    this.generateDays(now);
    this.release(now, emit);
  }

  /** Games whose start has come are played from their pre-match line, priced again (the same prices as released). */
  private startDue(now: number) {
    while ((this.upcoming[0]?.game.startsAt ?? Infinity) <= now) {
      const fixture = this.upcoming.shift();
      if (fixture) this.running.set(fixture.game.id, this.runner(fixture));
    }
  }

  private collect(now: number) {
    for (const [id, runner] of this.running) {
      if (!runner.finished) continue;
      this.running.delete(id);
      if (runner.outcome) this.results.push(runner.outcome);
    }
    this.results = this.results.filter((r) => r.at >= now - this.retentionMs).sort((a, b) => a.at - b.at);
  }
}
