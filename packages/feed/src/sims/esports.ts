/**
 * CS2 played round by round at the model's round chance (regulation to 13, overtime in
 * blocks of six); Dota 2 minute by minute: the net-worth lead drifts towards the stronger
 * side, kills happen, and from minute 22 the map can end — sooner with a big lead — won by
 * whoever leads (the model's assumption).
 */
import {
  DOTA_LEAD_SD,
  cs2Dists,
  dota2Dists,
  dotaDrift,
  type Cs2Params,
  type Dota2Params,
  type ScopeDists,
} from '@betsite/domain';
import type { Rng } from '../rng.ts';
import { SetsSim } from './racket.ts';
import { MINUTE, SECOND, type LiveView, type MatchSim, type PricingPolicy, type SimIncident } from './sim.ts';

type Side = 'home' | 'away';

/** Whether a CS2 map is over: 13 in regulation, or 4 in an overtime block of six. */
export function cs2MapOver(home: number, away: number): boolean {
  if (home < 12 || away < 12) return home === 13 || away === 13;
  const block = Math.floor((Math.min(home, away) - 12) / 3);
  return home - 12 - 3 * block === 4 || away - 12 - 3 * block === 4;
}

export class Cs2Sim extends SetsSim implements MatchSim {
  readonly pricing: PricingPolicy = { minGapMs: 0, decayMs: null };
  private mapStart = 0;

  constructor(
    private readonly params: Cs2Params,
    private readonly rng: Rng,
  ) {
    super(params.mapsToWin);
    this.plan(0, () => {
      this.started = true;
      this.planRound(0);
      return [{ type: 'start', reprice: true }];
    });
  }

  private planRound(pause: number) {
    this.plan(this.now + pause + this.rng.int(80, 130) * SECOND, () => this.round());
  }

  private round(): SimIncident[] {
    const winner: Side = this.rng.chance(this.params.roundHome) ? 'home' : 'away';
    this.current[winner]++;
    const incidents: SimIncident[] = [{ type: 'point', team: winner, reprice: true }];
    if (!cs2MapOver(this.current.home, this.current.away)) {
      this.planRound(this.current.home + this.current.away === 12 ? 60 * SECOND : 0);
      return incidents;
    }
    const closed = this.closeSet();
    if (!closed.over) {
      this.planRound(5 * MINUTE);
      this.mapStart = this.now + 5 * MINUTE;
    }
    return [...incidents, ...closed.incidents];
  }

  dists(): ScopeDists {
    return cs2Dists(this.params, { completedMaps: this.completed.map((s) => ({ ...s })), rounds: { ...this.current } });
  }

  view(t: number): LiveView {
    return this.baseView(Math.max(0, Math.floor((t - this.mapStart) / SECOND)));
  }
}

const MAP_BREAK = 10 * MINUTE;

export class Dota2Sim extends SetsSim implements MatchSim {
  readonly pricing: PricingPolicy = { minGapMs: MINUTE, decayMs: null };
  private map: { start: number; minute: number; lead: number } | null = null;
  private readonly kills = { home: 0, away: 0 };
  private readonly drift: number;

  constructor(
    private readonly params: Dota2Params,
    private readonly rng: Rng,
  ) {
    super(params.mapsToWin);
    this.drift = dotaDrift(params);
    this.plan(0, () => {
      this.started = true;
      return this.startMap();
    });
  }

  private startMap(): SimIncident[] {
    this.map = { start: this.now, minute: 0, lead: 0 };
    this.kills.home = 0;
    this.kills.away = 0;
    this.plan(this.now + MINUTE, () => this.minute());
    return [{ type: this.completed.length === 0 ? 'start' : 'period-start', reprice: true }];
  }

  private minute(): SimIncident[] {
    const map = this.map;
    if (!map) return [];
    map.minute++;
    map.lead += this.drift + this.rng.normal(0, DOTA_LEAD_SD);
    const incidents: SimIncident[] = [];
    const fights = this.rng.int(0, 2);
    for (let i = 0; i < fights; i++) {
      const side: Side = this.rng.chance(0.5 + Math.max(-0.3, Math.min(0.3, map.lead / 20))) ? 'home' : 'away';
      this.kills[side]++;
      incidents.push({ type: 'kill', team: side });
    }
    const hazard = map.minute < 22 ? 0 : Math.min(0.35, 0.03 + 0.015 * Math.abs(map.lead));
    if (this.rng.chance(hazard)) {
      const winner: Side = map.lead > 0 || (map.lead === 0 && this.rng.chance(0.5)) ? 'home' : 'away';
      this.current = winner === 'home' ? { home: 1, away: 0 } : { home: 0, away: 1 };
      this.map = null;
      const closed = this.closeSet();
      if (!closed.over) this.plan(this.now + MAP_BREAK, () => this.startMap());
      return [...incidents, ...closed.incidents];
    }
    this.plan(this.now + MINUTE, () => this.minute());
    return [...incidents, { type: 'tick', reprice: true }];
  }

  dists(): ScopeDists {
    return dota2Dists(this.params, {
      completedMaps: this.completed.map((s) => ({ ...s })),
      map: this.map ? { minute: this.map.minute, lead: this.map.lead } : null,
    });
  }

  view(t: number): LiveView {
    const view = this.baseView(this.map ? Math.floor((t - this.map.start) / SECOND) : 0);
    // A Dota map has no running score: the current map shows 0-0 until it is won.
    return {
      ...view,
      status: this.finished ? 4 : this.started && !this.map ? 3 : view.status,
      clockRunning: view.clockRunning && this.map !== null,
      stats: { kills: { ...this.kills }, netWorthLead: { home: Math.max(0, Math.round(this.map?.lead ?? 0)), away: Math.max(0, -Math.round(this.map?.lead ?? 0)) } },
    };
  }
}
