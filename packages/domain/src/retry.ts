/**
 * Retrying a call that may fail, with the policies of SPEC §8/§9. The caller brings the
 * call and the sleep, so this stays free of I/O and timers.
 */
export interface RetryPolicy {
  /** Tries in all (the first one included). */
  attempts: number;
  /** Pause between two tries. */
  delayMs: number;
}

/** SPEC §9: the site config is loaded with 5 tries, 1 s apart. */
export const CONFIG_LOAD_RETRY: RetryPolicy = { attempts: 5, delayMs: 1000 };

export type Sleep = (ms: number) => Promise<void>;

export type RetryOutcome<T> = { ok: true; value: T; attempts: number } | { ok: false; error: unknown; attempts: number };

/**
 * Tries `call` until it resolves or the policy's tries are used up; `isFatal` stops early
 * (e.g. the navigation was aborted). Never throws: the outcome says what happened.
 */
export async function retry<T>(
  call: () => Promise<T>,
  policy: RetryPolicy,
  sleep: Sleep,
  isFatal: (error: unknown) => boolean = () => false,
): Promise<RetryOutcome<T>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return { ok: true, value: await call(), attempts: attempt };
    } catch (error) {
      if (attempt >= policy.attempts || isFatal(error)) return { ok: false, error, attempts: attempt };
      await sleep(policy.delayMs);
    }
  }
}
