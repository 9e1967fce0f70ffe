/** `GET /healthz` for load balancers and orchestrators: 503 when the database does not answer, or while the node shuts down. */
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import type { HealthSchema } from '@betsite/contracts';

export const healthRoutes: FastifyPluginAsync<{ ping: () => Promise<boolean>; draining?: () => boolean }> = async (app, { ping, draining }) => {
  // Probes hit this every few seconds: log only problems.
  app.get('/healthz', { logLevel: 'warn' }, async (_request, reply): Promise<z.infer<typeof HealthSchema>> => {
    if (draining?.()) {
      reply.code(503).header('cache-control', 'no-store');
      return { status: 'unavailable', database: 'up' };
    }
    const up = await ping();
    reply.code(up ? 200 : 503).header('cache-control', 'no-store');
    return up ? { status: 'ok', database: 'up' } : { status: 'unavailable', database: 'down' };
  });
};
