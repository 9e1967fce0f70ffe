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
 */
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';

export interface RateLimitsOptions {
  redisUrl?: string | undefined;
  scale: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** A module's nominal per-IP budget, scaled by RATE_LIMITS_SCALE (at least 1). */
    scaleRateLimit(max: number): number;
  }
}

export const rateLimitsPlugin = fp<RateLimitsOptions>(
  async (app, { redisUrl, scale }) => {
    let redis: Redis | undefined;
    if (redisUrl) {
      redis = new Redis(redisUrl, { connectTimeout: 2_000, maxRetriesPerRequest: 1, enableOfflineQueue: false });
      redis.on('error', (err: Error) => app.log.warn({ err }, 'rate-limit redis error'));
      app.addHook('onClose', async () => {
        redis?.disconnect();
      });
    }
    await app.register(rateLimit, {
      global: false,
      ...(redis ? { redis, nameSpace: 'betsite:rl:', skipOnError: true } : {}),
    });
    app.decorate('scaleRateLimit', (max: number) => Math.max(1, Math.round(max * scale)));
  },
  { name: 'rate-limits' },
);
