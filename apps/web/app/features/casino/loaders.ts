/**
 * What the casino pages load (route `loader`s: on the server for documents and for the
 * `.data` requests of client navigation), so the lobby is in the first HTML. A game the
 * catalogue does not know (or hides here) is the real 404 page; an API that fails gives the
 * page an error state with a retry instead of a 500.
 */
import { data } from 'react-router';
import type { CasinoGameDetail, CasinoGameTile, CasinoLobby, CasinoMy, CasinoProviderCount } from '@betsite/contracts';
import type { CasinoApi } from './api.ts';
import { lobbySection, parseLobbyParams, searchable, type LobbyParams, type LobbySection } from './lobby-params.ts';
import type { CasinoRound } from './rounds.ts';

/** Tiles in the first HTML; "show more" loads the next ones in the browser. */
export const LOBBY_FIRST_PAGE = 60;
/** Games offered beside a game, on empty searches and the thank-you pages. */
export const SUGGESTED = 12;

/** The player's favorite ids (null for a visitor) and recently played games. */
export interface PlayerGames {
  favorites: string[] | null;
  recent: CasinoGameTile[];
}

export interface LobbyData extends PlayerGames {
  kind: 'lobby';
  section: LobbySection;
  params: LobbyParams;
  lobby: CasinoLobby;
  /** The category listed: the section's own, or (when it has none) the nearest one; null for every game. */
  shown: string | null;
  /** The section has no games of its own: these are the nearest. */
  nearest: boolean;
}

export interface SearchData extends PlayerGames {
  kind: 'search';
  params: LobbyParams;
  /** null until the search is long enough. */
  lobby: CasinoLobby | null;
  popular: CasinoGameTile[];
}

export interface MyCasinoData extends PlayerGames {
  kind: 'my';
  favoritesOnly: boolean;
  /** null for a visitor. */
  my: CasinoMy | null;
  popular: CasinoGameTile[];
}

export interface ProvidersData extends PlayerGames {
  kind: 'providers';
  providers: CasinoProviderCount[];
  games: CasinoGameTile[];
}

export interface ProviderData extends PlayerGames {
  kind: 'provider';
  provider: CasinoProviderCount;
  params: LobbyParams;
  lobby: CasinoLobby;
}

export interface GamePageData extends PlayerGames {
  kind: 'game';
  game: CasinoGameDetail;
  related: CasinoGameTile[];
}

export interface ThankYouData extends PlayerGames {
  kind: 'thank-you';
  popular: CasinoGameTile[];
}

export interface VerifyData {
  kind: 'verify';
  /** The round of `?round=id` when the player has one by that id. */
  round: CasinoRound | null;
  roundError: 'not_found' | 'login' | 'failed' | null;
}

/** Casino pages of other issues (casino bonuses, the bonus-games project) keep their empty state. */
export interface OtherData {
  kind: 'other';
}

export interface FailedData {
  kind: 'failed';
}

export type CasinoPageData = LobbyData | SearchData | MyCasinoData | ProvidersData | ProviderData | GamePageData | ThankYouData | VerifyData | OtherData | FailedData;

export interface CasinoRequest {
  routeName: string;
  params: Readonly<Record<string, string | undefined>>;
  url: URL;
  lng: string;
  loggedIn: boolean;
}

/** Round ids are UUIDs (contracts `RoundParamsSchema`). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const notFound = () => data(null, { status: 404, statusText: 'Not Found' });

async function playerGames(api: CasinoApi, req: CasinoRequest): Promise<{ games: PlayerGames; my: CasinoMy | null }> {
  if (!req.loggedIn) return { games: { favorites: null, recent: [] }, my: null };
  const my = await api.my(req.lng);
  // The lobby still shows when this fails; the stars just start empty.
  if (!my.ok) return { games: { favorites: my.status === 401 ? null : [], recent: [] }, my: null };
  return { games: { favorites: my.body.favorites.map((g) => g.id), recent: my.body.recent }, my: my.body };
}

async function popular(api: CasinoApi, lng: string, limit = SUGGESTED): Promise<CasinoGameTile[]> {
  const result = await api.lobby({ sort: 'popular', limit, lang: lng });
  return result.ok ? result.body.games : [];
}

async function loadLobby(api: CasinoApi, req: CasinoRequest, section: LobbySection, games: PlayerGames): Promise<LobbyData | FailedData> {
  const params = parseLobbyParams(req.url.searchParams);
  const sort = req.url.searchParams.has('sort') ? params.sort : (section.sort ?? params.sort);
  const ask = (category: string | null, limit = LOBBY_FIRST_PAGE) =>
    api.lobby({ category: category ?? undefined, provider: params.provider ?? undefined, sort, limit, lang: req.lng });
  const base = { kind: 'lobby' as const, section, params: { ...params, sort }, ...games };
  if (section.exclude) {
    // "Other games": everything but the excluded categories (the API filters by one category only).
    const all = await ask(null, 500);
    if (!all.ok) return { kind: 'failed' };
    const kept = all.body.games.filter((g) => !section.exclude?.includes(g.category));
    return { ...base, lobby: { ...all.body, games: kept.slice(0, LOBBY_FIRST_PAGE), total: kept.length }, shown: null, nearest: false };
  }
  const own = await ask(section.category);
  if (!own.ok) return { kind: 'failed' };
  if (own.body.total > 0 || section.category === null || params.provider !== null) {
    return { ...base, lobby: own.body, shown: section.category, nearest: false };
  }
  // Never an empty page: the first nearest category that has games, else every game.
  const counts = new Map(own.body.categories.map((c) => [c.id, c.count]));
  const nearest = section.nearest.find((c) => (counts.get(c) ?? 0) > 0) ?? null;
  const other = await ask(nearest);
  if (!other.ok) return { kind: 'failed' };
  return { ...base, lobby: other.body, shown: nearest, nearest: true };
}

/** The data of a casino page, from the route name, its params and the url. */
export async function loadCasinoPage(api: CasinoApi, req: CasinoRequest): Promise<CasinoPageData> {
  const { routeName, params, url, lng } = req;
  if (routeName.startsWith('bonus-casino') || routeName === 'games' || routeName === 'games-view') return { kind: 'other' };

  if (routeName === 'casino-verify') {
    const id = url.searchParams.get('round');
    if (!id || !UUID.test(id)) return { kind: 'verify', round: null, roundError: null };
    if (!req.loggedIn) return { kind: 'verify', round: null, roundError: 'login' };
    const round = await api.round(id);
    if (round.ok) return { kind: 'verify', round: round.body, roundError: null };
    return { kind: 'verify', round: null, roundError: round.status === 404 ? 'not_found' : round.status === 401 ? 'login' : 'failed' };
  }

  const { games, my } = await playerGames(api, req);

  if (routeName === 'casino-game' || routeName === 'slots-game') {
    const id = params['gameId'] ?? '';
    if (!/^[a-z0-9-]{1,40}$/.test(id)) throw notFound();
    const game = await api.game(id, lng);
    if (!game.ok) {
      if (game.status === 404 || game.status === 400) throw notFound();
      return { kind: 'failed' };
    }
    const related = await api.lobby({ category: game.body.category, sort: 'popular', limit: SUGGESTED + 1, lang: lng });
    return { kind: 'game', game: game.body, related: related.ok ? related.body.games.filter((g) => g.id !== id).slice(0, SUGGESTED) : [], ...games };
  }

  if (routeName === 'casino-search') {
    const lobbyParams = parseLobbyParams(url.searchParams);
    const found = searchable(lobbyParams.q)
      ? await api.lobby({ q: lobbyParams.q, provider: lobbyParams.provider ?? undefined, sort: lobbyParams.sort, limit: LOBBY_FIRST_PAGE, lang: lng })
      : null;
    if (found && !found.ok) return { kind: 'failed' };
    return { kind: 'search', params: lobbyParams, lobby: found?.body ?? null, popular: found && found.body.total > 0 ? [] : await popular(api, lng), ...games };
  }

  if (routeName === 'my-casino' || routeName === 'my-casino-favorites') {
    return { kind: 'my', favoritesOnly: routeName === 'my-casino-favorites', my, popular: await popular(api, lng), ...games };
  }

  if (routeName === 'providers') {
    const [providers, all] = await Promise.all([api.providers(lng), api.lobby({ sort: 'popular', limit: 500, lang: lng })]);
    if (!providers.ok || !all.ok) return { kind: 'failed' };
    return { kind: 'providers', providers: providers.body.providers, games: all.body.games, ...games };
  }

  if (routeName === 'providers-one') {
    const id = params['provider'] ?? '';
    const providers = await api.providers(lng);
    if (!providers.ok) return { kind: 'failed' };
    const provider = providers.body.providers.find((p) => p.id === id);
    if (!provider) throw notFound();
    const lobbyParams = parseLobbyParams(url.searchParams);
    const lobby = await api.lobby({ provider: id, sort: lobbyParams.sort, limit: LOBBY_FIRST_PAGE, lang: lng });
    if (!lobby.ok) return { kind: 'failed' };
    return { kind: 'provider', provider, params: { ...lobbyParams, provider: id }, lobby: lobby.body, ...games };
  }

  if (routeName.endsWith('-thank-you')) return { kind: 'thank-you', popular: await popular(api, lng), ...games };

  const section = lobbySection(routeName, params);
  if (!section) throw notFound();
  return loadLobby(api, req, section, games);
}
