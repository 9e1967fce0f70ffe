import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_THROTTLE_MS,
  afterLogout,
  createActivityTracker,
  DEFAULT_IDLE_MINUTES,
  idleDeadline,
  idleLimitMs,
  isIdle,
  sessionPollOutcome,
} from './auto-logoff.ts';

const T = 1_700_000_000_000;
const MINUTE = 60_000;

describe('idle limit', () => {
  it('defaults to 30 minutes; 0 (or nonsense) switches auto logoff off', () => {
    expect(DEFAULT_IDLE_MINUTES).toBe(30);
    expect(idleLimitMs(30)).toBe(30 * MINUTE);
    expect(idleLimitMs(0)).toBeNull();
    expect(idleLimitMs(-5)).toBeNull();
    expect(idleLimitMs(Number.NaN)).toBeNull();
    expect(idleDeadline(T, 0)).toBeNull();
  });

  it('is idle exactly from the deadline on', () => {
    expect(idleDeadline(T, 30)).toBe(T + 30 * MINUTE);
    expect(isIdle(T, T + 30 * MINUTE - 1, 30)).toBe(false);
    expect(isIdle(T, T + 30 * MINUTE, 30)).toBe(true);
    expect(isIdle(T, T + 1000 * MINUTE, 0)).toBe(false);
  });

  it('is monotone: once idle, later is idle too (property)', () => {
    fc.assert(
      fc.property(fc.nat(10_000_000), fc.nat(10_000_000), fc.integer({ min: 1, max: 240 }), (a, b, minutes) => {
        const [early, late] = a <= b ? [a, b] : [b, a];
        if (isIdle(T, T + early, minutes)) expect(isIdle(T, T + late, minutes)).toBe(true);
      }),
    );
  });
});

describe('activity tracker', () => {
  it('counts the page load as activity and takes input at most once per 100 ms', () => {
    const tracker = createActivityTracker(T);
    expect(tracker.lastActivityAt()).toBe(T);
    expect(tracker.record(T + 50)).toBe(false);
    expect(tracker.record(T + ACTIVITY_THROTTLE_MS)).toBe(true);
    expect(tracker.record(T + 150)).toBe(false);
    expect(tracker.lastActivityAt()).toBe(T + 100);
    expect(tracker.record(T + 5 * MINUTE)).toBe(true);
    expect(tracker.lastActivityAt()).toBe(T + 5 * MINUTE);
  });

  it('reports input since the previous poll once', () => {
    const tracker = createActivityTracker(T);
    expect(tracker.takeActivity()).toBe(false);
    tracker.record(T + 1000);
    tracker.record(T + 2000);
    expect(tracker.takeActivity()).toBe(true);
    expect(tracker.takeActivity()).toBe(false);
  });

  it('never moves back and never takes two inputs closer than the throttle (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(10_000), { maxLength: 50 }), (gaps) => {
        const tracker = createActivityTracker(T);
        let now = T;
        let lastTaken = T;
        for (const gap of gaps) {
          now += gap;
          const before = tracker.lastActivityAt();
          if (tracker.record(now)) {
            expect(now - lastTaken).toBeGreaterThanOrEqual(ACTIVITY_THROTTLE_MS);
            lastTaken = now;
          }
          expect(tracker.lastActivityAt()).toBeGreaterThanOrEqual(before);
        }
      }),
    );
  });
});

describe('the logged-in poll and logout', () => {
  it('tells a gone session from another player in the same browser', () => {
    expect(sessionPollOutcome('u1', 'u1')).toBe('same');
    expect(sessionPollOutcome('u1', null)).toBe('gone');
    expect(sessionPollOutcome('u1', 'u2')).toBe('changed');
  });

  it('goes home from a players-only page (or when asked), reloads elsewhere', () => {
    expect(afterLogout({ visitorsAllowed: false })).toBe('home');
    expect(afterLogout({ visitorsAllowed: true })).toBe('reload');
    expect(afterLogout({ visitorsAllowed: true, homeRequested: true })).toBe('home');
  });
});
