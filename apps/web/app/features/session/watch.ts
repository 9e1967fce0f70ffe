/**
 * The logged-in tab's session lifecycle (SPEC §4, §9), free of the DOM so it can be tested:
 *
 * - polls the logged-in state every 60 s while the page is visible (and at once when it
 *   becomes visible again); a poll says whether input came since the previous one, so the
 *   server counts it as activity only then;
 * - when the server says the session is gone (or another player's), the tab leaves: home
 *   from a players-only page, a reload elsewhere;
 * - after the idle minutes without input in any tab of the site, it logs off with reason
 *   `inactive` and leaves (the next page shows the inactivity notice).
 */
import { createActivityTracker, isIdle, sessionPollOutcome, SESSION_POLL_INTERVAL_MS } from '@betsite/domain';

/** How often the idle deadline is checked. */
export const IDLE_CHECK_MS = 5_000;
/** How often this tab tells the others it saw input (local storage). */
export const SHARE_ACTIVITY_MS = 5_000;

export interface WatchEnv {
  now(): number;
  /** Runs `fn` every `ms`; answers the cancel. */
  every(ms: number, fn: () => void): () => void;
  /** Subscribes to input (pointer, keyboard, scroll); answers the unsubscribe. */
  onActivity(fn: () => void): () => void;
  /** Subscribes to the tab becoming visible. */
  onVisible(fn: () => void): () => void;
  isVisible(): boolean;
  /** The user id the server sees now; null: no session; undefined: no answer (network …). */
  checkSession(active: boolean): Promise<string | null | undefined>;
  autoLogoff(): Promise<void>;
  /** Last input seen by any tab (shared through local storage), or null. */
  sharedActivity(): number | null;
  shareActivity(at: number): void;
  leave(): void;
}

export function startSessionWatch(env: WatchEnv, options: { userId: string; idleMinutes: number }): () => void {
  const tracker = createActivityTracker(env.now());
  let lastShared = 0;
  let done = false;
  const stops: (() => void)[] = [];
  const stopAll = () => stops.splice(0).forEach((stop) => stop());

  const lastActivity = () => Math.max(tracker.lastActivityAt(), env.sharedActivity() ?? 0);

  const poll = async () => {
    if (done || !env.isVisible()) return;
    const answer = await env.checkSession(tracker.takeActivity());
    if (done || answer === undefined) return;
    if (sessionPollOutcome(options.userId, answer) === 'same') return;
    done = true;
    stopAll();
    env.leave();
  };

  const checkIdle = async () => {
    if (done || !isIdle(lastActivity(), env.now(), options.idleMinutes)) return;
    done = true;
    stopAll();
    // SPEC §8: a failed logout leaves (reloads) all the same.
    await env.autoLogoff().catch(() => undefined);
    env.leave();
  };

  stops.push(
    env.onActivity(() => {
      const now = env.now();
      if (tracker.record(now) && now - lastShared >= SHARE_ACTIVITY_MS) {
        lastShared = now;
        env.shareActivity(now);
      }
    }),
    env.every(SESSION_POLL_INTERVAL_MS, () => void poll()),
    env.every(IDLE_CHECK_MS, () => void checkIdle()),
    env.onVisible(() => {
      void checkIdle();
      void poll();
    }),
  );
  return () => {
    done = true;
    stopAll();
  };
}
