/**
 * Live updates applied once per animation frame (issue 4): a burst of deltas between two
 * frames becomes one render. `schedule` is `requestAnimationFrame` in the browser; tests
 * pass their own.
 */
export type FrameScheduler = (callback: () => void) => unknown;

export interface FrameBatcher<T> {
  push(item: T): void;
  /** Delivers what is queued now (e.g. before the component goes away). */
  flush(): void;
  /** Drops what is queued. */
  cancel(): void;
}

/** Every item, in order, handed over in one batch per frame. */
export function createFrameBatcher<T>(deliver: (batch: T[]) => void, schedule: FrameScheduler = defaultScheduler): FrameBatcher<T> {
  let queue: T[] = [];
  let scheduled = false;
  let generation = 0;
  const flush = () => {
    scheduled = false;
    if (queue.length === 0) return;
    const batch = queue;
    queue = [];
    deliver(batch);
  };
  return {
    push(item) {
      queue.push(item);
      if (scheduled) return;
      scheduled = true;
      const own = generation;
      schedule(() => {
        if (own === generation) flush();
      });
    },
    flush,
    cancel() {
      generation++;
      queue = [];
      scheduled = false;
    },
  };
}

export interface FrameCoalescer<K, V> {
  set(key: K, value: V): void;
  cancel(): void;
}

/**
 * The latest value per key, handed over once per frame: five price changes of one
 * selection within a frame render as the last one.
 */
export function createFrameCoalescer<K, V>(deliver: (latest: Map<K, V>) => void, schedule: FrameScheduler = defaultScheduler): FrameCoalescer<K, V> {
  let pending = new Map<K, V>();
  const batcher = createFrameBatcher<null>(() => {
    const latest = pending;
    pending = new Map();
    if (latest.size > 0) deliver(latest);
  }, schedule);
  return {
    set(key, value) {
      pending.delete(key); // keeps the map in order of the latest change
      pending.set(key, value);
      batcher.push(null);
    },
    cancel() {
      pending = new Map();
      batcher.cancel();
    },
  };
}

/**
 * The next animation frame; a hidden tab gets no frames, so there a timer stands in (the
 * live client pauses the socket after 30 s anyway).
 */
function defaultScheduler(callback: () => void): unknown {
  if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return setTimeout(callback, 100);
  if (typeof requestAnimationFrame === 'function') return requestAnimationFrame(() => callback());
  return setTimeout(callback, 16);
}
