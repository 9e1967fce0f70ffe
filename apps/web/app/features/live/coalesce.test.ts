import { describe, expect, it } from 'vitest';
import { createFrameBatcher, createFrameCoalescer } from './coalesce.ts';

/** A frame clock the test ticks by hand. */
function frames() {
  let callbacks: (() => void)[] = [];
  return {
    schedule: (callback: () => void) => callbacks.push(callback),
    get pending() {
      return callbacks.length;
    },
    tick() {
      const due = callbacks;
      callbacks = [];
      for (const callback of due) callback();
    },
  };
}

describe('createFrameBatcher', () => {
  it('hands over everything pushed between two frames once, in order', () => {
    const clock = frames();
    const batches: number[][] = [];
    const batcher = createFrameBatcher<number>((batch) => batches.push(batch), clock.schedule);
    batcher.push(1);
    batcher.push(2);
    batcher.push(3);
    expect(clock.pending).toBe(1);
    expect(batches).toEqual([]);
    clock.tick();
    batcher.push(4);
    clock.tick();
    clock.tick();
    expect(batches).toEqual([[1, 2, 3], [4]]);
  });

  it('drops what is queued on cancel, and flushes on demand', () => {
    const clock = frames();
    const batches: number[][] = [];
    const batcher = createFrameBatcher<number>((batch) => batches.push(batch), clock.schedule);
    batcher.push(1);
    batcher.cancel();
    clock.tick();
    batcher.push(2);
    batcher.flush();
    clock.tick();
    expect(batches).toEqual([[2]]);
  });
});

describe('createFrameCoalescer', () => {
  it('keeps the latest value per key within a frame', () => {
    const clock = frames();
    const seen: [string, number][][] = [];
    const coalescer = createFrameCoalescer<string, number>((latest) => seen.push([...latest]), clock.schedule);
    coalescer.set('sel-1', 1.85);
    coalescer.set('sel-2', 2.1);
    coalescer.set('sel-1', 1.9);
    expect(clock.pending).toBe(1);
    clock.tick();
    coalescer.set('sel-2', 2.2);
    clock.tick();
    expect(seen).toEqual([
      [
        ['sel-2', 2.1],
        ['sel-1', 1.9],
      ],
      [['sel-2', 2.2]],
    ]);
    coalescer.set('sel-3', 1);
    coalescer.cancel();
    clock.tick();
    expect(seen).toHaveLength(2);
  });
});
