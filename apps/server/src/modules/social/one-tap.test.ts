/**
 * One-tap (SPEC §5, §7): the credential is an ID token; valid, expired, foreign-audience,
 * foreign-issuer, forged, replayed and foreign-nonce credentials, and the guards around it.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPair, SignJWT } from 'jose';
import { describeEachDb } from '@betsite/db/testing';
import { OneTapClientIdResponseSchema, OneTapResponseSchema } from '@betsite/contracts';
import { buildTestApp } from '../../testing.ts';
import { createClock, type ServerClock } from '../../lib/clock.ts';
import { deriveLoginKey } from '../auth/index.ts';
import { loadEnv } from '../../config/env.ts';
import { sandboxKeyFrom, type SandboxKey } from './sandbox-idp/keys.ts';

const SECRET = 'one-tap-test-secret-0123456789abcdef';
// inject() calls come to http://localhost:80, so that is the sandbox's issuer here.
const ISSUER = 'http://localhost:80/sandbox-idp';
const ONE_TAP = '/social-api/oauth/sandbox-one-tap';

let ipCounter = 0;
const nextIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

/** A multipart/form-data body, as a browser's FormData would send it. */
function multipart(fields: Record<string, string>) {
  const boundary = `----betsite${randomBytes(8).toString('hex')}`;
  const body =
    Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('') + `--${boundary}--\r\n`;
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describeEachDb('one-tap sign-in', (t) => {
  let app: FastifyInstance;
  let clock: ServerClock;
  let key: SandboxKey;
  let subjects = 0;
  const newSubject = () => `tap-${++subjects}-${Date.now()}`;

  beforeAll(async () => {
    clock = createClock({ fake: true });
    app = await buildTestApp(t.handle, { clock, env: { LOGIN_SIGNING_SECRET: SECRET }, social: { oneTapPerMinute: 10_000 } });
    key = await sandboxKeyFrom(deriveLoginKey(loadEnv({ LOGIN_SIGNING_SECRET: SECRET }), 'sandbox-idp-signing-key'));
  });
  afterAll(() => app.close());

  const call = (options: InjectOptions) => app.inject({ remoteAddress: nextIp(), ...options });

  /** The nonce the page asks for (and its cookie). */
  async function clientId() {
    const res = await call({ url: `${ONE_TAP}/clientId` });
    expect(res.statusCode).toBe(200);
    const body = OneTapClientIdResponseSchema.parse(res.json());
    expect(body.clientId).toBe('betsite-sandbox');
    const cookie = res.cookies.find((c) => c.name === 'one_tap_nonce');
    expect(cookie).toMatchObject({ httpOnly: true, value: body.nonce });
    return body.nonce;
  }

  /** A credential from the sandbox provider's one-tap endpoint. */
  async function sandboxCredential(identity: Record<string, unknown>, nonce?: string) {
    const res = await call({ method: 'POST', url: '/sandbox-idp/one-tap/credential', payload: { client_id: 'betsite-sandbox', ...identity, ...(nonce ? { nonce } : {}) } });
    expect(res.statusCode).toBe(200);
    return (res.json() as { credential: string }).credential;
  }

  /** A credential signed by hand (with the sandbox key unless another is given). */
  async function handMade(claims: Record<string, unknown>, options: { key?: Parameters<SignJWT['sign']>[0]; iat?: number; exp?: number } = {}) {
    const now = Math.floor(clock.now() / 1000);
    return new SignJWT({ name: 'Hand Made', ...claims })
      .setProtectedHeader({ alg: 'ES256', kid: key.publicJwk.kid })
      .setIssuer((claims.iss as string | undefined) ?? ISSUER)
      .setAudience((claims.aud as string | undefined) ?? 'betsite-sandbox')
      .setSubject((claims.sub as string | undefined) ?? newSubject())
      .setIssuedAt(options.iat ?? now)
      .setExpirationTime(options.exp ?? now + 600)
      .sign(options.key ?? key.privateKey);
  }

  const post = (fields: Record<string, string>, { nonce, headers = { 'x-requested-with': 'XMLHttpRequest' }, cookies = {} }: { nonce?: string; headers?: Record<string, string>; cookies?: Record<string, string> } = {}) => {
    const form = multipart(fields);
    return call({
      method: 'POST',
      url: ONE_TAP,
      payload: form.payload,
      headers: { ...form.headers, ...headers },
      cookies: { ...(nonce ? { one_tap_nonce: nonce } : {}), ...cookies },
    });
  };

  it('registers a new identity with the given currency and country and logs it in; the same credential never works twice', async () => {
    const nonce = await clientId();
    const subject = newSubject();
    const credential = await sandboxCredential({ identity: 'custom', sub: subject, name: 'Tap Player', email: `${subject}@example.com`, email_verified: true }, nonce);
    const res = await post({ credential, language: 'en', currency: 'usd', countryId: 'gb', returnTo: '/en/live' }, { nonce });
    expect(res.statusCode).toBe(200);
    expect(OneTapResponseSchema.parse(res.json())).toEqual({ redirectUrl: '/en/live' });
    const session = res.cookies.find((c) => c.name === 'user_token');
    expect(session?.value).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const identity = await t.db.selectFrom('social_identities').select('user_id').where('subject', '=', subject).executeTakeFirstOrThrow();
    expect(await t.db.selectFrom('users').select(['registration_type', 'currency', 'country', 'email']).where('id', '=', identity.user_id).executeTakeFirst()).toEqual({
      registration_type: 'soc_reg',
      currency: 'USD',
      country: 'GB',
      email: `${subject}@example.com`,
    });
    const me = await call({ url: '/web-api/auth/v1/user-id', headers: { 'x-auth': session!.value } });
    expect(me.json()).toEqual({ userId: identity.user_id });

    const replay = await post({ credential, language: 'en', currency: 'usd', countryId: 'gb' }, { nonce });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'one_tap_invalid' });
  });

  it('logs a known identity in and sends a new one without currency to the completion step', async () => {
    const subject = newSubject();
    const first = await post({ credential: await handMade({ sub: subject }), language: 'en' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ redirectUrl: '/en/registration/socialregistration' });
    expect(first.cookies.find((c) => c.name === 'social_registration')).toMatchObject({ httpOnly: true, path: '/web-api/registration/v1/social' });
    expect(first.cookies.find((c) => c.name === 'user_token')).toBeUndefined();

    const registered = newSubject();
    expect((await post({ credential: await handMade({ sub: registered }), language: 'ru', currency: 'rub', countryId: 'ru' })).statusCode).toBe(200);
    const again = await post({ credential: await handMade({ sub: registered }), language: 'ru' });
    expect(again.json()).toEqual({ redirectUrl: '/ru/' });
    expect(again.cookies.find((c) => c.name === 'user_token')).toBeDefined();
    expect(await t.db.selectFrom('social_identities').select('id').where('subject', '=', registered).execute()).toHaveLength(1);
  });

  describe('refuses with one 401 one_tap_invalid', () => {
    const refused = async (credential: string, nonce?: string) => {
      const res = await post({ credential, language: 'en', currency: 'eur', countryId: 'de' }, nonce ? { nonce } : {});
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'one_tap_invalid' });
      expect(res.cookies.find((c) => c.name === 'user_token')).toBeUndefined();
    };

    it('an expired credential', async () => {
      const credential = await sandboxCredential({ identity: 'alice' });
      clock.advance!(601 + 30);
      await refused(credential);
    });

    it('a credential for another client (audience)', async () => {
      await refused(await handMade({ aud: 'someone-else' }));
    });

    it('a credential from another issuer', async () => {
      await refused(await handMade({ iss: 'https://accounts.example.com' }));
    });

    it('a forged credential (signed with another key, or tampered with)', async () => {
      const { privateKey } = await generateKeyPair('ES256');
      await refused(await handMade({}, { key: privateKey }));
      const [header, , signature] = (await handMade({ sub: 'victim' })).split('.');
      const payload = Buffer.from(JSON.stringify({ iss: ISSUER, aud: 'betsite-sandbox', sub: 'someone-else', iat: 1, exp: 9_999_999_999 })).toString('base64url');
      await refused(`${header}.${payload}.${signature}`);
      await refused('not-a-jwt.at-all.but-long-enough-for-the-form');
    });

    it('a credential issued in the future', async () => {
      const now = Math.floor(clock.now() / 1000);
      await refused(await handMade({}, { iat: now + 3600, exp: now + 7200 }));
    });

    it('a credential whose nonce is not this browser’s', async () => {
      const nonce = await clientId();
      await refused(await sandboxCredential({ identity: 'bob' }, 'another-browsers-nonce'), nonce);
      // A nonce in the credential but no nonce cookie at all.
      await refused(await sandboxCredential({ identity: 'bob' }, nonce));
    });
  });

  it('asks for X-Requested-With (no login CSRF from a cross-site form)', async () => {
    const res = await post({ credential: await handMade({}), language: 'en' }, { headers: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'csrf' });
  });

  it('is for visitors only', async () => {
    const fast = await call({ method: 'POST', url: '/web-api/registration/v1/fast', payload: { currency: 'EUR', country: 'DE', language: 'en', bonusChoice: 0 } });
    const token = (fast.json() as { token: string }).token;
    const res = await post({ credential: await handMade({}), language: 'en' }, { headers: { 'x-auth': token, 'x-requested-with': 'XMLHttpRequest' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'already_logged_in' });
  });

  it('refuses a malformed form with 400, and unknown or disabled providers with 404', async () => {
    const missing = await post({ language: 'en' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'invalid_request' });
    expect((await call({ url: '/social-api/oauth/google-one-tap/clientId' })).statusCode).toBe(404);
    const form = multipart({ credential: 'x'.repeat(40), language: 'en' });
    expect((await call({ method: 'POST', url: '/social-api/oauth/google-one-tap', payload: form.payload, headers: { ...form.headers, 'x-requested-with': 'XMLHttpRequest' } })).statusCode).toBe(404);
  });
});
