import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '@betsite/db/testing';
import { BlockResponseSchema, BlockRuleListSchema, BlockRuleSchema, type BlockRuleInput } from '@betsite/contracts';
import { buildTestApp, opsHeaders } from '../../testing.ts';

/** Stands in for the auth plugin to come: the user id arrives in a test header. */
const fakeAuth = fp(async (app) => {
  app.addHook('onRequest', async (request) => {
    const user = request.headers['x-test-user'];
    request.userId = typeof user === 'string' ? user : null;
  });
});

describeEachDb('blocks-api', (t) => {
  let app: FastifyInstance;
  let behindProxy: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(t.handle, { ssr: fakeAuth });
    behindProxy = await buildTestApp(t.handle, { env: { TRUST_PROXY: 'true', COUNTRY_HEADER: 'cf-ipcountry' } });
  });
  afterAll(async () => {
    await app.close();
    await behindProxy.close();
  });

  const check = async (
    { ip = '192.0.2.10', country, user, auth = false }: { ip?: string; country?: string; user?: string; auth?: boolean },
    target = app,
  ) => {
    const headers: Record<string, string> = {};
    if (country) headers['x-country-code'] = country;
    if (user) headers['x-test-user'] = user;
    const res = await target.inject({
      method: 'POST',
      url: '/blocks-api/api/v2/block',
      remoteAddress: ip,
      headers,
      payload: { auth, url: '/en/line' },
    });
    expect(res.statusCode).toBe(200);
    return BlockResponseSchema.parse(res.json());
  };
  const addRule = async (rule: BlockRuleInput) => {
    const res = await app.inject({ method: 'POST', url: '/ops-api/v1/block-rules', headers: opsHeaders, payload: rule });
    expect(res.statusCode, res.body).toBe(201);
    return BlockRuleSchema.parse(res.json());
  };

  it('answers no block when no rule applies', async () => {
    const res = await app.inject({ method: 'POST', url: '/blocks-api/api/v2/block', payload: { auth: false, url: '/en' } });
    expect(res.json()).toEqual({ reason: null, displayTypeId: null, templateTypeId: null });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('blocks by country, IPv4 range, IPv6 range and user, most specific first', async () => {
    await addRule({ reason: 1, country: 'GB', displayTypeId: 3, templateTypeId: 9 });
    await addRule({ reason: 2, ipRange: '203.0.113.0/24' });
    await addRule({ reason: 13, ipRange: '2001:db8::/32' });
    await addRule({ reason: 16, userId: 'user-7' });

    expect(await check({ country: 'GB' })).toEqual({ reason: 1, displayTypeId: 3, templateTypeId: 9 });
    expect(await check({ country: 'gb' })).toMatchObject({ reason: 1 });
    expect(await check({ country: 'DE' })).toMatchObject({ reason: null });
    expect(await check({ ip: '203.0.113.77' })).toMatchObject({ reason: 2 });
    expect(await check({ ip: '::ffff:203.0.113.77' })).toMatchObject({ reason: 2 });
    expect(await check({ ip: '2001:db8:1234::9' })).toMatchObject({ reason: 13 });
    expect(await check({ ip: '2001:db9::9' })).toMatchObject({ reason: null });
    // The user rule beats the IP rule, which beats the country rule.
    expect(await check({ ip: '203.0.113.77', country: 'GB', user: 'user-7', auth: true })).toMatchObject({ reason: 16 });
    expect(await check({ ip: '203.0.113.77', country: 'GB' })).toMatchObject({ reason: 2 });
    // User rules apply only to logged-in requests.
    expect(await check({ user: 'user-7', auth: false })).toMatchObject({ reason: null });
  });

  it('takes the address from X-Forwarded-For and the country from the configured header only when told to', async () => {
    const forwarded = { method: 'POST', url: '/blocks-api/api/v2/block', remoteAddress: '127.0.0.1', payload: { auth: false, url: '/' } } as const;
    const direct = await app.inject({ ...forwarded, headers: { 'x-forwarded-for': '203.0.113.5', 'cf-ipcountry': 'GB' } });
    expect(direct.json()).toMatchObject({ reason: null });
    const proxied = await behindProxy.inject({ ...forwarded, headers: { 'x-forwarded-for': '203.0.113.5' } });
    expect(proxied.json()).toMatchObject({ reason: 2 });
    const byCountry = await behindProxy.inject({ ...forwarded, headers: { 'cf-ipcountry': 'GB' } });
    expect(byCountry.json()).toMatchObject({ reason: 1 });
  });

  it('stops blocking as soon as the rule is deleted', async () => {
    const rule = await addRule({ reason: 5, country: 'FR' });
    expect(await check({ country: 'FR' })).toMatchObject({ reason: 5 });

    const list = BlockRuleListSchema.parse((await app.inject({ url: '/ops-api/v1/block-rules', headers: opsHeaders })).json());
    expect(list.rules[0]).toEqual(rule);

    const del = await app.inject({ method: 'DELETE', url: `/ops-api/v1/block-rules/${rule.id}`, headers: opsHeaders });
    expect(del.statusCode).toBe(204);
    expect(await check({ country: 'FR' })).toMatchObject({ reason: null });

    const again = await app.inject({ method: 'DELETE', url: `/ops-api/v1/block-rules/${rule.id}`, headers: opsHeaders });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'not_found' });
    const malformed = await app.inject({ method: 'DELETE', url: '/ops-api/v1/block-rules/not-a-uuid', headers: opsHeaders });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'invalid_request', details: [{ path: 'params.id' }] });
  });

  it('rejects invalid checks and invalid rules with 400 and details', async () => {
    for (const payload of [{ url: '/en' }, { auth: 'yes', url: '/en' }, { auth: true, url: 'x'.repeat(3000) }]) {
      const res = await app.inject({ method: 'POST', url: '/blocks-api/api/v2/block', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_request', message: 'Invalid request body' });
    }
    const invalidRules: [Record<string, unknown>, string][] = [
      [{ reason: 1, country: 'GB', userId: 'u1' }, 'body'],
      [{ reason: 1 }, 'body'],
      [{ reason: 7, country: 'GB' }, 'body.reason'],
      [{ reason: 1, country: 'gb' }, 'body.country'],
      [{ reason: 1, ipRange: 'not-an-ip' }, 'body.ipRange'],
      [{ reason: 1, ipRange: '10.0.0.1/8' }, 'body.ipRange'],
      [{ reason: 1, ipRange: '2001:db8::1/32' }, 'body.ipRange'],
    ];
    for (const [payload, path] of invalidRules) {
      const res = await app.inject({ method: 'POST', url: '/ops-api/v1/block-rules', headers: opsHeaders, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().details, JSON.stringify(payload)).toContainEqual(expect.objectContaining({ path }));
    }
  });
});
