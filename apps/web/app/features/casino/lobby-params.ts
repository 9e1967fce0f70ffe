/**
 * What a casino url asks the lobby for (SPEC §2 casino routes): the category of the route,
 * the nearest category when it has no games of its own (never an empty page), and the sort,
 * provider and search of the query string. Pure, shared by the loader and the page.
 */
import type { CasinoSort } from '@betsite/contracts';
import { SEARCH_MAX, SEARCH_MIN } from './api.ts';

export const SORTS: readonly CasinoSort[] = ['popular', 'new', 'az'];
export const DEFAULT_SORT: CasinoSort = 'popular';

export interface LobbyParams {
  sort: CasinoSort;
  provider: string | null;
  /** The search as typed (trimmed); sent to the API only from `SEARCH_MIN` characters. */
  q: string;
}

const PROVIDER = /^[a-z0-9-]{1,40}$/;

/** `?sort=&provider=&q=` of a casino url; anything unknown falls back to the default. */
export function parseLobbyParams(search: URLSearchParams): LobbyParams {
  const sort = search.get('sort');
  const provider = search.get('provider');
  return {
    sort: SORTS.includes(sort as CasinoSort) ? (sort as CasinoSort) : DEFAULT_SORT,
    provider: provider !== null && PROVIDER.test(provider) ? provider : null,
    q: (search.get('q') ?? '').trim().slice(0, SEARCH_MAX),
  };
}

/** Whether a search is long enough to ask the API. */
export const searchable = (q: string): boolean => q.trim().length >= SEARCH_MIN;

/** The query string for `params` (defaults left out, so the canonical url stays bare). */
export function lobbySearch(params: Partial<LobbyParams>): string {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.provider) search.set('provider', params.provider);
  if (params.sort && params.sort !== DEFAULT_SORT) search.set('sort', params.sort);
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/**
 * A lobby section: its heading key (casino dictionary `section_*`), the category it lists
 * (null: every game), the categories to show instead when it has none (in order; the last
 * resort is every game), and categories left out (other games are everything but slots).
 */
export interface LobbySection {
  key: string;
  category: string | null;
  nearest: readonly string[];
  exclude?: readonly string[];
  /** Sort this section asks for when the url names none (slots/new). */
  sort?: CasinoSort;
}

const section = (key: string, category: string | null, nearest: readonly string[] = [], extra: Partial<LobbySection> = {}): LobbySection => ({ key, category, nearest, ...extra });

/** Sections by route name (the lobby pages of the route table). */
const SECTIONS: Readonly<Record<string, LobbySection>> = {
  casino: section('all', null),
  'casino-lobby': section('all', null),
  'casino-brand': section('brand', null),
  slots: section('slots', 'slots'),
  'slots-vulkan': section('slots', 'slots'),
  poker: section('poker', 'poker', ['video-poker', 'card-games']),
  bingo: section('bingo', 'bingo', ['keno', 'tvgames']),
  keno: section('keno', 'keno', ['tvgames']),
  scratchcards: section('scratchcards', 'scratchcards', ['fast-games']),
  tvgames: section('tvgames', 'tvgames', ['live']),
  virtualsports: section('virtualsports', 'virtualsports', ['tvgames']),
  'fast-games': section('fast_games', 'fast-games', ['crash-games']),
  'fast-bet': section('fast_bet', 'fast-games', ['crash-games']),
  // No game of our studio is a fishing/hunting shooter or an Asian table game: the nearest.
  fishinghunting: section('fishinghunting', 'fishinghunting', ['fast-games', 'slots']),
  'asian-games': section('asian_games', 'asian-games', ['roulette', 'card-games']),
  'card-games': section('card_games', 'card-games', ['video-poker']),
  'crash-games': section('crash_games', 'crash-games', ['fast-games']),
  'skill-games': section('skill_games', 'skill-games', ['card-games', 'fast-games']),
  othergames: section('othergames', null, [], { exclude: ['slots'] }),
};

/** Subcategories of `casino/…` and `slots/…` that are an order, not a filter. */
const SORT_SUBCATEGORIES: Readonly<Record<string, CasinoSort>> = { new: 'new', popular: 'popular', az: 'az' };
const SLUG = /^[a-z0-9-]{1,40}$/;

/** The lobby section of a route, or null when the route is not a lobby page. */
export function lobbySection(routeName: string, params: Readonly<Record<string, string | undefined>>): LobbySection | null {
  const sub = params['subcategory'];
  if (routeName === 'casino' && sub !== undefined) {
    if (sub === 'live') return section('live', 'live', ['tvgames']);
    if (SORT_SUBCATEGORIES[sub]) return section(`sort_${sub}`, null, [], { sort: SORT_SUBCATEGORIES[sub] });
    if (SLUG.test(sub)) return section('category', sub, []);
  }
  if (routeName === 'slots' && sub !== undefined && SORT_SUBCATEGORIES[sub]) return section('slots', 'slots', [], { sort: SORT_SUBCATEGORIES[sub] });
  return SECTIONS[routeName] ?? null;
}

/** A game's url name: its title in latin letters and digits joined by dashes (the id when none are left). */
export function gameSlug(title: string, id: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug === '' ? id : slug;
}

/** The route and params of a game's page: slots under `slots/all/game/…`, others under their category. */
export function gameRoute(game: { id: string; category: string; title: string }): {
  name: 'slots-game' | 'casino-game';
  params: { subcategory: string; gameId: string; gameName: string };
} {
  const params = { gameId: game.id, gameName: gameSlug(game.title, game.id) };
  return game.category === 'slots'
    ? { name: 'slots-game', params: { subcategory: 'all', ...params } }
    : { name: 'casino-game', params: { subcategory: game.category, ...params } };
}

/** Categories that are a casino section of their own (SPEC §2); others live under `casino/{id}`. */
const CATEGORY_ROUTES: Readonly<Record<string, string>> = {
  slots: 'slots',
  poker: 'poker',
  bingo: 'bingo',
  keno: 'keno',
  scratchcards: 'scratchcards',
  tvgames: 'tvgames',
  virtualsports: 'virtualsports',
  'fast-games': 'fast-games',
  'card-games': 'card-games',
  'crash-games': 'crash-games',
  'skill-games': 'skill-games',
};

/** The page that lists a category. */
export function categoryRoute(id: string): { name: string; params: Record<string, string> } {
  const name = CATEGORY_ROUTES[id];
  return name ? { name, params: {} } : { name: 'casino', params: { subcategory: id } };
}
