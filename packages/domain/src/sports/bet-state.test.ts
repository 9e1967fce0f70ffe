import { describe, expect, it } from 'vitest';
import { isBetFinished, isBetLive, isBetLocked } from './bet-state.ts';

describe('SPEC §4 bet state', () => {
  it('counts a bet as live on a running timer, live-in-live, status 2 or 3, or a live market', () => {
    expect(isBetLive({})).toBe(false);
    expect(isBetLive({ gameStatusId: 1 })).toBe(false);
    expect(isBetLive({ gameTimeSec: 0 })).toBe(false);
    expect(isBetLive({ gameTimeSec: 120 })).toBe(true);
    expect(isBetLive({ gameIsLiveInLive: true })).toBe(true);
    expect(isBetLive({ gameStatusId: 2 })).toBe(true);
    expect(isBetLive({ gameStatusId: 3 })).toBe(true);
    expect(isBetLive({ market: { isLive: true } })).toBe(true);
    expect(isBetLive({ market: { isLive: false } })).toBe(false);
  });

  it('never counts a finished game as live', () => {
    expect(isBetLive({ gameIsFinished: true, gameTimeSec: 5400, market: { isLive: true } })).toBe(false);
    expect(isBetLive({ gameStatusId: 4, market: { isLive: true } })).toBe(false);
    expect(isBetFinished({ gameIsFinished: true })).toBe(true);
    expect(isBetFinished({ gameStatusId: 4 })).toBe(true);
    expect(isBetFinished({ gameStatusId: 2 })).toBe(false);
    expect(isBetFinished({})).toBe(false);
  });

  it('locks a bet that is blocked, dependent or banned from express', () => {
    expect(isBetLocked({})).toBe(false);
    expect(isBetLocked({ isBlocked: true })).toBe(true);
    expect(isBetLocked({ isDepend: true })).toBe(true);
    expect(isBetLocked({ isBannedExpress: true })).toBe(true);
    expect(isBetLocked({ isBlocked: false, isDepend: false, isBannedExpress: false })).toBe(false);
  });
});
