/**
 * The game server's player API (/rgs/v1). The session id is a bearer secret sent in the
 * `x-rgs-session` header (no cookies, so no CSRF). A refusal is an `RgsError` with the
 * server's code (`insufficient_funds`, the limit codes, `session_expired` …).
 */
import type { PlayAnswer, PlayRequest, RgsFairness, RgsSession, RotateAnswer, RoundView } from './rgs-types.ts';

export class RgsError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'RgsError';
  }
}

export interface RgsApi {
  session(): Promise<RgsSession>;
  play(body: PlayRequest): Promise<PlayAnswer>;
  setClientSeed(clientSeed: string): Promise<RgsFairness>;
  rotate(): Promise<RotateAnswer>;
  rounds(limit: number): Promise<{ rounds: RoundView[] }>;
}

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** The answer's `{code, message}`, or a code made from the status when the body is not JSON. */
export async function errorOf(response: Response): Promise<RgsError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  const b = (body ?? {}) as { code?: unknown; message?: unknown; details?: unknown };
  const code = typeof b.code === 'string' ? b.code : response.status >= 500 ? 'server_error' : `http_${response.status}`;
  return new RgsError(response.status, code, typeof b.message === 'string' ? b.message : response.statusText, b.details);
}

export function createRgsApi(sessionId: string, fetchImpl: Fetch = (input, init) => fetch(input, init), base = '/rgs/v1'): RgsApi {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    let response: Response;
    try {
      response = await fetchImpl(`${base}${path}`, {
        method,
        headers: { 'x-rgs-session': sessionId, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'omit',
      });
    } catch {
      throw new RgsError(0, 'network_error', 'The game server could not be reached');
    }
    if (!response.ok) throw await errorOf(response);
    return response.status === 204 ? (undefined as T) : ((await response.json()) as T);
  };
  return {
    session: () => call('GET', '/session'),
    play: (body) => call('POST', '/play', body),
    setClientSeed: (clientSeed) => call('PUT', '/fairness/client-seed', { clientSeed }),
    rotate: () => call('POST', '/fairness/rotate'),
    rounds: (limit) => call('GET', `/rounds?limit=${limit}`),
  };
}
