import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '@betsite/db/testing';
import { buildTestApp } from '../../testing.ts';
import { DOCUMENTED_OPERATIONS } from './index.ts';

describe('API documentation at /docs', () => {
  let db: TestDb;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await createTestDb();
    app = await buildTestApp(db);
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('serves an OpenAPI 3.1 document of every documented operation', async () => {
    const res = await app.inject({ url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, { parameters: { name: string; in: string; required: boolean }[]; responses: Record<string, unknown> }>> };
    expect(doc.openapi).toBe('3.1.0');
    for (const op of DOCUMENTED_OPERATIONS) {
      const path = op.path.replace(/:(\w+)/g, '{$1}');
      const entry = doc.paths[path]?.[op.method.toLowerCase()];
      expect(entry, `${op.method} ${path}`).toBeDefined();
      expect(Object.keys(entry?.responses ?? {}).sort()).toEqual(Object.keys(op.responses).sort());
    }
    const games = doc.paths['/web-api/line/v1/games']?.['get'];
    expect(games?.parameters.find((p) => p.name === 'section')).toMatchObject({ in: 'query', required: true });
    expect(games?.parameters.find((p) => p.name === 'limit')).toMatchObject({ in: 'query', required: false });
    expect(doc.paths['/web-api/line/v1/games/{id}']?.['get']?.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
  });

  it('makes the document once, at the first request for it', async () => {
    const first = await app.inject({ url: '/docs/json' });
    const second = await app.inject({ url: '/docs/json' });
    expect(second.body).toBe(first.body);
    expect(Object.keys((second.json() as { paths: object }).paths).length).toBeGreaterThan(0);
  });

  it('documents only operations the server serves', () => {
    for (const op of DOCUMENTED_OPERATIONS) expect(app.hasRoute({ method: op.method, url: op.path }), `${op.method} ${op.path}`).toBe(true);
  });

  it('serves Swagger UI', async () => {
    const res = await app.inject({ url: '/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('swagger');
  });

  it('leaves the operator endpoints out when the operator API does not exist', async () => {
    const plain = await buildTestApp(db, { env: { OPS_TOKEN: '' } });
    try {
      const doc = (await plain.inject({ url: '/docs/json' })).json() as { paths: Record<string, unknown> };
      expect(Object.keys(doc.paths).some((p) => p.startsWith('/ops-api'))).toBe(false);
      expect(doc.paths['/web-api/line/v1/sports']).toBeDefined();
    } finally {
      await plain.close();
    }
  });
});
