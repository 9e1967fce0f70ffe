/**
 * Races and matches of sets: the Markov chains behind tennis, table tennis, volleyball
 * and esports.
 *
 * `raceFinals` is a race to `target` points (a tennis game, a tie-break, a table-tennis
 * game, a volleyball set, a CS2 map's regulation) where the chance of winning each point
 * may depend on the score (who serves). It propagates probability forward from the current
 * score. With `winBy2`, a tie at target − 1 or later is a "deuce": two points later either
 * side leads by two (x = both to home, y = both to away) or the tie repeats, so the end
 * score is geometric: P(home wins at d+2+k : d+k) = s^k · x with s = 1 − x − y. That holds
 * when who serves repeats every two points from the deuce, as in tennis, tie-breaks and
 * table tennis. A custom `tie` handler replaces it (CS2 overtime).
 *
 * `setsMatch` combines set distributions into a first-to-N match: the set score, the
 * number of sets, the sum of the units (games, points, rounds) over all sets as margin and
 * total, and each set's own distribution, with the chance it is never played.
 */
import { addTo, distFromJoint, distFromMarginals, type JointCell, type ScopeDists } from '../distribution.ts';
import { periodScope, type Score } from '../score.ts';

const KEY = 4096;
// Masses below this are dropped: they move no price at 3 decimals.
const TINY = 1e-10;

export interface RaceOptions {
  target: number;
  winBy2: boolean;
  /** Probability that home wins the next point at score (home, away). */
  pointProb: (home: number, away: number) => number;
  /** Replaces the deuce rule at a tie of target − 1 or more: adds the final scores reached. */
  tie?: (level: number, p: number, add: (home: number, away: number, p: number) => void) => void;
}

function isOver(home: number, away: number, { target, winBy2 }: RaceOptions): boolean {
  const lead = Math.abs(home - away);
  return (home >= target || away >= target) && (!winBy2 || lead >= 2);
}

/** Final scores of a race from `from`, as joint cells. */
export function raceFinals(options: RaceOptions, from: Score = { home: 0, away: 0 }): JointCell[] {
  const finals = new Map<number, number>();
  const add = (home: number, away: number, p: number) => addTo(finals, home * KEY + away, p);
  const tieAt = options.target - 1;
  let level = new Map<number, number>([[from.home * KEY + from.away, 1]]);
  while (level.size > 0) {
    const next = new Map<number, number>();
    for (const [key, p] of level) {
      const home = Math.floor(key / KEY);
      const away = key % KEY;
      if (isOver(home, away, options)) {
        add(home, away, p);
      } else if (home === away && home >= tieAt && (options.winBy2 || options.tie)) {
        if (options.tie) options.tie(home, p, add);
        else deuce(options, home, p, add);
      } else {
        const q = options.pointProb(home, away);
        if (p * q > TINY) addTo(next, (home + 1) * KEY + away, p * q);
        if (p * (1 - q) > TINY) addTo(next, home * KEY + away + 1, p * (1 - q));
      }
    }
    level = next;
  }
  return [...finals].map(([key, p]) => [Math.floor(key / KEY), key % KEY, p] as const);
}

function deuce(options: RaceOptions, d: number, p: number, add: (home: number, away: number, p: number) => void) {
  const first = options.pointProb(d, d);
  const x = first * options.pointProb(d + 1, d);
  const y = (1 - first) * (1 - options.pointProb(d, d + 1));
  const s = 1 - x - y;
  let reach = p;
  let k = 0;
  for (; k < 400 && reach * s > TINY; k++) {
    add(d + 2 + k, d + k, reach * x);
    add(d + k, d + 2 + k, reach * y);
    reach *= s;
  }
  // The cut tail goes to the last scores, in proportion, so the mass stays whole.
  const ends = x + y > 0 ? x / (x + y) : 0.5;
  add(d + 2 + k, d + k, reach * ends);
  add(d + k, d + 2 + k, reach * (1 - ends));
}

/** P(home wins) of a set of final scores. */
export function homeWins(finals: readonly JointCell[]): number {
  return finals.reduce((sum, [home, away, p]) => (home > away ? sum + p : sum), 0);
}

export type Side = 0 | 1; // 0 home, 1 away

export interface SetOutcome {
  home: number;
  away: number;
  p: number;
  /** Who starts the next set (serves first), where it matters. */
  next: Side;
}

export interface SetsMatchInput {
  setsToWin: number;
  /** Scores of the finished sets, in units (games, points, rounds). */
  completed: readonly Score[];
  /** The final-score distribution of the set in play; null between sets. */
  current: readonly SetOutcome[] | null;
  /** Who starts the next set when between sets. */
  nextStarter: Side;
  /** The distribution of a fresh set `index` (1-based) started by `starter`. */
  fresh: (index: number, starter: Side) => readonly SetOutcome[];
  /** Whether to compute the `periods-sum` scope (skip for 1-0 map scores). */
  unitsSum: boolean;
}

/**
 * A dense distribution over consecutive integers from `lo` (unit sums: games, points,
 * rounds). Convolving typed arrays is what keeps a volleyball match cheap to price.
 */
interface Dense {
  lo: number;
  data: Float64Array;
}

function point(value: number): Dense {
  return { lo: value, data: Float64Array.of(1) };
}

function denseOf(map: Map<number, number>): Dense {
  const values = [...map.keys()];
  const lo = Math.min(...values);
  const data = new Float64Array(Math.max(...values) - lo + 1);
  for (const [value, p] of map) data[value - lo] = (data[value - lo] as number) + p;
  return { lo, data };
}

function convolve(a: Dense, b: Dense): Dense {
  const out = new Float64Array(a.data.length + b.data.length - 1);
  for (let i = 0; i < a.data.length; i++) {
    const pa = a.data[i] as number;
    if (pa < TINY) continue;
    for (let j = 0; j < b.data.length; j++) out[i + j] = (out[i + j] as number) + pa * (b.data[j] as number);
  }
  return { lo: a.lo + b.lo, data: out };
}

/** into + add, reusing `into` when the range allows. */
function accumulate(into: Dense | null, add: Dense): Dense {
  if (!into) return add;
  const lo = Math.min(into.lo, add.lo);
  const hi = Math.max(into.lo + into.data.length, add.lo + add.data.length);
  const target = lo === into.lo && hi === into.lo + into.data.length ? into : { lo, data: new Float64Array(hi - lo) };
  if (target !== into) target.data.set(into.data, into.lo - lo);
  const offset = add.lo - lo;
  for (let i = 0; i < add.data.length; i++) target.data[offset + i] = (target.data[offset + i] as number) + (add.data[i] as number);
  return target;
}

function mapOf(dense: Dense | null, into: Map<number, number>) {
  if (!dense) return;
  dense.data.forEach((p, i) => {
    if (p > TINY) addTo(into, dense.lo + i, p);
  });
}

/** Between sets: the probability of being here and the unit sums so far, weighted by it. */
interface State {
  p: number;
  margin: Dense | null;
  total: Dense | null;
}

/**
 * A set's outcomes grouped by who won it and who starts the next: the unit sums then
 * convolve with a handful of distinct margins and totals instead of every final score.
 */
interface SetGroup {
  homeWon: boolean;
  next: Side;
  p: number;
  margin: Dense;
  total: Dense;
}

const groupCache = new WeakMap<readonly SetOutcome[], SetGroup[]>();

function groupsOf(outcomes: readonly SetOutcome[]): SetGroup[] {
  const cached = groupCache.get(outcomes);
  if (cached) return cached;
  const groups = new Map<number, { homeWon: boolean; next: Side; p: number; margin: Map<number, number>; total: Map<number, number> }>();
  for (const o of outcomes) {
    const homeWon = o.home > o.away;
    const key = (homeWon ? 2 : 0) + o.next;
    let group = groups.get(key);
    if (!group) {
      group = { homeWon, next: o.next, p: 0, margin: new Map(), total: new Map() };
      groups.set(key, group);
    }
    group.p += o.p;
    addTo(group.margin, o.home - o.away, o.p);
    addTo(group.total, o.home + o.away, o.p);
  }
  const list = [...groups.values()].map((g) => ({ ...g, margin: denseOf(g.margin), total: denseOf(g.total) }));
  groupCache.set(outcomes, list);
  return list;
}

export function setsMatch(input: SetsMatchInput): ScopeDists {
  const { setsToWin, completed } = input;
  const maxSets = 2 * setsToWin - 1;
  const dists: ScopeDists = {};
  let homeSets = 0;
  let awaySets = 0;
  let unitsMargin = 0;
  let unitsTotal = 0;
  for (const set of completed) {
    if (set.home > set.away) homeSets++;
    else awaySets++;
    unitsMargin += set.home - set.away;
    unitsTotal += set.home + set.away;
  }
  const start: State = { p: 1, margin: point(unitsMargin), total: point(unitsTotal) };
  // (home sets, away sets, next starter) → state; finished matches collect in `finals`.
  const key = (h: number, a: number, s: Side) => (h * 16 + a) * 2 + s;
  const finals = new Map<number, State>();
  let states = new Map<number, State>();

  const advance = (into: Map<number, State>, h: number, a: number, from: State, outcomes: readonly SetOutcome[]) => {
    for (const group of groupsOf(outcomes)) {
      const h2 = h + (group.homeWon ? 1 : 0);
      const a2 = a + (group.homeWon ? 0 : 1);
      const over = h2 >= setsToWin || a2 >= setsToWin;
      const target = over ? finals : into;
      const k = key(h2, a2, over ? 0 : group.next);
      let state = target.get(k);
      if (!state) {
        state = { p: 0, margin: null, total: null };
        target.set(k, state);
      }
      state.p += from.p * group.p;
      if (input.unitsSum && from.margin && from.total) {
        state.margin = accumulate(state.margin, convolve(from.margin, group.margin));
        state.total = accumulate(state.total, convolve(from.total, group.total));
      }
    }
  };

  let index = completed.length + 1;
  if (homeSets >= setsToWin || awaySets >= setsToWin) {
    finals.set(key(homeSets, awaySets, 0), start);
  } else if (input.current) {
    dists[periodScope(index)] = distFromJoint(input.current.map((o) => [o.home, o.away, o.p] as const));
    advance(states, homeSets, awaySets, start, input.current);
    index++;
  } else {
    states.set(key(homeSets, awaySets, input.nextStarter), start);
  }

  for (; index <= maxSets; index++) {
    const next = new Map<number, State>();
    const joint = new Map<number, number>();
    let played = 0;
    for (const [k, state] of states) {
      const outcomes = input.fresh(index, (k % 2) as Side);
      for (const set of outcomes) addTo(joint, set.home * KEY + set.away, state.p * set.p);
      advance(next, Math.floor(k / 32), Math.floor(k / 2) % 16, state, outcomes);
      played += state.p;
    }
    if (played > TINY) {
      const cells = [...joint].map(([k, p]) => [Math.floor(k / KEY), k % KEY, p] as const);
      dists[periodScope(index)] = distFromJoint(cells, Math.max(0, 1 - played));
    }
    states = next;
  }

  const setScores: JointCell[] = [];
  const count = new Map<number, number>();
  const margin = new Map<number, number>();
  const total = new Map<number, number>();
  for (const [k, state] of finals) {
    const h = Math.floor(k / 32);
    const a = Math.floor(k / 2) % 16;
    setScores.push([h, a, state.p]);
    addTo(count, h + a, state.p);
    mapOf(state.margin, margin);
    mapOf(state.total, total);
  }
  dists.match = distFromJoint(setScores);
  // Scored as (sets played, 0): margin and total are both the count.
  dists['period-count'] = distFromMarginals(count, count);
  if (input.unitsSum) dists['periods-sum'] = distFromMarginals(margin, total);
  return dists;
}
