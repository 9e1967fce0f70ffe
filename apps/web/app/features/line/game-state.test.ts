import { describe, expect, it } from 'vitest';
import type { GameDelta } from '@betsite/contracts';
import {
  applyGameDelta,
  clockSeconds,
  directionOf,
  DIRECTION_MS,
  expireMarks,
  formatClock,
  markMoves,
  mergeSnapshot,
  nextExpiry,
  NO_MARKS,
  priceMoves,
} from './game-state.ts';
import { card, detail } from './testing.ts';

const delta = (patch: Partial<GameDelta>): GameDelta => ({ gameId: 101, at: 1_000, ...patch });
const coefOf = (game: ReturnType<typeof card>, key: string) => game.markets.flatMap((m) => m.outcomes).find((o) => o.key === key)?.coef;

describe('applying a game delta', () => {
  it('sets the changed prices and blocked flags of the markets it names, leaving the rest and the old game alone', () => {
    const game = card();
    const next = applyGameDelta(
      game,
      delta({ markets: [{ key: '1x2:match', blocked: false, outcomes: [{ key: '1x2:match/home', coef: 2.25, blocked: false }, { key: '1x2:match/away', coef: 3.0, blocked: true }] }] }),
    );
    expect(coefOf(next, '1x2:match/home')).toBe(2.25);
    expect(coefOf(next, '1x2:match/draw')).toBe(3.4);
    expect(next.markets[0]?.outcomes[2]?.blocked).toBe(true);
    expect(next.markets[1]).toBe(game.markets[1]);
    expect(coefOf(game, '1x2:match/home')).toBe(2.1);
  });

  it('takes the scoreboard, the status and the suspension', () => {
    const live = { period: 2, clock: { seconds: 3000, running: true, rate: 1, at: 5_000 }, score: { home: 1, away: 0 }, periods: [{ home: 1, away: 0 }, { home: 0, away: 0 }] };
    const next = applyGameDelta(card(), delta({ status: 2, isLive: true, live, suspended: true }));
    expect(next).toMatchObject({ status: 2, isLive: true, live, suspended: true });
    expect(applyGameDelta(next, delta({ suspended: false })).suspended).toBe(false);
  });

  it('settles the outcomes and records the result of a finished game', () => {
    const result = { score: { home: 2, away: 1 }, periods: [{ home: 1, away: 1 }, { home: 1, away: 0 }], finishedAt: 9_000, cancelled: false };
    const next = applyGameDelta(detail(), delta({ status: 4, isLive: false, isFinished: true, result, settlements: { '1x2:match/home': 1, '1x2:match/draw': 0, 'total:match@2.5/over': 1 } }));
    expect(next.isFinished).toBe(true);
    expect(next.result).toEqual(result);
    const statuses = Object.fromEntries(next.markets.flatMap((m) => m.outcomes).map((o) => [o.key, o.status]));
    expect(statuses['1x2:match/home']).toBe(1);
    expect(statuses['1x2:match/draw']).toBe(0);
    expect(statuses['total:match@2.5/over']).toBe(1);
    expect(statuses['1x2:match/away']).toBeUndefined();
  });

  it("ignores another game's delta and markets the game does not have", () => {
    const game = card();
    expect(applyGameDelta(game, delta({ gameId: 999, suspended: true }))).toBe(game);
    const next = applyGameDelta(game, delta({ markets: [{ key: 'btts:match', blocked: false, outcomes: [{ key: 'btts:match/yes', coef: 1.5, blocked: false }] }] }));
    expect(next.markets).toEqual(game.markets);
  });

  it('applies the same delta twice without harm (deltas set state)', () => {
    const d = delta({ markets: [{ key: 'total:match@2.5', blocked: true, outcomes: [{ key: 'total:match@2.5/over', coef: 1.7, blocked: false }] }] });
    const once = applyGameDelta(card(), d);
    expect(applyGameDelta(once, d)).toEqual(once);
  });
});

describe('taking a snapshot in', () => {
  it('keeps only the markets a card shows, with their fresh prices', () => {
    const snapshot = detail({ suspended: true, marketsCount: 5 });
    snapshot.markets[0] = { ...snapshot.markets[0]!, outcomes: snapshot.markets[0]!.outcomes.map((o) => ({ ...o, coef: o.coef + 0.1 })) };
    const next = mergeSnapshot(card(), snapshot, 'card');
    expect(next.markets.map((m) => m.key)).toEqual(['1x2:match', 'total:match@2.5']);
    expect(coefOf(next, '1x2:match/home')).toBeCloseTo(2.2);
    expect(next.suspended).toBe(true);
    expect('result' in next).toBe(false);
  });

  it('takes every market on the game page', () => {
    expect(mergeSnapshot(detail({ markets: [] }), detail(), 'full').markets).toHaveLength(5);
  });

  it("ignores another game's snapshot", () => {
    const game = card();
    expect(mergeSnapshot(game, detail({ id: 5 }), 'full')).toBe(game);
  });
});

describe('price directions', () => {
  it('tell which outcomes went up and which down', () => {
    const before = card();
    const after = applyGameDelta(before, delta({ markets: [{ key: '1x2:match', blocked: false, outcomes: [{ key: '1x2:match/home', coef: 2.3, blocked: false }, { key: '1x2:match/draw', coef: 3.4, blocked: false }, { key: '1x2:match/away', coef: 3.0, blocked: false }] }] }));
    expect(Object.fromEntries(priceMoves(before, after))).toEqual({ '1x2:match/home': 'up', '1x2:match/away': 'down' });
    expect(priceMoves(before, before).size).toBe(0);
  });

  it('show for two seconds after the move; a later move replaces an earlier one', () => {
    let marks = markMoves(NO_MARKS, new Map([['a', 'up' as const]]), 1_000);
    expect(directionOf(marks, 'a')).toBe('up');
    expect(nextExpiry(marks)).toBe(1_000 + DIRECTION_MS);
    marks = markMoves(marks, new Map([['a', 'down' as const], ['b', 'up' as const]]), 2_000);
    expect(directionOf(marks, 'a')).toBe('down');
    expect(expireMarks(marks, 2_500)).toBe(marks);
    const later = expireMarks(marks, 2_000 + DIRECTION_MS);
    expect(directionOf(later, 'a')).toBeNull();
    expect(directionOf(later, 'b')).toBeNull();
    expect(nextExpiry(later)).toBeNull();
    expect(markMoves(marks, new Map(), 5_000)).toBe(marks);
  });
});

describe('the game clock', () => {
  it('runs from its last reading at its rate, and stands while stopped', () => {
    const clock = { seconds: 600, running: true, rate: 1, at: 10_000 };
    expect(clockSeconds(clock, 10_000)).toBe(600);
    expect(clockSeconds(clock, 75_500)).toBe(665);
    expect(clockSeconds({ ...clock, rate: 30 }, 12_000)).toBe(660);
    expect(clockSeconds({ ...clock, running: false }, 99_000)).toBe(600);
    // A browser clock behind the reading never runs the clock backwards.
    expect(clockSeconds(clock, 5_000)).toBe(600);
  });

  it('prints minutes and seconds, minutes past an hour included', () => {
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(65)).toBe('01:05');
    expect(formatClock(93 * 60 + 5)).toBe('93:05');
  });
});
