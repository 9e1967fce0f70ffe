/**
 * What `app.close()` does before the HTTP server stops accepting (see lib/shutdown.ts; the
 * real process is tested in chaos/shutdown.chaos.ts): while the preClose hooks run, a
 * request in flight is served to the end and one arriving meanwhile is served too (no 503),
 * both with `Connection: close`, and /healthz tells the load balancer to stop sending (503).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { HealthSchema } from '@betsite/contracts';
import { describeEachDb } from '@betsite/db/testing';
import { buildTestApp } from './testing.ts';

/** A promise and its resolver. */
function latch(): { promise: Promise<void>; open: () => void } {
  let open: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

describeEachDb('app shutdown', (t) => {
  let app: FastifyInstance;
  let origin: string;
  const slowStarted = latch();
  const slowMayFinish = latch();
  const shutdownBegun = latch();
  const shutdownMayGoOn = latch();

  beforeAll(async () => {
    app = await buildTestApp(t.handle, {
      ssr: async (pages) => {
        pages.get('/slow', async () => {
          slowStarted.open();
          await slowMayFinish.promise;
          // The database is still open for a request in flight.
          const { rows } = await sql<{ one: number }>`select 1 as one`.execute(t.db);
          return rows[0];
        });
        pages.get('/*', async () => ({ page: true }));
        // The last preClose hook: holds the shutdown where the test looks at it.
        pages.addHook('preClose', async () => {
          shutdownBegun.open();
          await shutdownMayGoOn.promise;
        });
      },
    });
    origin = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    slowMayFinish.open();
    shutdownMayGoOn.open();
    await app.close();
  });

  it('serves requests to the end with Connection: close, and /healthz answers 503 meanwhile', async () => {
    const before = await fetch(`${origin}/healthz`);
    expect(before.status).toBe(200);
    expect(before.headers.get('connection')).not.toBe('close');

    const slow = fetch(`${origin}/slow`);
    await slowStarted.promise;
    const closing = app.close();
    await shutdownBegun.promise;

    const health = await fetch(`${origin}/healthz`);
    expect(health.status).toBe(503);
    expect(HealthSchema.parse(await health.json())).toEqual({ status: 'unavailable', database: 'up' });
    expect(health.headers.get('connection')).toBe('close');
    const page = await fetch(`${origin}/en/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('connection')).toBe('close');

    shutdownMayGoOn.open();
    slowMayFinish.open();
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ one: 1 });
    expect(answer.headers.get('connection')).toBe('close');
    await closing;
  });
});
