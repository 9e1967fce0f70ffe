/**
 * Two nodes on one database: a change made through one is served by the other on its
 * next request, because the bus invalidates the other node's cache.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '@betsite/db';
import { describeEachDb } from '@betsite/db/testing';
import { createMemoryBus } from '../../lib/bus.ts';
import { buildTestApp, opsHeaders, redisAvailable, TEST_REDIS_URL as REDIS_URL } from '../../testing.ts';

const withRedis = await redisAvailable();

function scenarios(nodes: () => [FastifyInstance, FastifyInstance]) {
  it('serves a site config patched on node A from node B on the next request', async () => {
    const [a, b] = nodes();
    // Warm node B's cache first, so only an invalidation can make it see the change.
    expect((await b.inject('/bff-api/config/all.json')).json()).toMatchObject({ companyName: 'Betsite' });
    const patched = await a.inject({
      method: 'PATCH',
      url: '/ops-api/v1/site-config',
      headers: { ...opsHeaders, 'content-type': 'application/merge-patch+json' },
      payload: { companyName: 'Betsite Cluster' },
    });
    expect(patched.statusCode).toBe(200);
    await expect.poll(async () => (await b.inject('/bff-api/config/all.json')).json().companyName, { timeout: 2_000 }).toBe('Betsite Cluster');
  });

  it('applies a block rule created on node A on node B', async () => {
    const [a, b] = nodes();
    const ask = { method: 'POST', url: '/blocks-api/api/v2/block', headers: { 'x-country-code': 'NL' }, payload: { auth: false, url: '/' } } as const;
    expect((await b.inject(ask)).json()).toMatchObject({ reason: null });
    const created = await a.inject({ method: 'POST', url: '/ops-api/v1/block-rules', headers: opsHeaders, payload: { reason: 14, country: 'NL' } });
    expect(created.statusCode).toBe(201);
    await expect.poll(async () => (await b.inject(ask)).json().reason, { timeout: 2_000 }).toBe(14);
  });
}

describeEachDb('two nodes', (t) => {
  /** A second connection to the same database, as another node would have (PGlite lives in this process: shared). */
  let second: DbHandle;
  beforeAll(async () => {
    second = t.handle.url ? await createDb({ databaseUrl: t.handle.url }) : t.handle;
  });
  afterAll(async () => {
    if (second !== t.handle) await second.close();
  });

  describe.skipIf(!withRedis)('on a Redis bus', () => {
    let nodes: [FastifyInstance, FastifyInstance];
    beforeAll(async () => {
      nodes = [await buildTestApp(t.handle, { env: { REDIS_URL } }), await buildTestApp(second, { env: { REDIS_URL } })];
      expect(nodes[0].bus.kind).toBe('redis');
    });
    afterAll(async () => {
      await Promise.all(nodes.map((node) => node.close()));
    });
    scenarios(() => nodes);
  });

  describe('on a shared in-process bus', () => {
    const bus = createMemoryBus({ warn: () => undefined, error: () => undefined });
    let nodes: [FastifyInstance, FastifyInstance];
    beforeAll(async () => {
      // Reset what the Redis scenarios changed.
      await t.db.deleteFrom('block_rules').execute();
      nodes = [await buildTestApp(t.handle, { bus }), await buildTestApp(second, { bus })];
      await nodes[0].siteConfig.patch({ companyName: 'Betsite' });
    });
    afterAll(async () => {
      await Promise.all(nodes.map((node) => node.close()));
      await bus.close();
    });
    scenarios(() => nodes);
  });
});
