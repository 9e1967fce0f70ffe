import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '@betsite/db/testing';
import { ClockStateSchema, SiteConfigSchema, type SiteConfigPatch } from '@betsite/contracts';
import { buildTestApp, opsHeaders, TEST_OPS_TOKEN } from '../../testing.ts';

const OPS_ROUTES = [
  ['GET', '/ops-api/v1/clock'],
  ['PATCH', '/ops-api/v1/site-config'],
  ['GET', '/ops-api/v1/block-rules'],
  ['POST', '/ops-api/v1/block-rules'],
  ['DELETE', '/ops-api/v1/block-rules/8d6f7a2e-0000-4000-8000-000000000000'],
  ['GET', '/ops-api/v1/redirects'],
  ['POST', '/ops-api/v1/redirects'],
  ['DELETE', '/ops-api/v1/redirects/8d6f7a2e-0000-4000-8000-000000000000'],
] as const;

describeEachDb('ops-api', (t) => {
  let app: FastifyInstance;
  let fakeClockApp: FastifyInstance;
  let closedApp: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(t.handle);
    fakeClockApp = await buildTestApp(t.handle, { env: { FAKE_CLOCK: '1' } });
    closedApp = await buildTestApp(t.handle, { env: { OPS_TOKEN: '' } });
  });
  afterAll(async () => {
    await Promise.all([app.close(), fakeClockApp.close(), closedApp.close()]);
  });

  const patchConfig = (payload: unknown, contentType = 'application/merge-patch+json') =>
    app.inject({
      method: 'PATCH',
      url: '/ops-api/v1/site-config',
      headers: { ...opsHeaders, 'content-type': contentType },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  it('does not exist without OPS_TOKEN', async () => {
    for (const [method, url] of OPS_ROUTES) {
      const res = await closedApp.inject({ method, url, headers: opsHeaders });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found' });
    }
  });

  it('requires the bearer token on every route', async () => {
    for (const [method, url] of OPS_ROUTES) {
      for (const authorization of [undefined, 'Bearer wrong-token-wrong-token', `Basic ${TEST_OPS_TOKEN}`, `Bearer ${TEST_OPS_TOKEN}x`]) {
        const res = await app.inject({ method, url, headers: authorization ? { authorization } : {} });
        expect(res.statusCode, `${method} ${url} ${authorization}`).toBe(401);
        expect(res.json()).toMatchObject({ code: 'unauthorized' });
      }
    }
  });

  it('shows the clock; only the fake clock can be advanced', async () => {
    const real = ClockStateSchema.parse((await app.inject({ url: '/ops-api/v1/clock', headers: opsHeaders })).json());
    expect(real.fake).toBe(false);
    const refused = await app.inject({ method: 'POST', url: '/ops-api/v1/clock/advance', headers: opsHeaders, payload: { seconds: 60 } });
    expect(refused.statusCode).toBe(404);

    const before = ClockStateSchema.parse((await fakeClockApp.inject({ url: '/ops-api/v1/clock', headers: opsHeaders })).json());
    expect(before.fake).toBe(true);
    const advanced = await fakeClockApp.inject({
      method: 'POST',
      url: '/ops-api/v1/clock/advance',
      headers: opsHeaders,
      payload: { seconds: 86_400 },
    });
    expect(advanced.statusCode).toBe(200);
    const after = ClockStateSchema.parse(advanced.json());
    expect(Date.parse(after.now) - Date.parse(before.now)).toBe(86_400_000);
    // It moves only when told to.
    expect((await fakeClockApp.inject({ url: '/ops-api/v1/clock', headers: opsHeaders })).json()).toEqual(after);

    for (const payload of [{ seconds: -1 }, { seconds: 1.5 }, {}, { seconds: 1, extra: 1 }]) {
      const res = await fakeClockApp.inject({ method: 'POST', url: '/ops-api/v1/clock/advance', headers: opsHeaders, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_request' });
    }
  });

  it('patches the site config with a merge patch that the next request sees', async () => {
    const res = await patchConfig({ maintenance: { isActive: true, started_at: '2030-01-01T00:00:00.000Z' }, flags: { snowEffect: true } });
    expect(res.statusCode).toBe(200);
    const config = SiteConfigSchema.parse(res.json());
    expect(config.maintenance).toMatchObject({ isActive: true, started_at: '2030-01-01T00:00:00.000Z', web_state: 'off' });
    expect(config.flags).toMatchObject({ snowEffect: true, paymentPageAvailable: true });

    const next = SiteConfigSchema.parse((await app.inject('/bff-api/config/all.json')).json());
    expect(next.maintenance.isActive).toBe(true);
    expect(next.flags.snowEffect).toBe(true);

    // null sets nullable members to null; plain JSON is accepted too.
    const cleared = await patchConfig({ maintenance: { isActive: false, started_at: null } }, 'application/json');
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().maintenance).toMatchObject({ isActive: false, started_at: null });
  });

  it('bumps the version on every change', async () => {
    const first = await patchConfig({ registrationAllowed: false });
    const second = await patchConfig({ registrationAllowed: true });
    expect(BigInt(String(second.headers.etag).replace(/\D/g, ''))).toBe(BigInt(String(first.headers.etag).replace(/\D/g, '')) + 1n);
  });

  it('rejects invalid patches and invalid results with 400 and details', async () => {
    const cases: [unknown, string, string][] = [
      [{ companyName: '' }, 'invalid_request', 'body.companyName'],
      [{ unknownField: 1 }, 'invalid_request', 'body'],
      [{ flags: { snowEffect: 'yes' } }, 'invalid_request', 'body.flags.snowEffect'],
      [{ companyName: null }, 'invalid_request', 'body.companyName'],
      [{ defaultLanguage: 'zz' }, 'invalid_site_config', 'defaultLanguage'],
    ];
    for (const [payload, code, path] of cases) {
      const res = await patchConfig(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toMatchObject({ code });
      expect(res.json().details).toContainEqual(expect.objectContaining({ path }));
    }
    expect((await patchConfig('{"companyName":')).statusCode).toBe(400);
    const wrongType = await patchConfig('companyName=x', 'application/x-www-form-urlencoded');
    expect(wrongType.statusCode).toBe(415);

    // The service validates the merged document whatever the caller checked.
    await expect(app.siteConfig.patch({ flags: { snowEffect: 'yes' } } as unknown as SiteConfigPatch)).rejects.toMatchObject({
      statusCode: 400,
      code: 'invalid_site_config',
    });
    expect((await app.siteConfig.get()).defaultLanguage).toBe('ru');
  });
});
