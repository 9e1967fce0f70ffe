/**
 * No input answers a 500 (issue 10): each fix the fuzz review asked for, checked on its own
 * (the fuzz test, fuzz.test.ts, sweeps every route).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SITE_CONFIG_LIMITS } from '@betsite/contracts';
import { describeEachDb } from '@betsite/db/testing';
import { buildTestApp, opsHeaders } from './testing.ts';
import { registerPageRoutes } from './ssr/plugin.ts';
import { referralFromCookies } from './modules/social/referral.ts';

let ipCounter = 0;
const nextIp = () => `10.61.${Math.floor(++ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
const NUL = '\u0000';

describeEachDb('input never answers a 500', (t) => {
  let app: FastifyInstance;
  let playerToken = '';

  beforeAll(async () => {
    app = await buildTestApp(t.handle, {
      ssr: async (pages) => {
        // The database refusing a value nothing validated: the error plugin's safety net.
        pages.get('/test-only/raw-lookup', async (request) => {
          const { email } = request.query as { email: string };
          return pages.db.selectFrom('users').select('id').where('email', '=', email).execute();
        });
        registerPageRoutes(pages, async (_request, reply) => reply.type('text/html').send('<p>page</p>'));
      },
    });
    const fast = await call({ method: 'POST', url: '/web-api/registration/v1/fast', payload: { currency: 'EUR', country: 'DE', language: 'en', bonusChoice: 0 } });
    expect(fast.statusCode).toBe(201);
    playerToken = (fast.json() as { token: string }).token;
  });
  afterAll(async () => {
    await app.close();
  });

  const call = (options: InjectOptions) => app.inject({ remoteAddress: nextIp(), ...options });
  const expectInvalid = (res: Awaited<ReturnType<typeof call>>, path?: string) => {
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json() as { code: string; details?: { path: string; message: string }[] };
    expect(body.code).toBe('invalid_request');
    if (path) expect(body.details).toContainEqual({ path, message: expect.stringContaining('NUL') });
  };

  it('refuses a NUL character in any text with 400 invalid_request naming the field', async () => {
    expectInvalid(await call({ method: 'POST', url: '/web-api/auth/v1/login', payload: { uLogin: `player${NUL}@example.com`, uPassword: 'whatever' } }), 'body.uLogin');
    expectInvalid(
      await call({ method: 'POST', url: '/web-api/registration/v1/full', payload: { email: `new${NUL}@example.com`, password: 'Long-enough-pass-1', currency: 'EUR', country: 'DE', language: 'en', bonusChoice: 0 } }),
      'body.email',
    );
    expectInvalid(
      await call({ method: 'POST', url: '/web-api/registration/v1/fast', payload: { currency: 'EUR', country: 'DE', language: 'en', bonusChoice: 0, referral: { promoCode: `A${NUL}` } } }),
      'body.referral.promoCode',
    );
    expectInvalid(await call({ method: 'POST', url: '/web-api/registration/v1/activate/resend', payload: { email: `a${NUL}@example.com` } }), 'body.email');
    expectInvalid(await call({ method: 'POST', url: '/web-api/auth/v1/password-reset/request', payload: { login: `a${NUL}@example.com` } }), 'body.login');
    expectInvalid(await call({ url: '/web-api/line/v1/search?q=ab%00cd' }), 'query.q');
    expectInvalid(
      await call({
        method: 'POST',
        url: '/web-api/office/v1/payment/requests',
        headers: { 'x-auth': playerToken, 'idempotency-key': 'nul-message-1' },
        payload: { topicId: 1, message: `My deposit ${NUL} was not credited` },
      }),
      'body.message',
    );
    const ops = { headers: opsHeaders };
    expectInvalid(await call({ ...ops, method: 'POST', url: '/ops-api/v1/games', payload: { sportId: 1, champName: 'Cup', home: `Al${NUL}pha`, away: 'Beta' } }), 'body.home');
    expectInvalid(await call({ ...ops, method: 'POST', url: '/ops-api/v1/games/1/suspend', payload: { markets: [`1x2${NUL}`] } }), 'body.markets.0');
    expectInvalid(await call({ ...ops, method: 'PATCH', url: '/ops-api/v1/site-config', payload: { companyName: `Bet${NUL}site` } }), 'body.companyName');
    expectInvalid(await call({ ...ops, method: 'PATCH', url: '/ops-api/v1/site-config', payload: { unavailableRoutes: [NUL] } }), 'body.unavailableRoutes.0');
    expectInvalid(await call({ ...ops, method: 'POST', url: '/ops-api/v1/block-rules', payload: { reason: 13, userId: `u${NUL}` } }), 'body.userId');
    expectInvalid(await call({ ...ops, method: 'POST', url: '/ops-api/v1/redirects', payload: { fromPath: `/en/a${NUL}b`, toUrl: '/en/', code: 301, reason: 'moved' } }), 'body.fromPath');
    // Nothing was stored cut short at the NUL (PGlite would have kept "/en/a").
    const rules = (await call({ ...ops, url: '/ops-api/v1/redirects' })).json() as { rules: { fromPath: string }[] };
    expect(rules.rules.map((r) => r.fromPath)).not.toContain('/en/a');
  });

  it('refuses an unpaired surrogate (jsonb cannot hold one) but takes emoji and right-to-left text', async () => {
    const patch = (companyName: string) =>
      call({ headers: { ...opsHeaders, 'content-type': 'application/json' }, method: 'PATCH', url: '/ops-api/v1/site-config', payload: JSON.stringify({ companyName }) });
    expectInvalid(await patch('Bet\uD800site'));
    const fancy = '\u202Eetisteb 🎲';
    const ok = await patch(fancy);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as { companyName: string }).companyName).toBe(fancy);
    expect((await patch('Betsite')).statusCode).toBe(200);
  });

  it('answers a database error caused by input with a 400, never a 500 (the safety net behind the schemas)', async () => {
    const res = await call({ url: `/test-only/raw-lookup?email=${encodeURIComponent(`a${NUL}b`)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'invalid_request', message: 'Invalid request: a value cannot be stored' });
  });

  it('answers 405 with Allow: GET, HEAD to other methods on page paths, with or without a body', async () => {
    for (const [method, url, options] of [
      ['POST', '/en/', { payload: { a: 1 } }],
      ['POST', '/en/', { payload: '{"a":', headers: { 'content-type': 'application/json' } }],
      ['POST', '/en/line/', { payload: 'a=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } }],
      ['POST', '/en/', { payload: 'x'.repeat(2 * 1024 * 1024), headers: { 'content-type': 'text/plain' } }],
      ['PUT', '/', {}],
      ['PATCH', '/en/office/', { payload: { a: 1 } }],
      ['DELETE', '/en/', {}],
      ['OPTIONS', '/en/', {}],
    ] as const) {
      const res = await call({ method, url, ...options });
      expect(res.statusCode, `${method} ${url}`).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
      expect(res.json()).toMatchObject({ code: 'method_not_allowed' });
    }
    expect((await call({ url: '/en/' })).statusCode).toBe(200);
    expect((await call({ method: 'HEAD', url: '/en/' })).statusCode).toBe(200);
    // API routes keep their own methods and answers.
    expect((await call({ method: 'POST', url: '/web-api/nothing-here', payload: {} })).statusCode).toBe(404);
  });

  it('answers a malformed one-tap multipart body with a 400', async () => {
    const headers = (contentType: string) => ({ 'content-type': contentType, 'x-requested-with': 'XMLHttpRequest' });
    const boundary = `----fuzz${randomBytes(6).toString('hex')}`;
    for (const [contentType, payload] of [
      [`multipart/form-data; boundary=${boundary}`, 'no boundary anywhere in here'],
      [`multipart/form-data; boundary=${boundary}`, `--${boundary}\r\ncontent-disposition: form-data; name="credential"\r\n\r\ncut short`],
      ['multipart/form-data', 'x'],
      [`multipart/form-data; boundary=${boundary}`, `--${boundary}\r\nbroken header line\r\n\r\nvalue\r\n--${boundary}--\r\n`],
    ] as const) {
      const res = await call({ method: 'POST', url: '/social-api/oauth/sandbox-one-tap', headers: headers(contentType), payload });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_request' });
    }
    // A file is not a field: refused by the limits (413), still not a 500.
    const file = `--${boundary}\r\ncontent-disposition: form-data; name="credential"; filename="a.txt"\r\n\r\nx\r\n--${boundary}--\r\n`;
    expect((await call({ method: 'POST', url: '/social-api/oauth/sandbox-one-tap', headers: headers(`multipart/form-data; boundary=${boundary}`), payload: file })).statusCode).toBe(413);
  });

  it('answers long and malformed ids in paths with a 4xx', async () => {
    const long = 'x'.repeat(10_000);
    for (const [method, url] of [
      ['POST', `/sandbox-pay/${long}`],
      ['POST', `/sandbox-pay/${long}/3ds`],
      ['GET', '/sandbox-pay/not-a-uuid'],
      ['POST', '/sandbox-pay/not-a-uuid'],
      ['POST', `/ops-api/v1/withdrawals/${long}/approve`],
      ['POST', '/ops-api/v1/withdrawals/1/reject'],
      ['POST', `/ops-api/v1/payment-requests/${long}/answer`],
      ['GET', '/ops-api/v1/payment-requests/%00'],
      ['DELETE', `/ops-api/v1/block-rules/${long}`],
      ['GET', `/web-api/auth/v1/qr/${long}`],
      ['GET', '/web-api/payments/v1/payments/1'],
      ['GET', `/web-api/line/v1/games/${'9'.repeat(400)}`],
    ] as const) {
      const res = await call({ method, url, headers: { ...opsHeaders, 'x-auth': playerToken }, ...(method === 'POST' ? { payload: { message: 'hello' } } : {}) });
      expect(res.statusCode, `${method} ${url.slice(0, 60)}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${method} ${url.slice(0, 60)}`).toBeLessThan(500);
    }
    for (const url of ['/sandbox-pay/not-a-uuid', `/sandbox-pay/${long}`, `/sandbox-pay/${long}/3ds`]) {
      const page = await call({ method: 'POST', url, payload: 'action=pay', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(page.statusCode, url.slice(0, 40)).toBe(404);
      expect(page.body).toContain('No such payment');
    }
    expect((await call({ method: 'POST', url: '/ops-api/v1/withdrawals/1/approve', headers: opsHeaders })).json()).toMatchObject({ code: 'not_found' });
  });

  it('ignores referral cookies the registration contract refuses (a NUL, too long) instead of failing to store them', () => {
    expect(referralFromCookies({ refererid: `a${NUL}b`, subid: 's'.repeat(200), reflinkid: ' ok-link ', ref_partner_id: '\uD800' })).toEqual({ reflinkId: 'ok-link' });
  });

  it('answers malformed sandbox identity provider requests with a 4xx', async () => {
    const basic = `Basic ${Buffer.from('%ZZ:%ZZ').toString('base64')}`;
    const token = await call({ method: 'POST', url: '/sandbox-idp/token', headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'grant_type=authorization_code&code=x' });
    expect(token.statusCode).toBe(401);
    expect(token.json()).toMatchObject({ error: 'invalid_client' });
    const authorize = await call({ url: '/sandbox-idp/authorize?client_id=betsite-sandbox&response_type=code&scope=openid&nonce=a%00b' });
    expect(authorize.statusCode).toBe(400);
    expect(authorize.body).toContain('Malformed authorization request');
  });

  it('limits the operator\'s site-config text: companyName up to its maximum, not beyond', async () => {
    const patch = (body: unknown) =>
      call({ headers: { ...opsHeaders, 'content-type': 'application/merge-patch+json' }, method: 'PATCH', url: '/ops-api/v1/site-config', payload: JSON.stringify(body) });
    expect((await patch({ companyName: 'B'.repeat(SITE_CONFIG_LIMITS.companyName) })).statusCode).toBe(200);
    const over = await patch({ companyName: 'B'.repeat(SITE_CONFIG_LIMITS.companyName + 1) });
    expectInvalid(over);
    expect((over.json() as { details: { path: string }[] }).details[0]?.path).toBe('body.companyName');
    expectInvalid(await patch({ companyName: 'B'.repeat(1024 * 1024 - 100) }));
    expectInvalid(await patch({ seo: { mirrorHost: 'h'.repeat(SITE_CONFIG_LIMITS.host + 1) } }));
    expectInvalid(await patch({ unavailableRoutes: Array.from({ length: SITE_CONFIG_LIMITS.routeEntries + 1 }, (_, i) => `r${i}`) }));
    expectInvalid(await patch({ urlsToRedirectTo404: ['/'.repeat(SITE_CONFIG_LIMITS.urlPattern + 1)] }));
    expectInvalid(await patch({ languages: [{ code: 'en', name: 'E'.repeat(SITE_CONFIG_LIMITS.languageName + 1), dir: 'ltr', hidden: false }] }));
    expectInvalid(await patch({ flags: { mobileSiteUrl: `https://m.example.com/${'p'.repeat(SITE_CONFIG_LIMITS.url)}` } }));
    expect((await patch({ companyName: 'Betsite' })).statusCode).toBe(200);
    expect(((await call({ url: '/bff-api/config/all.json' })).json() as { companyName: string }).companyName).toBe('Betsite');
  });
});
