import { describe, expect, it } from 'vitest';
import type { ResultItem } from '@betsite/contracts';
import { champsOfResults, statisticPath } from './statistic.ts';

const team = (id: number) => ({ id, name: `Team ${String.fromCharCode(64 + id)}` });

function game(id: number, home: number, away: number, score: [number, number], status = 4, champ: [number, string] = [7, 'Premier League']): ResultItem {
  return {
    id,
    sportId: 1,
    champId: champ[0],
    champName: champ[1],
    home: team(home),
    away: team(away),
    startsAt: 0,
    finishedAt: 0,
    status,
    score: { home: score[0], away: score[1] },
    periods: [],
  };
}

describe('the champs of the results', () => {
  it('lists the champs with finished games, the busiest first', () => {
    const la = [8, 'La Liga'] as [number, string];
    expect(champsOfResults([game(1, 1, 2, [1, 0]), game(2, 3, 4, [1, 0], 4, la), game(3, 5, 6, [0, 0], 4, la), game(4, 1, 2, [0, 0], 5)])).toEqual([
      { id: 8, name: 'La Liga', sportId: 1, count: 2 },
      { id: 7, name: 'Premier League', sportId: 1, count: 1 },
    ]);
  });
});

describe('the statistic url', () => {
  it('carries the sport and the champ', () => {
    expect(statisticPath('en')).toBe('/en/statistic');
    expect(statisticPath('en', { sportId: 1, champId: 7 })).toBe('/en/statistic?sport=1&champ=7');
    expect(statisticPath('ru', { sportId: 4 }, true)).toBe('/ru/statisticpopup?sport=4');
  });
});
