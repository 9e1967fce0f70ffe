/**
 * Calls of the casino: the catalogue (`/web-api/casino/v1`, contracts `casino.ts`), launch
 * tokens (contracts `casino-wallet.ts`), the player's rounds, and the game server's session
 * (`/rgs/v1`, contracts `rgs.ts`). Through the shared API client: `serverApi(context)` in
 * loaders, the browser's `api` elsewhere. Answers are the contracts' types, not parsed again
 * in the browser (zod stays out of the bundle).
 */
import type { CasinoGameDetail, CasinoLobby, CasinoLobbyFilter, CasinoMy, CasinoProviders } from '@betsite/contracts';
import type { ApiClient, ApiResult } from '../../shell/http.ts';
import type { CasinoRound, CasinoRounds } from './rounds.ts';

/** Contracts `CASINO_API.base` (kept here so zod stays out of the bundle). */
export const CASINO_API = '/web-api/casino/v1';
/** Contracts `CASINO_LOBBY_PAGE_MAX`: a lobby answer holds at most this many games. */
export const LOBBY_PAGE_MAX = 500;
/** Contracts `CasinoLobbyQuerySchema.q`: 2 to 64 characters. */
export const SEARCH_MIN = 2;
export const SEARCH_MAX = 64;

/** A lobby question (contracts `CasinoLobbyQuerySchema`), always in a language. */
export type LobbyQuery = CasinoLobbyFilter & { lang: string };

function query(params: Readonly<Record<string, string | number | undefined>>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

export const casinoUrls = {
  lobby: (q: LobbyQuery) =>
    `${CASINO_API}/lobby${query({ category: q.category, provider: q.provider, q: q.q, sort: q.sort, limit: q.limit, offset: q.offset || undefined, lang: q.lang })}`,
  game: (id: string, lang: string) => `${CASINO_API}/games/${encodeURIComponent(id)}${query({ lang })}`,
  my: (lang: string) => `${CASINO_API}/my${query({ lang })}`,
  favorite: (id: string) => `${CASINO_API}/favorites/${encodeURIComponent(id)}`,
  providers: (lang: string) => `${CASINO_API}/providers${query({ lang })}`,
  launchTokens: `${CASINO_API}/launch-tokens`,
  rounds: (limit: number, before?: string) => `${CASINO_API}/rounds${query({ limit, before })}`,
  round: (id: string) => `${CASINO_API}/rounds/${encodeURIComponent(id)}`,
  /** The game server (contracts `rgs.ts`): a launch token becomes a session and the app's url. */
  rgsSessions: '/rgs/v1/sessions',
};

export interface CasinoApi {
  lobby(q: LobbyQuery): Promise<ApiResult<CasinoLobby>>;
  game(id: string, lang: string): Promise<ApiResult<CasinoGameDetail>>;
  /** A visitor's 401 is an answer here, not an expired session to refresh. */
  my(lang: string): Promise<ApiResult<CasinoMy>>;
  providers(lang: string): Promise<ApiResult<CasinoProviders>>;
  setFavorite(id: string, on: boolean): Promise<ApiResult<null>>;
  rounds(limit: number, before?: string, signal?: AbortSignal): Promise<ApiResult<CasinoRounds>>;
  round(id: string): Promise<ApiResult<CasinoRound>>;
}

export function casinoApi(client: ApiClient): CasinoApi {
  return {
    lobby: (q) => client.get(casinoUrls.lobby(q)),
    game: (id, lang) => client.get(casinoUrls.game(id, lang)),
    my: (lang) => client.get(casinoUrls.my(lang), { refreshOn401: false }),
    providers: (lang) => client.get(casinoUrls.providers(lang)),
    setFavorite: (id, on) => client.request(casinoUrls.favorite(id), { method: on ? 'PUT' : 'DELETE' }),
    rounds: (limit, before, signal) => client.get(casinoUrls.rounds(limit, before), signal ? { signal } : {}),
    round: (id) => client.get(casinoUrls.round(id)),
  };
}

export type LaunchMode = 'real' | 'demo';

/** What one launch attempt gives the host: the app's url, or why not (and whether trying again may help). */
export type LaunchOutcome = { ok: true; url: string } | { ok: false; code: string; retryable: boolean };

/** A failed answer as a launch outcome: the network and the server's 5xx are worth a retry; a refusal is not. */
export function launchFailure(result: Extract<ApiResult<unknown>, { ok: false }>): Extract<LaunchOutcome, { ok: false }> {
  if (result.status === 0) return { ok: false, code: 'network', retryable: true };
  if (result.status >= 500 || result.status === 429 || result.status === 408) return { ok: false, code: result.code ?? `http_${result.status}`, retryable: true };
  // A used or expired token: the next try asks for a new one.
  if (result.code === 'launch_token_invalid') return { ok: false, code: result.code, retryable: true };
  return { ok: false, code: result.code ?? `http_${result.status}`, retryable: false };
}

/**
 * One launch: a one-time token for the game (`POST /web-api/casino/v1/launch-tokens`), redeemed
 * by the game server into a session (`POST /rgs/v1/sessions`) whose url the iframe opens.
 */
export async function launchGame(client: ApiClient, p: { gameId: string; mode: LaunchMode; language: string; signal?: AbortSignal }): Promise<LaunchOutcome> {
  const init = p.signal ? { signal: p.signal } : {};
  const token = await client.post<{ token: string; expiresAt: number }>(casinoUrls.launchTokens, { gameId: p.gameId, mode: p.mode, language: p.language }, init);
  if (!token.ok) return launchFailure(token);
  const session = await client.post<{ sessionId: string; url: string }>(casinoUrls.rgsSessions, { token: token.body.token }, { ...init, refreshOn401: false });
  if (!session.ok) return launchFailure(session);
  return { ok: true, url: session.body.url };
}
