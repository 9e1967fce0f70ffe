import type { Clock } from '@betsite/domain';

export interface CachedValue<T> {
  /** The cached value, loading it when missing or older than the maximum age. */
  get(): Promise<T>;
  /** Drops the value; the next `get` loads it again. */
  invalidate(): void;
}

/**
 * A value kept in memory between requests. Bus messages invalidate it on every node; the
 * maximum age bounds staleness when a message is lost (e.g. during a Redis reconnect).
 * A load that fails is not cached; a load overtaken by an invalidation still answers its
 * caller but is not kept.
 */
export function cachedValue<T>(load: () => Promise<T>, { clock, maxAgeMs }: { clock: Clock; maxAgeMs: number }): CachedValue<T> {
  let entry: { value: Promise<T>; loadedAt: number } | null = null;
  return {
    get() {
      if (entry && clock.now() - entry.loadedAt < maxAgeMs) return entry.value;
      const current = { value: load(), loadedAt: clock.now() };
      entry = current;
      current.value.catch(() => {
        if (entry === current) entry = null;
      });
      return current.value;
    },
    invalidate() {
      entry = null;
    },
  };
}
