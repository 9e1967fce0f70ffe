/**
 * The user config of the tab (SPEC §4 "User config load": marks not-installed and
 * not-loaded, fetches, sets both true on success and false on failure; loads only if not
 * yet installed; SPEC §8 a failed load resets the flags and is logged). One store per tab,
 * filled only in the browser (effects), so server renders never share it.
 */
import type { UserConfig } from '@betsite/contracts';

export interface UserConfigState {
  installed: boolean;
  loaded: boolean;
  config: UserConfig | null;
}

export interface UserConfigStore {
  get(): UserConfigState;
  subscribe(listener: () => void): () => void;
  /** Loads once: a no-op while installed or loading; resolves with the config (null on failure). */
  load(): Promise<UserConfig | null>;
  /** After a change the server confirmed (e.g. the bonus choice), without a refetch. */
  patch(change: Partial<UserConfig>): void;
  /** Logout: forget everything; the next load fetches again. */
  reset(): void;
}

export const EMPTY_USER_CONFIG: UserConfigState = { installed: false, loaded: false, config: null };

export function createUserConfigStore(fetchConfig: () => Promise<UserConfig>, log: (message: string) => void = (m) => console.warn(m)): UserConfigStore {
  let state: UserConfigState = EMPTY_USER_CONFIG;
  let pending: Promise<UserConfig | null> | null = null;
  let generation = 0;
  const listeners = new Set<() => void>();
  const set = (next: UserConfigState) => {
    state = next;
    listeners.forEach((l) => l());
  };

  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load() {
      if (state.installed) return Promise.resolve(state.config);
      if (pending) return pending;
      const mine = generation;
      set({ installed: false, loaded: false, config: state.config });
      pending = fetchConfig().then(
        (config) => {
          pending = null;
          if (mine !== generation) return null;
          set({ installed: true, loaded: true, config });
          return config;
        },
        (error: unknown) => {
          pending = null;
          if (mine === generation) set({ installed: false, loaded: false, config: null });
          log(`user config load failed: ${error instanceof Error ? error.message : String(error)}`);
          return null;
        },
      );
      return pending;
    },
    patch(change) {
      if (state.config) set({ ...state, config: { ...state.config, ...change } });
    },
    reset() {
      generation++;
      pending = null;
      set(EMPTY_USER_CONFIG);
    },
  };
}
