/**
 * A standings table from finished games: a win is worth 3 points, a draw 1, a loss 0; a
 * cancelled game counts for nothing. Pure: the statistic page feeds it the results it has
 * (only the games this site carried, so not an official table).
 */
import { GAME_STATUS, type Score } from './score.ts';

export const STANDING_POINTS = { win: 3, draw: 1, loss: 0 } as const;

export interface StandingTeam {
  id: number;
  name: string;
}

/** A game as the table needs it (the line API's results have this shape). */
export interface StandingGame {
  status: number;
  home: StandingTeam;
  away: StandingTeam;
  /** The final score: goals, points, sets… as the sport scores a game. */
  score: Score;
}

export interface StandingRow {
  team: StandingTeam;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  scored: number;
  conceded: number;
  diff: number;
  points: number;
}

/** A game that has a result to count (finished, not cancelled). */
export const countsInStandings = (game: Pick<StandingGame, 'status'>): boolean => game.status === GAME_STATUS.finished;

/**
 * One row per team that played, best first: points, then the difference, then the scored,
 * then the name (and the id, so equal names still come out in one order).
 */
export function computeStandings(games: readonly StandingGame[]): StandingRow[] {
  const rows = new Map<number, StandingRow>();
  const rowOf = (team: StandingTeam) => {
    let row = rows.get(team.id);
    if (!row) rows.set(team.id, (row = { team: { id: team.id, name: team.name }, played: 0, won: 0, drawn: 0, lost: 0, scored: 0, conceded: 0, diff: 0, points: 0 }));
    return row;
  };
  const add = (row: StandingRow, scored: number, conceded: number) => {
    row.played += 1;
    row.scored += scored;
    row.conceded += conceded;
    row.diff = row.scored - row.conceded;
    if (scored > conceded) {
      row.won += 1;
      row.points += STANDING_POINTS.win;
    } else if (scored < conceded) {
      row.lost += 1;
      row.points += STANDING_POINTS.loss;
    } else {
      row.drawn += 1;
      row.points += STANDING_POINTS.draw;
    }
  };
  for (const game of games) {
    // A team cannot meet itself: such a row is bad data, not a game.
    if (!countsInStandings(game) || game.home.id === game.away.id) continue;
    add(rowOf(game.home), game.score.home, game.score.away);
    add(rowOf(game.away), game.score.away, game.score.home);
  }
  return [...rows.values()].sort(
    (a, b) => b.points - a.points || b.diff - a.diff || b.scored - a.scored || (a.team.name < b.team.name ? -1 : a.team.name > b.team.name ? 1 : 0) || a.team.id - b.team.id,
  );
}
