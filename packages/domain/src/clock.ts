/**
 * The one source of time. Domain code takes `now` as a value or a `Clock`; the server owns
 * the implementation, tests use `fixedClock`.
 */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

export function fixedClock(epochMs: number): Clock {
  return { now: () => epochMs };
}
