/**
 * The sportsbook's line (issue 4): the catalogue in the database, fed by a provider (the
 * simulated feed by default, `FEED=off` for none) on the one node holding its lease; the
 * line API under `/web-api/line/v1`; the `game:{id}` and `section:{line|live}` live topics;
 * and, with OPS_TOKEN, the operator's game endpoints. Needs the live module (`app.live`).
 */
import type { FastifyInstance } from 'fastify';
import { SimulatedFeed, type FeedProvider } from '@betsite/feed';
import { FeedThread } from './feed-thread.ts';
import { beforeServing } from '../../lib/before-serving.ts';
import { FeedIngester } from './ingest.ts';
import { FeedLease, Leadership } from './lease.ts';
import { lineOpsRoutes } from './ops-routes.ts';
import { lineRoutes } from './routes.ts';
import { createLineService, type LineService } from './service.ts';
import { ensureListRows } from './list-rows.ts';
import { ensureSports } from './store.ts';
import { registerLineTopics } from './topics.ts';
import { LineWriter } from './writer.ts';

export interface LineOptions {
  /** The provider to ingest; default from FEED (null: none). */
  feed?: FeedProvider | null;
  /** Lifetime of the ingesting node's lease (default 15 s). */
  leaseMs?: number;
  /** Ingester batching delay (default 5 ms). */
  flushMs?: number;
}

export interface LineModule {
  service: LineService;
  writer: LineWriter;
  /** Null when no feed is configured. */
  ingester: FeedIngester | null;
  leadership: Leadership | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The sportsbook line (modules/line). */
    line: LineModule;
  }
}

export async function registerLine(app: FastifyInstance, options: LineOptions = {}): Promise<LineModule> {
  const { env, db, clock } = app;
  // List rows carry the sports' names and order: all again when those changed with the code,
  // else only for open games without one (a database from before migration 0029). Awaited
  // before serving and before the feed's first write.
  const current = beforeServing(app, async () => {
    const sportsChanged = await ensureSports(db);
    await ensureListRows(db, { all: sportsChanged });
  });
  const writer = new LineWriter({ db, live: app.live, clock, logger: app.log });
  registerLineTopics(app.live, db, clock);
  const service = createLineService({ db, writer, clock, margin: env.FEED_MARGIN });
  await app.register(lineRoutes);
  if (env.OPS_TOKEN) await app.register(lineOpsRoutes, { token: env.OPS_TOKEN, service });

  const feed = options.feed !== undefined ? options.feed : env.FEED === 'simulated' ? simulatedFeed(app) : null;
  let ingester: FeedIngester | null = null;
  let leadership: Leadership | null = null;
  if (feed) {
    const logger = app.log.child({ module: 'feed' });
    ingester = new FeedIngester({ feed, db, writer, clock, logger, after: current, ...(options.flushMs === undefined ? {} : { flushMs: options.flushMs }) });
    leadership = new Leadership(new FeedLease(db, feed.name, options.leaseMs), ingester, logger);
    const lead = leadership;
    // Ingest once serving: an app that never listens (tests) starts it itself.
    app.addHook('onListen', async () => {
      void lead.start();
    });
    const feedIngester = ingester;
    app.addHook('preClose', async () => {
      await lead.stop();
      // Started by hand (tests) rather than by the lease: stop it all the same.
      await feedIngester.stop();
      await writer.idle();
    });
  }
  const module: LineModule = { service, writer, ingester, leadership };
  app.decorate('line', module);
  return module;
}

/**
 * The simulated provider: in its own thread on the system clock (feed-thread.ts), in-process
 * on the fake clock, which only the main thread can read.
 */
function simulatedFeed(app: FastifyInstance): FeedProvider {
  const { env, clock, log } = app;
  const options = { seed: env.FEED_SEED, speed: env.FEED_SPEED, days: env.FEED_DAYS, margin: env.FEED_MARGIN };
  if (env.FAKE_CLOCK) return new SimulatedFeed({ ...options, clock });
  const thread = new FeedThread(options, { onFailure: (err) => log.error({ err, module: 'feed' }, 'the simulated feed failed') });
  app.addHook('onClose', () => thread.close());
  return thread;
}
