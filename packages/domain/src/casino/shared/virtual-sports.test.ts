import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minor } from '../../money/minor.ts';
import { fairRng } from '../rng.ts';
import { sharedSeeds } from './schedule.ts';
import { footballFixture, footballPickWins, playFootball, raceFixture, racePickWins, runRace, top3Chances, VIRTUAL_RTP, virtualOdds, virtualPayout, type FootballPick } from './virtual-sports.ts';

describe('virtual football', () => {
  it('property: fixtures are public and stable, probabilities sum to 1 per market, every selection returns at most 95%', () => {
    fc.assert(
      fc.property(fc.nat(10 ** 7), (n) => {
        const f = footballFixture('', n);
        expect(footballFixture('', n)).toEqual(f);
        expect(f.home).not.toBe(f.away);
        expect(f.probabilities.home + f.probabilities.draw + f.probabilities.away).toBeCloseTo(1, 9);
        expect(f.probabilities.over + f.probabilities.under).toBeCloseTo(1, 9);
        for (const pick of ['home', 'draw', 'away', 'over', 'under'] as FootballPick[]) {
          const ret = f.probabilities[pick] * (f.odds[pick] / 100);
          expect(ret).toBeLessThanOrEqual(VIRTUAL_RTP + 1e-9);
          expect(ret).toBeGreaterThan(VIRTUAL_RTP - f.probabilities[pick] * 0.01 - 1e-9);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('property: a result replays from the seed; goals listed match the score', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.nat(10 ** 7), (seed, n) => {
        const f = footballFixture('', n);
        const r = playFootball(f, fairRng(sharedSeeds(seed, 'virtual-football', '', n)));
        expect(playFootball(f, fairRng(sharedSeeds(seed, 'virtual-football', '', n)))).toEqual(r);
        expect(r.goals.filter((g) => g.side === 'home')).toHaveLength(r.home);
        expect(r.goals.filter((g) => g.side === 'away')).toHaveLength(r.away);
        expect(r.goals.every((g, i) => g.minute >= 1 && g.minute <= 90 && (i === 0 || g.minute >= r.goals[i - 1]!.minute))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('observed: the draw follows the priced law (home win share within 4 sd over 20,000 matches of one fixture)', () => {
    const f = footballFixture('', 42);
    let home = 0;
    let returned = 0n;
    const n = 20_000;
    for (let i = 0; i < n; i++) {
      const r = playFootball(f, fairRng(sharedSeeds('observed', 'virtual-football', '', i)));
      if (footballPickWins('home', r)) home += 1;
      returned += virtualPayout(minor(100n), f.odds.home, footballPickWins('home', r));
    }
    const p = f.probabilities.home;
    const sd = Math.sqrt((p * (1 - p)) / n);
    expect(Math.abs(home / n - p)).toBeLessThan(4 * sd);
    expect(Math.abs(Number(returned) / (100 * n) - p * (f.odds.home / 100))).toBeLessThan(4 * sd * (f.odds.home / 100));
  });
});

describe('virtual race', () => {
  it('property: the order is a permutation of the runners, replayed from the seed; win chances are the weights', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.nat(10 ** 7), (seed, n) => {
        const f = raceFixture('', n);
        const weights = f.runners.map((r) => r.weight);
        const order = runRace(weights, fairRng(sharedSeeds(seed, 'virtual-race', '', n)));
        expect([...order].sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
        expect(runRace(weights, fairRng(sharedSeeds(seed, 'virtual-race', '', n)))).toEqual(order);
        expect(f.runners.reduce((s, r) => s + r.win, 0)).toBeCloseTo(1, 9);
        expect(f.runners.reduce((s, r) => s + r.top3, 0)).toBeCloseTo(3, 9);
        for (const r of f.runners) {
          expect(r.win * (r.odds.win / 100)).toBeLessThanOrEqual(VIRTUAL_RTP + 1e-9);
          expect(r.top3 * (r.odds.top3 / 100)).toBeLessThanOrEqual(VIRTUAL_RTP + 1e-9);
        }
        expect(racePickWins('win', order[0]!, order)).toBe(true);
        expect(racePickWins('top3', order[2]!, order)).toBe(true);
        expect(racePickWins('top3', order[3]!, order)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it('observed: the top-3 chances are the law of the draw', () => {
    const weights = [12, 2, 5, 7, 3, 9, 4, 6];
    const chances = top3Chances(weights);
    const n = 20_000;
    const seen = weights.map(() => 0);
    for (let i = 0; i < n; i++) for (const r of runRace(weights, fairRng(sharedSeeds('race', 'virtual-race', '', i))).slice(0, 3)) seen[r - 1] = seen[r - 1]! + 1;
    chances.forEach((p, i) => expect(Math.abs(seen[i]! / n - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / n)));
  });

  it('odds: at least 1.01, at most 1000', () => {
    expect(virtualOdds(0.99)).toBe(101);
    expect(virtualOdds(0.5)).toBe(190);
    expect(virtualOdds(0)).toBe(100_000);
  });
});
