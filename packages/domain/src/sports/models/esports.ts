/**
 * Esports series as matches of maps.
 *
 * CS2: a map is a race of rounds at a fixed round probability: first to 13 in regulation;
 * at 12-12 overtime is played in blocks of six rounds, first to 4 wins the map, 3-3 starts
 * another block (final scores 16-14, 19-17 …).
 * Dota 2: a map has no score that settles bets, only a winner (scored 1-0). Live, the
 * home side's net-worth lead (thousands of gold) drifts by `drift` per minute with a
 * standard deviation of `DOTA_LEAD_SD` per √minute; the map is won by whoever leads when it
 * ends, about `DOTA_MAP_MINUTES` in. So P(home wins the map) = Φ((lead + drift·τ)/(σ√τ))
 * with τ the minutes expected to remain; `drift` is set so that this is the pre-match map
 * probability at minute 0.
 */
import { normalCdf, normalQuantile, type ScopeDists } from '../distribution.ts';
import type { Score } from '../score.ts';
import { raceFinals, setsMatch, type SetOutcome } from './race.ts';

// ---- CS2 ----

export interface Cs2Params {
  /** Probability that home wins a round. */
  roundHome: number;
  mapsToWin: number;
}

export interface Cs2LiveState {
  completedMaps: Score[];
  /** Rounds of the map in play. */
  rounds: Score;
}

const REGULATION = 13;
const OT_BASE = 12;

/** A six-round overtime block from (home, away) within it: its wins and the 3-3 chance. */
function overtimeBlock(q: number, from: Score): { wins: Array<[number, number, number]>; repeat: number } {
  const wins: Array<[number, number, number]> = [];
  let repeat = 0;
  const finals = raceFinals(
    { target: 4, winBy2: false, pointProb: () => q, tie: (_level, p, add) => add(3, 3, p) },
    from,
  );
  for (const [home, away, p] of finals) {
    if (home === 3 && away === 3) repeat += p;
    else wins.push([home, away, p]);
  }
  return { wins, repeat };
}

function overtimeFinals(q: number, block: number, from: Score, p: number, add: (h: number, a: number, p: number) => void) {
  const fresh = overtimeBlock(q, { home: 0, away: 0 });
  let current = overtimeBlock(q, from);
  let mass = p;
  for (let n = block; n < block + 60 && mass > 1e-12; n++) {
    const base = OT_BASE + 3 * n;
    for (const [home, away, w] of current.wins) add(base + home, base + away, mass * w);
    mass *= current.repeat;
    current = fresh;
  }
}

export function cs2Map(params: Cs2Params, rounds: Score): SetOutcome[] {
  const q = params.roundHome;
  const out: SetOutcome[] = [];
  const add = (home: number, away: number, p: number) => out.push({ home, away, p, next: 0 });
  if (rounds.home >= OT_BASE && rounds.away >= OT_BASE) {
    const low = Math.min(rounds.home, rounds.away);
    let block = Math.floor((low - OT_BASE) / 3);
    let from = { home: rounds.home - OT_BASE - 3 * block, away: rounds.away - OT_BASE - 3 * block };
    if (from.home === 3 && from.away === 3) {
      block++;
      from = { home: 0, away: 0 };
    }
    overtimeFinals(q, block, from, 1, add);
    return out;
  }
  const finals = raceFinals(
    { target: REGULATION, winBy2: false, pointProb: () => q, tie: (_level, p, addFinal) => overtimeFinals(q, 0, { home: 0, away: 0 }, p, addFinal) },
    rounds,
  );
  for (const [home, away, p] of finals) add(home, away, p);
  return out;
}

export function cs2Dists(params: Cs2Params, state: Cs2LiveState): ScopeDists {
  let fresh: SetOutcome[] | undefined;
  const home = state.completedMaps.filter((m) => m.home > m.away).length;
  const over = home >= params.mapsToWin || state.completedMaps.length - home >= params.mapsToWin;
  return setsMatch({
    setsToWin: params.mapsToWin,
    completed: state.completedMaps,
    current: over ? null : cs2Map(params, state.rounds),
    nextStarter: 0,
    fresh: () => (fresh ??= cs2Map(params, { home: 0, away: 0 })),
    unitsSum: true,
  });
}

// ---- Dota 2 ----

export const DOTA_MAP_MINUTES = 38;
export const DOTA_LEAD_SD = 1.6;

export interface Dota2Params {
  /** Pre-match probability that home wins a map. */
  mapHome: number;
  mapsToWin: number;
}

export interface Dota2LiveState {
  /** Finished maps, 1-0 or 0-1. */
  completedMaps: Score[];
  /** The map in play, or null between maps. */
  map: { minute: number; lead: number } | null;
}

/** Lead drift per minute that makes the pre-match map probability come out at minute 0. */
export function dotaDrift(params: Dota2Params): number {
  const p = Math.min(Math.max(params.mapHome, 0.01), 0.99);
  return (DOTA_LEAD_SD * normalQuantile(p)) / Math.sqrt(DOTA_MAP_MINUTES);
}

/** P(home wins the map in play) from its minute and lead. */
export function dotaMapHome(params: Dota2Params, minute: number, lead: number): number {
  const remaining = Math.max(DOTA_MAP_MINUTES - minute, 4);
  return normalCdf((lead + dotaDrift(params) * remaining) / (DOTA_LEAD_SD * Math.sqrt(remaining)));
}

const mapOutcomes = (p: number): SetOutcome[] => [
  { home: 1, away: 0, p, next: 0 },
  { home: 0, away: 1, p: 1 - p, next: 0 },
];

export function dota2Dists(params: Dota2Params, state: Dota2LiveState): ScopeDists {
  const home = state.completedMaps.filter((m) => m.home > m.away).length;
  const over = home >= params.mapsToWin || state.completedMaps.length - home >= params.mapsToWin;
  return setsMatch({
    setsToWin: params.mapsToWin,
    completed: state.completedMaps,
    current: over || !state.map ? null : mapOutcomes(dotaMapHome(params, state.map.minute, state.map.lead)),
    nextStarter: 0,
    fresh: () => mapOutcomes(params.mapHome),
    unitsSum: false,
  });
}
