/**
 * How many SMS code requests an address may make per window before each further one needs
 * a captcha. Beside the hard per-IP rate limit: a person asking for a few codes is not
 * bothered, a script asking for many meets the captcha (SPEC §7 "send sms … captcha").
 *
 * In memory on each node, like the per-IP rate limits (with several nodes this should
 * move to Redis). Fixed windows by the app clock; old entries are dropped as time passes.
 */
export interface SendBudget {
  /** Whether the address has used up its free requests of the current window. */
  exhausted(ip: string): boolean;
  /** Counts one request of the address. */
  spend(ip: string): void;
}

export function createSendBudget({ free, windowMs, now }: { free: number; windowMs: number; now: () => number }): SendBudget {
  const used = new Map<string, { windowStart: number; count: number }>();
  let lastSweep = now();

  const current = (ip: string) => {
    const at = now();
    if (at - lastSweep >= windowMs) {
      for (const [key, entry] of used) if (at - entry.windowStart >= windowMs) used.delete(key);
      lastSweep = at;
    }
    const entry = used.get(ip);
    return entry && at - entry.windowStart < windowMs ? entry : null;
  };

  return {
    exhausted: (ip) => (current(ip)?.count ?? 0) >= free,
    spend(ip) {
      const entry = current(ip);
      if (entry) entry.count++;
      else used.set(ip, { windowStart: now(), count: 1 });
    },
  };
}
