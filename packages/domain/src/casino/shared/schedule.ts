/**
 * Shared rounds (issue 13, decision 0025): rounds every player sees at once, on a public
 * schedule. A scheduled engine's round n opens for bets at epoch + n·period, closes
 * `betMs` later (the draw), and the next one opens a period after it opened: the round id
 * follows from the time alone. Crash-live rounds follow one another instead (a round lasts
 * until its crash), numbered in order.
 *
 * Provably fair as solo rounds (decision 0021): each round has its own server seed, drawn
 * when the round is created and published as sha256 before bets open; its client seed is
 * public and fixed before the seed is drawn (`engine:room:roundNo`), nonce 0; the seed is
 * revealed once the round is over, so anyone recomputes the draw with this code.
 */
import type { FairSeeds } from '../rng.ts';

export interface SharedSchedule {
  /** Round 0 opens here (epoch ms). */
  readonly epochMs: number;
  /** A round every `periodMs`. */
  readonly periodMs: number;
  /** Bets are taken for this long after a round opens; then it is drawn. */
  readonly betMs: number;
}

export interface RoundTimes {
  readonly roundNo: number;
  readonly opensAt: number;
  /** Bets close and the round is drawn. */
  readonly closesAt: number;
  /** The next round opens (the draw's show ends). */
  readonly endsAt: number;
}

/** 2026-01-01T00:00:00Z: the schedules' common epoch. */
export const SHARED_EPOCH_MS = Date.UTC(2026, 0, 1);

export function scheduleError(schedule: SharedSchedule): string | null {
  if (!Number.isSafeInteger(schedule.periodMs) || schedule.periodMs < 1000) return 'period of at least 1 s';
  if (!Number.isSafeInteger(schedule.betMs) || schedule.betMs < 1000 || schedule.betMs >= schedule.periodMs) return 'betting window of 1 s to less than the period';
  return null;
}

/** The round open (or being shown) at `t`. */
export function roundNoAt(schedule: SharedSchedule, t: number): number {
  return Math.floor((t - schedule.epochMs) / schedule.periodMs);
}

export function roundTimes(schedule: SharedSchedule, roundNo: number): RoundTimes {
  const opensAt = schedule.epochMs + roundNo * schedule.periodMs;
  return { roundNo, opensAt, closesAt: opensAt + schedule.betMs, endsAt: opensAt + schedule.periodMs };
}

/** The public client seed of a shared round: fixed by the schedule before its server seed exists. */
export function sharedClientSeed(engine: string, room: string, roundNo: number): string {
  return `${engine}:${room}:${roundNo}`;
}

export function sharedSeeds(serverSeed: string, engine: string, room: string, roundNo: number): FairSeeds {
  return { serverSeed, clientSeed: sharedClientSeed(engine, room, roundNo), nonce: 0 };
}
