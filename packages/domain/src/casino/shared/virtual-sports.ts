/**
 * Virtual football and a virtual race (decision 0025), one event per scheduled round.
 *
 * What is public before the bets (the fixture and its odds) comes from a public stream,
 * fairRng({serverSeed: 'virtual-<sport>-fixtures', clientSeed: room, nonce: roundNo}), so anyone
 * derives it; the result comes from the round's committed seed. Odds are the model's fair
 * odds with a margin: odds = ⌊100 · 0.95 / p⌋ hundredths (at least 1.01), so every selection
 * returns p · odds ≤ 95% (the flooring to 0.01 costs under p · 0.01 more).
 *
 * Football: goals as independent Poisson counts per team, the sportsbook's own football model
 * (the feed plays matches with the same Poisson law, `sports/distribution.ts` `poisson`);
 * expected goals from the teams' attack and defence and a home advantage. The score is drawn
 * by inverse transform on the same truncated probabilities the odds are priced on, so the
 * prices are exact. Goal minutes are drawn after the score, for the show.
 *
 * Race: 8 runners with public weights; the finishing order is drawn runner by runner, each
 * next place going to a remaining runner with probability weight / remaining weights
 * (Plackett–Luce, the usual model of racing odds), so P(win) = weight / all weights exactly;
 * "top 3" probabilities sum the ordered triples.
 */
import type { Minor } from '../../money/minor.ts';
import { poisson } from '../../sports/distribution.ts';
import { casinoPayout } from '../money.ts';
import { fairRng, type FairSeeds, type Rng } from '../rng.ts';

export const VIRTUAL_RTP = 0.95;
const MIN_ODDS = 101;
const MAX_ODDS = 100_000;

/** Odds in hundredths for probability p: ⌊100 · RTP / p⌋, within 1.01–1000. */
export function virtualOdds(p: number): number {
  if (!(p > 0)) return MAX_ODDS;
  return Math.max(MIN_ODDS, Math.min(MAX_ODDS, Math.floor((100 * VIRTUAL_RTP) / p + 1e-9)));
}

export const fixtureSeeds = (sport: 'football' | 'race', room: string, roundNo: number): FairSeeds => ({ serverSeed: `virtual-${sport}-fixtures`, clientSeed: room, nonce: roundNo });

/** A draw from a discrete law by inverse transform (the float's 53 bits against the cumulative sum). */
function pickIndex(probabilities: readonly number[], rng: Rng): number {
  const u = rng.float();
  let sum = 0;
  for (let i = 0; i < probabilities.length; i++) {
    sum += probabilities[i]!;
    if (u < sum) return i;
  }
  return probabilities.length - 1;
}

// ——— Football ———

export interface VirtualTeam {
  readonly name: string;
  /** Goals scored relative to average. */
  readonly attack: number;
  /** Goals conceded relative to average (lower is better). */
  readonly defence: number;
}

export const VIRTUAL_TEAMS: readonly VirtualTeam[] = [
  { name: 'Northport Rovers', attack: 1.35, defence: 0.75 },
  { name: 'Kingsbridge City', attack: 1.3, defence: 0.8 },
  { name: 'Ashford Albion', attack: 1.2, defence: 0.85 },
  { name: 'Redwater United', attack: 1.15, defence: 0.9 },
  { name: 'Eastmoor Athletic', attack: 1.1, defence: 0.95 },
  { name: 'Harbour Town', attack: 1.05, defence: 1.0 },
  { name: 'Millbrook Wanderers', attack: 1.0, defence: 1.0 },
  { name: 'Stonegate Rangers', attack: 0.95, defence: 1.05 },
  { name: 'Lakeside Villa', attack: 0.95, defence: 1.1 },
  { name: 'Oakfield Borough', attack: 0.9, defence: 1.1 },
  { name: 'Westcliff Orient', attack: 0.85, defence: 1.15 },
  { name: 'Fairhaven County', attack: 0.8, defence: 1.2 },
];

/** League average goals per team per match, and the home side's edge. */
const BASE_GOALS = 1.35;
const HOME_EDGE = 1.12;
const MAX_GOALS = 10;

export type FootballPick = 'home' | 'draw' | 'away' | 'over' | 'under';
export const FOOTBALL_MARKETS = { '1x2': ['home', 'draw', 'away'], total: ['over', 'under'] } as const;
export type FootballMarket = keyof typeof FOOTBALL_MARKETS;
/** The total line: over / under 2.5 goals. */
export const FOOTBALL_TOTAL_LINE = 2.5;

export interface FootballFixture {
  readonly home: string;
  readonly away: string;
  readonly homeGoals: number;
  readonly awayGoals: number;
  /** Probabilities and odds (hundredths) by pick. */
  readonly probabilities: Readonly<Record<FootballPick, number>>;
  readonly odds: Readonly<Record<FootballPick, number>>;
}

/** Goal counts' laws (0…MAX_GOALS, the tail in the last) of the two sides. */
function goalLaws(homeGoals: number, awayGoals: number): [number[], number[]] {
  return [poisson(homeGoals, MAX_GOALS), poisson(awayGoals, MAX_GOALS)];
}

export function footballFixture(room: string, roundNo: number): FootballFixture {
  const rng = fairRng(fixtureSeeds('football', room, roundNo));
  const h = rng.int(VIRTUAL_TEAMS.length);
  const a = (h + 1 + rng.int(VIRTUAL_TEAMS.length - 1)) % VIRTUAL_TEAMS.length;
  const home = VIRTUAL_TEAMS[h]!;
  const away = VIRTUAL_TEAMS[a]!;
  const homeGoals = Math.round(BASE_GOALS * home.attack * away.defence * HOME_EDGE * 1000) / 1000;
  const awayGoals = Math.round((BASE_GOALS * away.attack * home.defence) / HOME_EDGE * 1000) / 1000;
  const [ph, pa] = goalLaws(homeGoals, awayGoals);
  const p: Record<FootballPick, number> = { home: 0, draw: 0, away: 0, over: 0, under: 0 };
  ph.forEach((x, i) =>
    pa.forEach((y, j) => {
      const q = x * y;
      p[i > j ? 'home' : i === j ? 'draw' : 'away'] += q;
      p[i + j > FOOTBALL_TOTAL_LINE ? 'over' : 'under'] += q;
    }),
  );
  const odds = Object.fromEntries(Object.entries(p).map(([k, v]) => [k, virtualOdds(v)])) as Record<FootballPick, number>;
  return { home: home.name, away: away.name, homeGoals, awayGoals, probabilities: p, odds };
}

export interface FootballResult {
  readonly home: number;
  readonly away: number;
  /** For the show: each goal's minute and side, in order. */
  readonly goals: readonly { readonly minute: number; readonly side: 'home' | 'away' }[];
}

export function playFootball(fixture: Pick<FootballFixture, 'homeGoals' | 'awayGoals'>, rng: Rng): FootballResult {
  const [ph, pa] = goalLaws(fixture.homeGoals, fixture.awayGoals);
  const home = pickIndex(ph, rng);
  const away = pickIndex(pa, rng);
  const goals = [...Array<'home'>(home).fill('home'), ...Array<'away'>(away).fill('away')]
    .map((side) => ({ side, minute: 1 + rng.int(90) }))
    .sort((x, y) => x.minute - y.minute);
  return { home, away, goals };
}

export function footballPickWins(pick: FootballPick, result: Pick<FootballResult, 'home' | 'away'>): boolean {
  switch (pick) {
    case 'home': return result.home > result.away;
    case 'draw': return result.home === result.away;
    case 'away': return result.home < result.away;
    case 'over': return result.home + result.away > FOOTBALL_TOTAL_LINE;
    case 'under': return result.home + result.away < FOOTBALL_TOTAL_LINE;
  }
}

// ——— Race ———

export const RACE_RUNNERS = ['Silver Arrow', 'Midnight Comet', 'Golden Hoof', 'Desert Wind', 'Lucky Clover', 'Iron Duke', 'Scarlet Flame', 'Misty Harbour'] as const;
export type RaceMarket = 'win' | 'top3';

export interface RaceFixture {
  readonly runners: readonly { readonly number: number; readonly name: string; readonly weight: number; readonly win: number; readonly top3: number; readonly odds: { readonly win: number; readonly top3: number } }[];
}

/** P(each runner finishes in the first three) under the draw's law: the ordered triples summed. */
export function top3Chances(weights: readonly number[]): number[] {
  const total = weights.reduce((s, w) => s + w, 0);
  const out = weights.map(() => 0);
  weights.forEach((wa, a) =>
    weights.forEach((wb, b) => {
      if (b === a) return;
      weights.forEach((wc, c) => {
        if (c === a || c === b) return;
        const p = (wa / total) * (wb / (total - wa)) * (wc / (total - wa - wb));
        out[a] = out[a]! + p;
        out[b] = out[b]! + p;
        out[c] = out[c]! + p;
      });
    }),
  );
  return out;
}

export function raceFixture(room: string, roundNo: number): RaceFixture {
  const rng = fairRng(fixtureSeeds('race', room, roundNo));
  const weights = RACE_RUNNERS.map(() => 2 + rng.int(11));
  const total = weights.reduce((s, w) => s + w, 0);
  const top3 = top3Chances(weights);
  return {
    runners: RACE_RUNNERS.map((name, i) => {
      const win = weights[i]! / total;
      return { number: i + 1, name, weight: weights[i]!, win, top3: top3[i]!, odds: { win: virtualOdds(win), top3: virtualOdds(top3[i]!) } };
    }),
  };
}

/** The finishing order (runner numbers): each place to a remaining runner with chance weight / remaining. */
export function runRace(weights: readonly number[], rng: Rng): number[] {
  const left = weights.map((w, i) => ({ number: i + 1, w }));
  const order: number[] = [];
  while (left.length > 0) {
    let u = rng.int(left.reduce((s, r) => s + r.w, 0));
    const k = left.findIndex((r) => (u -= r.w) < 0);
    order.push(left[k]!.number);
    left.splice(k, 1);
  }
  return order;
}

export function racePickWins(market: RaceMarket, runner: number, order: readonly number[]): boolean {
  const place = order.indexOf(runner);
  return place >= 0 && place < (market === 'win' ? 1 : 3);
}

/** stake × odds (hundredths), floored at the minor unit. */
export const virtualPayout = (stake: Minor, odds: number, won: boolean): Minor => casinoPayout(stake, won ? BigInt(odds) * 10n : 0n);
