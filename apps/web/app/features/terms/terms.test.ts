import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, onTermsRequired } from '../../shell/http.ts';
import { acceptTerms, FAILED_TERMS_STATUS, fetchTermsStatus, TERMS_API } from './api.ts';
import { staysOnPage } from './watch.tsx';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const client = (answer: (url: string, init: RequestInit) => Response) => {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init: init ?? {} });
    return answer(String(input), init ?? {});
  }) as typeof fetch;
  return { api: createApiClient(fetchFn), calls };
};

describe('terms status and accept (SPEC §7, §8)', () => {
  it('reads the status, and a failed fetch as "no change, empty updated-at", logged', async () => {
    const ok = client(() => json(200, { result: true, updatedAt: '2026-06-01T00:00:00.000Z', version: 3 }));
    expect(await fetchTermsStatus(ok.api)).toEqual({ result: true, updatedAt: '2026-06-01T00:00:00.000Z', version: 3 });
    expect(ok.calls[0]?.url).toBe(TERMS_API.status);

    const log = vi.fn();
    expect(await fetchTermsStatus(client(() => json(500, { code: 'internal_error', message: 'x' })).api, log)).toEqual(FAILED_TERMS_STATUS);
    expect(log).toHaveBeenCalledWith('terms status failed: HTTP 500');
    expect(await fetchTermsStatus(client(() => json(200, { nothing: true })).api, log)).toEqual(FAILED_TERMS_STATUS);
  });

  it('accepts the version shown, and tells an outdated page from another failure', async () => {
    const ok = client(() => json(200, { result: true, version: 3, acceptedAt: '2026-06-02T10:00:00.000Z' }));
    expect(await acceptTerms(3, ok.api)).toEqual({ ok: true, acceptedAt: '2026-06-02T10:00:00.000Z' });
    expect(ok.calls[0]).toMatchObject({ url: TERMS_API.accept, init: { method: 'POST', body: '{"version":3}' } });
    expect(await acceptTerms(3, client(() => json(409, { code: 'terms_version_mismatch', message: 'x' })).api)).toEqual({ ok: false, outdated: true });
    expect(await acceptTerms(3, client(() => json(500, { code: 'internal_error', message: 'x' })).api)).toEqual({ ok: false, outdated: false });
  });
});

describe('a 451 with exception_code 1 (SPEC §8)', () => {
  const listener = vi.fn();
  let off: () => void = () => undefined;
  afterEach(() => {
    off();
    listener.mockReset();
  });

  it('tells the terms listeners, once per refused call; other refusals do not', async () => {
    off = onTermsRequired(listener);
    const refused = client(() => json(451, { code: 'terms_not_accepted', message: 'x', exception_code: 1 }));
    const answer = await refused.api.post('/web-api/office/v1/disallowed-sports', { line: [], live: [] });
    expect(answer).toMatchObject({ ok: false, status: 451, code: 'terms_not_accepted' });
    expect(listener).toHaveBeenCalledTimes(1);

    await client(() => json(451, { code: 'legal', message: 'x' })).api.post('/web-api/x', {});
    await client(() => json(403, { code: 'csrf', message: 'x', exception_code: 1 })).api.post('/web-api/x', {});
    await client(() => json(200, {})).api.post('/web-api/x', {});
    expect(listener).toHaveBeenCalledTimes(1);

    off();
    await refused.api.post('/web-api/x', {});
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('pages a player with changed terms keeps', () => {
  it('the confirm page, withdrawal and the site-state pages; nothing else', () => {
    for (const path of ['/en/confirm', '/en/office/deduce', '/en/maintenance', '/ru/block']) expect(staysOnPage(path)).toBe(true);
    for (const path of ['/en/', '/en/line', '/en/office/settings', '/en/nope/at/all']) expect(staysOnPage(path)).toBe(false);
  });
});
