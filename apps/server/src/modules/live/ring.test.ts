import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DeltaRing } from './ring.ts';
import { Counters, epochBase } from './sequencer.ts';

const frame = (seq: number) => Buffer.from(String(seq));
const seqs = (entries: { seq: number }[] | null) => entries?.map((e) => e.seq) ?? null;

describe('DeltaRing', () => {
  it('keeps the last `capacity` consecutive deltas and answers those after a number it covers', () => {
    const ring = new DeltaRing(3);
    expect(ring.after(0)).toBeNull();
    for (const seq of [10, 11, 12, 13]) expect(ring.push(seq, frame(seq))).toBe(true);
    expect([ring.lo, ring.hi, ring.size]).toEqual([11, 13, 3]);
    expect(seqs(ring.after(10))).toEqual([11, 12, 13]);
    expect(seqs(ring.after(12))).toEqual([13]);
    expect(seqs(ring.after(13))).toEqual([]);
    expect(ring.after(9)).toBeNull(); // 10 is gone
    expect(ring.after(14)).toBeNull(); // not yet here
  });

  it('ignores duplicates and starts over after a gap', () => {
    const ring = new DeltaRing(4);
    ring.push(1, frame(1));
    ring.push(2, frame(2));
    expect(ring.push(2, frame(2))).toBe(false);
    expect(ring.push(1, frame(1))).toBe(false);
    ring.push(5, frame(5));
    expect([ring.lo, ring.hi]).toEqual([5, 5]);
    expect(ring.after(2)).toBeNull();
    expect(() => new DeltaRing(0)).toThrow(RangeError);
  });

  it('answers exactly the held deltas after any number (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 40 }), fc.integer({ min: -2, max: 60 }), (capacity, steps, probe) => {
        const ring = new DeltaRing(capacity);
        let seq = 0;
        let run: number[] = [];
        for (const step of steps) {
          // step 0 repeats the last number; 1 is the next; 2 and 3 skip ahead (a gap).
          seq = step === 0 ? seq : seq + step;
          if (ring.push(seq, frame(seq))) run = step === 1 || run.length === 0 ? [...run, seq] : [seq];
        }
        const held = run.slice(-capacity);
        const lo = held[0];
        const hi = held[held.length - 1];
        const expected = lo === undefined || hi === undefined || probe < lo - 1 || probe > hi ? null : held.filter((s) => s > probe);
        expect(seqs(ring.after(probe))).toEqual(expected);
      }),
    );
  });
});

describe('Counters', () => {
  it('start at an epoch of the clock, count up by one, and forget the least recently used beyond the bound', () => {
    const counters = new Counters(2);
    const a = counters.current('a');
    expect(a % 2 ** 23).toBe(0);
    expect(a).toBeGreaterThanOrEqual(epochBase(Date.now() - 1000));
    expect([counters.next('a'), counters.next('a'), counters.current('a')]).toEqual([a + 1, a + 2, a + 2]);
    counters.next('b');
    counters.current('a'); // a is now the most recent
    counters.next('c'); // drops b
    expect(counters.size).toBe(2);
    expect(counters.current('a')).toBe(a + 2);
    // b was forgotten: it starts again at the current epoch, above any number it had.
    expect(counters.current('b')).toBeGreaterThanOrEqual(a);
  });

  it('epochs grow with time by more than a stream can publish, and stay safe integers for decades', () => {
    const t = Date.UTC(2026, 0, 1);
    expect(epochBase(t + 1000) - epochBase(t)).toBe(2 ** 23);
    expect(epochBase(t + 999)).toBe(epochBase(t));
    expect(Number.isSafeInteger(epochBase(Date.UTC(2058, 0, 1)) + 2 ** 23)).toBe(true);
  });
});

describe('DeltaRing version', () => {
  it('changes with every delta kept and every clear, not with a duplicate', () => {
    const ring = new DeltaRing(4);
    const v0 = ring.version;
    ring.push(1, Buffer.from('a'));
    const v1 = ring.version;
    expect(v1).not.toBe(v0);
    expect(ring.push(1, Buffer.from('dup'))).toBe(false);
    expect(ring.version).toBe(v1);
    ring.clear();
    expect(ring.version).not.toBe(v1);
  });
});
