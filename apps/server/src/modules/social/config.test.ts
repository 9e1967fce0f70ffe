/** Which providers are offered: SOCIAL_PROVIDERS (validated at start) and the SOCIAL_SANDBOX switch. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb } from '@betsite/db/testing';
import { EnvError, loadEnv, socialSandboxEnabled } from '../../config/env.ts';
import { buildTestApp } from '../../testing.ts';

const GOOGLE = { id: 'google', issuer: 'https://accounts.google.invalid', clientId: 'client-123.apps', clientSecret: 'shh', oneTap: true };

describe('social configuration', () => {
  it('parses SOCIAL_PROVIDERS with defaults, and refuses bad entries with the variable named', () => {
    expect(loadEnv({}).SOCIAL_PROVIDERS).toEqual([]);
    expect(loadEnv({ SOCIAL_PROVIDERS: JSON.stringify([{ id: 'apple', issuer: 'https://appleid.apple.com', clientId: 'com.example' }]) }).SOCIAL_PROVIDERS).toEqual([
      { id: 'apple', issuer: 'https://appleid.apple.com', clientId: 'com.example', scope: 'openid email profile', oneTap: false },
    ]);
    for (const bad of [
      'not json',
      JSON.stringify({ id: 'google' }),
      JSON.stringify([{ ...GOOGLE, id: 'myspace' }]),
      JSON.stringify([{ ...GOOGLE, issuer: 'http://accounts.google.com' }]),
      JSON.stringify([{ ...GOOGLE, scope: 'email' }]),
      JSON.stringify([GOOGLE, GOOGLE]),
      JSON.stringify([{ ...GOOGLE, extra: 1 }]),
    ]) {
      expect(() => loadEnv({ SOCIAL_PROVIDERS: bad }), bad).toThrow(EnvError);
      expect(() => loadEnv({ SOCIAL_PROVIDERS: bad })).toThrow('SOCIAL_PROVIDERS');
    }
  });

  it('runs the sandbox by default everywhere but production, and as told by SOCIAL_SANDBOX', () => {
    expect(socialSandboxEnabled(loadEnv({ NODE_ENV: 'development' }))).toBe(true);
    expect(socialSandboxEnabled(loadEnv({ NODE_ENV: 'test' }))).toBe(true);
    expect(socialSandboxEnabled(loadEnv({ NODE_ENV: 'production' }))).toBe(false);
    expect(socialSandboxEnabled(loadEnv({ NODE_ENV: 'production', SOCIAL_SANDBOX: 'on' }))).toBe(true);
    expect(socialSandboxEnabled(loadEnv({ NODE_ENV: 'development', SOCIAL_SANDBOX: 'off' }))).toBe(false);
    expect(() => loadEnv({ SOCIAL_SANDBOX: 'yes' })).toThrow('SOCIAL_SANDBOX');
    expect(() => loadEnv({ LOGIN_SIGNING_SECRET: 'short' })).toThrow('LOGIN_SIGNING_SECRET');
  });
});

describeEachDb('social providers on offer', (t) => {
  let withGoogle: FastifyInstance;
  let sandboxOff: FastifyInstance;

  beforeAll(async () => {
    withGoogle = await buildTestApp(t.handle, { env: { SOCIAL_PROVIDERS: JSON.stringify([GOOGLE]) } });
    sandboxOff = await buildTestApp(t.handle, { env: { SOCIAL_SANDBOX: 'off' } });
  });
  afterAll(async () => {
    await withGoogle.close();
    await sandboxOff.close();
  });

  it('lists configured providers and the sandbox; without the sandbox its pages are gone', async () => {
    expect((await withGoogle.inject({ url: '/social-api/oauth/providers' })).json()).toEqual({
      providers: [
        { id: 'google', name: 'Google', oneTap: true },
        { id: 'sandbox', name: 'Sandbox ID', oneTap: true },
      ],
    });
    expect((await withGoogle.inject({ url: '/social-api/oauth/google-one-tap/clientId' })).json()).toMatchObject({ clientId: 'client-123.apps' });

    expect((await sandboxOff.inject({ url: '/social-api/oauth/providers' })).json()).toEqual({ providers: [] });
    expect((await sandboxOff.inject({ url: '/sandbox-idp/.well-known/openid-configuration' })).statusCode).toBe(404);
    const start = await sandboxOff.inject({ url: '/social-api/oauth/sandbox/start?intent=login&language=en' });
    expect(start.statusCode).toBe(303);
    expect(start.headers.location).toBe('/en/user/login?social_error=unknown_provider');
  });

  it('ends on the social page, not an error answer, when a provider cannot be reached', async () => {
    const start = await withGoogle.inject({ url: '/social-api/oauth/google/start?intent=login&language=de' });
    expect(start.statusCode).toBe(303);
    expect(start.headers.location).toBe('/de/user/login?social_error=provider_error');
  });

  it('does not fetch the sandbox from a host named by a caller (no PUBLIC_ORIGIN, not loopback)', async () => {
    const start = await withGoogle.inject({ url: '/social-api/oauth/sandbox/start?intent=login&language=en', headers: { host: 'internal.example:8080' } });
    expect(start.headers.location).toBe('/en/user/login?social_error=provider_error');
  });
});
