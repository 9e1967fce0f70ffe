/**
 * A remote app's loading state (SPEC §4, defaults of SPEC §9): not-exist (-2), error (-1),
 * loading (1), ready (2), with only the transitions SPEC §4 allows. A failed load is retried
 * up to 3 times, the pause starting at 1000 ms and doubling; a reload asked by the player is
 * taken at most once a second. Pure: the host brings the clock and the timers.
 */
import { MICRO_FRONTEND_DEFAULTS } from './guards/micro-frontend.ts';

export const REMOTE_APP_STATE = { notExist: -2, error: -1, loading: 1, ready: 2 } as const;
export type RemoteAppState = (typeof REMOTE_APP_STATE)[keyof typeof REMOTE_APP_STATE];

const ALLOWED: Readonly<Record<RemoteAppState, readonly RemoteAppState[]>> = {
  [-2]: [1, 2],
  [-1]: [1, -2],
  [1]: [-1, 2, -2],
  [2]: [-2],
};

/** SPEC §4: whether the app may go from one state to another (staying is not a transition). */
export function canTransition(from: RemoteAppState, to: RemoteAppState): boolean {
  return ALLOWED[from].includes(to);
}

export interface RemoteAppPolicy {
  retries: number;
  firstDelayMs: number;
  reloadThrottleMs: number;
}

export const REMOTE_APP_POLICY: RemoteAppPolicy = {
  retries: MICRO_FRONTEND_DEFAULTS.retries,
  firstDelayMs: MICRO_FRONTEND_DEFAULTS.timeoutMs,
  reloadThrottleMs: MICRO_FRONTEND_DEFAULTS.reloadThrottleMs,
};

export interface RemoteApp {
  state: RemoteAppState;
  /** Automatic retries used since the last load the player or a view started. */
  retries: number;
  /** When the next automatic retry is due (epoch ms); null when none is planned. */
  retryAt: number | null;
  /** When the last load the player or a view started began (for the reload throttle). */
  startedAt: number | null;
  /** Why the app failed or was taken down (an error code), null when it did not. */
  fault: string | null;
}

export type RemoteAppEvent =
  /** A view starts using the app. */
  | { type: 'open' }
  /** The app answered it is drawn. */
  | { type: 'ready' }
  /** Loading failed; `retryable` false for answers a retry cannot change (unknown game, no demo …). */
  | { type: 'fail'; code: string; retryable: boolean }
  /** A running app reported a fatal error (its session ended): it is taken down. */
  | { type: 'crash'; code: string }
  /** The retry timer fired. */
  | { type: 'retry' }
  /** The player asked for a reload. */
  | { type: 'reload' }
  /** No view uses the app any more. */
  | { type: 'close' };

export const initialRemoteApp: RemoteApp = { state: REMOTE_APP_STATE.notExist, retries: 0, retryAt: null, startedAt: null, fault: null };

/** The pause before automatic retry number `n` (1-based): 1000, 2000, 4000 ms. */
export function retryDelayMs(n: number, policy: RemoteAppPolicy = REMOTE_APP_POLICY): number {
  return policy.firstDelayMs * 2 ** (n - 1);
}

/** Whether a reload by the player is taken now: the app is down and the last load began at least the throttle ago. */
export function canReload(app: RemoteApp, now: number, policy: RemoteAppPolicy = REMOTE_APP_POLICY): boolean {
  const down = app.state === REMOTE_APP_STATE.error || (app.state === REMOTE_APP_STATE.notExist && app.fault !== null);
  return down && (app.startedAt === null || now - app.startedAt >= policy.reloadThrottleMs);
}

/** Whether the app is down for good until the player reloads (the error block shows its reload action). */
export function isFailed(app: RemoteApp): boolean {
  return app.fault !== null && app.retryAt === null && app.state !== REMOTE_APP_STATE.loading;
}

/**
 * The next state of the app after `event` at `now`. An event the current state does not
 * allow leaves the app as it is (e.g. a second `ready`, a retry that is not due, a reload
 * inside the throttle window).
 */
export function stepRemoteApp(app: RemoteApp, event: RemoteAppEvent, now: number, policy: RemoteAppPolicy = REMOTE_APP_POLICY): RemoteApp {
  const { notExist, error, loading, ready } = REMOTE_APP_STATE;
  switch (event.type) {
    case 'open':
      if (app.state !== notExist || app.fault !== null) return app;
      return { state: loading, retries: 0, retryAt: null, startedAt: now, fault: null };
    case 'ready':
      if (app.state !== loading) return app;
      return { ...app, state: ready, retryAt: null, fault: null };
    case 'fail': {
      if (app.state !== loading) return app;
      const retry = event.retryable && app.retries < policy.retries;
      return { ...app, state: error, fault: event.code, retryAt: retry ? now + retryDelayMs(app.retries + 1, policy) : null };
    }
    case 'crash':
      if (app.state !== ready && app.state !== loading) return app;
      // SPEC §4: ready may only go to not-exist; the fault keeps the error block up.
      if (app.state === loading) return { ...app, state: error, fault: event.code, retryAt: null };
      return { ...app, state: notExist, fault: event.code, retryAt: null };
    case 'retry':
      if (app.state !== error || app.retryAt === null || now < app.retryAt) return app;
      return { ...app, state: loading, retries: app.retries + 1, retryAt: null };
    case 'reload':
      if (!canReload(app, now, policy)) return app;
      return { state: loading, retries: 0, retryAt: null, startedAt: now, fault: null };
    case 'close':
      if (app.state === notExist && app.fault === null) return app;
      return initialRemoteApp;
  }
}
