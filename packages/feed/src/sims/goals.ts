/**
 * Football and ice hockey played minute by minute: at each minute each team scores with
 * the Poisson chance of the model (goalRatesPerMinute) and has dangerous moments; a goal
 * is preceded by one. Added time is announced at the end of each football half. A drawn
 * hockey game goes to five minutes of sudden death, then a shoot-out.
 */
import { goalRatesPerMinute, goalsDists, type GameResult, type GoalsLiveState, type GoalsParams, type ScopeDists, type Score } from '@betsite/domain';
import type { Rng } from '../rng.ts';
import { MINUTE, PlannedSim, SECOND, sumScores, type LiveView, type MatchSim, type PricingPolicy, type SimIncident } from './sim.ts';

export interface GoalsSimConfig {
  /** Break after each period, minutes. */
  breakMinutes: readonly number[];
  /** Added time of period k (football), minutes; 0 for a stopped clock. */
  addedMinutes: (rng: Rng, period: number) => number;
  /** Chance per minute per team of a dangerous moment that is not a goal. */
  dangerPerMinute: number;
  goalSuspendMs: number;
  dangerSuspendMs: number;
  /** The clock counts the whole match (football: the second half starts at 45:00). */
  matchClock: boolean;
}

export const FOOTBALL_SIM: GoalsSimConfig = {
  breakMinutes: [15],
  addedMinutes: (rng, period) => (period === 1 ? rng.int(1, 3) : rng.int(2, 6)),
  dangerPerMinute: 0.12,
  goalSuspendMs: 45 * SECOND,
  dangerSuspendMs: 12 * SECOND,
  matchClock: true,
};

export const HOCKEY_SIM: GoalsSimConfig = {
  breakMinutes: [17, 17, 3],
  addedMinutes: () => 0,
  dangerPerMinute: 0.15,
  goalSuspendMs: 30 * SECOND,
  dangerSuspendMs: 8 * SECOND,
  matchClock: false,
};

type Side = 'home' | 'away';

export class GoalsSim extends PlannedSim implements MatchSim {
  readonly pricing: PricingPolicy = { minGapMs: 0, decayMs: MINUTE };
  private readonly state: GoalsLiveState = { period: 0, minute: 0, periodOver: true, periods: [] };
  private periodStart = 0;
  private inBreak = false;
  private readonly danger: Record<Side, number> = { home: 0, away: 0 };

  constructor(
    private readonly params: GoalsParams,
    private readonly config: GoalsSimConfig,
    private readonly rng: Rng,
  ) {
    super();
    this.plan(0, () => this.startPeriod(1));
  }

  private get overtime(): boolean {
    return this.state.period > this.params.periods;
  }

  private startPeriod(k: number): SimIncident[] {
    this.state.period = k;
    this.state.periodOver = false;
    this.state.addedMinutes = undefined;
    this.state.periods[k - 1] = { home: 0, away: 0 };
    this.periodStart = this.now;
    this.inBreak = false;
    this.plan(this.now, () => this.playMinute(k, 0));
    return [{ type: k === 1 ? 'start' : 'period-start', reprice: true }];
  }

  private lengthOf(k: number): number {
    if (k > this.params.periods) return this.params.overtime?.minutes ?? 0;
    return this.params.periodMinutes + (this.state.addedMinutes ?? 0);
  }

  private playMinute(k: number, m: number): SimIncident[] {
    const incidents: SimIncident[] = [];
    if (!this.overtime && m === this.params.periodMinutes && this.state.addedMinutes === undefined) {
      const added = this.config.addedMinutes(this.rng, k);
      this.state.addedMinutes = added;
      if (added > 0) incidents.push({ type: 'added-time', value: added, reprice: true });
    }
    if (m >= this.lengthOf(k)) return [...incidents, ...this.endPeriod(k)];
    const regular = goalRatesPerMinute(this.params, Math.min(k, this.params.periods));
    const factor = this.overtime ? (this.params.overtime?.rateFactor ?? 1) : 1;
    const start = this.now;
    for (const side of ['home', 'away'] as const) {
      const rate = regular[side] * factor;
      if (this.rng.chance(1 - Math.exp(-rate))) {
        const at = start + this.rng.int(0, 59_999);
        // The attack that leads to it: the markets are already suspended when it goes in.
        this.plan(Math.max(start, at - this.rng.int(3, 10) * SECOND), () => this.dangerous(side));
        this.plan(at, () => this.goal(k, side));
      }
      if (this.rng.chance(this.config.dangerPerMinute)) {
        this.plan(start + this.rng.int(0, 59_999), () => this.dangerous(side));
      }
    }
    this.plan(start + MINUTE, () => this.playMinute(k, m + 1));
    return incidents;
  }

  private dangerous(side: Side): SimIncident[] {
    this.danger[side]++;
    return [{ type: 'danger', team: side, suspendMs: this.config.dangerSuspendMs }];
  }

  private goal(k: number, side: Side): SimIncident[] {
    const score = this.state.periods[k - 1];
    if (!score) return [];
    score[side]++;
    const incident: SimIncident = { type: 'goal', team: side, suspendMs: this.config.goalSuspendMs, reprice: true };
    // Sudden death: the first overtime goal ends the game.
    if (this.overtime) return [incident, ...this.endPeriod(k)];
    return [incident];
  }

  private endPeriod(k: number): SimIncident[] {
    this.state.periodOver = true;
    this.clearPlan();
    const incidents: SimIncident[] = [{ type: 'period-end', reprice: true }];
    const total = sumScores(this.state.periods);
    const tied = total.home === total.away;
    if (k < this.params.periods || (k === this.params.periods && tied && this.params.overtime)) {
      this.inBreak = true;
      const pause = this.config.breakMinutes[Math.min(k - 1, this.config.breakMinutes.length - 1)] ?? 15;
      this.plan(this.now + pause * MINUTE, () => this.startPeriod(k + 1));
      return incidents;
    }
    if (k > this.params.periods && tied) {
      const winner: Side = this.rng.chance(this.params.overtime?.shootoutHome ?? 0.5) ? 'home' : 'away';
      this.state.shootoutWinner = winner;
      incidents.push({ type: 'shootout', team: winner });
    }
    return [...incidents, ...this.finish()];
  }

  private liveState(t: number): GoalsLiveState {
    const minute = this.state.periodOver ? this.state.minute : (t - this.periodStart) / MINUTE;
    return { ...this.state, minute, periods: this.state.periods.map((s) => ({ ...s })) };
  }

  dists(t: number): ScopeDists {
    return goalsDists(this.params, this.state.period === 0 ? this.state : this.liveState(t));
  }

  private score(): Score {
    const total = sumScores(this.state.periods);
    if (this.state.shootoutWinner) total[this.state.shootoutWinner]++;
    return total;
  }

  view(t: number): LiveView {
    const k = Math.max(this.state.period, 1);
    const played = this.state.periodOver ? this.lengthOf(k) * MINUTE : Math.max(0, t - this.periodStart);
    const base = this.config.matchClock ? Math.min(k - 1, this.params.periods) * this.params.periodMinutes * 60 : 0;
    const seconds = this.state.period === 0 ? 0 : Math.floor(base + played / SECOND);
    return {
      status: this.finished ? 4 : this.inBreak ? 3 : 2,
      period: this.state.period,
      clockSeconds: this.config.matchClock && this.state.periodOver ? base + this.lengthOf(k) * 60 : seconds,
      clockRunning: !this.finished && !this.state.periodOver && this.state.period > 0,
      score: this.score(),
      periods: this.state.periods.map((s) => ({ ...s })),
      stats: { dangerousAttacks: { home: this.danger.home, away: this.danger.away } },
    };
  }

  result(): GameResult {
    return {
      phase: this.finished ? 'finished' : this.state.period === 0 ? 'not-started' : 'live',
      score: this.score(),
      periods: this.state.periods.map((s) => ({ ...s })),
      completedPeriods: this.state.periods.length - (this.state.periodOver ? 0 : 1),
    };
  }
}
