import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minor } from '../money/minor.ts';
import { fairRng } from './rng.ts';
import { LINES_10, SLOTS, spreadStrip } from './slot-games.ts';
import { enumerateSlotRtp, evaluateSlotSpin, exactSlotRtp, playSlot, slotMaxMultiplierMilli, type SlotDefinition } from './slots.ts';

const pays = (three: number, four: number, five: number): number[] => [0, 0, 0, three, four, five];

/** A small slot (6–7 stops a reel) whose every stop combination can be walked in a test. */
const TINY: SlotDefinition = {
  id: 'tiny',
  title: 'Tiny',
  rtp: 0,
  maxMultiplierMilli: 0n,
  rows: 3,
  symbols: [
    { id: 'W', kind: 'wild', pays: pays(20, 100, 500) },
    { id: 'A', kind: 'regular', pays: pays(10, 30, 100) },
    { id: 'B', kind: 'regular', pays: pays(5, 10, 40) },
    { id: 'C', kind: 'regular', pays: pays(2, 5, 20) },
    { id: 'S', kind: 'scatter', pays: pays(2, 10, 50) },
  ],
  // Two scatters two stops apart on reel 2, so a window can hold two of them.
  reels: [['A', 'B', 'C', 'S', 'C', 'B'], ['W', 'S', 'C', 'S', 'A', 'B', 'C'], ['C', 'B', 'A', 'S', 'W', 'C'], ['B', 'S', 'C', 'A', 'C', 'B'], ['A', 'C', 'W', 'B', 'S', 'C', 'B']],
  paylines: LINES_10,
  freeSpins: { trigger: 3, count: 5, multiplier: 2 },
};

const sameRatio = (a: { num: bigint; den: bigint }, b: { num: bigint; den: bigint }): boolean => a.num * b.den === b.num * a.den;

describe('slot engine', () => {
  it('pays lines left to right with the wild standing in, the wild its own pay, scatters anywhere', () => {
    const def: SlotDefinition = { ...TINY, reels: [['W', 'A', 'A'], ['A', 'A', 'A'], ['W', 'W', 'S'], ['B', 'S', 'S'], ['C', 'C', 'S']] };
    const spin = evaluateSlotSpin(def, [0, 0, 0, 0, 0]);
    // Line 0 (middle row): A A W S C → three A; line 1 (top): W A W B C → three A (wild + A + wild).
    expect(spin.lineWins.find((w) => w.line === 0)).toMatchObject({ symbol: 'A', count: 3, pay: 10 });
    expect(spin.lineWins.find((w) => w.line === 1)).toMatchObject({ symbol: 'A', count: 3, pay: 10 });
    expect(spin.scatters).toBe(4);
    expect(spin.scatterPay).toBe(10);
    const lines = spin.lineWins.reduce((s, w) => s + w.pay, 0);
    expect(spin.multiplierMilli).toBe(BigInt((lines * 1000) / 10 + 10 * 1000));
    // Five wilds pay the wild's own 500 rather than five of anything.
    const wilds = evaluateSlotSpin({ ...def, reels: [['W'], ['W'], ['W'], ['W'], ['W']] }, [0, 0, 0, 0, 0]);
    expect(wilds.lineWins[0]).toMatchObject({ symbol: 'W', count: 5, pay: 500 });
    // W W B … : the wilds' own pay (none for two) loses to three B.
    const mixed = evaluateSlotSpin({ ...def, reels: [['W'], ['W'], ['B'], ['C'], ['C']] }, [0, 0, 0, 0, 0]);
    expect(mixed.lineWins[0]).toMatchObject({ symbol: 'B', count: 3, pay: 5 });
    // A scatter never joins a line, nor does a wild stand in for it.
    const scatterLine = evaluateSlotSpin({ ...def, reels: [['S'], ['W'], ['S'], ['S'], ['A']] }, [0, 0, 0, 0, 0]);
    expect(scatterLine.lineWins).toEqual([]);
  });

  it('computes the exact RTP from symbol counts that walking every stop combination confirms', () => {
    const fast = exactSlotRtp(TINY);
    const slow = enumerateSlotRtp(TINY);
    expect(sameRatio(fast.spin, slow.spin)).toBe(true);
    expect(sameRatio(fast.trigger, slow.trigger)).toBe(true);
    expect(sameRatio(fast.total, slow.total)).toBe(true);
    expect(fast.rtp).toBeGreaterThan(0);
  });

  it('walks every stop combination of the real slots with shortened reels and agrees too', () => {
    // The full walk of a 30-stop slot is 24M screens; one reel of each slot shortened keeps it quick
    // while every pay, wild and scatter rule still takes part.
    for (const slot of SLOTS) {
      const short: SlotDefinition = { ...slot, reels: slot.reels.map((strip) => strip.slice(0, 9)) };
      expect(sameRatio(exactSlotRtp(short).total, enumerateSlotRtp(short).total)).toBe(true);
    }
  });

  it.each(SLOTS.map((s) => s.id))('%s: the declared RTP is the exact one to 0.01%%', (id) => {
    const slot = SLOTS.find((s) => s.id === id) as SlotDefinition;
    const exact = exactSlotRtp(slot);
    expect(Math.abs(exact.rtp - slot.rtp)).toBeLessThanOrEqual(0.00005 + 1e-12);
    expect(slot.rtp).toBeGreaterThan(0.94);
    expect(slot.rtp).toBeLessThan(0.97);
    // Free spins need three scatters, one stop in each window at most.
    expect(slot.reels.every((strip) => strip.filter((s) => slot.symbols.find((x) => x.id === s)?.kind === 'scatter').length === 1)).toBe(true);
    expect(slot.maxMultiplierMilli).toBe(slotMaxMultiplierMilli(slot));
  });

  it('spreads a strip from its counts', () => {
    const strip = spreadStrip({ a: 4, b: 2, s: 1 });
    expect(strip).toHaveLength(7);
    expect(strip.filter((x) => x === 'a')).toHaveLength(4);
  });

  it('property: a round pays ≥ 0, at most the max win, free spins only on a trigger, and replays the same', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SLOTS, TINY), fc.string(), fc.nat(1e9), fc.bigInt({ min: 1n, max: 10n ** 9n }), (slot, clientSeed, nonce, stake) => {
        const seeds = { serverSeed: 'slot-server-seed', clientSeed, nonce };
        const round = playSlot(slot, minor(stake), fairRng(seeds));
        expect(round.payout).toBeGreaterThanOrEqual(0n);
        expect(round.payout).toBeLessThanOrEqual((stake * slotMaxMultiplierMilli(slot)) / 1000n);
        expect(round.freeSpins.length).toBe(round.base.scatters >= slot.freeSpins.trigger ? slot.freeSpins.count : 0);
        expect(playSlot(slot, minor(stake), fairRng(seeds))).toEqual(round);
      }),
      { numRuns: 300 },
    );
  });

  it('plays free spins with their multiplier when three scatters land', () => {
    // Find a triggering round by nonce (about 1 in 110 for Fruit Fiesta).
    const slot = SLOTS[0] as SlotDefinition;
    let nonce = 0;
    let round = playSlot(slot, minor(1000n), fairRng({ serverSeed: 's', clientSeed: 'c', nonce }));
    while (round.freeSpins.length === 0) round = playSlot(slot, minor(1000n), fairRng({ serverSeed: 's', clientSeed: 'c', nonce: ++nonce }));
    expect(round.freeSpins).toHaveLength(10);
    for (const spin of round.freeSpins) expect(spin.multiplierMilli).toBe(evaluateSlotSpin(slot, spin.stops).multiplierMilli * 2n);
    expect(round.multiplierMilli).toBe(round.freeSpins.reduce((s, f) => s + f.multiplierMilli, round.base.multiplierMilli));
    expect(round.payout).toBe((1000n * round.multiplierMilli) / 1000n);
  });
});
