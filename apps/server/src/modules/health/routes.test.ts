import { expect, it } from 'vitest';
import { describeEachDb } from '@betsite/db/testing';
import { HealthSchema } from '@betsite/contracts';
import { buildTestApp } from '../../testing.ts';

describeEachDb('GET /healthz', (t) => {
  it('is 200 while the database answers and 503 once it is gone', async () => {
    const app = await buildTestApp(t.handle);
    try {
      const up = await app.inject('/healthz');
      expect(up.statusCode).toBe(200);
      expect(HealthSchema.parse(up.json())).toEqual({ status: 'ok', database: 'up' });
      expect(up.headers['cache-control']).toBe('no-store');

      await t.handle.close();
      const down = await app.inject('/healthz');
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'unavailable', database: 'down' });
    } finally {
      await app.close();
    }
  });
});
