/**
 * The one way the browser calls our API (SPEC §7 headers, §8 error catalogue):
 *
 * - every call sends `Accept: application/json` and `X-Requested-With` (the CSRF proof the
 *   server wants on cookie-authenticated writes) with the session cookie, never cached;
 * - answers become `ApiResult`: the parsed body, or the server's `{ code, message }`, or a
 *   network failure (status 0), or a cancelled call (status 499, SPEC §8);
 * - a 401 fetches a fresh token (`GET /web-api/user/gettoken?force_refresh=true`, one
 *   shared request per 60 s, SPEC §9) and retries the call once (SPEC §8). Calls whose 401
 *   means "wrong credentials" (the login forms) pass `refreshOn401: false`;
 * - a 451 with `exception_code: 1` (terms changed, SPEC §8) tells `onTermsRequired` listeners.
 */
export const GET_TOKEN_URL = '/web-api/user/gettoken?force_refresh=true';
/** SPEC §9: "token refresh promise cached 60 s". */
export const TOKEN_REFRESH_CACHE_MS = 60_000;

export type ApiResult<T = unknown> =
  | { ok: true; status: number; body: T }
  | { ok: false; status: number; code: string | null; message: string | null; body: unknown; network: boolean };

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Default true; false for calls whose 401 is an answer, not an expired session. */
  refreshOn401?: boolean;
}

/** What the client reads of an answer: the browser's `Response` has it; the server's in-process calls answer with just this (no body stream). */
export interface ApiAnswer {
  readonly ok: boolean;
  readonly status: number;
  json(): Promise<unknown>;
}

/** The transport under the client: the browser's `fetch`, or the server's in-process call for loaders. */
export type ApiFetch = (url: string, init: RequestInit) => Promise<ApiAnswer>;

export interface ApiClient {
  request<T = unknown>(url: string, init?: ApiRequest): Promise<ApiResult<T>>;
  get<T = unknown>(url: string, init?: Omit<ApiRequest, 'method' | 'body'>): Promise<ApiResult<T>>;
  post<T = unknown>(url: string, body?: unknown, init?: Omit<ApiRequest, 'method' | 'body'>): Promise<ApiResult<T>>;
  /** Asks for a fresh session token; resolves whether one came. Shared by concurrent 401s for 60 s. */
  refreshToken(): Promise<boolean>;
}

/** SPEC §8: a player call answered 451 with this exception code means the terms changed and are not confirmed. */
export const TERMS_EXCEPTION_CODE = 1;
const termsListeners = new Set<() => void>();

/** Called on every 451 `exception_code: 1` (the terms feature sends the player to the confirm page). */
export function onTermsRequired(listener: () => void): () => void {
  termsListeners.add(listener);
  return () => termsListeners.delete(listener);
}

function isTermsRefusal(result: ApiResult<unknown>): boolean {
  const body = result.ok ? null : result.body;
  return result.status === 451 && typeof body === 'object' && body !== null && (body as { exception_code?: unknown }).exception_code === TERMS_EXCEPTION_CODE;
}

export function createApiClient(fetchFn: ApiFetch = (input, init) => fetch(input, init), now: () => number = Date.now): ApiClient {
  let refreshing: { at: number; done: Promise<boolean> } | null = null;

  async function send<T>(url: string, init: ApiRequest): Promise<ApiResult<T>> {
    let response: ApiAnswer;
    try {
      response = await fetchFn(url, {
        method: init.method ?? 'GET',
        headers: {
          accept: 'application/json',
          'x-requested-with': 'XMLHttpRequest',
          ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...init.headers,
        },
        credentials: 'same-origin',
        cache: 'no-store',
        ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
        ...(init.signal ? { signal: init.signal } : {}),
      });
    } catch (error) {
      const cancelled = error instanceof DOMException && error.name === 'AbortError';
      return { ok: false, status: cancelled ? 499 : 0, code: null, message: null, body: null, network: !cancelled };
    }
    let body: unknown = null;
    try {
      body = response.status === 204 ? null : await response.json();
    } catch {
      body = null;
    }
    if (response.ok) return { ok: true, status: response.status, body: body as T };
    const field = (name: string) => {
      const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
      return typeof value === 'string' ? value : null;
    };
    return { ok: false, status: response.status, code: field('code'), message: field('message'), body, network: false };
  }

  const client: ApiClient = {
    async request<T>(url: string, init: ApiRequest = {}) {
      const first = await send<T>(url, init);
      if (isTermsRefusal(first)) termsListeners.forEach((listener) => listener());
      if (first.ok || first.status !== 401 || init.refreshOn401 === false || url === GET_TOKEN_URL) return first;
      return (await client.refreshToken()) ? send<T>(url, init) : first;
    },
    get: (url, init = {}) => client.request(url, { ...init, method: 'GET' }),
    post: (url, body, init = {}) => client.request(url, { ...init, method: 'POST', body: body ?? {} }),
    refreshToken() {
      if (refreshing && now() - refreshing.at < TOKEN_REFRESH_CACHE_MS) return refreshing.done;
      const done = send<{ token?: unknown }>(GET_TOKEN_URL, {}).then((result) => result.ok && typeof result.body?.token === 'string');
      refreshing = { at: now(), done };
      // A failed refresh is not remembered: the next 401 may find a session again (another tab logged in).
      void done.then((ok) => {
        if (!ok && refreshing?.done === done) refreshing = null;
      });
      return done;
    },
  };
  return client;
}

/** The browser's client (one per tab, so concurrent 401s share one token refresh). */
export const api: ApiClient = createApiClient();
