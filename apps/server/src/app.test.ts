import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '@betsite/db/testing';
import { ApiErrorSchema } from '@betsite/contracts';
import { buildTestApp } from './testing.ts';

describeEachDb('app', (t) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(t.handle, {
      // Stands in for the SSR plugin: registered last, owns the page catch-all.
      ssr: async (pages) => {
        pages.get('/en/boom', async () => {
          throw new Error('secret internals');
        });
        pages.get('/*', async (request) => ({ page: request.url }));
      },
    });
  });
  afterAll(() => app.close());

  it('gives every request an id and echoes it', async () => {
    const [a, b] = await Promise.all([app.inject('/healthz'), app.inject('/healthz')]);
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it('sends security headers with a per-request script nonce', async () => {
    const [a, b] = await Promise.all([app.inject('/en/promotions'), app.inject('/en/promotions')]);
    const csp = String(a.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' 'nonce-[0-9a-f]{32}'/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("style-src-attr 'unsafe-inline'");
    expect(csp).toContain("worker-src 'self';");
    expect(csp).not.toContain('blob:');
    expect(csp).not.toBe(b.headers['content-security-policy']);
    expect(a.headers['x-content-type-options']).toBe('nosniff');
    expect(a.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(a.headers['referrer-policy']).toBe('no-referrer');
    expect(a.headers['cross-origin-opener-policy']).toBe('same-origin');
    // Two nonces of the request, neither a leftover placeholder: one for scripts, one for <style>.
    const script = /script-src 'self' 'nonce-([0-9a-f]{32})'/.exec(csp)?.[1];
    const style = /style-src 'self' 'nonce-([0-9a-f]{32})'/.exec(csp)?.[1];
    expect(script).toBeDefined();
    expect(style).toBeDefined();
    expect(style).not.toBe(script);
    expect(csp).not.toMatch(/NONCE/);
  });

  it('leaves pages to the SSR plugin but answers unknown API paths with JSON 404s', async () => {
    expect((await app.inject('/en/promotions')).json()).toEqual({ page: '/en/promotions' });
    for (const [method, url] of [
      ['GET', '/bff-api/config/nope'],
      ['POST', '/web-api/api/web/user/v1/no-such-call'],
      ['GET', '/ops-api'],
      ['DELETE', '/redirects-api/x'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found' });
    }
    const other = await app.inject({ method: 'PUT', url: '/en/promotions' });
    expect(other.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(other.json()).code).toBe('not_found');
  });

  it('hides internal errors behind a generic 500', async () => {
    const res = await app.inject('/en/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'internal_error', message: 'Internal server error' });
    expect(res.body).not.toContain('secret');
  });

  it('answers malformed and unsupported bodies with 4xx codes', async () => {
    const badJson = await app.inject({
      method: 'POST',
      url: '/redirects-api/api/v1/redirect-light',
      headers: { 'content-type': 'application/json' },
      payload: '{"url":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({ code: 'invalid_request' });

    const text = await app.inject({
      method: 'POST',
      url: '/redirects-api/api/v1/redirect-light',
      headers: { 'content-type': 'text/xml' },
      payload: '<url/>',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ code: 'unsupported_media_type' });
  });

  it('compresses when the client accepts it', async () => {
    const res = await app.inject({ url: '/bff-api/config/all.json', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});
