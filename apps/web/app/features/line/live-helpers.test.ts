import { describe, expect, it } from 'vitest';
import type { GameDelta, SportCount } from '@betsite/contracts';
import { isOutcomeNowLocked, outcomeAfterDelta, outcomeInGame } from './selection-list.tsx';
import { applyCounts, concernsList, countsDiffer } from './use-section-live.ts';
import { detail } from './testing.ts';

const delta = (patch: Partial<GameDelta>): GameDelta => ({ gameId: 101, at: 1, ...patch });

describe('a selection followed live', () => {
  it('starts from the game snapshot, and is gone when the game no longer offers it', () => {
    expect(outcomeInGame(detail(), '1x2:match/home')).toEqual({ coef: 2.1, blocked: false, suspended: false, finished: false, isLive: false });
    expect(outcomeInGame(detail(), 'btts:match/yes')).toBeNull();
  });

  it('takes its new price, its locks and the game’s end from deltas', () => {
    const start = outcomeInGame(detail(), '1x2:match/home')!;
    expect(outcomeAfterDelta(start, delta({ suspended: false }), '1x2:match/home')).toBe(start);
    const moved = outcomeAfterDelta(start, delta({ markets: [{ key: '1x2:match', blocked: false, outcomes: [{ key: '1x2:match/home', coef: 2.4, blocked: false }] }] }), '1x2:match/home');
    expect(moved.coef).toBe(2.4);
    const suspended = outcomeAfterDelta(moved, delta({ suspended: true }), '1x2:match/home');
    expect(isOutcomeNowLocked(suspended)).toBe(true);
    const blockedMarket = outcomeAfterDelta(outcomeAfterDelta(suspended, delta({ suspended: false }), '1x2:match/home'), delta({ markets: [{ key: '1x2:match', blocked: true, outcomes: [{ key: '1x2:match/home', coef: 2.4, blocked: false }] }] }), '1x2:match/home');
    expect(blockedMarket).toMatchObject({ blocked: true, suspended: false });
    expect(isOutcomeNowLocked(outcomeAfterDelta(start, delta({ isFinished: true, isLive: false }), '1x2:match/home'))).toBe(true);
    // Another outcome's price leaves this one alone.
    expect(outcomeAfterDelta(start, delta({ markets: [{ key: '1x2:match', blocked: false, outcomes: [{ key: '1x2:match/away', coef: 9, blocked: false }] }] }), '1x2:match/home')).toBe(start);
  });
});

describe('a listing following its section', () => {
  const sports: SportCount[] = [
    { id: 1, slug: 'football', name: 'Football', isCyber: false, count: 3 },
    { id: 4, slug: 'tennis', name: 'Tennis', isCyber: false, count: 1 },
  ];

  it('moves the counts of the sports it lists only', () => {
    const next = applyCounts(sports, [{ sportId: 4, count: 2 }, { sportId: 99, count: 5 }]);
    expect(next.map((s) => s.count)).toEqual([3, 2]);
    expect(next[0]).toBe(sports[0]);
    expect(applyCounts(sports, [])).toBe(sports);
  });

  it('loads again when a shown game leaves or a game arrives where it looks', () => {
    const shown = new Set([10, 11]);
    expect(concernsList({ added: [], removed: [11], counts: [] }, shown, [1])).toBe(true);
    expect(concernsList({ added: [], removed: [99], counts: [] }, shown, null)).toBe(false);
    expect(concernsList({ added: [12], removed: [], counts: [{ sportId: 1, count: 4 }] }, shown, null)).toBe(true);
    expect(concernsList({ added: [12], removed: [], counts: [{ sportId: 1, count: 4 }] }, shown, [1])).toBe(true);
    expect(concernsList({ added: [12], removed: [], counts: [{ sportId: 4, count: 2 }] }, shown, [1])).toBe(false);
  });

  it('loads again when the first counts of the topic are not those loaded (the list changed in between)', () => {
    const same = [{ sportId: 1, count: 3 }, { sportId: 4, count: 1 }, { sportId: 99, count: 5 }];
    // A sport the page does not list (a hidden one) does not count.
    expect(countsDiffer(sports, same)).toBe(false);
    expect(countsDiffer(sports, [{ sportId: 1, count: 2 }, { sportId: 4, count: 1 }])).toBe(true);
    // A listed sport gone from the topic has no games left.
    expect(countsDiffer(sports, [{ sportId: 1, count: 3 }])).toBe(true);
  });
});
