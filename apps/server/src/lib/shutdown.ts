/**
 * A graceful stop of a listening app (`server.ts`, and the benchmarks' API server).
 *
 * `app.close()` runs the shutdown `build()` sets up, in this order:
 * 1. preClose: from now on every answer says `Connection: close` and /healthz answers 503;
 *    live sockets are told "going away" (1001); scheduled jobs and the feed ingester stop
 *    (each finishes the job or batch in hand; the feed lease is released); background
 *    e-mails and SMS are sent. Requests keep being served meanwhile.
 * 2. The HTTP server stops accepting connections and waits for the requests in flight;
 *    keep-alive connections end with their last answer.
 * 3. onClose: live sockets that have not closed are cut and what they asked for finishes,
 *    then the services, the bus and (when `build()` opened it) the database close.
 *
 * Bounded: connections still busy `graceMs` after the start are cut (their requests lose
 * their answer), so a stuck request cannot hold the stop for ever.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

export const SHUTDOWN_GRACE_MS = 10_000;

export async function closeGracefully(app: FastifyInstance, { graceMs = SHUTDOWN_GRACE_MS, logger = app.log }: { graceMs?: number; logger?: FastifyBaseLogger } = {}): Promise<void> {
  const deadline = setTimeout(() => {
    logger.warn({ graceMs }, 'shutdown: requests still running after the grace period; closing their connections');
    app.server.closeAllConnections();
  }, graceMs);
  deadline.unref();
  try {
    await app.close();
  } finally {
    clearTimeout(deadline);
  }
}
