import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minor } from '../../money/minor.ts';
import { KENO_PAYTABLE, playKeno, settleKeno } from '../keno.ts';
import { fairRng } from '../rng.ts';
import { rouletteBetsError, rouletteCoverage, settleRoulette, spinRoulette, type RouletteBet, type RouletteBetKind } from '../roulette.ts';
import { sharedSeeds } from './schedule.ts';
import { drawTvKeno, drawTvRoulette } from './tv-games.ts';

const seedsArb = fc.record({ seed: fc.string({ minLength: 1 }), round: fc.nat(10 ** 9) }).map(({ seed, round }) => sharedSeeds(seed, 'tv', '', round));
const kinds: [RouletteBetKind, number[]][] = [['straight', [17]], ['split', [0, 2]], ['corner', [1, 2, 4, 5]], ['dozen', [3]], ['red', []], ['odd', []]];

describe('TV roulette and keno', () => {
  it('property: the draw replays from the seed and settles as the solo game would on the same stream', () => {
    fc.assert(
      fc.property(seedsArb, fc.array(fc.tuple(fc.constantFrom(...kinds), fc.bigInt({ min: 1n, max: 10n ** 8n })), { minLength: 1, maxLength: 5 }), (seeds, picked) => {
        const bets: RouletteBet[] = picked.map(([[kind, numbers], stake]) => ({ kind, numbers, stake: minor(stake) }));
        const { pocket } = drawTvRoulette(fairRng(seeds));
        expect(drawTvRoulette(fairRng(seeds)).pocket).toBe(pocket);
        const solo = spinRoulette(bets, fairRng(seeds));
        const tv = settleRoulette(bets, pocket);
        expect(solo.pocket).toBe(pocket);
        expect(tv.payout).toBe(solo.payout);
        for (const b of tv.bets) expect(b.won).toBe((rouletteCoverage(b.bet.kind, b.bet.numbers) as number[]).includes(pocket));
      }),
    );
  });

  it('property: keno draws 20 distinct of 1–80 and pays the keno paytable', () => {
    fc.assert(
      fc.property(seedsArb, fc.uniqueArray(fc.integer({ min: 1, max: 80 }), { minLength: 1, maxLength: 10 }), (seeds, picks) => {
        const { drawn } = drawTvKeno(fairRng(seeds));
        expect(new Set(drawn).size).toBe(20);
        expect(drawn.every((n) => n >= 1 && n <= 80)).toBe(true);
        const solo = playKeno(minor(1000n), picks, fairRng(seeds));
        const tv = settleKeno(minor(1000n), picks, drawn);
        expect(solo.drawn).toEqual(drawn);
        expect(tv.payout).toBe(solo.payout);
        expect(tv.multiplierMilli).toBe(BigInt(KENO_PAYTABLE[picks.length]?.milli[tv.hits] ?? -1));
      }),
    );
  });

  it('refuses bets that are not on the table', () => {
    expect(rouletteBetsError([{ kind: 'red', numbers: [] }])).toBeNull();
    expect(rouletteBetsError([])).not.toBeNull();
    expect(rouletteBetsError([{ kind: 'split', numbers: [3, 4] }])).not.toBeNull();
    expect(() => settleKeno(minor(1n), [0], [])).toThrow(RangeError);
  });
});
