import {
  SPORT,
  footballParams,
  gameMarkets,
  hockeyParams,
  settleMarket,
  sportInfo,
  type GameFormat,
  type GameResult,
  type ScopeDists,
  type SportId,
} from '@betsite/domain';
import { describe, expect, it } from 'vitest';
import { Rng } from '../rng.ts';
import { Cs2Sim, Dota2Sim, cs2MapOver } from './esports.ts';
import { FightSim } from './fight.ts';
import { FOOTBALL_SIM, GoalsSim, HOCKEY_SIM } from './goals.ts';
import { PointsSim, basketballParams } from './points.ts';
import { TableTennisSim, TennisSim, VolleyballSim } from './racket.ts';
import type { MatchSim, SimIncident } from './sim.ts';

function playOut(sim: MatchSim): { result: GameResult; incidents: SimIncident[]; duration: number } {
  const incidents: SimIncident[] = [];
  let t = 0;
  for (let i = 0; i < 100_000 && !sim.finished; i++) {
    t = sim.nextAt();
    incidents.push(...sim.step());
    const view = sim.view(t);
    expect(view.score.home).toBeGreaterThanOrEqual(0);
  }
  expect(sim.finished).toBe(true);
  expect(sim.nextAt()).toBe(Number.POSITIVE_INFINITY);
  const result = sim.result();
  // The final scoreboard shows the result.
  const view = sim.view(t);
  expect(view.status).toBe(4);
  expect(view.clockRunning).toBe(false);
  expect(view.score).toEqual(result.score);
  expect(view.periods).toEqual(result.periods);
  expect(view.period).toBe(result.periods.length);
  return { result, incidents, duration: t };
}

const homeWin = (dists: ScopeDists) => dists.match?.margin.reduce((s, [m, p]) => (m > 0 ? s + p : s), 0) ?? 0;

interface Case {
  sportId: SportId;
  format: GameFormat;
  make: (rng: Rng) => MatchSim;
}

const basketballFormat = { periods: 4, periodMinutes: 10 };
const CASES: Case[] = [
  { sportId: SPORT.football, format: { periods: 2, periodMinutes: 45 }, make: (rng) => new GoalsSim(footballParams(1.5, 1.2), FOOTBALL_SIM, rng) },
  { sportId: SPORT.iceHockey, format: { periods: 3, periodMinutes: 20 }, make: (rng) => new GoalsSim(hockeyParams(3, 2.8), HOCKEY_SIM, rng) },
  { sportId: SPORT.basketball, format: basketballFormat, make: (rng) => new PointsSim(basketballParams(1.1, 1.05, basketballFormat), { home: 1.1, away: 1.05 }, rng) },
  { sportId: SPORT.tennis, format: { periods: 3, setsToWin: 2 }, make: (rng) => new TennisSim({ serveHome: 0.65, serveAway: 0.62, setsToWin: 2 }, rng) },
  { sportId: SPORT.tableTennis, format: { periods: 5, setsToWin: 3 }, make: (rng) => new TableTennisSim({ serveHome: 0.55, serveAway: 0.53, setsToWin: 3 }, rng) },
  { sportId: SPORT.volleyball, format: { periods: 5, setsToWin: 3 }, make: (rng) => new VolleyballSim({ rallyHome: 0.51, setsToWin: 3 }, rng) },
  { sportId: SPORT.cs2, format: { periods: 3, setsToWin: 2 }, make: (rng) => new Cs2Sim({ roundHome: 0.52, mapsToWin: 2 }, rng) },
  { sportId: SPORT.dota2, format: { periods: 3, setsToWin: 2 }, make: (rng) => new Dota2Sim({ mapHome: 0.55, mapsToWin: 2 }, rng) },
  {
    sportId: SPORT.mma,
    format: { periods: 3, periodMinutes: 5 },
    make: (rng) => new FightSim({ rounds: 3, roundMinutes: 5, finishRate: 0.05, homeFinish: 0.6, homeDecision: 0.55, draw: 0.02 }, rng),
  },
];

function legalSet(sportId: SportId, index: number, home: number, away: number): boolean {
  const [w, l] = [Math.max(home, away), Math.min(home, away)];
  switch (sportId) {
    case SPORT.tennis:
      return (w === 6 && l <= 4) || (w === 7 && (l === 5 || l === 6));
    case SPORT.tableTennis:
      return (w === 11 && l <= 9) || (w > 11 && w - l === 2);
    case SPORT.volleyball: {
      const target = index === 5 ? 15 : 25;
      return (w === target && l <= target - 2) || (w > target && w - l === 2);
    }
    case SPORT.cs2:
      return cs2MapOver(home, away) && !cs2MapOver(home - (home > away ? 1 : 0), away - (away > home ? 1 : 0));
    case SPORT.dota2:
      return w === 1 && l === 0;
    default:
      return true;
  }
}

describe('match simulations', () => {
  it('play every sport to a legal final result that settles every market', () => {
    for (const { sportId, format, make } of CASES) {
      for (let seed = 0; seed < 15; seed++) {
        const sim = make(Rng.of('sims', sportId, seed));
        const markets = gameMarkets(sportId, format, sim.dists(0));
        const { result, incidents } = playOut(sim);
        const label = `${sportInfo(sportId).slug} seed ${seed}`;
        expect(result.phase, label).toBe('finished');
        expect(result.completedPeriods, label).toBe(result.periods.length);
        const sum = result.periods.reduce((a, p) => ({ home: a.home + p.home, away: a.away + p.away }), { home: 0, away: 0 });
        if (sportInfo(sportId).structure === 'sets') {
          const sets = format.setsToWin ?? 0;
          const won = result.periods.filter((p) => p.home > p.away).length;
          expect(result.score, label).toEqual({ home: won, away: result.periods.length - won });
          expect(Math.max(result.score.home, result.score.away), label).toBe(sets);
          result.periods.forEach((p, i) => expect(legalSet(sportId, i + 1, p.home, p.away), `${label} set ${i + 1} ${p.home}-${p.away}`).toBe(true));
        } else if (sportId === SPORT.mma) {
          expect(result.periods.length).toBeGreaterThanOrEqual(1);
          expect(result.periods.length).toBeLessThanOrEqual(3);
          expect(result.score.home + result.score.away).toBeLessThanOrEqual(1);
        } else {
          const shootout = incidents.find((i) => i.type === 'shootout');
          expect(result.score, label).toEqual(shootout ? { ...sum, [shootout.team ?? 'home']: sum[shootout.team ?? 'home'] + 1 } : sum);
          expect(result.periods.length, label).toBeGreaterThanOrEqual(format.periods);
          if (sportId !== SPORT.football) expect(result.score.home, label).not.toBe(result.score.away);
          const scored = incidents.filter((i) => i.type === 'goal' || i.type === 'point').reduce((n, i) => n + (i.value ?? 1), 0);
          expect(scored, label).toBe(sum.home + sum.away);
        }
        for (const market of markets) {
          for (const { key, status } of settleMarket(market, result, format)) expect([0, 1, 2, 4, 5], `${label} ${key}`).toContain(status);
        }
      }
    }
  });

  it('play what the models price: frequencies agree with the pre-match probabilities', () => {
    const runs = 400;
    const check = (make: (rng: Rng) => MatchSim, stat: (r: GameResult) => number, expected: (d: ScopeDists) => number, label: string) => {
      const first = make(Rng.of('calibration', label, -1));
      const target = expected(first.dists(0));
      let total = 0;
      let squares = 0;
      for (let i = 0; i < runs; i++) {
        const value = stat(playOut(make(Rng.of('calibration', label, i))).result);
        total += value;
        squares += value * value;
      }
      const mean = total / runs;
      const sd = Math.sqrt(Math.max(squares / runs - mean * mean, 1e-9) / runs);
      expect(Math.abs(mean - target), `${label}: simulated ${mean.toFixed(3)} vs model ${target.toFixed(3)}`).toBeLessThan(4 * sd + 0.01);
    };
    const goals = (r: GameResult) => r.score.home + r.score.away;
    const meanTotal = (d: ScopeDists) => d.match?.total.reduce((s, [v, p]) => s + v * p, 0) ?? 0;
    const [football, , basketball, tennis, tableTennis, volleyball, cs2] = CASES;
    if (!football || !basketball || !tennis || !tableTennis || !volleyball || !cs2) throw new Error('cases');
    check(football.make, goals, meanTotal, 'football goals');
    check(basketball.make, goals, meanTotal, 'basketball points');
    const won = (r: GameResult) => (r.score.home > r.score.away ? 1 : 0);
    check(tennis.make, won, homeWin, 'tennis winner');
    check(tableTennis.make, won, homeWin, 'table tennis winner');
    check(volleyball.make, won, homeWin, 'volleyball winner');
    check(cs2.make, won, homeWin, 'cs2 winner');
  });

  it('moves tennis prices with every point', () => {
    const sim: MatchSim = new TennisSim({ serveHome: 0.64, serveAway: 0.64, setsToWin: 2 }, Rng.of('tennis-moves'));
    let previous = homeWin(sim.dists(0));
    expect(previous).toBeCloseTo(0.5, 6);
    for (let i = 0; i < 40; i++) {
      const t = sim.nextAt();
      const incidents = sim.step();
      const point = incidents.find((x) => x.type === 'point');
      if (!point) continue;
      const now = homeWin(sim.dists(t));
      if (point.team === 'home') expect(now).toBeGreaterThan(previous);
      else expect(now).toBeLessThan(previous);
      previous = now;
    }
  });
});
