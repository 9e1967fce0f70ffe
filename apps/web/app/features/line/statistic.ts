/**
 * The statistic page's table: a standings-like summary of a champ computed from its
 * finished games (the results API), not an official table — only the games this site
 * carried in the period count. A win is worth 3 points and a draw 1 (a loss 0); a
 * cancelled game counts for nothing.
 */
import { buildPath } from '@betsite/domain';
import type { ResultItem } from '@betsite/contracts';

/** How many days back the statistic looks (UTC days, today's included). */
export const STATISTIC_DAYS = 7;

export const POINTS = { win: 3, draw: 1, loss: 0 } as const;

export interface StandingRow {
  team: { id: number; name: string };
  played: number;
  won: number;
  drawn: number;
  lost: number;
  /** Goals, points, sets… as the sport scores a game (the final score). */
  scored: number;
  conceded: number;
  diff: number;
  points: number;
}

/** A game that has a result to count (finished, not cancelled). */
export const counts = (result: Pick<ResultItem, 'status'>) => result.status === 4;

/**
 * One row per team that played, best first: points, then the difference, then the scored,
 * then the name (and the id, so equal names still come out in one order).
 */
export function computeStandings(results: readonly ResultItem[]): StandingRow[] {
  const rows = new Map<number, StandingRow>();
  const rowOf = (team: { id: number; name: string }) => {
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
      row.points += POINTS.win;
    } else if (scored < conceded) {
      row.lost += 1;
      row.points += POINTS.loss;
    } else {
      row.drawn += 1;
      row.points += POINTS.draw;
    }
  };
  for (const result of results) {
    // A team cannot meet itself: such a row is bad data, not a game.
    if (!counts(result) || result.home.id === result.away.id) continue;
    add(rowOf(result.home), result.score.home, result.score.away);
    add(rowOf(result.away), result.score.away, result.score.home);
  }
  return [...rows.values()].sort(
    (a, b) => b.points - a.points || b.diff - a.diff || b.scored - a.scored || (a.team.name < b.team.name ? -1 : a.team.name > b.team.name ? 1 : 0) || a.team.id - b.team.id,
  );
}

export interface ResultChamp {
  id: number;
  name: string;
  sportId: number;
  /** Finished games of the champ in the results. */
  count: number;
}

/** The champs the results are of, the one with most finished games first, then by name. */
export function champsOfResults(results: readonly ResultItem[]): ResultChamp[] {
  const champs = new Map<number, ResultChamp>();
  for (const result of results) {
    if (!counts(result)) continue;
    const champ = champs.get(result.champId);
    if (champ) champ.count += 1;
    else champs.set(result.champId, { id: result.champId, name: result.champName, sportId: result.sportId, count: 1 });
  }
  return [...champs.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'en') || a.id - b.id);
}

/** `statistic` (or the popup) for a sport and a champ. */
export function statisticPath(lng: string, choice: { sportId?: number | null; champId?: number | null } = {}, popup = false): string {
  const search = new URLSearchParams();
  if (choice.sportId) search.set('sport', String(choice.sportId));
  if (choice.champId) search.set('champ', String(choice.champId));
  const text = search.toString();
  return `${buildPath(popup ? 'statisticpopup' : 'statistic', {}, lng)}${text === '' ? '' : `?${text}`}`;
}
