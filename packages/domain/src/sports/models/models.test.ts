import { describe, expect, it } from 'vitest';
import { poisson, type ScopeDists, type ScoreDist } from '../distribution.ts';
import { gameMarkets } from '../catalogue.ts';
import { priceMarkets } from '../pricing.ts';
import { SPORT, type GameFormat, type SportId } from '../sports.ts';
import { basketballParams } from '../testing-models.ts';
import { cs2Dists, cs2Map, dota2Dists, dotaMapHome } from './esports.ts';
import { mmaDists } from './fight.ts';
import { footballParams, goalsDists, hockeyParams, GOALS_NOT_STARTED, type GoalsLiveState } from './goals.ts';
import { pointsDists } from './points.ts';
import { raceFinals } from './race.ts';
import {
  tableTennisDists,
  tableTennisServer,
  tennisDists,
  tennisMatchHome,
  tennisSet,
  volleyballDists,
  type TennisLiveState,
} from './racket.ts';

const homeWin = (dist: ScoreDist | undefined) => dist?.margin.reduce((s, [m, p]) => (m > 0 ? s + p : s), 0) ?? Number.NaN;
const draw = (dist: ScoreDist | undefined) => dist?.margin.reduce((s, [m, p]) => (m === 0 ? s + p : s), 0) ?? Number.NaN;
const mean = (cells: ScoreDist['total'] | undefined) => (cells ?? []).reduce((s, [v, p]) => s + v * p, 0);

function coefs(sportId: SportId, format: GameFormat, prematch: ScopeDists, live: ScopeDists): Map<string, number> {
  const out = new Map<string, number>();
  for (const market of priceMarkets(gameMarkets(sportId, format, prematch), live)) {
    for (const outcome of market.outcomes) out.set(outcome.key, outcome.coef);
  }
  return out;
}

const FOOTBALL: GameFormat = { periods: 2, periodMinutes: 45 };

describe('football model', () => {
  const params = footballParams(1.6, 1.1);
  const prematch = goalsDists(params, GOALS_NOT_STARTED);

  it('matches independent Poisson goals before the start', () => {
    const home = poisson(1.6);
    const away = poisson(1.1);
    let p = 0;
    home.forEach((ph, i) => away.forEach((pa, j) => (p += i > j ? ph * pa : 0)));
    expect(homeWin(prematch.match)).toBeCloseTo(p, 9);
    expect(mean(prematch.match?.total)).toBeCloseTo(2.7, 6);
    expect(mean(prematch.p1?.total)).toBeCloseTo(2.7 * 0.46, 6);
  });

  it('moves prices the right way after a home goal', () => {
    const before: GoalsLiveState = { period: 1, minute: 30, periodOver: false, periods: [{ home: 0, away: 0 }] };
    const after: GoalsLiveState = { ...before, periods: [{ home: 1, away: 0 }] };
    const a = coefs(SPORT.football, FOOTBALL, prematch, goalsDists(params, before));
    const b = coefs(SPORT.football, FOOTBALL, prematch, goalsDists(params, after));
    const lower = ['1x2:match/home', 'total:match@2.5/over', 'total:match@1.5/over', 'handicap:match@-1/home', '1x2:p1/home'];
    const higher = ['1x2:match/away', '1x2:match/draw', 'total:match@2.5/under', 'handicap:match@-1/away', 'btts:match/no'];
    for (const key of lower) expect(b.get(key), key).toBeLessThan(a.get(key) ?? 0);
    for (const key of higher) expect(b.get(key), key).toBeGreaterThan(a.get(key) ?? 0);
  });

  it('lets the unders shorten as time passes without a goal', () => {
    const early = goalsDists(params, { period: 1, minute: 10, periodOver: false, periods: [{ home: 0, away: 0 }] });
    const late = goalsDists(params, { period: 2, minute: 35, periodOver: false, periods: [{ home: 0, away: 0 }, { home: 0, away: 0 }] });
    const a = coefs(SPORT.football, FOOTBALL, prematch, early);
    const b = coefs(SPORT.football, FOOTBALL, prematch, late);
    expect(b.get('total:match@0.5/under')).toBeLessThan(a.get('total:match@0.5/under') ?? 0);
    expect(b.get('1x2:match/draw')).toBeLessThan(a.get('1x2:match/draw') ?? 0);
  });

  it('closes first-half markets at half-time and keeps second-half ones', () => {
    const halfTime = goalsDists(params, { period: 1, minute: 47, periodOver: true, periods: [{ home: 1, away: 1 }] });
    expect(halfTime.p1).toBeUndefined();
    expect(halfTime.p2).toBeDefined();
    expect(draw(halfTime.p2)).toBeCloseTo(draw({ ...prematch.p2! }), 10);
  });

  it('counts announced added time as time left', () => {
    const noAdded = goalsDists(params, { period: 2, minute: 45, periodOver: false, addedMinutes: 0, periods: [{ home: 0, away: 0 }, { home: 0, away: 0 }] });
    const sixAdded = goalsDists(params, { period: 2, minute: 45, periodOver: false, addedMinutes: 6, periods: [{ home: 0, away: 0 }, { home: 0, away: 0 }] });
    expect(draw(sixAdded.match)).toBeLessThan(draw(noAdded.match));
  });
});

describe('ice hockey model', () => {
  const params = hockeyParams(3.2, 2.7);
  it('resolves regular-time draws in overtime and the shoot-out', () => {
    const dists = goalsDists(params, GOALS_NOT_STARTED);
    const regularHome = homeWin(dists.regular);
    const regularDraw = draw(dists.regular);
    expect(draw(dists.match)).toBe(0);
    expect(homeWin(dists.match)).toBeGreaterThan(regularHome + regularDraw * 0.5);
    expect(homeWin(dists.match)).toBeLessThan(regularHome + regularDraw);
  });

  it('in overtime prices only the winner, and a shoot-out decides it', () => {
    const periods = [{ home: 1, away: 1 }, { home: 0, away: 0 }, { home: 1, away: 1 }, { home: 0, away: 0 }];
    const overtime = goalsDists(params, { period: 4, minute: 2, periodOver: false, periods });
    expect(overtime.regular).toBeUndefined();
    expect(overtime.p3).toBeUndefined();
    expect(homeWin(overtime.match)).toBeGreaterThan(0.4);
    const shootout = goalsDists(params, { period: 4, minute: 5, periodOver: true, periods, shootoutWinner: 'away' });
    expect(homeWin(shootout.match)).toBe(0);
    expect(shootout.match?.joint).toEqual([[2, 3, 1]]);
  });
});

describe('basketball model', () => {
  const prematch = pointsDists(basketballParams, { period: 0, minute: 0, periodOver: true, periods: [] });
  it('expects the sum of the means and never ends in a tie', () => {
    expect(mean(prematch.match?.total)).toBeGreaterThan(164);
    expect(mean(prematch.match?.total)).toBeLessThan(166);
    expect(draw(prematch.match)).toBe(0);
    expect(homeWin(prematch.match)).toBeGreaterThan(0.55);
  });

  it('moves towards the side that scores, and is sure near the end of a big lead', () => {
    const state = { period: 3, minute: 5, periodOver: false, periods: [{ home: 20, away: 20 }, { home: 20, away: 20 }, { home: 10, away: 10 }] };
    const base = homeWin(pointsDists(basketballParams, state).match);
    const scored = homeWin(pointsDists(basketballParams, { ...state, periods: [...state.periods.slice(0, 2), { home: 13, away: 10 }] }).match);
    expect(scored).toBeGreaterThan(base);
    const blowout = pointsDists(basketballParams, { period: 4, minute: 9.5, periodOver: false, periods: [{ home: 30, away: 10 }, { home: 20, away: 20 }, { home: 20, away: 20 }, { home: 20, away: 20 }] });
    expect(homeWin(blowout.match)).toBeGreaterThan(0.999);
  });
});

describe('tennis model', () => {
  const even = { serveHome: 0.64, serveAway: 0.64, setsToWin: 2 };
  const start: TennisLiveState = { completedSets: [], games: { home: 0, away: 0 }, points: { home: 0, away: 0 }, server: 'home' };

  it('holds serve as the closed form says', () => {
    const p = 0.6;
    const q = 1 - p;
    const closed = p ** 4 * (1 + 4 * q + 10 * q ** 2) + (20 * p ** 3 * q ** 3 * p ** 2) / (1 - 2 * p * q);
    const finals = raceFinals({ target: 4, winBy2: true, pointProb: () => p });
    expect(finals.reduce((s, [h, a, pr]) => (h > a ? s + pr : s), 0)).toBeCloseTo(closed, 9);
  });

  it('gives even players an even match, in three and in five sets', () => {
    expect(tennisMatchHome(even, start)).toBeCloseTo(0.5, 9);
    expect(tennisMatchHome({ ...even, setsToWin: 3 }, start)).toBeCloseTo(0.5, 9);
    const stronger = { ...even, serveHome: 0.68 };
    expect(tennisMatchHome({ ...stronger, setsToWin: 3 }, start)).toBeGreaterThan(tennisMatchHome(stronger, start));
  });

  it('ends sets only at legal scores and sums to 1', () => {
    const set = tennisSet(even, { home: 0, away: 0 }, { home: 0, away: 0 }, 0);
    const legal = new Set(['6-0', '6-1', '6-2', '6-3', '6-4', '7-5', '7-6', '0-6', '1-6', '2-6', '3-6', '4-6', '5-7', '6-7']);
    for (const o of set) expect(legal.has(`${o.home}-${o.away}`)).toBe(true);
    expect(set.reduce((s, o) => s + o.p, 0)).toBeCloseTo(1, 9);
  });

  it('moves with every point, and prices a tie-break live', () => {
    const deuce = { ...start, games: { home: 4, away: 4 }, points: { home: 3, away: 3 } };
    const advantage = { ...deuce, points: { home: 4, away: 3 } };
    expect(tennisMatchHome(even, advantage)).toBeGreaterThan(tennisMatchHome(even, deuce));
    const tiebreak = { ...start, completedSets: [{ home: 6, away: 3 }], games: { home: 6, away: 6 }, points: { home: 5, away: 2 } };
    const dists = tennisDists(even, tiebreak);
    expect(homeWin(dists.p2)).toBeGreaterThan(0.8);
    expect(dists.p2?.joint?.map(([h, a]) => `${h}-${a}`).sort()).toEqual(['6-7', '7-6']);
    expect(homeWin(dists.match)).toBeGreaterThan(0.85);
    expect(dists.p3?.voidP).toBeGreaterThan(0.8); // most likely never played
  });

  it('knows a finished match', () => {
    const over = { ...start, completedSets: [{ home: 6, away: 3 }, { home: 6, away: 4 }] };
    const dists = tennisDists(even, over);
    expect(dists.match?.joint).toEqual([[2, 0, 1]]);
    expect(dists.p3).toBeUndefined();
  });
});

describe('table tennis, volleyball, esports and fight models', () => {
  it('serves two points each, then one each from 10-10', () => {
    expect([0, 1, 2, 3, 4, 19, 20, 21, 22].map((i) => tableTennisServer(0, i))).toEqual([0, 0, 1, 1, 0, 1, 0, 1, 0]);
    const even = tableTennisDists({ serveHome: 0.55, serveAway: 0.55, setsToWin: 3 }, { completedGames: [], points: { home: 0, away: 0 }, firstServer: 'home' });
    expect(homeWin(even.match)).toBeCloseTo(0.5, 6);
    expect(even['period-count']?.total.map(([v]) => v)).toEqual([3, 4, 5]);
  });

  it('plays the deciding volleyball set to 15', () => {
    const dists = volleyballDists({ rallyHome: 0.5, setsToWin: 3 }, { completedSets: [], points: { home: 0, away: 0 } });
    expect(homeWin(dists.match)).toBeCloseTo(0.5, 6);
    expect(Math.min(...(dists.p5?.joint ?? []).map(([h, a]) => Math.max(h, a)))).toBe(15);
    expect(Math.min(...(dists.p4?.joint ?? []).map(([h, a]) => Math.max(h, a)))).toBe(25);
    expect(dists.p4?.voidP).toBeGreaterThan(0.2);
  });

  it('plays CS2 overtime in blocks of six rounds', () => {
    const q = { roundHome: 0.5, mapsToWin: 1 };
    const map = cs2Map(q, { home: 0, away: 0 });
    const scores = new Set(map.map((o) => `${o.home}-${o.away}`));
    for (const s of ['13-0', '13-11', '16-12', '16-14', '19-17', '14-16']) expect(scores.has(s), s).toBe(true);
    for (const s of ['13-12', '14-12', '15-13', '16-15']) expect(scores.has(s), s).toBe(false);
    expect(map.reduce((sum, o) => sum + o.p, 0)).toBeCloseTo(1, 9);
    const overtime = cs2Map(q, { home: 15, away: 15 });
    expect(overtime.reduce((sum, o) => sum + o.p, 0)).toBeCloseTo(1, 9);
    expect(Math.min(...overtime.map((o) => Math.max(o.home, o.away)))).toBe(19);
    const series = cs2Dists({ roundHome: 0.55, mapsToWin: 2 }, { completedMaps: [{ home: 13, away: 9 }], rounds: { home: 10, away: 2 } });
    expect(homeWin(series.match)).toBeGreaterThan(0.95);
  });

  it('favours the Dota 2 side with the lead, and starts from the pre-match map chance', () => {
    const params = { mapHome: 0.6, mapsToWin: 2 };
    expect(dotaMapHome(params, 0, 0)).toBeCloseTo(0.6, 6);
    expect(dotaMapHome(params, 25, 5)).toBeGreaterThan(0.8);
    expect(dotaMapHome(params, 25, -5)).toBeLessThan(0.35);
    const dists = dota2Dists(params, { completedMaps: [{ home: 0, away: 1 }], map: { minute: 30, lead: 8 } });
    expect(homeWin(dists.p2)).toBeGreaterThan(0.9);
    expect(dists['periods-sum']).toBeUndefined();
  });

  it('lets a fight end early, go the distance, or be drawn', () => {
    const params = { rounds: 3, roundMinutes: 5, finishRate: 0.05, homeFinish: 0.6, homeDecision: 0.55, draw: 0.02 };
    const before = mmaDists(params, { round: 0, minute: 0, roundOver: true, edge: 0 });
    expect(before['period-count']?.total.map(([v]) => v)).toEqual([1, 2, 3]);
    expect(draw(before.match)).toBeCloseTo(0.02 * Math.exp(-0.05 * 15), 9);
    const knockdown = mmaDists(params, { round: 2, minute: 1, roundOver: false, edge: 1 });
    expect(homeWin(knockdown.match)).toBeGreaterThan(homeWin(before.match));
    expect(knockdown['period-count']?.total.map(([v]) => v)).toEqual([2, 3]);
  });
});
