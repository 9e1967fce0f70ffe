/**
 * Auto logoff and the logged-in poll (SPEC §4, §9): after the configured inactive minutes
 * (default 30) the player is logged out and told why on the next visit; the logged-in state
 * is polled every 60 s while the page is visible; activity is pointer, keyboard and scroll,
 * taken at most once per 100 ms.
 *
 * The same idle rule runs on both sides: the browser logs itself off when no input came for
 * the limit, and the server refuses a session whose last activity is older than the limit
 * (for a tab that was closed or asleep). Background polling is not activity; a poll that
 * follows input says so, which keeps the server's view in step with the browser's.
 */

/** SPEC §9 "idle default 30 min". */
export const DEFAULT_IDLE_MINUTES = 30;
/** SPEC §9 "activity and window-resize throttle 100 ms". */
export const ACTIVITY_THROTTLE_MS = 100;
/** SPEC §9 "auth-status poll 60 s". */
export const SESSION_POLL_INTERVAL_MS = 60_000;
/** Why a session ended, as the server tells the browser (flag cookie `logout_reason`). */
export const LOGOUT_REASON_INACTIVE = 'inactive';

const MINUTE_MS = 60_000;

/** The idle limit in ms; null when auto logoff is off (0 minutes). */
export function idleLimitMs(idleMinutes: number): number | null {
  return Number.isFinite(idleMinutes) && idleMinutes > 0 ? Math.round(idleMinutes * MINUTE_MS) : null;
}

/** When the player is logged off if nothing happens before; null when auto logoff is off. */
export function idleDeadline(lastActivityAt: number, idleMinutes: number): number | null {
  const limit = idleLimitMs(idleMinutes);
  return limit === null ? null : lastActivityAt + limit;
}

/** Whether `now` is at or past the idle deadline. */
export function isIdle(lastActivityAt: number, now: number, idleMinutes: number): boolean {
  const deadline = idleDeadline(lastActivityAt, idleMinutes);
  return deadline !== null && now >= deadline;
}

export interface ActivityTracker {
  /** An input event at `now`; false when dropped by the throttle. */
  record(now: number): boolean;
  lastActivityAt(): number;
  /** Whether input came since the previous call (what the next poll reports); resets. */
  takeActivity(): boolean;
}

/** Counts input events, at most one per `throttleMs`. The page load itself is activity. */
export function createActivityTracker(startedAt: number, throttleMs: number = ACTIVITY_THROTTLE_MS): ActivityTracker {
  let last = startedAt;
  let fresh = false;
  return {
    record(now) {
      if (now - last < throttleMs) return false;
      last = now;
      fresh = true;
      return true;
    },
    lastActivityAt: () => last,
    takeActivity() {
      const had = fresh;
      fresh = false;
      return had;
    },
  };
}

/** What a logged-in poll answer means for a page that was rendered for `pageUserId`. */
export type SessionPollOutcome = 'same' | 'gone' | 'changed';

export function sessionPollOutcome(pageUserId: string, answeredUserId: string | null): SessionPollOutcome {
  if (answeredUserId === null) return 'gone';
  return answeredUserId === pageUserId ? 'same' : 'changed';
}

/**
 * SPEC §2/§4: after a logout (asked for, or found by the poll) the page goes home when the
 * current route is not for visitors (or the query asks for it); otherwise it reloads.
 */
export function afterLogout(route: { visitorsAllowed: boolean; homeRequested?: boolean }): 'home' | 'reload' {
  return !route.visitorsAllowed || route.homeRequested === true ? 'home' : 'reload';
}
