/**
 * Sequence numbers of published live streams, shared by every node (decision 0009).
 *
 * A delta must get its number and enter the bus in one step, or two nodes publishing to
 * the same stream could deliver 7 before 6. So:
 * - on Redis, one Lua script INCRs the stream's counter and PUBLISHes the delta on the
 *   bus's channel: Redis runs scripts one at a time, so channel order is number order;
 * - in-process, the counters belong to the bus object (apps sharing one in-process bus in
 *   tests share them) and the memory bus emits synchronously, so nothing can interleave.
 *
 * A counter starts at the current second times 2^23, not at 0: when it is lost (Redis
 * restart, key expiry, process restart, eviction) the new numbers are still higher than
 * every old one (unless a stream averaged 8 million deltas a second), so a stream's numbers
 * only ever grow: a reset looks like a gap, and a client resuming with an old number gets
 * a snapshot, never a wrong continuation.
 */
// Loaded only with REDIS_URL: a single node never evaluates ioredis (start-up time and memory, issue 14).
import type { Redis } from 'ioredis';
import type { Bus, BusLogger } from '../../lib/bus.ts';

/** What crosses the bus for every published delta. */
export interface LiveBusDelta {
  /** The stream key (a public topic, or `topic@userId` for a private one). */
  stream: string;
  seq: number;
  data: unknown;
}

declare module '../../lib/bus.ts' {
  interface BusTopics {
    /** A sequenced live delta (modules/live); every node fans it out to its subscribers. */
    'live.delta': LiveBusDelta;
  }
}

export const LIVE_BUS_TOPIC = 'live.delta';

export interface Sequencer {
  readonly kind: 'memory' | 'redis';
  /** Numbers the delta (the stream's next number) and publishes it on the bus; answers the number. */
  publish(stream: string, data: unknown): Promise<number>;
  /** The stream's current number (the last one published), starting the counter if there is none. */
  current(stream: string): Promise<number>;
  close(): Promise<void>;
}

/** Numbers per second of epoch; seconds count from 2024, so numbers stay safe integers until 2058. */
const PER_SECOND = 2 ** 23;
const EPOCH_ORIGIN_S = 1_704_067_200;
/**
 * Where a new counter starts. Wall-clock time, not `app.clock`: it must grow across process
 * restarts, which a fake clock does not.
 */
export const epochBase = (nowMs: number = Date.now()): number => Math.max(1, Math.floor(nowMs / 1000) - EPOCH_ORIGIN_S) * PER_SECOND;

/** Stream counters with a bound: the least recently used is dropped (it restarts at a new epoch). */
export class Counters {
  private readonly values = new Map<string, number>();
  constructor(private readonly max = 100_000) {}

  current(stream: string): number {
    const value = this.values.get(stream);
    if (value !== undefined) {
      this.touch(stream, value);
      return value;
    }
    const start = epochBase();
    this.touch(stream, start);
    return start;
  }

  next(stream: string): number {
    const value = this.current(stream) + 1;
    this.touch(stream, value);
    return value;
  }

  get size(): number {
    return this.values.size;
  }

  private touch(stream: string, value: number): void {
    this.values.delete(stream);
    this.values.set(stream, value);
    if (this.values.size > this.max) {
      const oldest = this.values.keys().next().value;
      if (oldest !== undefined) this.values.delete(oldest);
    }
  }
}

const sharedCounters = new WeakMap<Bus, Counters>();

export function createMemorySequencer(bus: Bus): Sequencer {
  let counters = sharedCounters.get(bus);
  if (!counters) {
    counters = new Counters();
    sharedCounters.set(bus, counters);
  }
  const own = counters;
  return {
    kind: 'memory',
    async publish(stream, data) {
      const seq = own.next(stream);
      await bus.publish(LIVE_BUS_TOPIC, { stream, seq, data });
      return seq;
    },
    async current(stream) {
      return own.current(stream);
    },
    async close() {},
  };
}

/** The bus's Redis channel of `live.delta` (bus.ts prefixes every topic with `betsite:`). */
export const LIVE_REDIS_CHANNEL = `betsite:${LIVE_BUS_TOPIC}`;
const KEY_PREFIX = 'betsite:live:seq:';
/** A stream quiet this long loses its counter (and restarts at a new epoch). */
const COUNTER_TTL_MS = 24 * 60 * 60 * 1000;

// A new counter starts from Redis's own clock (the same for every node): epochBase in Lua.
// '%.0f' and GET keep numbers exact (a Lua number would print as 1.7e+15).
const START = `
local now = redis.call('TIME')
redis.call('SET', KEYS[1], string.format('%.0f', math.max(1, tonumber(now[1]) - ${EPOCH_ORIGIN_S}) * ${PER_SECOND}), 'NX')`;
// KEYS[1] counter; ARGV[1] ttl ms, ARGV[2] channel, ARGV[3] message head.
const PUBLISH_SCRIPT = `${START}
redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
local seq = redis.call('GET', KEYS[1])
redis.call('PUBLISH', ARGV[2], ARGV[3] .. seq .. '}')
return seq`;
const CURRENT_SCRIPT = `${START}
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return redis.call('GET', KEYS[1])`;

type ScriptedRedis = Redis & {
  livePublish(key: string, ttl: string, channel: string, head: string): Promise<string>;
  liveCurrent(key: string, ttl: string): Promise<string>;
};

/** Its own connection: the bus does not expose its publisher, and scripts need one. */
export async function createRedisSequencer(url: string, logger: BusLogger): Promise<Sequencer> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 }) as ScriptedRedis;
  redis.on('error', (err: Error) => logger.warn({ err }, 'redis live sequencer connection error'));
  redis.defineCommand('livePublish', { numberOfKeys: 1, lua: PUBLISH_SCRIPT });
  redis.defineCommand('liveCurrent', { numberOfKeys: 1, lua: CURRENT_SCRIPT });
  await redis.connect();
  const ttl = String(COUNTER_TTL_MS);
  return {
    kind: 'redis',
    async publish(stream, data) {
      // The bus message is JSON `{stream, data, seq}`; the script appends the number it assigns.
      const head = `${JSON.stringify({ stream, data: data ?? null }).slice(0, -1)},"seq":`;
      return Number(await redis.livePublish(KEY_PREFIX + stream, ttl, LIVE_REDIS_CHANNEL, head));
    },
    async current(stream) {
      return Number(await redis.liveCurrent(KEY_PREFIX + stream, ttl));
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
