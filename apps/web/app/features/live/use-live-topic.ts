/**
 * A component follows a live topic: its handlers get the snapshot, then every delta, in
 * order, applied once per animation frame (React batches the state updates of one frame
 * into one render). The handlers may change between renders; the subscription does not.
 */
import { useEffect, useRef } from 'react';
import type { LiveTopicHandlers } from './client.ts';
import { getLiveClient } from './browser.ts';
import { createFrameBatcher } from './coalesce.ts';

export interface UseLiveTopicOptions {
  /** Apply updates once per animation frame (default true); false applies each at once. */
  perFrame?: boolean;
}

/** Follows `topic` while mounted (nothing when `topic` is null, or outside the browser). */
export function useLiveTopic<S = unknown, D = unknown>(topic: string | null, handlers: LiveTopicHandlers<S, D>, { perFrame = true }: UseLiveTopicOptions = {}): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    const client = topic ? getLiveClient() : null;
    if (!topic || !client) return;
    const batcher = perFrame ? createFrameBatcher<() => void>((batch) => batch.forEach((apply) => apply())) : null;
    const run = (apply: () => void) => (batcher ? batcher.push(apply) : apply());
    const unsubscribe = client.subscribe<S, D>(topic, {
      onSnapshot: (data, seq) => run(() => latest.current.onSnapshot?.(data, seq)),
      onDelta: (data, seq) => run(() => latest.current.onDelta?.(data, seq)),
      onError: (error) => run(() => latest.current.onError?.(error)),
    });
    return () => {
      unsubscribe();
      batcher?.cancel();
    };
  }, [topic, perFrame]);
}
