/**
 * Calls of the line API (`/web-api/line/v1`, contracts `line.ts`) through the shared API
 * client: the server's in-process one in route loaders (`serverApi(context)`), the
 * browser's `api` elsewhere. Answers are the contract's types (the server validates its
 * own output; the browser does not parse them again, which would bring zod to the page).
 */
import type {
  ChampResponse,
  ChampsResponse,
  GameCard,
  GameResponse,
  GamesResponse,
  LineSection,
  ResultsResponse,
  SearchResponse,
  SportsResponse,
  TeamResponse,
  TimeFilter,
} from '@betsite/contracts';
import type { ApiClient, ApiResult } from '../../shell/http.ts';

/** Contracts `LINE_API_BASE` (kept here so zod stays out of the bundle). */
export const LINE_API = '/web-api/line/v1';

/** The first page of a games list, and each "show more". */
export const GAMES_PAGE = 50;
/** Contracts `GAMES_PAGE_MAX`. */
export const GAMES_PAGE_MAX = 200;

/** Contracts `SearchQuerySchema`: a query of 2 to 64 characters (trimmed), up to 50 of each kind. */
export const SEARCH_QUERY_MIN = 2;
export const SEARCH_QUERY_MAX = 64;
export const SEARCH_LIMIT_MAX = 50;

/** Contracts `RESULT_TYPES`: `live` — games played in the live section; `zone` — every result. */
export type ResultType = 'live' | 'zone';

/** What `GET /results` may be asked (contracts `ResultsQuerySchema`); `date` is a UTC day `YYYY-MM-DD`. */
export interface ResultsQuery {
  type?: ResultType;
  sportId?: number;
  champId?: number;
  date?: string;
  limit?: number;
}

function query(params: Readonly<Record<string, string | number | undefined>>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

export const lineUrls = {
  sports: (section: LineSection, filter: TimeFilter = 0) => `${LINE_API}/sports${query({ section, filter: filter || undefined })}`,
  champs: (section: LineSection, sportId: number, filter: TimeFilter = 0) => `${LINE_API}/champs${query({ section, sportId, filter: filter || undefined })}`,
  games: (p: { section: LineSection; sportId?: number; champId?: number; filter?: TimeFilter; limit?: number; offset?: number }) =>
    `${LINE_API}/games${query({ section: p.section, sportId: p.sportId, champId: p.champId, filter: p.filter || undefined, limit: p.limit, offset: p.offset || undefined })}`,
  game: (id: number) => `${LINE_API}/games/${id}`,
  top: (section: LineSection, limit = 10) => `${LINE_API}/top${query({ section, limit })}`,
  team: (id: number) => `${LINE_API}/teams/${id}`,
  champ: (id: number) => `${LINE_API}/champs/${id}`,
  results: (p: ResultsQuery = {}) => `${LINE_API}/results${query({ type: p.type, sportId: p.sportId, champId: p.champId, date: p.date, limit: p.limit })}`,
  /** Champs, teams and current games whose names contain `q` (`%` and `_` are literal). */
  search: (q: string, limit?: number) => `${LINE_API}/search${query({ q, limit })}`,
};

/** The top games answer: a list of cards (accepted with or without a total). */
export interface TopResponse {
  games: GameCard[];
}

export interface LineApi {
  sports(section: LineSection, filter?: TimeFilter): Promise<ApiResult<SportsResponse>>;
  champs(section: LineSection, sportId: number, filter?: TimeFilter): Promise<ApiResult<ChampsResponse>>;
  games(p: Parameters<typeof lineUrls.games>[0]): Promise<ApiResult<GamesResponse>>;
  game(id: number): Promise<ApiResult<GameResponse>>;
  top(section: LineSection, limit?: number): Promise<ApiResult<TopResponse>>;
  team(id: number): Promise<ApiResult<TeamResponse>>;
  champ(id: number): Promise<ApiResult<ChampResponse>>;
  results(p?: ResultsQuery): Promise<ApiResult<ResultsResponse>>;
  search(q: string, limit?: number, init?: { signal?: AbortSignal }): Promise<ApiResult<SearchResponse>>;
}

export function lineApi(client: ApiClient): LineApi {
  return {
    sports: (section, filter) => client.get(lineUrls.sports(section, filter)),
    champs: (section, sportId, filter) => client.get(lineUrls.champs(section, sportId, filter)),
    games: (p) => client.get(lineUrls.games(p)),
    game: (id) => client.get(lineUrls.game(id)),
    top: (section, limit) => client.get(lineUrls.top(section, limit)),
    team: (id) => client.get(lineUrls.team(id)),
    champ: (id) => client.get(lineUrls.champ(id)),
    results: (p) => client.get(lineUrls.results(p)),
    search: (q, limit, init = {}) => client.get(lineUrls.search(q, limit), init),
  };
}

/** Contracts `LineErrorCode` of the "no such thing" answers. */
const MISSING_CODES = new Set(['game_not_found', 'champ_not_found', 'team_not_found', 'sport_not_found']);

/**
 * The line API says the game, champ, team or sport does not exist (a 404 with one of its
 * codes; a 404 without one means the API itself is not there, which is an error, not a
 * missing page).
 */
export function isMissing(result: ApiResult): boolean {
  return !result.ok && result.status === 404 && result.code !== null && MISSING_CODES.has(result.code);
}
