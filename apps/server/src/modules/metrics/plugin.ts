/**
 * Prometheus metrics at `GET /metrics`: the process defaults plus the duration of every
 * HTTP request by route pattern (not raw url, which would explode the label space),
 * method and status code. One registry per app instance so tests can build many apps.
 *
 * For the monitoring system only: with `token` (METRICS_TOKEN) the scrape must carry
 * `Authorization: Bearer <token>` (401 otherwise); without it nothing is collected and
 * `/metrics` answers 404. Nothing tells the software's versions (no `nodejs_version_info`).
 */
import fp from 'fastify-plugin';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { notFound } from '../../lib/errors.ts';
import { requireBearerToken } from '../ops/auth.ts';

export interface MetricsOptions {
  /** The scraper's bearer token; unset: no metrics. */
  token?: string | undefined;
}

/** Default metrics that reveal versions of what runs (an attacker's shopping list). */
const VERSION_METRICS = ['nodejs_version_info'];

export const metricsPlugin = fp<MetricsOptions>(
  async (app, { token }) => {
    if (!token) {
      // Registered all the same, so the path never falls through to the pages.
      app.get('/metrics', { logLevel: 'warn' }, async () => {
        throw notFound('Not found');
      });
      return;
    }
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    for (const name of VERSION_METRICS) registry.removeSingleMetric(name);
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Duration of HTTP requests in seconds',
      labelNames: ['route', 'method', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });

    app.addHook('onResponse', async (request, reply) => {
      duration.observe(
        { route: request.routeOptions.url ?? 'unmatched', method: request.method, status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });

    const authorised = requireBearerToken(token, 'A valid metrics token is required');
    app.get('/metrics', { logLevel: 'warn', onRequest: authorised }, async (_request, reply) => {
      reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
      return registry.metrics();
    });
  },
  { name: 'metrics' },
);
