import type { Clock } from '@betsite/domain';

/**
 * The server's only source of time. The fake clock (FAKE_CLOCK=1, tests and demos) starts
 * at the real time and moves only when advanced, so time-based behaviour can be driven
 * from outside through `POST /ops-api/v1/clock/advance`.
 */
export interface ServerClock extends Clock {
  readonly fake: boolean;
  /** Only on the fake clock. */
  advance?(seconds: number): void;
}

export function createClock({ fake }: { fake: boolean }): ServerClock {
  if (!fake) return { fake: false, now: () => Date.now() };
  let now = Date.now();
  return {
    fake: true,
    now: () => now,
    advance(seconds) {
      if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError('the clock only moves forward');
      now += seconds * 1000;
    },
  };
}
