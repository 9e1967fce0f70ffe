import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '@betsite/db/testing';
import { RedirectResponseSchema, RedirectRuleListSchema, RedirectRuleSchema } from '@betsite/contracts';
import { buildTestApp, opsHeaders } from '../../testing.ts';

describeEachDb('redirects-api', (t) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(t.handle);
  });
  afterAll(() => app.close());

  const lookup = async (url: string) => {
    const res = await app.inject({ method: 'POST', url: '/redirects-api/api/v1/redirect-light', payload: { url } });
    expect(res.statusCode).toBe(200);
    return RedirectResponseSchema.parse(res.json());
  };

  it('answers a seeded redirect with everything the client needs to apply it', async () => {
    expect(await lookup('/en/old-promo')).toEqual({
      redirect: true,
      code: 301,
      url: '/en/promotions',
      reasons: ['promotion-page-moved'],
      breadcrumbs: ['/en/old-promo'],
    });
  });

  it('matches on the pathname of absolute urls and keeps the query', async () => {
    expect(await lookup('https://betsite.example/en/old-promo/?utm_source=mail')).toMatchObject({
      redirect: true,
      url: '/en/promotions?utm_source=mail',
    });
  });

  it('answers redirect: false for other paths', async () => {
    expect(await lookup('/en/promotions')).toEqual({ redirect: false });
    expect(await lookup('/de/old-promo')).toEqual({ redirect: false });
  });

  it('rejects a request without a url', async () => {
    for (const payload of [{}, { url: '' }, { url: 42 }]) {
      const res = await app.inject({ method: 'POST', url: '/redirects-api/api/v1/redirect-light', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_request', details: [{ path: 'body.url' }] });
    }
  });

  it('lets operators add, list and remove rules, effective immediately', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/ops-api/v1/redirects',
      headers: opsHeaders,
      payload: { fromPath: '/de/alte-aktion/', toUrl: '/de/promotions', code: 302, reason: 'campaign-ended' },
    });
    expect(created.statusCode).toBe(201);
    const rule = RedirectRuleSchema.parse(created.json());
    expect(rule.fromPath).toBe('/de/alte-aktion');
    expect(await lookup('/de/alte-aktion')).toMatchObject({ redirect: true, code: 302, url: '/de/promotions' });

    const duplicate = await app.inject({
      method: 'POST',
      url: '/ops-api/v1/redirects',
      headers: opsHeaders,
      payload: { fromPath: '/de/alte-aktion', toUrl: '/de/elsewhere', code: 301, reason: 'again' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ code: 'conflict' });

    const list = RedirectRuleListSchema.parse((await app.inject({ url: '/ops-api/v1/redirects', headers: opsHeaders })).json());
    expect(list.rules.map((r) => r.fromPath)).toContain('/de/alte-aktion');

    const del = await app.inject({ method: 'DELETE', url: `/ops-api/v1/redirects/${rule.id}`, headers: opsHeaders });
    expect(del.statusCode).toBe(204);
    expect(await lookup('/de/alte-aktion')).toEqual({ redirect: false });

    const unknown = await app.inject({ method: 'DELETE', url: `/ops-api/v1/redirects/${rule.id}`, headers: opsHeaders });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'not_found' });
  });

  it('rejects invalid rules with 400', async () => {
    for (const payload of [
      { fromPath: 'no-slash', toUrl: '/x', code: 301, reason: 'r' },
      { fromPath: '/a', toUrl: '/x', code: 300, reason: 'r' },
      { fromPath: '/a', toUrl: '/x', code: 301 },
      { fromPath: '/a', toUrl: '/x', code: 301, reason: 'r', extra: true },
    ]) {
      const res = await app.inject({ method: 'POST', url: '/ops-api/v1/redirects', headers: opsHeaders, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_request' });
    }
  });
});
