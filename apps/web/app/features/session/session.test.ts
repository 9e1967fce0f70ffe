import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SESSION_POLL_INTERVAL_MS } from '@betsite/domain';
import { failureOf, tokenFromLocation } from './activation-page.tsx';
import { clearedLogoutReason, logoutReasonOf } from './logout-reason.ts';
import { canShowReminder, nextAllowedAfterShow, readNextAllowed, reminderDueAt, REMINDER_NEXT_KEY, writeNextAllowed, type ReminderFacts } from './reminder.ts';
import { IDLE_CHECK_MS, SHARE_ACTIVITY_MS, startSessionWatch, type WatchEnv } from './watch.ts';

const T = 1_700_000_000_000;
const MINUTE = 60_000;

describe('registration reminder (SPEC §4)', () => {
  const facts: ReminderFacts = {
    loggedIn: false,
    registrationAvailable: true,
    authFormOpen: false,
    modalOpen: false,
    chromeShown: true,
    now: T + 60_000,
    dueAt: reminderDueAt(T, 60),
    nextAllowedAt: 0,
  };

  it('shows after the delay to a visitor with nothing open', () => {
    expect(canShowReminder(facts)).toBe(true);
    expect(canShowReminder({ ...facts, now: T + 59_999 })).toBe(false);
  });

  it.each([
    ['a logged-in player', { loggedIn: true }],
    ['registration closed or a VIP domain', { registrationAvailable: false }],
    ['the login or registration page', { authFormOpen: true }],
    ['an open modal', { modalOpen: true }],
    ['a page without the site chrome', { chromeShown: false }],
    ['before the next-allowed time', { nextAllowedAt: T + 60_001 }],
  ])('is not shown to %s', (_label, patch) => {
    expect(canShowReminder({ ...facts, ...patch })).toBe(false);
  });

  it('moves the next-allowed time on by the interval (0 without one)', () => {
    expect(nextAllowedAfterShow(T, 30)).toBe(T + 30 * MINUTE);
    expect(nextAllowedAfterShow(T, 0)).toBe(0);
  });

  it('is never shown twice within the interval (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 600 }), fc.nat(1000 * MINUTE), (interval, later) => {
        const next = nextAllowedAfterShow(T, interval);
        expect(canShowReminder({ ...facts, now: T + later, dueAt: T, nextAllowedAt: next })).toBe(later >= interval * MINUTE);
      }),
    );
  });

  it('keeps the next-allowed time in storage, and survives broken or blocked storage', () => {
    const map = new Map<string, string>();
    const storage = { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
    expect(readNextAllowed(storage)).toBe(0);
    writeNextAllowed(storage, T + 5);
    expect(map.get(REMINDER_NEXT_KEY)).toBe(String(T + 5));
    expect(readNextAllowed(storage)).toBe(T + 5);
    map.set(REMINDER_NEXT_KEY, 'garbage');
    expect(readNextAllowed(storage)).toBe(0);
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(readNextAllowed(blocked)).toBe(0);
    expect(() => writeNextAllowed(blocked, 1)).not.toThrow();
    expect(readNextAllowed(null)).toBe(0);
  });
});

/** A clock and timers the test moves by hand, plus what the watch did. */
function fakeEnv(options: { userId?: string | null; visible?: boolean } = {}) {
  let now = T;
  let visible = options.visible ?? true;
  let serverUser: string | null | undefined = options.userId === undefined ? 'u1' : options.userId;
  let shared: number | null = null;
  const timers: { every: number; next: number; fn: () => void; live: boolean }[] = [];
  const activityListeners = new Set<() => void>();
  const visibleListeners = new Set<() => void>();
  const log = { polls: [] as boolean[], logoffs: 0, leaves: 0, shared: [] as number[] };
  const env: WatchEnv = {
    now: () => now,
    every(ms, fn) {
      const timer = { every: ms, next: now + ms, fn, live: true };
      timers.push(timer);
      return () => {
        timer.live = false;
      };
    },
    onActivity(fn) {
      activityListeners.add(fn);
      return () => activityListeners.delete(fn);
    },
    onVisible(fn) {
      visibleListeners.add(fn);
      return () => visibleListeners.delete(fn);
    },
    isVisible: () => visible,
    async checkSession(active) {
      log.polls.push(active);
      return serverUser;
    },
    async autoLogoff() {
      log.logoffs++;
    },
    sharedActivity: () => shared,
    shareActivity(at) {
      log.shared.push(at);
    },
    leave() {
      log.leaves++;
    },
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    env,
    log,
    async advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = timers.filter((t) => t.live && t.next <= end).sort((a, b) => a.next - b.next)[0];
        if (!due) break;
        now = due.next;
        due.next += due.every;
        due.fn();
        await settle();
      }
      now = end;
    },
    input() {
      activityListeners.forEach((fn) => fn());
    },
    async show() {
      visible = true;
      visibleListeners.forEach((fn) => fn());
      await settle();
    },
    hide() {
      visible = false;
    },
    setServerUser(id: string | null | undefined) {
      serverUser = id;
    },
    setShared(at: number | null) {
      shared = at;
    },
    liveTimers: () => timers.filter((t) => t.live).length,
    listeners: () => activityListeners.size + visibleListeners.size,
  };
}

describe('session watch (SPEC §4 poll and auto logoff)', () => {
  it('polls every 60 s while visible and tells the server whether input came', async () => {
    const f = fakeEnv();
    startSessionWatch(f.env, { userId: 'u1', idleMinutes: 30 });
    await f.advance(SESSION_POLL_INTERVAL_MS);
    f.input();
    await f.advance(SESSION_POLL_INTERVAL_MS);
    await f.advance(SESSION_POLL_INTERVAL_MS);
    expect(f.log.polls).toEqual([false, true, false]);
    expect(f.log.leaves).toBe(0);
  });

  it('pauses polling while hidden and polls at once when visible again', async () => {
    const f = fakeEnv();
    startSessionWatch(f.env, { userId: 'u1', idleMinutes: 30 });
    f.hide();
    await f.advance(5 * SESSION_POLL_INTERVAL_MS);
    expect(f.log.polls).toEqual([]);
    await f.show();
    expect(f.log.polls).toHaveLength(1);
  });

  it.each([
    ['gone', null],
    ['another player', 'u2'],
  ])('leaves when the session is %s, and stops', async (_label, answer) => {
    const f = fakeEnv();
    startSessionWatch(f.env, { userId: 'u1', idleMinutes: 30 });
    f.setServerUser(answer);
    await f.advance(SESSION_POLL_INTERVAL_MS);
    expect(f.log.leaves).toBe(1);
    expect(f.log.logoffs).toBe(0);
    expect(f.liveTimers()).toBe(0);
    expect(f.listeners()).toBe(0);
    await f.advance(10 * SESSION_POLL_INTERVAL_MS);
    expect(f.log.leaves).toBe(1);
  });

  it('ignores a poll that got no answer (network)', async () => {
    const f = fakeEnv({ userId: undefined });
    startSessionWatch(f.env, { userId: 'u1', idleMinutes: 30 });
    await f.advance(3 * SESSION_POLL_INTERVAL_MS);
    expect(f.log.leaves).toBe(0);
  });

  it('logs off after the idle minutes without input, once, then leaves', async () => {
    const f = fakeEnv();
    startSessionWatch(f.env, { userId: 'u1', idleMinutes: 30 });
    await f.advance(30 * MINUTE - IDLE_CHECK_MS);
    expect(f.log.logoffs).toBe(0);
    await f.advance(IDLE_CHECK_MS);
    expect(f.log.logoffs).toBe(1);
    expect(f.log.leaves).toBe(1);
    await f.advance(60 * MINUTE);
    expect(f.log.logoffs).toBe(1);
    expect(f.liveTimers()).toBe(0);
  });

  it('counts input as activity: the deadline moves with it', async () => {
    const f = fakeEnv();
    startSessionWatch(f.env, { userId: 'u1', idleMinutes: 30 });
    await f.advance(20 * MINUTE);
    f.input();
    await f.advance(25 * MINUTE);
    expect(f.log.logoffs).toBe(0);
    await f.advance(5 * MINUTE + IDLE_CHECK_MS);
    expect(f.log.logoffs).toBe(1);
  });

  it('shares input with other tabs at most every few seconds, and honours theirs', async () => {
    const f = fakeEnv();
    startSessionWatch(f.env, { userId: 'u1', idleMinutes: 30 });
    await f.advance(1000);
    f.input();
    await f.advance(1000);
    f.input();
    await f.advance(SHARE_ACTIVITY_MS);
    f.input();
    expect(f.log.shared).toEqual([T + 1000, T + 2000 + SHARE_ACTIVITY_MS]);

    // Another tab saw input 20 minutes in: this tab is not idle until 30 minutes after that.
    const g = fakeEnv();
    startSessionWatch(g.env, { userId: 'u1', idleMinutes: 30 });
    await g.advance(20 * MINUTE);
    g.setShared(T + 20 * MINUTE);
    await g.advance(25 * MINUTE);
    expect(g.log.logoffs).toBe(0);
    await g.advance(5 * MINUTE + IDLE_CHECK_MS);
    expect(g.log.logoffs).toBe(1);
  });

  it('never logs off with auto logoff off (0 minutes)', async () => {
    const f = fakeEnv();
    startSessionWatch(f.env, { userId: 'u1', idleMinutes: 0 });
    await f.advance(2 * 60 * MINUTE);
    expect(f.log.logoffs).toBe(0);
    expect(f.log.leaves).toBe(0);
  });

  it('a stopped watch does nothing more', async () => {
    const f = fakeEnv();
    const stop = startSessionWatch(f.env, { userId: 'u1', idleMinutes: 30 });
    stop();
    await f.advance(60 * MINUTE);
    expect(f.log).toMatchObject({ polls: [], logoffs: 0, leaves: 0 });
    expect(f.listeners()).toBe(0);
  });

  it('an idle hidden tab logs off too (its timers are throttled, not stopped), without polling', async () => {
    const f = fakeEnv();
    startSessionWatch(f.env, { userId: 'u1', idleMinutes: 30 });
    f.hide();
    await f.advance(31 * MINUTE);
    expect(f.log.logoffs).toBe(1);
    expect(f.log.polls).toEqual([]);
  });
});

describe('the inactivity flag', () => {
  it('is read from the cookies and only for "inactive"', () => {
    expect(logoutReasonOf('a=1; logout_reason=inactive; b=2')).toBe('inactive');
    expect(logoutReasonOf('logout_reason=logout')).toBeNull();
    expect(logoutReasonOf('')).toBeNull();
  });

  it('is cleared by an expired cookie on the same path', () => {
    expect(clearedLogoutReason(false)).toBe('logout_reason=; Path=/; SameSite=Lax; Max-Age=0');
    expect(clearedLogoutReason(true)).toContain('; Secure');
  });
});

describe('the activation page', () => {
  it('takes the token from the fragment, else the query', () => {
    expect(tokenFromLocation('#token=abc', '')).toBe('abc');
    expect(tokenFromLocation('', '?token=xyz')).toBe('xyz');
    expect(tokenFromLocation('#token=abc', '?token=xyz')).toBe('abc');
    expect(tokenFromLocation('#other=1', '')).toBeNull();
    expect(tokenFromLocation('', '?token=')).toBeNull();
  });

  it('names the failure by the server code', () => {
    expect(failureOf('activation_link_expired', false)).toBe('expired');
    expect(failureOf('activation_link_used', false)).toBe('used');
    expect(failureOf('activation_link_invalid', false)).toBe('invalid');
    expect(failureOf('too_many_requests', false)).toBe('invalid');
    expect(failureOf(null, true)).toBe('network');
  });
});
