/**
 * Pre-match model inputs for every sport, shared by tests (typical strengths and formats).
 * Not exported from the package index.
 */
import type { ScopeDists } from './distribution.ts';
import { footballParams, goalsDists, hockeyParams, GOALS_NOT_STARTED } from './models/goals.ts';
import { pointsDists } from './models/points.ts';
import { tableTennisDists, tennisDists, volleyballDists } from './models/racket.ts';
import { cs2Dists, dota2Dists } from './models/esports.ts';
import { mmaDists } from './models/fight.ts';
import { SPORT, type GameFormat, type SportId } from './sports.ts';

export interface SportCase {
  sportId: SportId;
  format: GameFormat;
  dists: ScopeDists;
}

export const basketballParams = {
  homeMean: 84,
  awayMean: 80,
  homeSd: 10,
  awaySd: 10,
  periods: 4,
  periodMinutes: 10,
  overtimeMinutes: 5,
};

export function allSportsPrematch(): SportCase[] {
  return [
    { sportId: SPORT.football, format: { periods: 2, periodMinutes: 45 }, dists: goalsDists(footballParams(1.55, 1.15), GOALS_NOT_STARTED) },
    { sportId: SPORT.iceHockey, format: { periods: 3, periodMinutes: 20 }, dists: goalsDists(hockeyParams(3.1, 2.6), GOALS_NOT_STARTED) },
    {
      sportId: SPORT.basketball,
      format: { periods: 4, periodMinutes: 10 },
      dists: pointsDists(basketballParams, { period: 0, minute: 0, periodOver: true, periods: [] }),
    },
    {
      sportId: SPORT.tennis,
      format: { periods: 3, setsToWin: 2 },
      dists: tennisDists(
        { serveHome: 0.66, serveAway: 0.62, setsToWin: 2 },
        { completedSets: [], games: { home: 0, away: 0 }, points: { home: 0, away: 0 }, server: 'home' },
      ),
    },
    {
      sportId: SPORT.tableTennis,
      format: { periods: 5, setsToWin: 3 },
      dists: tableTennisDists(
        { serveHome: 0.56, serveAway: 0.53, setsToWin: 3 },
        { completedGames: [], points: { home: 0, away: 0 }, firstServer: 'home' },
      ),
    },
    {
      sportId: SPORT.volleyball,
      format: { periods: 5, setsToWin: 3 },
      dists: volleyballDists({ rallyHome: 0.52, setsToWin: 3 }, { completedSets: [], points: { home: 0, away: 0 } }),
    },
    {
      sportId: SPORT.cs2,
      format: { periods: 3, setsToWin: 2 },
      dists: cs2Dists({ roundHome: 0.53, mapsToWin: 2 }, { completedMaps: [], rounds: { home: 0, away: 0 } }),
    },
    {
      sportId: SPORT.dota2,
      format: { periods: 3, setsToWin: 2 },
      dists: dota2Dists({ mapHome: 0.58, mapsToWin: 2 }, { completedMaps: [], map: null }),
    },
    {
      sportId: SPORT.mma,
      format: { periods: 3, periodMinutes: 5 },
      dists: mmaDists(
        { rounds: 3, roundMinutes: 5, finishRate: 0.05, homeFinish: 0.6, homeDecision: 0.55, draw: 0.02 },
        { round: 0, minute: 0, roundOver: true, edge: 0 },
      ),
    },
  ];
}
