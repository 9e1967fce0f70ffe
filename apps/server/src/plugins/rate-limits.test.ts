import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createClock, type ServerClock } from '../lib/clock.ts';
import { addressKey, rateLimitsPlugin } from './rate-limits.ts';

describe('addressKey', () => {
  it('keeps IPv4, unmaps IPv4-mapped IPv6 and groups IPv6 by /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:0:1:aaaa::1')).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:DB8:0:1:bbbb:cccc:dddd:eeee')).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe('app.quota (in process)', () => {
  let app: FastifyInstance | undefined;
  afterEach(() => app?.close());

  const start = async (clock: ServerClock) => {
    app = Fastify();
    app.decorate('clock', clock);
    await app.register(rateLimitsPlugin, { scale: 1 });
    await app.ready();
    return app;
  };

  it('takes up to max per key over a sliding window of the app clock; peeking takes nothing', async () => {
    const clock = createClock({ fake: true });
    const quota = (await start(clock)).quota('test', { max: 2, windowMs: 60_000 });
    expect(await quota.peek('a')).toEqual({ used: 0, max: 2, retryAfterMs: 0 });
    expect(await quota.take('a')).toMatchObject({ taken: true, used: 1 });
    clock.advance!(30);
    expect(await quota.take('a')).toEqual({ taken: true, used: 2, max: 2, retryAfterMs: 30_000 });
    expect(await quota.take('a')).toEqual({ taken: false, used: 2, max: 2, retryAfterMs: 30_000 });
    expect(await quota.peek('a')).toMatchObject({ used: 2 });
    expect(await quota.take('b')).toMatchObject({ taken: true, used: 1 });
    // The first unit leaves the window a minute after it was taken, the second 30 s later.
    clock.advance!(30);
    expect(await quota.take('a')).toEqual({ taken: true, used: 2, max: 2, retryAfterMs: 30_000 });
    clock.advance!(30);
    expect(await quota.peek('a')).toEqual({ used: 1, max: 2, retryAfterMs: 0 });
  });

  it('refuses a second quota of the same name', async () => {
    const app = await start(createClock({ fake: true }));
    app.quota('twice', { max: 1, windowMs: 1000 });
    expect(() => app.quota('twice', { max: 1, windowMs: 1000 })).toThrow(/exists/);
  });
});
