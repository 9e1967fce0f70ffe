/**
 * A match simulation: the game played step by step on its own clock (milliseconds of game
 * time since the start), with the domain model of its sport pricing every position. Steps
 * are planned in game time only, so a seed gives the same match however often the feed
 * ticks.
 */
import type { GameResult, GameStatusId, ScopeDists, Score } from '@betsite/domain';
import type { FeedIncident } from '../types.ts';

export interface SimIncident extends Omit<FeedIncident, 'type'> {
  /** `tick`: nothing to show, the position moved (a Dota minute). */
  type: FeedIncident['type'] | 'tick';
  /** Suspend the game's markets for this long (game ms) from now. */
  suspendMs?: number;
  /** The position changed: re-price the markets. */
  reprice?: boolean;
}

export interface LiveView {
  status: GameStatusId;
  period: number;
  clockSeconds: number;
  clockRunning: boolean;
  score: Score;
  periods: Score[];
  point?: { home: string; away: string };
  server?: 'home' | 'away';
  stats?: Record<string, Score>;
}

export interface PricingPolicy {
  /** Least game time between two re-pricings on events (expensive models wait a little). */
  minGapMs: number;
  /** Re-price this often as the clock runs down, events or not; null when only events move prices. */
  decayMs: number | null;
}

export interface MatchSim {
  readonly pricing: PricingPolicy;
  readonly finished: boolean;
  /** Game time of the next step; Infinity when finished. */
  nextAt(): number;
  /** Plays the next step. */
  step(): SimIncident[];
  /** The scoreboard at game time `t` (not before the last step). */
  view(t: number): LiveView;
  /** The model's distributions at game time `t`; before the first step, the pre-match ones. */
  dists(t: number): ScopeDists;
  /** The final result once finished (the running one before). */
  result(): GameResult;
}

interface Planned {
  t: number;
  order: number;
  run: () => SimIncident[];
}

/** Steps kept in time order; equal times run in the order they were planned. */
export abstract class PlannedSim {
  private queue: Planned[] = [];
  private planned = 0;
  protected now = 0;
  finished = false;

  protected plan(t: number, run: () => SimIncident[]): void {
    const item = { t, order: this.planned++, run };
    let i = this.queue.length;
    while (i > 0 && (this.queue[i - 1]?.t ?? 0) > t) i--;
    this.queue.splice(i, 0, item);
  }

  protected clearPlan(): void {
    this.queue = [];
  }

  nextAt(): number {
    return this.finished ? Number.POSITIVE_INFINITY : (this.queue[0]?.t ?? Number.POSITIVE_INFINITY);
  }

  step(): SimIncident[] {
    const next = this.queue.shift();
    if (!next || this.finished) return [];
    this.now = next.t;
    return next.run();
  }

  protected finish(): SimIncident[] {
    this.finished = true;
    this.clearPlan();
    return [{ type: 'finish' }];
  }
}

export const sumScores = (scores: readonly Score[]): Score =>
  scores.reduce((acc, s) => ({ home: acc.home + s.home, away: acc.away + s.away }), { home: 0, away: 0 });

export const setsWon = (sets: readonly Score[]): Score =>
  sets.reduce((acc, s) => (s.home > s.away ? { ...acc, home: acc.home + 1 } : { ...acc, away: acc.away + 1 }), { home: 0, away: 0 });

export const other = (side: 'home' | 'away'): 'home' | 'away' => (side === 'home' ? 'away' : 'home');

export const SECOND = 1000;
export const MINUTE = 60_000;
