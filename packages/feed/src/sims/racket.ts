/**
 * Tennis, table tennis and volleyball played point by point with the probabilities of
 * their domain models (serve or rally win chances), so the Markov prices are exact for
 * what is simulated.
 */
import {
  tableTennisDists,
  tableTennisServer,
  tennisDists,
  tennisTiebreakServer,
  volleyballDists,
  volleyballSetTarget,
  type GameResult,
  type ScopeDists,
  type Score,
  type TableTennisParams,
  type TennisParams,
  type VolleyballParams,
} from '@betsite/domain';
import type { Rng } from '../rng.ts';
import { PlannedSim, SECOND, other, setsWon, type LiveView, type MatchSim, type PricingPolicy, type SimIncident } from './sim.ts';

type Side = 'home' | 'away';
const sideIndex = (side: Side) => (side === 'home' ? 0 : 1);
const sideOf = (index: 0 | 1): Side => (index === 0 ? 'home' : 'away');

/** Common bookkeeping: finished sets, the set in play, and the match end. */
export abstract class SetsSim extends PlannedSim {
  protected readonly completed: Score[] = [];
  protected current: Score = { home: 0, away: 0 };
  protected started = false;

  constructor(protected readonly setsToWin: number) {
    super();
  }

  protected matchOver(): boolean {
    const won = setsWon(this.completed);
    return won.home >= this.setsToWin || won.away >= this.setsToWin;
  }

  /** Closes the set in play; returns the incidents and whether the match is over. */
  protected closeSet(): { incidents: SimIncident[]; over: boolean } {
    this.completed.push(this.current);
    this.current = { home: 0, away: 0 };
    const incidents: SimIncident[] = [{ type: 'period-end', reprice: true }];
    if (this.matchOver()) return { incidents: [...incidents, ...this.finish()], over: true };
    return { incidents, over: false };
  }

  protected periods(): Score[] {
    return this.finished ? this.completed.map((s) => ({ ...s })) : [...this.completed, this.current].map((s) => ({ ...s }));
  }

  protected baseView(clockSeconds: number): LiveView {
    return {
      status: this.finished ? 4 : 2,
      period: !this.started ? 0 : this.finished ? this.completed.length : this.completed.length + 1,
      clockSeconds,
      clockRunning: this.started && !this.finished,
      score: setsWon(this.completed),
      periods: this.started ? this.periods() : [],
    };
  }

  result(): GameResult {
    const periods = this.started ? this.periods() : [];
    return {
      phase: this.finished ? 'finished' : this.started ? 'live' : 'not-started',
      score: setsWon(this.completed),
      periods,
      completedPeriods: this.completed.length,
    };
  }
}

const TENNIS_POINTS = ['0', '15', '30', '40'];

export class TennisSim extends SetsSim implements MatchSim {
  readonly pricing: PricingPolicy = { minGapMs: 0, decayMs: null };
  private points: Score = { home: 0, away: 0 };
  /** Server of the game in play; in a tie-break, of its first point. */
  private server: Side;

  constructor(
    private readonly params: TennisParams,
    private readonly rng: Rng,
  ) {
    super(params.setsToWin);
    this.server = rng.chance(0.5) ? 'home' : 'away';
    this.plan(0, () => {
      this.started = true;
      this.planPoint(0);
      return [{ type: 'start', reprice: true }];
    });
  }

  private get tiebreak(): boolean {
    return this.current.home === 6 && this.current.away === 6;
  }

  private planPoint(pause: number) {
    this.plan(this.now + pause + this.rng.int(20, 50) * SECOND, () => this.point());
  }

  private point(): SimIncident[] {
    const index = this.points.home + this.points.away;
    const serving = this.tiebreak ? sideOf(tennisTiebreakServer(sideIndex(this.server), index)) : this.server;
    const serveWin = serving === 'home' ? this.params.serveHome : this.params.serveAway;
    const winner = this.rng.chance(serveWin) ? serving : other(serving);
    this.points[winner]++;
    const incidents: SimIncident[] = [{ type: 'point', team: winner, reprice: true }];
    const target = this.tiebreak ? 7 : 4;
    const lead = Math.abs(this.points.home - this.points.away);
    if (this.points[winner] < target || lead < 2) {
      this.planPoint(0);
      return incidents;
    }
    // Game (or tie-break) won.
    const wasTiebreak = this.tiebreak;
    this.current[winner]++;
    this.points = { home: 0, away: 0 };
    this.server = other(this.server);
    const { home, away } = this.current;
    const setOver = wasTiebreak || ((home >= 6 || away >= 6) && Math.abs(home - away) >= 2);
    if (setOver) {
      const closed = this.closeSet();
      if (!closed.over) this.planPoint(120 * SECOND);
      return [...incidents, ...closed.incidents];
    }
    const changeover = (home + away) % 2 === 1 ? 60 * SECOND : 20 * SECOND;
    this.planPoint(changeover);
    return incidents;
  }

  dists(): ScopeDists {
    return tennisDists(this.params, {
      completedSets: this.completed.map((s) => ({ ...s })),
      games: { ...this.current },
      points: { ...this.points },
      server: this.server,
    });
  }

  view(t: number): LiveView {
    const view = this.baseView(Math.floor(t / SECOND));
    if (!this.started || this.finished) return view;
    const { home, away } = this.points;
    let point: { home: string; away: string };
    if (this.tiebreak) point = { home: String(home), away: String(away) };
    else if (home >= 3 && away >= 3) point = { home: home > away ? 'A' : '40', away: away > home ? 'A' : '40' };
    else point = { home: TENNIS_POINTS[home] ?? '40', away: TENNIS_POINTS[away] ?? '40' };
    const serving = this.tiebreak ? sideOf(tennisTiebreakServer(sideIndex(this.server), home + away)) : this.server;
    return { ...view, point, server: serving };
  }
}

export class TableTennisSim extends SetsSim implements MatchSim {
  readonly pricing: PricingPolicy = { minGapMs: 10 * SECOND, decayMs: null };
  /** Who served first in the game in play. */
  private first: Side;

  constructor(
    private readonly params: TableTennisParams,
    private readonly rng: Rng,
  ) {
    super(params.setsToWin);
    this.first = rng.chance(0.5) ? 'home' : 'away';
    this.plan(0, () => {
      this.started = true;
      this.planPoint(0);
      return [{ type: 'start', reprice: true }];
    });
  }

  private planPoint(pause: number) {
    this.plan(this.now + pause + this.rng.int(6, 14) * SECOND, () => this.point());
  }

  private point(): SimIncident[] {
    const serving = sideOf(tableTennisServer(sideIndex(this.first), this.current.home + this.current.away));
    const serveWin = serving === 'home' ? this.params.serveHome : this.params.serveAway;
    const winner = this.rng.chance(serveWin) ? serving : other(serving);
    this.current[winner]++;
    const incidents: SimIncident[] = [{ type: 'point', team: winner, reprice: true }];
    if (this.current[winner] < 11 || Math.abs(this.current.home - this.current.away) < 2) {
      this.planPoint(0);
      return incidents;
    }
    this.first = other(this.first);
    const closed = this.closeSet();
    if (!closed.over) this.planPoint(60 * SECOND);
    return [...incidents, ...closed.incidents];
  }

  dists(): ScopeDists {
    return tableTennisDists(this.params, {
      completedGames: this.completed.map((s) => ({ ...s })),
      points: { ...this.current },
      firstServer: this.first,
    });
  }

  view(t: number): LiveView {
    const view = this.baseView(Math.floor(t / SECOND));
    if (!this.started || this.finished) return view;
    return { ...view, server: sideOf(tableTennisServer(sideIndex(this.first), this.current.home + this.current.away)) };
  }
}

export class VolleyballSim extends SetsSim implements MatchSim {
  readonly pricing: PricingPolicy = { minGapMs: 30 * SECOND, decayMs: null };

  constructor(
    private readonly params: VolleyballParams,
    private readonly rng: Rng,
  ) {
    super(params.setsToWin);
    this.plan(0, () => {
      this.started = true;
      this.planRally(0);
      return [{ type: 'start', reprice: true }];
    });
  }

  private planRally(pause: number) {
    this.plan(this.now + pause + this.rng.int(15, 35) * SECOND, () => this.rally());
  }

  private rally(): SimIncident[] {
    const winner: Side = this.rng.chance(this.params.rallyHome) ? 'home' : 'away';
    this.current[winner]++;
    const incidents: SimIncident[] = [{ type: 'point', team: winner, reprice: true }];
    const target = volleyballSetTarget(this.params, this.completed.length + 1);
    if (this.current[winner] < target || Math.abs(this.current.home - this.current.away) < 2) {
      this.planRally(0);
      return incidents;
    }
    const closed = this.closeSet();
    if (!closed.over) this.planRally(180 * SECOND);
    return [...incidents, ...closed.incidents];
  }

  dists(): ScopeDists {
    return volleyballDists(this.params, { completedSets: this.completed.map((s) => ({ ...s })), points: { ...this.current } });
  }

  view(t: number): LiveView {
    return this.baseView(Math.floor(t / SECOND));
  }
}

