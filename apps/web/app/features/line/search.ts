/**
 * The pure half of the sports search (`sports-search.tsx`): what is worth asking the API,
 * the answer as the popup's groups (games with the ones in play first, teams, champs) with
 * their links, and a name split around the matched text.
 */
import type { ChampItem, GameCard, SearchResponse, TeamItem } from '@betsite/contracts';
import { SEARCH_QUERY_MAX, SEARCH_QUERY_MIN } from './api.ts';
import { sportOf } from './names.ts';
import { champPath, gameHref, teamPath } from './paths.ts';

/** How long typing has to pause before the API is asked. */
export const SEARCH_DEBOUNCE_MS = 250;
/** Answers of each kind the popup shows. */
export const SEARCH_LIMIT = 10;

/** The query the API gets for what was typed (trimmed, at most 64 characters); null while it is too short. */
export function searchTerm(text: string): string | null {
  const term = text.trim().slice(0, SEARCH_QUERY_MAX).trim();
  return [...term].length >= SEARCH_QUERY_MIN ? term : null;
}

export type SearchOption =
  | { kind: 'game'; key: string; href: string; game: GameCard }
  | { kind: 'team'; key: string; href: string; team: TeamItem }
  | { kind: 'champ'; key: string; href: string; champ: ChampItem };

export type SearchGroupKind = 'games' | 'teams' | 'champs';

export interface SearchGroup {
  kind: SearchGroupKind;
  options: SearchOption[];
}

/** Games in play first (they are what people look for), then by kick-off; the API's order otherwise. */
export function orderGames(games: readonly GameCard[]): GameCard[] {
  const playing = (g: GameCard) => (g.isLive && !g.isFinished ? 0 : 1);
  return games
    .map((game, index) => ({ game, index }))
    .sort((a, b) => playing(a.game) - playing(b.game) || a.game.startsAt - b.game.startsAt || a.index - b.index)
    .map((x) => x.game);
}

/**
 * The popup's groups in their order — Games, Teams, Competitions — without the empty ones.
 * On the cyber pages (`cyber`) an esports game links to its cyber page.
 */
export function searchGroups(answer: SearchResponse, lng: string, options: { cyber?: boolean } = {}): SearchGroup[] {
  const groups: SearchGroup[] = [
    {
      kind: 'games',
      options: orderGames(answer.games).map((game) => ({
        kind: 'game',
        key: `game-${game.id}`,
        href: gameHref(game, lng, { cyber: options.cyber === true && sportOf(game.sportId)?.isCyber === true }),
        game,
      })),
    },
    { kind: 'teams', options: answer.teams.map((team) => ({ kind: 'team', key: `team-${team.id}`, href: teamPath(team, lng), team })) },
    { kind: 'champs', options: answer.champs.map((champ) => ({ kind: 'champ', key: `champ-${champ.id}`, href: champPath(champ, lng), champ })) },
  ];
  return groups.filter((g) => g.options.length > 0);
}

/** Every option of the groups in the order the arrow keys walk them. */
export function flatOptions(groups: readonly SearchGroup[]): SearchOption[] {
  return groups.flatMap((g) => g.options);
}

/** The option after (+1) or before (−1) the highlighted one, going round; −1 (none) when there are none. */
export function moveActive(active: number, step: 1 | -1, count: number): number {
  if (count === 0) return -1;
  if (active < 0 || active >= count) return step === 1 ? 0 : count - 1;
  return (active + step + count) % count;
}

export interface TextPart {
  text: string;
  match: boolean;
}

const REGEXP_SYNTAX = /[\\^$.*+?()[\]{}|/]/g;

/** The text with every regular-expression character escaped (valid with the `u` flag). */
export function escapeRegExp(text: string): string {
  return text.replace(REGEXP_SYNTAX, '\\$&');
}

/**
 * The name cut into the parts that match the query (any case, every occurrence) and the
 * rest, in order; the whole name unmatched when the query is empty or not in it.
 */
export function highlightParts(text: string, term: string): TextPart[] {
  const needle = term.trim();
  if (needle === '' || text === '') return text === '' ? [] : [{ text, match: false }];
  // A capturing group keeps the matches in the split: odd places are matches.
  const pieces = text.split(new RegExp(`(${escapeRegExp(needle)})`, 'iu'));
  return pieces.map((piece, i) => ({ text: piece, match: i % 2 === 1 })).filter((p) => p.text !== '');
}
