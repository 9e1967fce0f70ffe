import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '@betsite/contracts';
import { describeEachDb } from '@betsite/db/testing';
import { buildTestApp, opsHeaders } from '../../testing.ts';

const METRICS_TOKEN = 'test-metrics-token-0123456789';

describeEachDb('metrics', (t) => {
  describe('with METRICS_TOKEN', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await buildTestApp(t.handle, { env: { METRICS_TOKEN } });
    });
    afterAll(() => app.close());

    it('answers 401 without the token, with a wrong one and with the operator token', async () => {
      for (const headers of [{}, { authorization: 'Bearer wrong-token-0123456789' }, { authorization: METRICS_TOKEN }, opsHeaders]) {
        const res = await app.inject({ url: '/metrics', headers });
        expect(res.statusCode).toBe(401);
        expect(ApiErrorSchema.parse(res.json()).code).toBe('unauthorized');
        expect(res.body).not.toContain('process_');
      }
    });

    it('serves Prometheus metrics with request durations by route pattern to the token, and no versions', async () => {
      await app.inject('/bff-api/config/all.json');
      await app.inject('/bff-api/unknown/path');
      const res = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('process_cpu_user_seconds_total');
      expect(res.body).toMatch(/http_request_duration_seconds_count\{route="\/bff-api\/config\/all.json",method="GET",status_code="200"\} \d+/);
      expect(res.body).toMatch(/http_request_duration_seconds_count\{route="\/bff-api\/\*",method="GET",status_code="404"\} \d+/);
      expect(res.body).not.toContain('version');
      expect(res.body).not.toContain(process.version);
      expect(res.body).not.toContain(process.versions.node);
    });
  });

  describe('without METRICS_TOKEN', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      // A page catch-all as the SSR plugin has: /metrics must not fall through to it.
      app = await buildTestApp(t.handle, { ssr: async (pages) => void pages.get('/*', async () => ({ page: true })) });
    });
    afterAll(() => app.close());

    it('does not serve /metrics at all, not even to the operator token', async () => {
      for (const headers of [{}, opsHeaders, { authorization: `Bearer ${METRICS_TOKEN}` }]) {
        const res = await app.inject({ url: '/metrics', headers });
        expect(res.statusCode).toBe(404);
        expect(ApiErrorSchema.parse(res.json()).code).toBe('not_found');
      }
    });
  });
});
