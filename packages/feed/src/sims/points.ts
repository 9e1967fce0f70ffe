/**
 * Basketball played possession by possession. Teams alternate possessions of 8–22 s; a
 * possession scores 0–3 points with chances set by the team's efficiency (expected points
 * per possession). The model's means and standard deviations are derived from the same
 * numbers (basketballParams), so the normal approximation prices what is simulated.
 */
import { pointsDists, type GameFormat, type GameResult, type PointsLiveState, type PointsParams, type ScopeDists } from '@betsite/domain';
import type { Rng } from '../rng.ts';
import { MINUTE, PlannedSim, SECOND, other, sumScores, type LiveView, type MatchSim, type PricingPolicy, type SimIncident } from './sim.ts';

const MIN_POSSESSION = 8;
const MAX_POSSESSION = 22;
const MEAN_POSSESSION = (MIN_POSSESSION + MAX_POSSESSION) / 2;
const OVERTIME_MINUTES = 5;

/** Chances of 1, 2 and 3 points in a possession of `efficiency` expected points. */
function outcomes(efficiency: number): [number, number, number] {
  const k = Math.min(Math.max((efficiency - 0.05) / 1.095, 0.3), 1.6);
  return [0.05, 0.375 * k, 0.115 * k];
}

function moments(efficiency: number): { mean: number; variance: number } {
  const [p1, p2, p3] = outcomes(efficiency);
  const mean = p1 + 2 * p2 + 3 * p3;
  return { mean, variance: p1 + 4 * p2 + 9 * p3 - mean * mean };
}

/** Model parameters matching the simulation of two teams' efficiencies. */
export function basketballParams(homeEfficiency: number, awayEfficiency: number, format: GameFormat): PointsParams {
  const periodMinutes = format.periodMinutes ?? 10;
  const possessions = (format.periods * periodMinutes * 60) / MEAN_POSSESSION / 2;
  const home = moments(homeEfficiency);
  const away = moments(awayEfficiency);
  return {
    homeMean: possessions * home.mean,
    awayMean: possessions * away.mean,
    homeSd: Math.sqrt(possessions * home.variance),
    awaySd: Math.sqrt(possessions * away.variance),
    periods: format.periods,
    periodMinutes,
    overtimeMinutes: OVERTIME_MINUTES,
  };
}

export class PointsSim extends PlannedSim implements MatchSim {
  readonly pricing: PricingPolicy = { minGapMs: 20 * SECOND, decayMs: MINUTE };
  private readonly state: PointsLiveState = { period: 0, minute: 0, periodOver: true, periods: [] };
  private periodStart = 0;
  private periodLength = 0;
  private inBreak = false;
  private attack: 'home' | 'away';

  constructor(
    private readonly params: PointsParams,
    private readonly efficiency: { home: number; away: number },
    private readonly rng: Rng,
  ) {
    super();
    this.attack = rng.chance(0.5) ? 'home' : 'away';
    this.plan(0, () => this.startPeriod(1));
  }

  private startPeriod(k: number): SimIncident[] {
    this.state.period = k;
    this.state.periodOver = false;
    this.state.periods[k - 1] = { home: 0, away: 0 };
    this.periodStart = this.now;
    this.periodLength = (k > this.params.periods ? this.params.overtimeMinutes : this.params.periodMinutes) * MINUTE;
    this.inBreak = false;
    this.planPossession();
    return [{ type: k === 1 ? 'start' : 'period-start', reprice: true }];
  }

  private planPossession() {
    const end = this.periodStart + this.periodLength;
    const next = this.now + this.rng.int(MIN_POSSESSION * 10, MAX_POSSESSION * 10) * 100;
    if (next >= end) this.plan(end, () => this.endPeriod());
    else this.plan(next, () => this.possession());
  }

  private possession(): SimIncident[] {
    const side = this.attack;
    const [p1, p2, p3] = outcomes(this.efficiency[side]);
    const draw = this.rng.float();
    const points = draw < p3 ? 3 : draw < p3 + p2 ? 2 : draw < p3 + p2 + p1 ? 1 : 0;
    this.attack = other(side);
    this.planPossession();
    const score = this.state.periods[this.state.period - 1];
    if (points === 0 || !score) return [];
    score[side] += points;
    return [{ type: 'point', team: side, value: points, reprice: true }];
  }

  private endPeriod(): SimIncident[] {
    const k = this.state.period;
    this.state.periodOver = true;
    const incidents: SimIncident[] = [{ type: 'period-end', reprice: true }];
    const total = sumScores(this.state.periods);
    if (k < this.params.periods || total.home === total.away) {
      this.inBreak = true;
      const pause = k === this.params.periods / 2 ? 15 : 2;
      this.plan(this.now + pause * MINUTE, () => this.startPeriod(k + 1));
      return incidents;
    }
    return [...incidents, ...this.finish()];
  }

  dists(t: number): ScopeDists {
    const minute = this.state.periodOver ? 0 : (t - this.periodStart) / MINUTE;
    return pointsDists(this.params, { ...this.state, minute, periods: this.state.periods.map((s) => ({ ...s })) });
  }

  view(t: number): LiveView {
    const played = this.state.periodOver ? this.periodLength : Math.max(0, t - this.periodStart);
    return {
      status: this.finished ? 4 : this.inBreak ? 3 : 2,
      period: this.state.period,
      clockSeconds: Math.floor(played / SECOND),
      clockRunning: !this.finished && !this.state.periodOver && this.state.period > 0,
      score: sumScores(this.state.periods),
      periods: this.state.periods.map((s) => ({ ...s })),
    };
  }

  result(): GameResult {
    return {
      phase: this.finished ? 'finished' : this.state.period === 0 ? 'not-started' : 'live',
      score: sumScores(this.state.periods),
      periods: this.state.periods.map((s) => ({ ...s })),
      completedPeriods: this.state.periods.length - (this.state.periodOver ? 0 : 1),
    };
  }
}
