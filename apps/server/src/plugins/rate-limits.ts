/**
 * Per-IP rate limits (login, registration, codes, captcha …) for every module, registered
 * once: routes ask `app.rateLimit({ max, timeWindow })` for their hook.
 *
 * - With REDIS_URL the counters live in Redis, so a budget is shared by every node
 *   (ARCHITECTURE "shared rate limits between nodes"); without it, in this process.
 * - If Redis fails the request goes on (`skipOnError`): the per-login throttle in the
 *   database (captcha, back-off) still guards passwords, and the site stays up.
 * - `RATE_LIMITS_SCALE` multiplies every budget (e.g. for load tests from one address);
 *   modules pass their nominal budgets through `app.scaleRateLimit`.
 * - Each `app.rateLimit(…)` hook counts on its own (in Redis under its own key prefix,
 *   numbered in registration order, which is the same on every node built from the same
 *   code and configuration), as the in-process store does: a login does not spend the
 *   captcha's budget.
 * - `app.quota(name, { max, windowMs })`: a budget per any key (an address, a phone
 *   number …) over a sliding window of the app clock, counted only when the caller says
 *   (`take`), e.g. per SMS actually asked for. In Redis with REDIS_URL (a sorted set per
 *   key), in process otherwise; if Redis fails, the node counts in process meanwhile
 *   (each node then allows the budget once: more than one, but never unbounded).
 */
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
// Loaded only with REDIS_URL: a single node never evaluates ioredis (start-up time and memory, issue 14).
import type { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';

export interface RateLimitsOptions {
  redisUrl?: string | undefined;
  scale: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** A module's nominal per-IP budget, scaled by RATE_LIMITS_SCALE (at least 1). */
    scaleRateLimit(max: number): number;
    /** A counted budget named `name` (unique in the app) of `max` per key over a sliding window; shared by every node through Redis. */
    quota(name: string, options: { max: number; windowMs: number }): Quota;
  }
}

export interface QuotaState {
  /** Units of the key used within the window ending now (after this call's take). */
  used: number;
  max: number;
  /** When `used` is at `max`: how long until the oldest unit frees up (ms), else 0. */
  retryAfterMs: number;
}

export interface Quota {
  /** The key's state, without taking a unit. */
  peek(key: string): Promise<QuotaState>;
  /** Takes a unit when one is left (atomically, on every node); `taken` false when the budget is spent. */
  take(key: string): Promise<QuotaState & { taken: boolean }>;
}

/** The rate-limit key of an address: IPv4 as is, IPv6 by its /64 (one subscriber's whole network), as @fastify/rate-limit does. */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(':')) return ip.toLowerCase();
  const [head = '', tail] = ip.toLowerCase().split('::', 2);
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

// A sliding-window log: one member per unit, scored by the app clock (ms).
const QUOTA_LUA = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local max = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local used = redis.call('ZCARD', key)
local taken = 0
if ARGV[4] == '1' and used < max then
  redis.call('ZADD', key, now, ARGV[5])
  redis.call('PEXPIRE', key, window)
  used = used + 1
  taken = 1
end
local retry = 0
if used >= max then
  local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
  if oldest[2] then retry = tonumber(oldest[2]) + window - now end
end
return {taken, used, retry}
`;

// @fastify/rate-limit's fixed window (INCR, expiry set by the first request of a window).
const FIXED_WINDOW_LUA = `
local current = redis.call('INCR', KEYS[1])
local ttl = tonumber(ARGV[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ttl) else ttl = redis.call('PTTL', KEYS[1]) end
return {current, ttl}
`;

type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * The Redis store of @fastify/rate-limit, except that every hook (`child`) gets its own
 * key prefix: the library's own Redis store keys hooks made by `app.rateLimit(…)` by an
 * empty route, so every budget of an address would land in one counter.
 */
function redisHookStore(redis: Redis) {
  let hooks = 0;
  return class HookStore {
    readonly prefix: string;
    constructor(prefix?: unknown) {
      this.prefix = typeof prefix === 'string' ? prefix : 'betsite:rl:';
    }
    incr(key: string, callback: StoreCallback, timeWindow: number): void {
      redis.eval(FIXED_WINDOW_LUA, 1, this.prefix + key, timeWindow).then(
        (result) => {
          const [current, ttl] = result as [number, number];
          callback(null, { current, ttl });
        },
        (error: Error) => callback(error),
      );
    }
    child(): HookStore {
      return new HookStore(`betsite:rl:${++hooks}:`);
    }
  };
}

/** In-process sliding-window logs: the keys' unit times, oldest first. */
function memoryQuota(now: () => number, max: number, windowMs: number) {
  const units = new Map<string, number[]>();
  let lastSweep = now();
  const live = (key: string, at: number) => {
    if (at - lastSweep >= windowMs) {
      for (const [k, times] of units) if ((times.at(-1) ?? -Infinity) <= at - windowMs) units.delete(k);
      lastSweep = at;
    }
    const times = (units.get(key) ?? []).filter((t) => t > at - windowMs);
    if (times.length > 0) units.set(key, times);
    else units.delete(key);
    return times;
  };
  const state = (times: number[], at: number) => ({
    used: times.length,
    max,
    retryAfterMs: times.length >= max ? times[0]! + windowMs - at : 0,
  });
  return {
    peek: (key: string) => {
      const at = now();
      return state(live(key, at), at);
    },
    take: (key: string) => {
      const at = now();
      const times = live(key, at);
      const taken = times.length < max;
      if (taken) units.set(key, [...times, at]);
      return { ...state(taken ? [...times, at] : times, at), taken };
    },
  };
}

export const rateLimitsPlugin = fp<RateLimitsOptions>(
  async (app, { redisUrl, scale }) => {
    let redis: Redis | undefined;
    if (redisUrl) {
      const { Redis } = await import('ioredis');
      redis = new Redis(redisUrl, { connectTimeout: 2_000, maxRetriesPerRequest: 1, enableOfflineQueue: false });
      redis.on('error', (err: Error) => app.log.warn({ err }, 'rate-limit redis error'));
      app.addHook('onClose', async () => {
        redis?.disconnect();
      });
    }
    await app.register(rateLimit, {
      global: false,
      ...(redis ? { store: redisHookStore(redis), skipOnError: true } : {}),
    });
    app.decorate('scaleRateLimit', (max: number) => Math.max(1, Math.round(max * scale)));

    const quotaNames = new Set<string>();
    app.decorate('quota', (name: string, { max, windowMs }: { max: number; windowMs: number }): Quota => {
      if (quotaNames.has(name)) throw new Error(`quota ${name} exists already`);
      quotaNames.add(name);
      const local = memoryQuota(() => app.clock.now(), max, windowMs);
      if (!redis) return { peek: async (key) => local.peek(key), take: async (key) => local.take(key) };
      const client = redis;
      const run = async (key: string, take: boolean) => {
        const at = app.clock.now();
        const member = `${at}:${randomBytes(6).toString('base64url')}`;
        const result = (await client.eval(QUOTA_LUA, 1, `betsite:quota:${name}:${key}`, at, windowMs, max, take ? '1' : '0', member)) as [number, number, number];
        return { taken: result[0] === 1, used: result[1], max, retryAfterMs: Math.max(0, result[2]) };
      };
      const fallback = (error: unknown) => app.log.warn({ err: error, quota: name }, 'quota: redis failed, counting in this process');
      return {
        peek: (key) =>
          run(key, false).catch((error: unknown) => {
            fallback(error);
            return local.peek(key);
          }),
        take: (key) =>
          run(key, true).catch((error: unknown) => {
            fallback(error);
            return local.take(key);
          }),
      };
    });
  },
  { name: 'rate-limits' },
);
