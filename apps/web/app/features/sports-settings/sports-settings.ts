/**
 * What the "Sports in line and live" panel works with (SPEC §3 disallow_line_sport /
 * disallow_live_sport, §7 "save disallowed sports (line, live)"): the player's hidden
 * sports per section. The panel shows the opposite — the sports *shown* — so a ticked box
 * is a sport not in the list.
 */
import { SPORTS, type SportInfo } from '@betsite/domain';
import type { DisallowedSports } from '@betsite/contracts';

export type SportsSection = keyof DisallowedSports;
export const SPORTS_SECTIONS: readonly SportsSection[] = ['line', 'live'];

export const NO_HIDDEN_SPORTS: DisallowedSports = { line: [], live: [] };

/** The sports a player can hide, in the book's order. */
export const SETTINGS_SPORTS: readonly SportInfo[] = SPORTS;

const KNOWN = new Set<number>(SPORTS.map((s) => s.id));
const ascending = (ids: Iterable<number>) => [...new Set(ids)].sort((a, b) => a - b);

/** A light shape check of the server's answer (zod stays out of the browser bundle). */
export function isDisallowedSports(value: unknown): value is DisallowedSports {
  if (typeof value !== 'object' || value === null) return false;
  const lists = value as Record<string, unknown>;
  return SPORTS_SECTIONS.every((section) => Array.isArray(lists[section]) && (lists[section] as unknown[]).every((id) => Number.isInteger(id)));
}

/** The lists with `sportId` shown (removed) or hidden (added) in `section`; sorted, each id once. */
export function setShown(lists: DisallowedSports, section: SportsSection, sportId: number, shown: boolean): DisallowedSports {
  const rest = lists[section].filter((id) => id !== sportId);
  return { ...lists, [section]: ascending(shown ? rest : [...rest, sportId]) };
}

/** Every sport shown or every sport hidden in `section`. */
export function setAllShown(lists: DisallowedSports, section: SportsSection, shown: boolean): DisallowedSports {
  return { ...lists, [section]: shown ? [] : ascending(SETTINGS_SPORTS.map((s) => s.id)) };
}

export function isShown(lists: DisallowedSports, section: SportsSection, sportId: number): boolean {
  return !lists[section].includes(sportId);
}

/** Whether two states hide the same sports (order does not matter). */
export function sameLists(a: DisallowedSports, b: DisallowedSports): boolean {
  return SPORTS_SECTIONS.every((section) => {
    const [x, y] = [ascending(a[section]), ascending(b[section])];
    return x.length === y.length && x.every((id, i) => id === y[i]);
  });
}

/** The saved lists as the panel keeps them: sorted, without ids this build does not know (it could not send them back). */
export function normalise(lists: DisallowedSports): DisallowedSports {
  return { line: ascending(lists.line.filter((id) => KNOWN.has(id))), live: ascending(lists.live.filter((id) => KNOWN.has(id))) };
}
