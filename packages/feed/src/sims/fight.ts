/**
 * MMA fought in 30-second steps: an early finish at the model's rate per minute, won by
 * home with the model's finish share shifted by the edge earned so far; knockdowns move
 * the edge (and suspend the markets a moment); after the last round the judges decide.
 */
import { mmaDists, mmaShare, type GameResult, type MmaLiveState, type MmaParams, type ScopeDists, type Score } from '@betsite/domain';
import type { Rng } from '../rng.ts';
import { MINUTE, PlannedSim, SECOND, type LiveView, type MatchSim, type PricingPolicy, type SimIncident } from './sim.ts';

const STEP = 30 * SECOND;

export class FightSim extends PlannedSim implements MatchSim {
  readonly pricing: PricingPolicy = { minGapMs: 0, decayMs: MINUTE };
  private readonly state: MmaLiveState = { round: 0, minute: 0, roundOver: true, edge: 0 };
  private roundStart = 0;
  private winner: 'home' | 'away' | 'draw' | null = null;
  private readonly knockdowns = { home: 0, away: 0 };

  constructor(
    private readonly params: MmaParams,
    private readonly rng: Rng,
  ) {
    super();
    this.plan(0, () => this.startRound(1));
  }

  private startRound(k: number): SimIncident[] {
    this.state.round = k;
    this.state.roundOver = false;
    this.roundStart = this.now;
    this.plan(this.now + STEP, () => this.fight());
    return [{ type: k === 1 ? 'start' : 'period-start', reprice: true }];
  }

  private fight(): SimIncident[] {
    const incidents: SimIncident[] = [];
    this.state.edge += this.rng.normal(0, 0.08);
    if (this.rng.chance(0.02)) {
      const side = this.rng.chance(mmaShare(this.params.homeFinish, this.state.edge)) ? 'home' : 'away';
      this.knockdowns[side]++;
      this.state.edge += side === 'home' ? 0.6 : -0.6;
      incidents.push({ type: 'knockdown', team: side, suspendMs: 20 * SECOND, reprice: true });
    }
    if (this.rng.chance(1 - Math.exp((-this.params.finishRate * STEP) / MINUTE))) {
      this.winner = this.rng.chance(mmaShare(this.params.homeFinish, this.state.edge)) ? 'home' : 'away';
      this.state.roundOver = true;
      return [...incidents, { type: 'period-end' }, ...this.finish()];
    }
    const elapsed = this.now - this.roundStart;
    if (elapsed + STEP <= this.params.roundMinutes * MINUTE) {
      this.plan(this.now + STEP, () => this.fight());
      return incidents;
    }
    return [...incidents, ...this.endRound()];
  }

  private endRound(): SimIncident[] {
    this.state.roundOver = true;
    const k = this.state.round;
    if (k < this.params.rounds) {
      this.plan(this.now + MINUTE, () => this.startRound(k + 1));
      return [{ type: 'period-end', reprice: true }];
    }
    if (this.rng.chance(this.params.draw)) this.winner = 'draw';
    else this.winner = this.rng.chance(mmaShare(this.params.homeDecision, this.state.edge)) ? 'home' : 'away';
    return [{ type: 'period-end' }, ...this.finish()];
  }

  dists(t: number): ScopeDists {
    const minute = this.state.roundOver ? 0 : (t - this.roundStart) / MINUTE;
    return mmaDists(this.params, { ...this.state, minute });
  }

  private score(): Score {
    return { home: this.winner === 'home' ? 1 : 0, away: this.winner === 'away' ? 1 : 0 };
  }

  private rounds(): Score[] {
    return Array.from({ length: this.state.round }, () => ({ home: 0, away: 0 }));
  }

  view(t: number): LiveView {
    const played = this.state.roundOver ? (this.finished ? t - this.roundStart : this.params.roundMinutes * MINUTE) : t - this.roundStart;
    return {
      status: this.finished ? 4 : this.state.roundOver && this.state.round > 0 ? 3 : 2,
      period: this.state.round,
      clockSeconds: Math.max(0, Math.floor(played / SECOND)),
      clockRunning: !this.finished && !this.state.roundOver && this.state.round > 0,
      score: this.score(),
      periods: this.rounds(),
      stats: { knockdowns: { ...this.knockdowns } },
    };
  }

  result(): GameResult {
    return {
      phase: this.finished ? 'finished' : this.state.round === 0 ? 'not-started' : 'live',
      score: this.score(),
      periods: this.rounds(),
      completedPeriods: this.state.round - (this.state.roundOver ? 0 : 1),
    };
  }
}
