/**
 * Publish/subscribe between the server's parts and between nodes (ARCHITECTURE
 * "Multi-node"): in-process by default, Redis pub/sub when REDIS_URL is set. Messages are
 * notifications ("X changed"), delivered at most once; a node that misses one relies on
 * the cache's maximum age.
 */
import { EventEmitter } from 'node:events';

/** Topics and their payloads. Later modules add theirs by declaration merging. */
export interface BusTopics {
  'site-config.changed': { version: string };
  'block-rules.changed': { id: string };
  'redirect-rules.changed': { id: string };
}
export type BusTopic = keyof BusTopics;
export type BusHandler<K extends BusTopic> = (payload: BusTopics[K]) => void;
export type Unsubscribe = () => Promise<void>;

export interface Bus {
  readonly kind: 'memory' | 'redis';
  /** Delivers to every subscriber on every node, including this one. */
  publish<K extends BusTopic>(topic: K, payload: BusTopics[K]): Promise<void>;
  /** Resolves once the subscription is active (messages published after it are received). */
  subscribe<K extends BusTopic>(topic: K, handler: BusHandler<K>): Promise<Unsubscribe>;
  close(): Promise<void>;
}

export interface BusLogger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** A failing handler must not break the publisher or the other handlers. */
function deliver(logger: BusLogger, topic: string, handler: (payload: never) => void, payload: unknown): void {
  try {
    (handler as (payload: unknown) => void)(payload);
  } catch (err) {
    logger.error({ err, topic }, 'bus handler failed');
  }
}

export function createMemoryBus(logger: BusLogger): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    kind: 'memory',
    async publish(topic, payload) {
      emitter.emit(topic, payload);
    },
    async subscribe(topic, handler) {
      const listener = (payload: unknown) => deliver(logger, topic, handler, payload);
      emitter.on(topic, listener);
      return async () => {
        emitter.off(topic, listener);
      };
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

const CHANNEL_PREFIX = 'betsite:';

/** Two connections: a Redis connection in subscriber mode cannot publish. */
export async function createRedisBus(url: string, logger: BusLogger): Promise<Bus> {
  // Loaded only with REDIS_URL: a single node never evaluates ioredis (start-up time and memory, issue 14).
  const { Redis } = await import('ioredis');
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const subscriber = publisher.duplicate();
  for (const [role, connection] of [['publisher', publisher], ['subscriber', subscriber]] as const) {
    connection.on('error', (err: Error) => logger.warn({ err, role }, 'redis bus connection error'));
  }
  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
  } catch (err) {
    publisher.disconnect();
    subscriber.disconnect();
    throw new Error(`cannot connect to Redis at ${new URL(url).host}: ${err instanceof Error ? err.message : String(err)}`, {
      cause: err,
    });
  }

  /** Per topic: its handlers, and the SUBSCRIBE every subscriber waits for. */
  const topics = new Map<string, { handlers: Set<(payload: never) => void>; subscribed: Promise<unknown> }>();
  subscriber.on('message', (channel: string, message: string) => {
    const topic = channel.slice(CHANNEL_PREFIX.length);
    let payload: unknown;
    try {
      payload = JSON.parse(message);
    } catch (err) {
      logger.warn({ err, channel }, 'unreadable bus message');
      return;
    }
    for (const handler of topics.get(topic)?.handlers ?? []) deliver(logger, topic, handler, payload);
  });

  return {
    kind: 'redis',
    async publish(topic, payload) {
      await publisher.publish(CHANNEL_PREFIX + topic, JSON.stringify(payload));
    },
    async subscribe(topic, handler) {
      let entry = topics.get(topic);
      if (!entry) {
        entry = {
          handlers: new Set(),
          subscribed: subscriber.subscribe(CHANNEL_PREFIX + topic).catch((err: unknown) => {
            topics.delete(topic);
            throw err;
          }),
        };
        topics.set(topic, entry);
      }
      const current = entry;
      current.handlers.add(handler);
      await current.subscribed;
      return async () => {
        current.handlers.delete(handler);
        if (current.handlers.size === 0 && topics.get(topic) === current) {
          topics.delete(topic);
          if (subscriber.status === 'ready') await subscriber.unsubscribe(CHANNEL_PREFIX + topic);
        }
      };
    },
    async close() {
      topics.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}

/**
 * Publishes a change notification after the change is committed. A failure is logged, not
 * thrown: the change itself succeeded, and other nodes pick it up within their cache's
 * maximum age.
 */
export async function announce<K extends BusTopic>(bus: Bus, logger: BusLogger, topic: K, payload: BusTopics[K]): Promise<void> {
  try {
    await bus.publish(topic, payload);
  } catch (err) {
    logger.warn({ err, topic }, 'change notification not published; other nodes will see it after their cache expires');
  }
}
