/**
 * The results pages' pure parts: the filter in the url (`?sport={id}&date=YYYY-MM-DD`),
 * UTC days (the results API counts days in UTC), and finished games grouped sport → champ
 * as the listings group games.
 */
import { buildPath, SPORTS } from '@betsite/domain';
import type { ResultItem, SportCount } from '@betsite/contracts';
import type { ResultType } from './api.ts';
import { idSlug, parseIdSlug } from './paths.ts';

/** Contracts `GAMES_PAGE_MAX`: the most results one answer holds. */
export const RESULTS_LIMIT = 200;

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of the UTC day `at` falls in. */
export function utcDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** A real calendar day written `YYYY-MM-DD` (not 2026-02-30), else null. */
export function parseDay(text: string | null | undefined): string | null {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const at = Date.parse(`${text}T00:00:00Z`);
  return Number.isFinite(at) && utcDay(at) === text ? text : null;
}

/** The day `days` after `day` (negative: before). */
export function shiftDay(day: string, days: number): string {
  return utcDay(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);
}

/** The last `count` UTC days up to the one of `now`, newest first. */
export function lastDays(now: number, count: number): string[] {
  const today = utcDay(now);
  return Array.from({ length: count }, (_, i) => shiftDay(today, -i));
}

export interface ResultsFilter {
  /** A sport of the catalogue, else null (all sports). */
  sportId: number | null;
  /** A UTC day, else null (the last 24 hours). */
  date: string | null;
}

/**
 * The filter of a results url. A value that makes no sense (an unknown sport, a day that
 * does not exist) is left out rather than answered with a 404: the page shows what it can.
 */
export function parseResultsFilter(search: URLSearchParams): ResultsFilter {
  const sportId = parseIdSlug(search.get('sport') ?? undefined);
  return {
    sportId: sportId !== null && SPORTS.some((s) => s.id === sportId) ? sportId : null,
    date: parseDay(search.get('date')),
  };
}

/** The query of a results url for this filter ('' for none), other parameters dropped. */
export function resultsSearch(filter: Partial<ResultsFilter>): string {
  const search = new URLSearchParams();
  if (filter.sportId !== undefined && filter.sportId !== null) search.set('sport', String(filter.sportId));
  if (filter.date) search.set('date', filter.date);
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/** `results` (every result) or `results/live`, with the filter's query. */
export function resultsPath(lng: string, type: ResultType = 'zone', filter: Partial<ResultsFilter> = {}): string {
  return `${buildPath('results', type === 'live' ? { type } : {}, lng)}${resultsSearch(filter)}`;
}

/** `champs` (every champ's results) or `champs/{id}-{slug}` (one champ's), with the day. */
export function champResultsPath(lng: string, champ: { id: number; name: string } | null, date: string | null = null): string {
  return `${buildPath('champs', champ ? { champId: idSlug(champ.id, champ.name) } : {}, lng)}${resultsSearch({ date })}`;
}

export interface ResultChampGroup {
  champId: number;
  champName: string;
  results: ResultItem[];
}

export interface ResultSportGroup {
  sportId: number;
  champs: ResultChampGroup[];
}

/** Sport → champ → results, each in the order it first appears (the API's: latest first). */
export function groupResults(results: readonly ResultItem[]): ResultSportGroup[] {
  const sports: ResultSportGroup[] = [];
  for (const result of results) {
    let sport = sports.find((s) => s.sportId === result.sportId);
    if (!sport) sports.push((sport = { sportId: result.sportId, champs: [] }));
    let champ = sport.champs.find((c) => c.champId === result.champId);
    if (!champ) sport.champs.push((champ = { champId: result.champId, champName: result.champName, results: [] }));
    champ.results.push(result);
  }
  return sports;
}

/** Sports counted over several answers (days) added up, the biggest first, ties in catalogue order. */
export function addSportCounts(lists: readonly (readonly SportCount[])[]): SportCount[] {
  const merged = new Map<number, SportCount>();
  for (const list of lists) for (const sport of list) merged.set(sport.id, { ...sport, count: (merged.get(sport.id)?.count ?? 0) + sport.count });
  const order = (id: number) => {
    const index = SPORTS.findIndex((s) => s.id === id);
    return index === -1 ? SPORTS.length : index;
  };
  return [...merged.values()].filter((s) => s.count > 0).sort((a, b) => b.count - a.count || order(a.id) - order(b.id));
}
