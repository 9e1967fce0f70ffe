import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOGIN_BACKOFF_MAX_MS, LOGIN_FAILURE_RESET_MS, loginBackoffMs, loginThrottle, recordLoginFailure } from './throttle.ts';

const T = 1_700_000_000_000;

describe('login throttle', () => {
  it.each([
    [0, 0],
    [1, 0],
    [2, 0],
    [3, 1000],
    [4, 2000],
    [5, 4000],
    [6, 8000],
    [11, 256_000],
    [12, LOGIN_BACKOFF_MAX_MS],
    [1000, LOGIN_BACKOFF_MAX_MS],
  ])('back-off after %i failures is %i ms', (failures, ms) => {
    expect(loginBackoffMs(failures)).toBe(ms);
  });

  it.each([
    [0, null, T, { captchaRequired: false, retryAfterMs: 0 }],
    [2, T, T, { captchaRequired: false, retryAfterMs: 0 }],
    [3, T, T, { captchaRequired: true, retryAfterMs: 1000 }],
    [3, T, T + 400, { captchaRequired: true, retryAfterMs: 600 }],
    [3, T, T + 1000, { captchaRequired: true, retryAfterMs: 0 }],
    [5, T, T + 1000, { captchaRequired: true, retryAfterMs: 3000 }],
    [50, T, T, { captchaRequired: true, retryAfterMs: LOGIN_BACKOFF_MAX_MS }],
    [50, T, T + LOGIN_FAILURE_RESET_MS - 1, { captchaRequired: true, retryAfterMs: 0 }],
    [50, T, T + LOGIN_FAILURE_RESET_MS, { captchaRequired: false, retryAfterMs: 0 }],
  ] as const)('%i failures, last at %s, now %i → %j', (failures, last, now, expected) => {
    expect(loginThrottle(failures, last, now)).toEqual(expected);
  });

  it('counts failures and restarts after the reset window', () => {
    let state = { failures: 0, lastFailureAt: null as number | null };
    for (let i = 0; i < 4; i++) state = recordLoginFailure(state, T + i);
    expect(state).toEqual({ failures: 4, lastFailureAt: T + 3 });
    expect(recordLoginFailure(state, T + 3 + LOGIN_FAILURE_RESET_MS)).toEqual({ failures: 1, lastFailureAt: T + 3 + LOGIN_FAILURE_RESET_MS });
  });

  it('never waits longer than the cap, never negative, and never less for more failures (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 10 * 60_000 }), (failures, elapsed) => {
        const a = loginThrottle(failures, T, T + elapsed);
        const b = loginThrottle(failures + 1, T, T + elapsed);
        expect(a.retryAfterMs).toBeGreaterThanOrEqual(0);
        expect(a.retryAfterMs).toBeLessThanOrEqual(LOGIN_BACKOFF_MAX_MS);
        expect(b.retryAfterMs).toBeGreaterThanOrEqual(a.retryAfterMs);
        expect(a.captchaRequired).toBe(failures >= 3);
      }),
    );
  });
});
