import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '@betsite/db/testing';
import { ConfigGroupsResponseSchema, SiteConfigSchema } from '@betsite/contracts';
import { buildTestApp, opsHeaders } from '../../testing.ts';

describeEachDb('bff-api', (t) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(t.handle);
  });
  afterAll(() => app.close());

  it('GET /bff-api/config/all.json answers the seeded site config, revalidated by ETag', async () => {
    const res = await app.inject('/bff-api/config/all.json');
    expect(res.statusCode).toBe(200);
    const config = SiteConfigSchema.parse(res.json());
    expect(config).toMatchObject({ companyName: 'Betsite', defaultLanguage: 'ru', ref_id: 1, group_id: 1 });
    expect(config.languages.filter((l) => l.dir === 'rtl').map((l) => l.code)).toEqual(['ar', 'fa']);
    expect(res.headers['cache-control']).toBe('no-cache');
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^W\/"\d+"$/);

    const cached = await app.inject({ url: '/bff-api/config/all.json', headers: { 'if-none-match': etag } });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');

    const patched = await app.inject({
      method: 'PATCH',
      url: '/ops-api/v1/site-config',
      headers: { ...opsHeaders, 'content-type': 'application/merge-patch+json' },
      payload: { companyName: 'Betsite Two' },
    });
    expect(patched.statusCode).toBe(200);

    const changed = await app.inject({ url: '/bff-api/config/all.json', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json()).toMatchObject({ companyName: 'Betsite Two' });
  });

  it('GET /bff-api/config/group/get answers the groups with the resolved language, cacheable', async () => {
    const res = await app.inject('/bff-api/config/group/get?lang=en');
    expect(res.statusCode).toBe(200);
    const body = ConfigGroupsResponseSchema.parse(res.json());
    expect(body).toEqual({
      groups: [
        { id: 1, name: 'Default', ref_id: 1 },
        { id: 2, name: 'VIP', ref_id: 1 },
      ],
      lang: 'en',
    });
    expect(res.headers['cache-control']).toBe('public, max-age=600, stale-while-revalidate=300');

    expect((await app.inject('/bff-api/config/group/get?lang=xx')).json()).toMatchObject({ lang: 'ru' });
    expect((await app.inject('/bff-api/config/group/get')).json()).toMatchObject({ lang: 'ru' });
  });

  it('rejects a malformed language with 400', async () => {
    const res = await app.inject('/bff-api/config/group/get?lang=ENG');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_request', details: [{ path: 'query.lang' }] });
  });
});
