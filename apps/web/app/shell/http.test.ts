import { describe, expect, it } from 'vitest';
import { createApiClient, GET_TOKEN_URL, TOKEN_REFRESH_CACHE_MS } from './http.ts';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function fakeFetch(handler: Handler) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, init: init ?? {} });
    return handler(url, init ?? {});
  }) as typeof fetch;
  return { fetchFn, calls };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('api client', () => {
  it('sends the site headers and parses an answer', async () => {
    const { fetchFn, calls } = fakeFetch(() => json(200, { a: 1 }));
    const result = await createApiClient(fetchFn).post('/web-api/x', { b: 2 });
    expect(result).toEqual({ ok: true, status: 200, body: { a: 1 } });
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(headers['content-type']).toBe('application/json');
    expect(calls[0]!.init.body).toBe('{"b":2}');
    expect(calls[0]!.init.credentials).toBe('same-origin');
  });

  it("keeps the server's code and message", async () => {
    const { fetchFn } = fakeFetch(() => json(400, { code: 'bad', message: 'Bad input' }));
    expect(await createApiClient(fetchFn).get('/web-api/x')).toMatchObject({ ok: false, status: 400, code: 'bad', message: 'Bad input', network: false });
  });

  it('maps a network failure to status 0 and a cancelled call to 499', async () => {
    const failing = fakeFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(await createApiClient(failing.fetchFn).get('/x')).toMatchObject({ ok: false, status: 0, network: true });
    const aborted = fakeFetch(() => {
      throw new DOMException('aborted', 'AbortError');
    });
    expect(await createApiClient(aborted.fetchFn).get('/x')).toMatchObject({ ok: false, status: 499, network: false });
  });

  it('on a 401 fetches a fresh token and retries once', async () => {
    let n = 0;
    const { fetchFn, calls } = fakeFetch((url) => {
      if (url === GET_TOKEN_URL) return json(200, { token: 't' });
      n += 1;
      return n === 1 ? json(401, { code: 'unauthorized' }) : json(200, { ok: 1 });
    });
    expect(await createApiClient(fetchFn).get('/web-api/y')).toMatchObject({ ok: true, body: { ok: 1 } });
    expect(calls.map((c) => c.url)).toEqual(['/web-api/y', GET_TOKEN_URL, '/web-api/y']);
  });

  it('retries only once, and not at all when the refresh fails or is not wanted', async () => {
    const always401 = fakeFetch((url) => (url === GET_TOKEN_URL ? json(200, { token: 't' }) : json(401, {})));
    expect(await createApiClient(always401.fetchFn).get('/a')).toMatchObject({ ok: false, status: 401 });
    expect(always401.calls.map((c) => c.url)).toEqual(['/a', GET_TOKEN_URL, '/a']);

    const noSession = fakeFetch(() => json(401, {}));
    await createApiClient(noSession.fetchFn).get('/a');
    expect(noSession.calls.map((c) => c.url)).toEqual(['/a', GET_TOKEN_URL]);

    const login = fakeFetch(() => json(401, { code: 'invalid_credentials' }));
    await createApiClient(login.fetchFn).post('/login', {}, { refreshOn401: false });
    expect(login.calls.map((c) => c.url)).toEqual(['/login']);
  });

  it('shares one token refresh between concurrent 401s for 60 s', async () => {
    let clock = 0;
    let served = 0;
    const { fetchFn, calls } = fakeFetch((url) => {
      if (url === GET_TOKEN_URL) return json(200, { token: 't' });
      served += 1;
      return served <= 3 ? json(401, {}) : json(200, {});
    });
    const client = createApiClient(fetchFn, () => clock);
    await Promise.all([client.get('/a'), client.get('/b'), client.get('/c')]);
    expect(calls.filter((c) => c.url === GET_TOKEN_URL)).toHaveLength(1);
    clock += TOKEN_REFRESH_CACHE_MS;
    await client.refreshToken();
    expect(calls.filter((c) => c.url === GET_TOKEN_URL)).toHaveLength(2);
  });
});
