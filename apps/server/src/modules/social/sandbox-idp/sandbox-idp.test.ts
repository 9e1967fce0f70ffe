/** The sandbox identity provider speaks OpenID Connect: discovery, keys, authorize, token (PKCE, single-use codes). */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { describeEachDb } from '@betsite/db/testing';
import { buildTestApp } from '../../../testing.ts';
import { createClock, type ServerClock } from '../../../lib/clock.ts';
import { hiddenFields } from '../test-browser.ts';

const ISSUER = 'http://localhost:80/sandbox-idp';
const REDIRECT_URI = 'http://localhost:80/social-api/oauth/sandbox/callback';

describeEachDb('the sandbox identity provider', (t) => {
  let app: FastifyInstance;
  let clock: ServerClock;
  let clientSecret: string;

  beforeAll(async () => {
    clock = createClock({ fake: true });
    app = await buildTestApp(t.handle, { clock, env: { LOGIN_SIGNING_SECRET: 'sandbox-idp-test-secret-0123456789abcdef' } });
    const { deriveLoginKey } = await import('../../auth/index.ts');
    clientSecret = deriveLoginKey(app.env, 'sandbox-idp-client-secret').toString('base64url');
  });
  afterAll(() => app.close());

  const call = (options: InjectOptions) => app.inject(options);
  const form = (url: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
    call({ method: 'POST', url, payload: new URLSearchParams(body).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });

  function pkce() {
    const verifier = randomBytes(32).toString('base64url');
    return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
  }
  const authorizeQuery = (challenge: string, extra: Record<string, string> = {}) =>
    new URLSearchParams({
      response_type: 'code',
      client_id: 'betsite-sandbox',
      redirect_uri: REDIRECT_URI,
      scope: 'openid email profile',
      state: 'state-1',
      nonce: 'nonce-1',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      ...extra,
    }).toString();

  /** Consent as `identity`; the code from the redirect back. */
  async function codeFor(challenge: string, identity: Record<string, string> = { identity: 'alice' }) {
    const page = await call({ url: `/sandbox-idp/authorize?${authorizeQuery(challenge)}` });
    expect(page.statusCode).toBe(200);
    const back = await form('/sandbox-idp/authorize', { ...hiddenFields(page.body), ...identity, action: 'allow' });
    expect(back.statusCode).toBe(303);
    const url = new URL(back.headers.location as string);
    expect(url.origin + url.pathname).toBe(new URL(REDIRECT_URI).href);
    expect(url.searchParams.get('state')).toBe('state-1');
    expect(url.searchParams.get('iss')).toBe(ISSUER);
    return url.searchParams.get('code') ?? '';
  }

  const exchange = (code: string, verifier: string, extra: Record<string, string> = {}) =>
    form('/sandbox-idp/token', { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier, client_id: 'betsite-sandbox', client_secret: clientSecret, ...extra });

  it('publishes discovery and a key that verifies its ID tokens', async () => {
    const discovery = (await call({ url: '/sandbox-idp/.well-known/openid-configuration' })).json() as Record<string, unknown>;
    expect(discovery).toMatchObject({
      issuer: ISSUER,
      authorization_endpoint: `${ISSUER}/authorize`,
      token_endpoint: `${ISSUER}/token`,
      jwks_uri: `${ISSUER}/jwks`,
      code_challenge_methods_supported: ['S256'],
      id_token_signing_alg_values_supported: ['ES256'],
    });
    const jwks = (await call({ url: '/sandbox-idp/jwks' })).json() as { keys: { d?: string; kty: string }[] };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256' });
    expect(jwks.keys[0]?.d).toBeUndefined();

    const { verifier, challenge } = pkce();
    const res = await exchange(await codeFor(challenge), verifier);
    expect(res.statusCode).toBe(200);
    const { id_token } = res.json() as { id_token: string };
    const { payload } = await jwtVerify(id_token, createLocalJWKSet(jwks as never), { issuer: ISSUER, audience: 'betsite-sandbox', currentDate: new Date(clock.now()) });
    expect(payload).toMatchObject({ sub: 'sandbox-alice', email: 'alice@sandbox.test', email_verified: true, nonce: 'nonce-1', name: 'Alice Sandbox' });
  });

  it('accepts client_secret_basic too', async () => {
    const { verifier, challenge } = pkce();
    const code = await codeFor(challenge, { identity: 'carol' });
    const basic = Buffer.from(`betsite-sandbox:${encodeURIComponent(clientSecret)}`).toString('base64');
    const res = await form('/sandbox-idp/token', { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier }, { authorization: `Basic ${basic}` });
    expect(res.statusCode).toBe(200);
  });

  describe('the token endpoint refuses', () => {
    it('a replayed code', async () => {
      const { verifier, challenge } = pkce();
      const code = await codeFor(challenge);
      expect((await exchange(code, verifier)).statusCode).toBe(200);
      const replay = await exchange(code, verifier);
      expect(replay.statusCode).toBe(400);
      expect(replay.json()).toMatchObject({ error: 'invalid_grant' });
    });

    it('a wrong code_verifier, and burns the code', async () => {
      const { verifier, challenge } = pkce();
      const code = await codeFor(challenge);
      expect((await exchange(code, pkce().verifier)).json()).toMatchObject({ error: 'invalid_grant' });
      expect((await exchange(code, verifier)).json()).toMatchObject({ error: 'invalid_grant' });
    });

    it('another redirect_uri, a wrong client secret, an expired code', async () => {
      const a = pkce();
      expect((await exchange(await codeFor(a.challenge), a.verifier, { redirect_uri: 'http://localhost:80/elsewhere' })).json()).toMatchObject({ error: 'invalid_grant' });
      const b = pkce();
      const wrongSecret = await exchange(await codeFor(b.challenge), b.verifier, { client_secret: 'not-the-secret' });
      expect(wrongSecret.statusCode).toBe(401);
      expect(wrongSecret.json()).toMatchObject({ error: 'invalid_client' });
      const c = pkce();
      const code = await codeFor(c.challenge);
      clock.advance!(61);
      expect((await exchange(code, c.verifier)).json()).toMatchObject({ error: 'invalid_grant' });
    });
  });

  describe('the authorize endpoint', () => {
    it('shows an error page (and never redirects) for an unknown client or redirect_uri', async () => {
      const { challenge } = pkce();
      for (const extra of [{ client_id: 'other' }, { redirect_uri: 'https://evil.example/callback' }] as Record<string, string>[]) {
        const res = await call({ url: `/sandbox-idp/authorize?${authorizeQuery(challenge, extra)}` });
        expect(res.statusCode).toBe(400);
        expect(res.headers.location).toBeUndefined();
        expect(res.body).toContain('cannot be served');
      }
    });

    it('sends protocol errors back to the client: no PKCE, no openid scope', async () => {
      for (const [extra, error] of [
        [{ code_challenge_method: 'plain' }, 'invalid_request'],
        [{ scope: 'email' }, 'invalid_scope'],
        [{ response_type: 'token' }, 'unsupported_response_type'],
      ] as const) {
        const res = await call({ url: `/sandbox-idp/authorize?${authorizeQuery(pkce().challenge, extra)}` });
        expect(res.statusCode).toBe(303);
        expect(new URL(res.headers.location as string).searchParams.get('error')).toBe(error);
      }
    });

    it('answers access_denied when the player cancels, and asks again for an invalid custom identity', async () => {
      const page = await call({ url: `/sandbox-idp/authorize?${authorizeQuery(pkce().challenge)}` });
      const denied = await form('/sandbox-idp/authorize', { ...hiddenFields(page.body), identity: 'alice', action: 'deny' });
      const url = new URL(denied.headers.location as string);
      expect(url.searchParams.get('error')).toBe('access_denied');
      expect(url.searchParams.get('code')).toBeNull();
      const invalid = await form('/sandbox-idp/authorize', { ...hiddenFields(page.body), identity: 'custom', sub: 'spaces are not allowed', action: 'allow' });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.body).toContain('subject id');
    });

    it('escapes what it echoes', async () => {
      const res = await call({ url: `/sandbox-idp/authorize?${authorizeQuery(pkce().challenge, { state: '"><script>alert(1)</script>' })}` });
      expect(res.body).not.toContain('<script>');
      expect(res.body).toContain('&lt;script&gt;');
    });
  });
});
