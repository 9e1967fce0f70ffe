/**
 * Synthetic public topics `test:{name}` for checking and measuring the transport, only on a
 * server with OPS_TOKEN. Nothing but the operator publishes to them:
 * - `POST /ops-api/v1/live/publish` `{ name, data }` publishes one delta;
 * - `POST /ops-api/v1/live/load` `{ prefix, topics, perSecond, seconds }` publishes a steady
 *   load from inside the server (so HTTP does not blur the timing) and answers, when it is
 *   over, the sequence numbers published per topic (bench/live.ts checks none was lost).
 */
import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import {
  LIVE_TEST_FAMILY,
  LiveOpsLoadSchema,
  LiveOpsPublishSchema,
  LiveTestNameSchema,
  type LiveLoadDelta,
  type LiveOpsLoadResult,
  type LiveOpsPublished,
} from '@betsite/contracts';
import { parseRequest } from '../../lib/validate.ts';
import { requireOpsToken } from '../ops/auth.ts';
import type { LiveHub } from './hub.ts';

export function registerTestFamily(hub: LiveHub): void {
  hub.registerFamily<{ name: string }>({
    name: LIVE_TEST_FAMILY,
    access: 'public',
    parse: (args) => (args.length === 1 && LiveTestNameSchema.safeParse(args[0]).success ? { name: args[0] as string } : null),
    snapshot: async ({ name }) => ({ name }),
  });
}

/** Publishing period of the load generator: each tick publishes what is due by then. */
const TICK_MS = 2;

export async function runLoad(hub: LiveHub, { prefix, topics, perSecond, seconds }: { prefix: string; topics: number; perSecond: number; seconds: number }): Promise<LiveOpsLoadResult> {
  const total = Math.round(perSecond * seconds);
  const ranges: Record<string, [number, number]> = {};
  const started = performance.now();
  let published = 0;
  let maxLagMs = 0;
  const inFlight = new Set<Promise<void>>();
  let failure: unknown = null;
  while (published < total) {
    const now = performance.now();
    const due = Math.min(total, Math.floor(((now - started) / 1000) * perSecond) + 1);
    // How far behind its schedule the next delta goes out.
    if (due > published) maxLagMs = Math.max(maxLagMs, now - (started + (published / perSecond) * 1000));
    for (; published < due; published++) {
      const i = published;
      const topic = `${LIVE_TEST_FAMILY}:${prefix}${i % topics}`;
      const data: LiveLoadDelta = { i, sentAt: performance.timeOrigin + performance.now() };
      const done = hub.publish(topic, data).then((seq) => {
        const range = ranges[topic];
        if (!range) ranges[topic] = [seq, seq];
        else {
          range[0] = Math.min(range[0], seq);
          range[1] = Math.max(range[1], seq);
        }
      });
      inFlight.add(done);
      done.then(
        () => inFlight.delete(done),
        (err: unknown) => {
          inFlight.delete(done);
          failure ??= err;
        },
      );
    }
    if (failure) break;
    await new Promise((resolve) => setTimeout(resolve, TICK_MS));
  }
  await Promise.allSettled(inFlight);
  if (failure) throw failure;
  return { published, ranges, maxLagMs: Math.round(maxLagMs * 100) / 100 };
}

export const liveOpsRoutes: FastifyPluginAsync<{ hub: LiveHub; token: string }> = async (app: FastifyInstance, { hub, token }) => {
  app.addHook('onRequest', requireOpsToken(token));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post('/ops-api/v1/live/publish', async (request): Promise<LiveOpsPublished> => {
    const { name, data } = parseRequest(LiveOpsPublishSchema, request.body, 'body');
    const topic = `${LIVE_TEST_FAMILY}:${name}`;
    return { topic, seq: await hub.publish(topic, data ?? null) };
  });

  app.post('/ops-api/v1/live/load', async (request): Promise<LiveOpsLoadResult> => {
    const load = parseRequest(LiveOpsLoadSchema, request.body, 'body');
    request.log.info(load, 'operator started a live load run');
    return runLoad(hub, load);
  });
};
