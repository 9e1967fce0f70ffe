import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STANDING_POINTS as POINTS, computeStandings, type StandingGame } from './standings.ts';

const team = (id: number) => ({ id, name: `Team ${String.fromCharCode(64 + id)}` });

/** A finished (4) or cancelled (5) game; `id` orders the shuffles. */
function game(id: number, home: number, away: number, score: [number, number], status = 4): StandingGame & { id: number } {
  return { id, status, home: team(home), away: team(away), score: { home: score[0], away: score[1] } };
}

describe('the standings of a champ', () => {
  it('counts played, won, drawn, lost, scored, conceded and points, best first', () => {
    const rows = computeStandings([game(1, 1, 2, [2, 0]), game(2, 2, 3, [1, 1]), game(3, 3, 1, [0, 3]), game(4, 1, 3, [5, 5], 5)]);
    expect(rows.map((r) => [r.team.name, r.played, r.won, r.drawn, r.lost, r.scored, r.conceded, r.diff, r.points])).toEqual([
      ['Team A', 2, 2, 0, 0, 5, 0, 5, 6],
      ['Team B', 2, 0, 1, 1, 1, 3, -2, 1],
      ['Team C', 2, 0, 1, 1, 1, 4, -3, 1],
    ]);
  });

  it('leaves out cancelled games and a team that meets itself', () => {
    expect(computeStandings([game(1, 1, 2, [1, 0], 5), game(2, 3, 3, [1, 0])])).toEqual([]);
  });

  it('orders ties by difference, then scored, then name', () => {
    const rows = computeStandings([game(1, 1, 2, [1, 0]), game(2, 3, 4, [3, 2]), game(3, 5, 6, [3, 2])]);
    expect(rows.map((r) => r.team.name)).toEqual(['Team C', 'Team E', 'Team A', 'Team D', 'Team F', 'Team B']);
  });

  const results = fc
    .array(
      fc.record({
        home: fc.integer({ min: 1, max: 8 }),
        away: fc.integer({ min: 1, max: 8 }),
        score: fc.tuple(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 12 })),
        cancelled: fc.boolean(),
      }),
      { maxLength: 60 },
    )
    .map((list) => list.map((g, i) => game(i + 1, g.home, g.away, g.score, g.cancelled ? 5 : 4)));

  it('adds up: every game counted twice, wins match losses, goals scored match goals conceded, points match results', () => {
    fc.assert(
      fc.property(results, (list) => {
        const played = list.filter((g) => g.status === 4 && g.home.id !== g.away.id);
        const draws = played.filter((g) => g.score.home === g.score.away).length;
        const decisive = played.length - draws;
        const goals = played.reduce((sum, g) => sum + g.score.home + g.score.away, 0);
        const rows = computeStandings(list);
        const sum = (key: 'played' | 'won' | 'drawn' | 'lost' | 'scored' | 'conceded' | 'diff' | 'points') => rows.reduce((s, r) => s + r[key], 0);

        expect(sum('played')).toBe(2 * played.length);
        expect(sum('won')).toBe(decisive);
        expect(sum('lost')).toBe(decisive);
        expect(sum('drawn')).toBe(2 * draws);
        expect(sum('scored')).toBe(goals);
        expect(sum('conceded')).toBe(goals);
        expect(sum('diff')).toBe(0);
        expect(sum('points')).toBe(decisive * (POINTS.win + POINTS.loss) + draws * 2 * POINTS.draw);
        expect(new Set(rows.map((r) => r.team.id)).size).toBe(rows.length);
        for (const row of rows) {
          expect(row.played).toBe(row.won + row.drawn + row.lost);
          expect(row.diff).toBe(row.scored - row.conceded);
          expect(row.points).toBe(row.won * POINTS.win + row.drawn * POINTS.draw + row.lost * POINTS.loss);
        }
        for (let i = 1; i < rows.length; i++) {
          const [a, b] = [rows[i - 1]!, rows[i]!];
          expect(a.points > b.points || (a.points === b.points && a.diff >= b.diff)).toBe(true);
        }
      }),
    );
  });

  it('does not depend on the order of the results', () => {
    fc.assert(
      fc.property(results, fc.func(fc.integer()), (list, key) => {
        const shuffled = [...list].sort((a, b) => key(a.id) - key(b.id));
        expect(computeStandings(shuffled)).toEqual(computeStandings(list));
      }),
    );
  });
});

