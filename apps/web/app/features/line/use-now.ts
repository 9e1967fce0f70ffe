/**
 * The time for running clocks and "today / tomorrow": the server's render time during the
 * server render and hydration (so both print the same), then the browser's clock ticking,
 * corrected by the offset to the server's clock when the two clearly disagree (a live
 * clock's `at` is server time).
 */
import { useEffect, useState } from 'react';
import { useRequiredRootData } from '../../config/root-data.ts';

/** Below this the difference is the page's own load time, not a wrong clock. */
const SKEW_IGNORED_MS = 3_000;
let offset: number | null = null;

export function useNow(intervalMs = 1_000, active = true): number {
  const { now: serverNow } = useRequiredRootData();
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    if (offset === null) {
      const skew = serverNow - Date.now();
      offset = Math.abs(skew) > SKEW_IGNORED_MS ? skew : 0;
    }
    const tick = () => setNow(Date.now() + (offset ?? 0));
    tick();
    if (!active) return;
    const id = window.setInterval(tick, intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs, active, serverNow]);
  return now;
}
