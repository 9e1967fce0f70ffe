import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env.ts';

describe('loadEnv', () => {
  it('gives defaults for an empty environment', () => {
    expect(loadEnv({})).toEqual({
      NODE_ENV: 'production',
      PAGE_CACHE_TTL_MS: 2000,
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      FAKE_CLOCK: false,
      LOG_LEVEL: 'info',
      TRUST_PROXY: false,
      RATE_LIMITS_SCALE: 1,
      COUNTRY_HEADER: 'x-country-code',
      JOBS_POLL_MS: 1000,
      SOCIAL_PROVIDERS: [],
      FEED: 'simulated',
      FEED_SEED: 1,
      FEED_SPEED: 1,
      FEED_DAYS: 7,
      FEED_MARGIN: 0.05,
      LINE_CACHE_TTL_MS: 1000,
    });
  });

  it('reads the sports feed settings and refuses bad ones', () => {
    const env = loadEnv({ FEED: 'off', FEED_SEED: '42', FEED_SPEED: '60', FEED_DAYS: '3', FEED_MARGIN: '0.07' });
    expect([env.FEED, env.FEED_SEED, env.FEED_SPEED, env.FEED_DAYS, env.FEED_MARGIN]).toEqual(['off', 42, 60, 3, 0.07]);
    for (const [name, value] of [
      ['FEED', 'live'],
      ['FEED_SEED', '-1'],
      ['FEED_SPEED', '0'],
      ['FEED_SPEED', 'fast'],
      ['FEED_DAYS', '0'],
      ['FEED_DAYS', '30'],
      ['FEED_MARGIN', '0.5'],
      ['FEED_MARGIN', '5%'],
    ] as const) {
      expect(() => loadEnv({ [name]: value }), `${name}=${value}`).toThrow(name);
    }
  });

  it('refuses a page cache lifetime that is not a small whole number', () => {
    expect(() => loadEnv({ PAGE_CACHE_TTL_MS: '-1' })).toThrow('PAGE_CACHE_TTL_MS');
    expect(() => loadEnv({ PAGE_CACHE_TTL_MS: '120000' })).toThrow('PAGE_CACHE_TTL_MS');
    expect(loadEnv({ PAGE_CACHE_TTL_MS: '0' }).PAGE_CACHE_TTL_MS).toBe(0);
  });

  it('reads every variable, treating empty values as unset', () => {
    const env = loadEnv({
      NODE_ENV: 'production',
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://app@db:5432/betsite',
      DATA_DIR: '/var/lib/betsite',
      REDIS_URL: '',
      OPS_TOKEN: 'a-long-enough-operator-token',
      FAKE_CLOCK: '0',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '10.0.0.0/8, 192.168.0.1',
      COUNTRY_HEADER: 'CF-IPCountry',
      PUBLIC_ORIGIN: 'https://bets.example.com/',
    });
    expect(env).toMatchObject({
      PORT: 8080,
      REDIS_URL: undefined,
      TRUST_PROXY: ['10.0.0.0/8', '192.168.0.1'],
      COUNTRY_HEADER: 'cf-ipcountry',
      PUBLIC_ORIGIN: 'https://bets.example.com',
    });
    expect(loadEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
  });

  it('lists every bad variable in one readable error, without echoing values', () => {
    let error: unknown;
    try {
      loadEnv({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        OPS_TOKEN: 'short',
        FAKE_CLOCK: '1',
        LOG_LEVEL: 'loud',
        PUBLIC_ORIGIN: 'https://example.com/path',
        NODE_ENV: 'production',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const envError = error as EnvError;
    expect(envError.problems.map((p) => p.variable).sort()).toEqual([
      'DATABASE_URL',
      'FAKE_CLOCK',
      'LOG_LEVEL',
      'OPS_TOKEN',
      'PORT',
      'PUBLIC_ORIGIN',
    ]);
    expect(envError.message).toMatch(/^Invalid environment:\n {2}- /);
    expect(envError.message).toContain('OPS_TOKEN: must be at least 16 characters');
    expect(envError.message).toContain('PORT: must be an integer from 1 to 65535');
    expect(envError.message).toContain('FAKE_CLOCK: must not be 1 when NODE_ENV=production');
    expect(envError.message).not.toContain('short');
  });

  it('takes a metrics token of at least 16 characters, unset by default', () => {
    expect(loadEnv({}).METRICS_TOKEN).toBeUndefined();
    expect(loadEnv({ METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined();
    expect(loadEnv({ METRICS_TOKEN: 'a-long-enough-metrics-token' }).METRICS_TOKEN).toBe('a-long-enough-metrics-token');
    expect(() => loadEnv({ METRICS_TOKEN: 'short' })).toThrow('METRICS_TOKEN: must be at least 16 characters');
  });

  it('checks the port range', () => {
    expect(() => loadEnv({ PORT: '0' })).toThrow('PORT: must be an integer from 1 to 65535');
    expect(() => loadEnv({ PORT: '65536' })).toThrow('PORT: must be an integer from 1 to 65535');
    expect(() => loadEnv({ PORT: '3.5' })).toThrow('PORT: must be an integer from 1 to 65535');
  });

  it('refuses the fake clock in production', () => {
    expect(() => loadEnv({ NODE_ENV: 'production', FAKE_CLOCK: '1' })).toThrow('FAKE_CLOCK: must not be 1 when NODE_ENV=production');
    expect(loadEnv({ NODE_ENV: 'test', FAKE_CLOCK: '1' }).FAKE_CLOCK).toBe(true);
    expect(() => loadEnv({ FAKE_CLOCK: 'yes' })).toThrow('FAKE_CLOCK: must be 0 or 1');
  });
});
