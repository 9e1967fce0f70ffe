/**
 * From a fixture to its simulation: the teams' ratings become the model parameters of the
 * sport, and the simulation plays with exactly those parameters.
 */
import {
  SPORT,
  footballParams,
  hockeyParams,
  normalCdf,
} from '@betsite/domain';
import type { Fixture } from '../fixtures/schedule.ts';
import { Rng } from '../rng.ts';
import { Cs2Sim, Dota2Sim } from './esports.ts';
import { FightSim } from './fight.ts';
import { FOOTBALL_SIM, GoalsSim, HOCKEY_SIM } from './goals.ts';
import { PointsSim, basketballParams } from './points.ts';
import { TableTennisSim, TennisSim, VolleyballSim } from './racket.ts';
import type { MatchSim } from './sim.ts';

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
const logistic = (x: number) => 1 / (1 + Math.exp(-x));

export function createSim(fixture: Fixture, seed: number): MatchSim {
  const { game, home, away } = fixture;
  const d = home.rating - away.rating;
  const rng = Rng.of(seed, 'game', game.id);
  const setsToWin = game.format.setsToWin ?? 2;
  switch (game.sportId) {
    case SPORT.football:
      return new GoalsSim(footballParams(1.45 * Math.exp(0.45 * d), 1.15 * Math.exp(-0.45 * d)), FOOTBALL_SIM, rng);
    case SPORT.iceHockey:
      return new GoalsSim(hockeyParams(3.05 * Math.exp(0.2 * d), 2.8 * Math.exp(-0.2 * d)), HOCKEY_SIM, rng);
    case SPORT.basketball: {
      const base = (game.format.periodMinutes ?? 10) >= 12 ? 1.14 : 1.06;
      const efficiency = { home: base + 0.02 + 0.05 * d, away: base - 0.05 * d };
      return new PointsSim(basketballParams(efficiency.home, efficiency.away, game.format), efficiency, rng);
    }
    case SPORT.tennis: {
      const base = game.champId.includes('wta') ? 0.57 : 0.64;
      return new TennisSim(
        { serveHome: clamp(base + 0.025 * d, 0.45, 0.8), serveAway: clamp(base - 0.025 * d, 0.45, 0.8), setsToWin },
        rng,
      );
    }
    case SPORT.tableTennis:
      return new TableTennisSim(
        { serveHome: clamp(0.54 + 0.03 * d, 0.4, 0.7), serveAway: clamp(0.54 - 0.03 * d, 0.4, 0.7), setsToWin },
        rng,
      );
    case SPORT.volleyball:
      return new VolleyballSim({ rallyHome: clamp(0.505 + 0.025 * d, 0.42, 0.58), setsToWin }, rng);
    case SPORT.cs2:
      return new Cs2Sim({ roundHome: clamp(0.5 + 0.035 * d, 0.38, 0.62), mapsToWin: setsToWin }, rng);
    case SPORT.dota2:
      return new Dota2Sim({ mapHome: clamp(normalCdf(0.6 * d), 0.1, 0.9), mapsToWin: setsToWin }, rng);
    case SPORT.mma: {
      const params = Rng.of(seed, 'params', game.id);
      return new FightSim(
        {
          rounds: game.format.periods,
          roundMinutes: game.format.periodMinutes ?? 5,
          finishRate: 0.035 + 0.02 * params.float(),
          homeFinish: clamp(logistic(1.0 * d), 0.1, 0.9),
          homeDecision: clamp(logistic(0.9 * d), 0.1, 0.9),
          draw: 0.015,
        },
        rng,
      );
    }
  }
}
