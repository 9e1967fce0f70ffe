/**
 * Solo crash as the player sets it: the auto cash-out target (hundredths) from what they type,
 * the chance of reaching it, and the climb animation's curve (shown after the fact: the round
 * is settled when the answer comes).
 */
import { CRASH_MAX_TARGET, CRASH_MIN_TARGET } from '@betsite/domain';

export { CRASH_MAX_TARGET, CRASH_MIN_TARGET };

/** "2", "2.5", "2.50x" → 250; null when it is not a multiplier in range. */
export function parseTarget(text: string): number | null {
  const match = /^\s*(\d{1,5})(?:[.,](\d{1,2}))?\s*[x×]?\s*$/i.exec(text);
  if (!match) return null;
  const value = Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
  return value >= CRASH_MIN_TARGET && value <= CRASH_MAX_TARGET ? value : null;
}

/** P(the point reaches the target), as the domain draws it: ⌊99·2³²/m⌋ / 2³² ≈ 0.99 / m. */
export function reachChance(target: number): number {
  const h = 2 ** 32;
  return Math.floor((99 * h) / target) / h;
}

/** The animation's length for a point: about 1.2 s per doubling, 0.4 s to 5 s. */
export function climbMs(point: number): number {
  const doublings = Math.log2(Math.max(point, 100) / 100);
  return Math.min(5000, Math.max(400, doublings * 1200));
}

/** The multiplier shown (hundredths) at `elapsed` of a climb to `point`: exponential, as the multiplier grows. */
export function climbAt(point: number, elapsed: number, duration: number): number {
  if (elapsed >= duration) return point;
  return Math.max(100, Math.floor(100 * (point / 100) ** (elapsed / duration)));
}
