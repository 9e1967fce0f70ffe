/**
 * Tennis, table tennis and volleyball as point-by-point Markov chains (race.ts).
 *
 * Tennis: each player wins a point on their own serve with a fixed probability. A game is
 * a race to 4 (win by 2) at the server's point probability; a set is a race of games
 * with serve alternating, 6-6 going to a 7-point tie-break (serve ABBAAB…); the next set
 * is started by the player who did not serve the set's last game (after a tie-break, the
 * one who received its first point). Every set, the last included, ends in a tie-break at
 * 6-6.
 * Table tennis: a game is a race to 11 (win by 2), serve changing every two points and
 * every point from 10-10; the games' first server alternates.
 * Volleyball: rally scoring at a fixed rally probability, sets to 25 (the deciding set to
 * 15), win by 2.
 */
import type { ScopeDists } from '../distribution.ts';
import type { Score } from '../score.ts';
import { homeWins, raceFinals, setsMatch, type SetOutcome, type Side } from './race.ts';

const other = (side: Side): Side => (side === 0 ? 1 : 0);
const sideOf = (side: 'home' | 'away'): Side => (side === 'home' ? 0 : 1);

function decided(sets: readonly Score[], setsToWin: number): boolean {
  const home = sets.filter((s) => s.home > s.away).length;
  return home >= setsToWin || sets.length - home >= setsToWin;
}

// ---- tennis ----

export interface TennisParams {
  /** Probability that home wins a point on home's serve; likewise away on away's. */
  serveHome: number;
  serveAway: number;
  setsToWin: number;
}

export interface TennisLiveState {
  completedSets: Score[];
  /** Games in the set in play. */
  games: Score;
  /** Points in the game in play, or in the tie-break at 6-6. */
  points: Score;
  /** Who serves the game in play; in a tie-break, who served its first point. */
  server: 'home' | 'away';
}

/** P(home wins the point) with `server` serving. */
function tennisPoint(params: TennisParams, server: Side): number {
  return server === 0 ? params.serveHome : 1 - params.serveAway;
}

/** Tie-break server of point i (0-based): first server, then two each. */
export function tennisTiebreakServer(first: Side, i: number): Side {
  return Math.floor((i + 1) / 2) % 2 === 0 ? first : other(first);
}

function tiebreak(params: TennisParams, first: Side, points: Score): SetOutcome[] {
  const home = homeWins(
    raceFinals({ target: 7, winBy2: true, pointProb: (h, a) => tennisPoint(params, tennisTiebreakServer(first, h + a)) }, points),
  );
  return [
    { home: 7, away: 6, p: home, next: other(first) },
    { home: 6, away: 7, p: 1 - home, next: other(first) },
  ];
}

function gameHome(params: TennisParams, server: Side, points: Score): number {
  const q = tennisPoint(params, server);
  return homeWins(raceFinals({ target: 4, winBy2: true, pointProb: () => q }, points));
}

function setOver(home: number, away: number): boolean {
  return ((home >= 6 || away >= 6) && Math.abs(home - away) >= 2) || home === 7 || away === 7;
}

/** Final scores of a tennis set from a live position. */
export function tennisSet(params: TennisParams, games: Score, points: Score, server: Side): SetOutcome[] {
  if (games.home === 6 && games.away === 6) return tiebreak(params, server, points);
  const finals = new Map<string, SetOutcome>();
  const add = (outcome: SetOutcome) => {
    const key = `${outcome.home}-${outcome.away}-${outcome.next}`;
    const found = finals.get(key);
    if (found) found.p += outcome.p;
    else finals.set(key, { ...outcome });
  };
  const hold: Record<Side, number> = { 0: gameHome(params, 0, { home: 0, away: 0 }), 1: gameHome(params, 1, { home: 0, away: 0 }) };
  // Probability mass at game boundaries: key home*8+away, with the server of the next game.
  let level = new Map<number, { p: number; server: Side }>();
  const first = gameHome(params, server, points);
  const push = (map: Map<number, { p: number; server: Side }>, h: number, a: number, s: Side, p: number) => {
    if (setOver(h, a)) add({ home: h, away: a, p, next: s });
    else if (h === 6 && a === 6) for (const o of tiebreak(params, s, { home: 0, away: 0 })) add({ ...o, p: o.p * p });
    else {
      const found = map.get(h * 8 + a);
      if (found) found.p += p;
      else map.set(h * 8 + a, { p, server: s });
    }
  };
  push(level, games.home + 1, games.away, other(server), first);
  push(level, games.home, games.away + 1, other(server), 1 - first);
  while (level.size > 0) {
    const next = new Map<number, { p: number; server: Side }>();
    for (const [key, { p, server: s }] of level) {
      const h = Math.floor(key / 8);
      const a = key % 8;
      push(next, h + 1, a, other(s), p * hold[s]);
      push(next, h, a + 1, other(s), p * (1 - hold[s]));
    }
    level = next;
  }
  return [...finals.values()];
}

export function tennisDists(params: TennisParams, state: TennisLiveState): ScopeDists {
  const fresh = new Map<Side, SetOutcome[]>();
  const freshSet = (_index: number, starter: Side) => {
    let set = fresh.get(starter);
    if (!set) {
      set = tennisSet(params, { home: 0, away: 0 }, { home: 0, away: 0 }, starter);
      fresh.set(starter, set);
    }
    return set;
  };
  const over = decided(state.completedSets, params.setsToWin);
  return setsMatch({
    setsToWin: params.setsToWin,
    completed: state.completedSets,
    current: over ? null : tennisSet(params, state.games, state.points, sideOf(state.server)),
    nextStarter: sideOf(state.server),
    fresh: freshSet,
    unitsSum: true,
  });
}

/** P(home wins the match) — the headline of the model. */
export function tennisMatchHome(params: TennisParams, state: TennisLiveState): number {
  const match = tennisDists(params, state).match;
  return match?.margin.reduce((sum, [m, p]) => (m > 0 ? sum + p : sum), 0) ?? 0;
}

// ---- table tennis ----

export interface TableTennisParams {
  serveHome: number;
  serveAway: number;
  setsToWin: number;
}

export interface TableTennisLiveState {
  completedGames: Score[];
  points: Score;
  /** Who served first in the game in play. */
  firstServer: 'home' | 'away';
}

/** Server of point i (0-based): two each, then one each from 10-10. */
export function tableTennisServer(first: Side, i: number): Side {
  const turn = i < 20 ? Math.floor(i / 2) : i;
  return turn % 2 === 0 ? first : other(first);
}

export function tableTennisGame(params: TableTennisParams, points: Score, first: Side): SetOutcome[] {
  const pointProb = (h: number, a: number) =>
    tableTennisServer(first, h + a) === 0 ? params.serveHome : 1 - params.serveAway;
  return raceFinals({ target: 11, winBy2: true, pointProb }, points).map(([home, away, p]) => ({
    home,
    away,
    p,
    next: other(first),
  }));
}

export function tableTennisDists(params: TableTennisParams, state: TableTennisLiveState): ScopeDists {
  const fresh = new Map<Side, SetOutcome[]>();
  const over = decided(state.completedGames, params.setsToWin);
  return setsMatch({
    setsToWin: params.setsToWin,
    completed: state.completedGames,
    current: over ? null : tableTennisGame(params, state.points, sideOf(state.firstServer)),
    nextStarter: sideOf(state.firstServer),
    fresh: (_index, starter) => {
      let game = fresh.get(starter);
      if (!game) {
        game = tableTennisGame(params, { home: 0, away: 0 }, starter);
        fresh.set(starter, game);
      }
      return game;
    },
    unitsSum: true,
  });
}

// ---- volleyball ----

export interface VolleyballParams {
  /** Probability that home wins a rally. */
  rallyHome: number;
  setsToWin: number;
}

export interface VolleyballLiveState {
  completedSets: Score[];
  points: Score;
}

export function volleyballSetTarget(params: VolleyballParams, index: number): number {
  return index === 2 * params.setsToWin - 1 ? 15 : 25;
}

export function volleyballSet(params: VolleyballParams, index: number, points: Score): SetOutcome[] {
  const target = volleyballSetTarget(params, index);
  return raceFinals({ target, winBy2: true, pointProb: () => params.rallyHome }, points).map(([home, away, p]) => ({
    home,
    away,
    p,
    next: 0,
  }));
}

export function volleyballDists(params: VolleyballParams, state: VolleyballLiveState): ScopeDists {
  const fresh = new Map<number, SetOutcome[]>();
  const over = decided(state.completedSets, params.setsToWin);
  const index = state.completedSets.length + 1;
  return setsMatch({
    setsToWin: params.setsToWin,
    completed: state.completedSets,
    current: over ? null : volleyballSet(params, index, state.points),
    nextStarter: 0,
    fresh: (i) => {
      const target = volleyballSetTarget(params, i);
      let set = fresh.get(target);
      if (!set) {
        set = volleyballSet(params, i, { home: 0, away: 0 });
        fresh.set(target, set);
      }
      return set;
    },
    unitsSum: true,
  });
}
