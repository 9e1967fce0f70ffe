/**
 * The statistic page's choices: which days it looks at, which champs the results offer,
 * its url. The table itself is the domain's `computeStandings`.
 */
import { buildPath, countsInStandings } from '@betsite/domain';
import type { ResultItem } from '@betsite/contracts';

/** How many days back the statistic looks (UTC days, today's included). */
export const STATISTIC_DAYS = 7;

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
    if (!countsInStandings(result)) continue;
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
