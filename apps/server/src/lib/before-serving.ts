/**
 * Work a module starts while it registers and the server awaits before it serves (`onReady`),
 * so the rest of the application registers meanwhile: on a first start the database is still
 * opening or being migrated, and a module awaiting its queries while registering would hold
 * up every module after it (decisions 0036, 0040). Its failure fails the server's start.
 */
import type { FastifyInstance } from 'fastify';

/** Starts `work` now; answers its promise, for whatever else must wait for it too. */
export function beforeServing<T>(app: FastifyInstance, work: () => Promise<T>): Promise<T> {
  const done = work();
  // Awaited in onReady (and by whoever holds it); here only so a failure is not also an unhandled rejection.
  done.catch(() => undefined);
  app.addHook('onReady', async () => {
    await done;
  });
  return done;
}
