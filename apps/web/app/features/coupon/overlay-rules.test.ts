import { describe, expect, it } from 'vitest';
import { REMINDER_LINE_MS, REMINDER_LIVE_MS, reminderDelay, remoteSelection, remoteUpdate } from './overlay-rules.ts';

describe('the reminder (SPEC §4, §9)', () => {
  it('is due after 30 s with a live bet, 5 minutes otherwise, never without a playable bet', () => {
    expect(reminderDelay([])).toBeNull();
    expect(reminderDelay([{ isLive: true, blocked: true }])).toBeNull();
    expect(reminderDelay([{ isLive: false, blocked: false }])).toBe(REMINDER_LINE_MS);
    expect(reminderDelay([{ isLive: false, blocked: false }, { isLive: true, blocked: false }])).toBe(REMINDER_LIVE_MS);
    expect(REMINDER_LIVE_MS).toBe(30_000);
    expect(REMINDER_LINE_MS).toBe(300_000);
  });
});

describe('remote apps (SPEC §7 browser events)', () => {
  const pick = { gameId: 5, outcomeKey: '1x2:match/home', coef: 1.9, home: { id: 1, name: 'A' }, away: { id: 2, name: 'B' }, pickName: '1' };

  it('adds a well-formed selection and refuses anything else', () => {
    expect(remoteSelection(pick)).toMatchObject({ id: '5|1x2:match/home', gameId: 5, coef: 1.9, pickName: '1', isLive: false });
    expect(remoteSelection({ ...pick, coef: 1.0001 })).toBeNull();
    expect(remoteSelection({ ...pick, gameId: '5' })).toBeNull();
    expect(remoteSelection({ ...pick, home: null })).toBeNull();
    expect(remoteSelection('x')).toBeNull();
  });

  it('updates odds by selection id or by game and outcome', () => {
    expect(remoteUpdate({ id: '5|1x2:match/home', coef: 2.05 })).toEqual({ id: '5|1x2:match/home', coef: 2.05 });
    expect(remoteUpdate({ gameId: 5, outcomeKey: 'k', coef: 2 })).toEqual({ id: '5|k', coef: 2 });
    expect(remoteUpdate({ id: 'nope', coef: 2 })).toBeNull();
    expect(remoteUpdate({ id: '5|k', coef: 0.5 })).toBeNull();
  });
});
