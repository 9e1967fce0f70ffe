/**
 * Crash-live: one crash round for everyone. The crash point is the solo crash's
 * (`crashPoint`, 99% RTP) drawn from the round's committed seed. The multiplier climbs as a
 * function of the time since the run began, the same on the server and in every browser:
 * m(t) = ⌊100·e^(k·t)⌋ hundredths, k = 6·10⁻⁵ per ms (2× at 11.6 s, 10× at 38 s, 100× at 77 s).
 * The round crashes at the first millisecond the curve reaches the point. A bet has an
 * optional automatic cash-out target; a manual cash-out at t pays the curve's m(t), which is
 * below the point (t is before the crash), so it is the same bet as a target of m(t): the
 * RTP of every way of playing is crashRtp(m), 99% less under 2.4·10⁻⁶.
 * The run stops at the solo game's highest target, 10,000×: a point beyond it is 10,000×
 * and every bet still in is paid that (what a target of 10,000× pays: 99% too).
 */
import type { Minor } from '../../money/minor.ts';
import { CRASH_MAX_TARGET, CRASH_MIN_TARGET, crashPoint } from '../crash.ts';
import { casinoPayout, type CasinoGameInfo } from '../money.ts';
import type { Rng } from '../rng.ts';

export const CRASH_LIVE: CasinoGameInfo = { id: 'crash-live', title: 'Crash Live', rtp: 0.99, maxMultiplierMilli: BigInt(CRASH_MAX_TARGET) * 10n };

/** Growth per millisecond of the curve's exponent. */
export const CRASH_GROWTH_PER_MS = 0.00006;
/** Bets are taken for this long before the run. */
export const CRASH_BET_MS = 6_000;
/** The crashed round stays on screen this long before the next opens. */
export const CRASH_PAUSE_MS = 3_000;

/** The multiplier shown `elapsedMs` into the run, in hundredths (100 = 1.00×). */
export function crashMultiplierAt(elapsedMs: number): number {
  if (!(elapsedMs > 0)) return 100;
  return Math.floor(100 * Math.exp(CRASH_GROWTH_PER_MS * elapsedMs));
}

/** The first whole millisecond the curve reaches `point` (hundredths): when the round crashes. */
export function crashDurationMs(point: number): number {
  if (point <= 100) return 0;
  let ms = Math.max(0, Math.floor(Math.log(point / 100) / CRASH_GROWTH_PER_MS) - 2);
  while (crashMultiplierAt(ms) < point) ms += 1;
  return ms;
}

export interface CrashLiveDraw {
  /** Hundredths; 100 crashes at once. */
  readonly point: number;
  readonly durationMs: number;
}

export function drawCrashLive(rng: Rng): CrashLiveDraw {
  const point = Math.min(crashPoint(rng), CRASH_MAX_TARGET);
  return { point, durationMs: crashDurationMs(point) };
}

export function crashTargetError(target: number | null): string | null {
  if (target === null) return null;
  return Number.isInteger(target) && target >= CRASH_MIN_TARGET && target <= CRASH_MAX_TARGET ? null : `a cash-out target of ${CRASH_MIN_TARGET / 100}× to ${CRASH_MAX_TARGET / 100}×`;
}

/**
 * The multiplier (hundredths) a manual cash-out at `elapsedMs` into the run gets, or null
 * when the round had crashed by then (or the multiplier is still 1.00×: nothing to take).
 */
export function manualCashOut(point: number, elapsedMs: number): number | null {
  if (elapsedMs < 0 || elapsedMs >= crashDurationMs(point)) return null;
  const m = Math.min(crashMultiplierAt(elapsedMs), CRASH_MAX_TARGET);
  return m >= CRASH_MIN_TARGET ? m : null;
}

export interface CrashLiveSettlement {
  /** The multiplier cashed out at (hundredths), or null: lost with the crash. */
  readonly cashedOutAt: number | null;
  readonly payout: Minor;
}

/**
 * A bet settled: a manual cash-out taken during the run, else its automatic target if the
 * crash reached it, else 10,000× when the run reached the top, else lost. An automatic target below a manual cash-out was reached first.
 */
export function settleCrashLive(stake: Minor, point: number, autoTarget: number | null, manual: number | null): CrashLiveSettlement {
  const auto = autoTarget !== null && point >= autoTarget ? autoTarget : null;
  const taken = auto !== null && (manual === null || auto <= manual) ? auto : manual;
  const at = taken ?? (point >= CRASH_MAX_TARGET ? CRASH_MAX_TARGET : null);
  return { cashedOutAt: at, payout: casinoPayout(stake, at === null ? 0n : BigInt(at) * 10n) };
}
