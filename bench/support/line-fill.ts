/**
 * Waiting for the simulated feed's line to fill after a start: the feed prices the next
 * hours at once and the rest of the week in the background, so the count of
 * `sports?section=line` is polled until it stops growing.
 */
import type { SportsResponse } from '@betsite/contracts';

const FILL_POLL_MS = 2_000;
/** The line counts as filled when its count has not grown for this many polls in a row. */
const FILL_STABLE_POLLS = 4;
const FILL_TIMEOUT_MS = 300_000;

export async function getJson<T>(url: string, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(url, { headers: { accept: 'application/json', ...headers } });
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

export const gamesIn = (sports: SportsResponse): number => sports.sports.reduce((sum, s) => sum + s.count, 0);

/** Resolves once the line's game count stopped growing: how many games, and after how long. */
export async function waitForLine(origin: string): Promise<{ line: number; seconds: number }> {
  const started = Date.now();
  let last = -1;
  let stable = 0;
  for (;;) {
    const count = gamesIn(await getJson<SportsResponse>(`${origin}/web-api/line/v1/sports?section=line`));
    stable = count > 0 && count <= last ? stable + 1 : 0;
    last = Math.max(last, count);
    if (stable >= FILL_STABLE_POLLS) return { line: last, seconds: (Date.now() - started) / 1000 };
    if (Date.now() - started > FILL_TIMEOUT_MS) throw new Error(`the line did not stop growing within ${FILL_TIMEOUT_MS / 1000} s (${count} games)`);
    await new Promise((resolve) => setTimeout(resolve, FILL_POLL_MS));
  }
}
