/**
 * The tab's copy of the player's limits, shared by the office section (which changes them)
 * and the watch (approval dialog, session ping, reality check), so a limit set in the office
 * starts the ping or the timer at once.
 */
import { useSyncExternalStore } from 'react';
import type { PlayerLimit, PlayerLimits } from '@betsite/contracts';
import { fetchLimits } from './api.ts';

export type LimitsSnapshot =
  | { status: 'idle' | 'loading' }
  | { status: 'error'; httpStatus: number; network: boolean }
  | { status: 'ready'; limits: PlayerLimits };

const IDLE: LimitsSnapshot = { status: 'idle' };

function createLimitsStore(load = fetchLimits) {
  let snapshot: LimitsSnapshot = IDLE;
  let inFlight: Promise<void> | null = null;
  // Bumped by every write: a read that started before a save answered must not undo it.
  let version = 0;
  const listeners = new Set<() => void>();
  const emit = (next: LimitsSnapshot) => {
    snapshot = next;
    listeners.forEach((l) => l());
  };
  const store = {
    get: (): LimitsSnapshot => snapshot,
    limits: (): PlayerLimits | null => (snapshot.status === 'ready' ? snapshot.limits : null),
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Reads the limits from the server (one request at a time; the last copy stays shown while it runs). */
    reload(): Promise<void> {
      if (inFlight) return inFlight;
      if (snapshot.status !== 'ready') emit({ status: 'loading' });
      const started = version;
      inFlight = load().then((answer) => {
        inFlight = null;
        if (version !== started) return;
        if (answer.ok) emit({ status: 'ready', limits: answer.body });
        else if (snapshot.status !== 'ready') emit({ status: 'error', httpStatus: answer.status, network: answer.network });
      });
      return inFlight;
    },
    /** The whole answer of GET limits. */
    set(limits: PlayerLimits): void {
      version += 1;
      emit({ status: 'ready', limits });
    },
    /** A save or action answered the list only: the flags follow from it (an active 30 excludes, an active 37 locks). */
    setList(list: readonly PlayerLimit[]): void {
      const active = (type: number) => list.some((l) => l.limitType === type && l.limitState === 'ACTIVE');
      version += 1;
      emit({ status: 'ready', limits: { limitsData: [...list], selfExcluded: active(30), extraLimitsLocked: active(37) } });
    },
    reset(): void {
      inFlight = null;
      version += 1;
      emit(IDLE);
    },
  };
  return store;
}

export type LimitsStore = ReturnType<typeof createLimitsStore>;
export { createLimitsStore };
export const limitsStore: LimitsStore = createLimitsStore();

export function useLimits(store: LimitsStore = limitsStore): LimitsSnapshot {
  return useSyncExternalStore(store.subscribe, store.get, () => IDLE);
}
