/**
 * The events of a provider as an async iterable, for consumers that prefer `for await`.
 * Events queue while the consumer is busy (unbounded: a consumer that falls far behind
 * should re-snapshot instead); aborting the signal ends the iteration and unsubscribes.
 */
import type { FeedEvent, FeedProvider } from './types.ts';

export async function* feedEvents(provider: FeedProvider, signal?: AbortSignal): AsyncGenerator<FeedEvent, void, undefined> {
  const queue: FeedEvent[] = [];
  let wake: (() => void) | null = null;
  const unsubscribe = provider.subscribe((event) => {
    queue.push(event);
    wake?.();
    wake = null;
  });
  const onAbort = () => {
    wake?.();
    wake = null;
  };
  signal?.addEventListener('abort', onAbort);
  try {
    while (!signal?.aborted) {
      const next = queue.shift();
      if (next) yield next;
      else await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    unsubscribe();
    signal?.removeEventListener('abort', onAbort);
  }
}
