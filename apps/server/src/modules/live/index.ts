/**
 * The live transport (ARCHITECTURE "Live data", decision 0009): `GET /web-api/live/v1/ws`,
 * one WebSocket per tab, the topic registry `app.live` other modules register their topic
 * families with and publish through, the private `balance` topic, and, with OPS_TOKEN,
 * synthetic `test:*` topics and their operator routes.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import { AuthErrorCode, LIVE_LIMITS, LIVE_WS_PATH } from '@betsite/contracts';
import { AppError } from '../../lib/errors.ts';
import { LIVE_BUS_TOPIC, createMemorySequencer, createRedisSequencer } from './sequencer.ts';
import { LiveHub, type LiveHubStats, type LiveUser, type PublishOptions, type TopicFamily } from './hub.ts';
import { DEFAULT_CONNECTION_LIMITS, LiveConnection, type ConnectionDeps, type ConnectionLimits } from './connection.ts';
import { endDeadSessions } from './sessions.ts';
import { registerBalanceTopic } from './balance-topic.ts';
import { liveOpsRoutes, registerTestFamily } from './test-topics.ts';

/**
 * Sockets pinged per turn of the event loop. A full node's 5,000 in one go held the loop for
 * ~40 ms every 30 s (a CPU profile of bench/feed-fanout.ts), and every delta due meanwhile
 * waited that out; 250 at a time is ~2 ms.
 */
const HEARTBEAT_SLICE = 250;

export interface LiveOptions {
  /** How often the server pings every socket; one missed pong drops it (default 30 s). */
  heartbeatMs?: number;
  /** How often sessions behind connections are re-checked (default 15 s). */
  sessionCheckMs?: number;
  ringSize?: number;
  maxIdleStreams?: number;
  maxSnapshotLoads?: number;
  limits?: Partial<ConnectionLimits>;
}

export interface LiveApi {
  /** Adds a topic family (a module's topics: `game`, `sport`, …). */
  registerFamily<P>(family: TopicFamily<P>): void;
  /** Numbers a delta of a `global` family and sends it to the subscribers on every node; answers its number. */
  publish(topic: string, data: unknown, options?: PublishOptions): Promise<number>;
  /** For `node` families, whose source event already reaches every node: call on each node. */
  deliverLocal(topic: string, data: unknown, options?: PublishOptions): void;
  /** Pings every socket and drops those that did not answer the previous ping (run by a timer); settles when all are pinged. */
  heartbeat(): Promise<void>;
  /** Ends the private subscriptions of connections whose session ended (run by a timer); answers how many. */
  checkSessions(): Promise<number>;
  stats(): LiveHubStats & { connections: number };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Live topics: register families, publish deltas (modules/live). */
    live: LiveApi;
  }
}

/** Frames beyond this close the socket (1009); the protocol's own limit answers an error well before. */
const MAX_PAYLOAD_BYTES = 64 * 1024;

/** Shutdown: how long sockets get to finish their close handshake, and then their last messages. */
export const LIVE_CLOSE_GRACE_MS = 2_000;
/** The close code sockets get at shutdown: "going away" (the client reconnects, to another node). */
export const LIVE_SHUTDOWN_CODE = 1001;

export async function registerLive(app: FastifyInstance, options: LiveOptions = {}): Promise<void> {
  const redisUrl = app.env.REDIS_URL;
  const sequencer = app.bus.kind === 'redis' && redisUrl ? await createRedisSequencer(redisUrl, app.log) : createMemorySequencer(app.bus);
  const hub = new LiveHub({
    sequencer,
    logger: app.log,
    maxSubscriptions: LIVE_LIMITS.maxSubscriptions,
    ...(options.ringSize ? { ringSize: options.ringSize } : {}),
    ...(options.maxIdleStreams ? { maxIdleStreams: options.maxIdleStreams } : {}),
    ...(options.maxSnapshotLoads ? { maxSnapshotLoads: options.maxSnapshotLoads } : {}),
  });
  const connections = new Set<LiveConnection>();
  /** Sockets told to close at shutdown (preClose), and the message handling of closed connections still running. */
  const closing = new Set<WebSocket>();
  const finishing = new Set<Promise<void>>();
  const unsubscribers = [await app.bus.subscribe(LIVE_BUS_TOPIC, (delta) => hub.onBusDelta(delta))];

  let checking: Promise<number> | null = null;
  const checkSessions = () => {
    checking ??= endDeadSessions(app.db, new Date(app.clock.now()), connections).finally(() => {
      checking = null;
    });
    return checking;
  };
  const heartbeat = async () => {
    let pinged = 0;
    for (const connection of [...connections]) {
      if (pinged > 0 && pinged % HEARTBEAT_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
      pinged++;
      // Closed while an earlier slice waited: its socket takes no ping.
      if (!connections.has(connection)) continue;
      if (!connection.alive) {
        connection.socket.terminate();
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
    }
  };

  const api: LiveApi = {
    registerFamily: (family) => hub.registerFamily(family),
    publish: (topic, data, publishOptions) => hub.publish(topic, data, publishOptions),
    deliverLocal: (topic, data, publishOptions) => hub.deliverLocal(topic, data, publishOptions),
    heartbeat,
    checkSessions,
    stats: () => ({ ...hub.stats(), connections: connections.size }),
  };
  app.decorate('live', api);

  if (app.hasDecorator('accounts')) unsubscribers.push(await registerBalanceTopic(app, hub));
  if (app.env.OPS_TOKEN) {
    registerTestFamily(hub);
    await app.register(liveOpsRoutes, { hub, token: app.env.OPS_TOKEN });
  }

  const deps: ConnectionDeps = {
    hub,
    logger: app.log,
    limits: { ...DEFAULT_CONNECTION_LIMITS, ...options.limits },
    async resolveToken(token) {
      const session = await app.sessions.resolve(token);
      return session ? { userId: session.userId, tokenHash: session.tokenHash } : null;
    },
  };
  await app.register(liveSocketRoute, { deps, connections, closing, finishing });

  const timers = [
    setInterval(() => void heartbeat(), options.heartbeatMs ?? 30_000),
    setInterval(() => {
      checkSessions().catch((err: unknown) => app.log.warn({ err }, 'live session check failed'));
    }, options.sessionCheckMs ?? 15_000),
  ];
  for (const timer of timers) timer.unref();

  app.addHook('onClose', async () => {
    for (const timer of timers) clearInterval(timer);
    // The sockets told to close at preClose had the HTTP drain to answer; the rest are cut.
    // Then whatever they asked for that reads the database finishes before it closes.
    await within(LIVE_CLOSE_GRACE_MS, Promise.all([...closing].map(closed)));
    for (const socket of closing) socket.terminate();
    await within(
      LIVE_CLOSE_GRACE_MS,
      Promise.all([...[...connections].map((c) => c.idle()), ...finishing, hub.settled()]),
    );
    await Promise.allSettled(unsubscribers.map((unsubscribe) => unsubscribe()));
    await checking?.catch(() => undefined);
    await sequencer.close();
  });
}

/** Resolves when the socket has closed. */
function closed(socket: WebSocket): Promise<void> {
  return socket.readyState === socket.CLOSED ? Promise.resolve() : new Promise((resolve) => socket.once('close', () => resolve()));
}

/** `work`, or nothing after `ms`. */
async function within(ms: number, work: Promise<unknown>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([work.then(() => undefined), new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/** Encapsulated: the WebSocket plugin's hooks apply to this route only. */
const liveSocketRoute: FastifyPluginAsync<{
  deps: ConnectionDeps;
  connections: Set<LiveConnection>;
  closing: Set<WebSocket>;
  finishing: Set<Promise<void>>;
}> = async (scope, { deps, connections, closing, finishing }) => {
  await scope.register(websocket, {
    options: { maxPayload: MAX_PAYLOAD_BYTES },
    // Shutdown begins: every socket is told the server is going away and the WebSocket server
    // takes no new ones; the handshakes finish while HTTP requests drain (onClose above waits
    // for them). The plugin's own preClose would call its callback twice, letting `close()` run
    // on to the onClose hooks (and the database close) while requests are still running.
    preClose: async function (this: FastifyInstance) {
      for (const socket of this.websocketServer.clients) {
        closing.add(socket);
        socket.close(LIVE_SHUTDOWN_CODE, 'server shutting down');
      }
      this.websocketServer.close();
    },
    // A client vanishing mid-frame is routine: drop the socket without an error log.
    errorHandler: (err, socket, request) => {
      request.log.debug({ err }, 'live socket error');
      socket.terminate();
    },
  });

  // Cross-site WebSocket hijacking: a browser sends the session cookie with a handshake
  // started by any site, so a cookie-authenticated handshake must come from our origin.
  const publicOrigin = scope.env.PUBLIC_ORIGIN;
  scope.addHook('onRequest', async (request) => {
    if (request.authSession?.via !== 'cookie') return;
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== (publicOrigin ?? `${request.protocol}://${request.host}`)) {
      throw new AppError(403, AuthErrorCode.csrf, 'Cross-site WebSocket refused: foreign Origin');
    }
  });

  scope.get(LIVE_WS_PATH, { websocket: true }, (socket, request) => {
    const session = request.authSession;
    const user: LiveUser | null = session ? { userId: session.userId, tokenHash: session.tokenHash } : null;
    const connection = new LiveConnection(socket, user, deps);
    connections.add(connection);
    socket.on('close', () => {
      connections.delete(connection);
      deps.hub.drop(connection);
      const handled = connection.idle();
      finishing.add(handled);
      void handled.finally(() => finishing.delete(handled));
    });
  });
};

export type { LiveUser, TopicFamily, PublishOptions } from './hub.ts';
export { UnknownTopicError } from './hub.ts';
