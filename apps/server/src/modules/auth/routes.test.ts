import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb } from '@betsite/db/testing';
import {
  ApiErrorSchema,
  FastRegistrationResponseSchema,
  FullRegistrationResponseSchema,
  LoginResponseSchema,
  SessionCheckResponseSchema,
} from '@betsite/contracts';
import { buildTestApp, opsHeaders } from '../../testing.ts';
import { createClock, type ServerClock } from '../../lib/clock.ts';
import type { CaptchaVerifier } from './captcha.ts';
import { LENT_SESSION_HEADER, lendSession } from './lent-sessions.ts';

const GOOD_CAPTCHA = 'solved-captcha';
const testCaptcha: CaptchaVerifier = { verify: async (answer) => answer === GOOD_CAPTCHA };

let ipCounter = 0;
/** Each test calls from its own address, so the per-IP rate limits only meet the tests about them. */
const nextIp = () => {
  ipCounter++;
  return `10.1.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

const registration = (email: string, password = 'correct horse battery') => ({
  email,
  password,
  currency: 'eur',
  country: 'de',
  language: 'EN',
  bonusChoice: 1,
});

function cookieOf(res: LightMyRequestResponse, name = 'user_token') {
  return res.cookies.find((c) => c.name === name);
}

describeEachDb('auth API', (t) => {
  let app: FastifyInstance;
  let clock: ServerClock;
  let emailCounter = 0;
  const email = (label: string) => `${label}.${++emailCounter}@example.com`;

  beforeAll(async () => {
    clock = createClock({ fake: true });
    app = await buildTestApp(t.handle, { clock, auth: { captcha: testCaptcha } });
  });
  afterAll(() => app.close());

  const call = (options: InjectOptions & { ip?: string }) => {
    const { ip, ...rest } = options;
    return app.inject({ remoteAddress: ip ?? nextIp(), ...rest });
  };
  const registerFull = (body: unknown, ip?: string) =>
    call({ method: 'POST', url: '/web-api/registration/v1/full', payload: body as Record<string, unknown>, ip });
  const login = (uLogin: string, uPassword: string, { save = false, ip, headers = {} }: { save?: boolean; ip?: string; headers?: Record<string, string> } = {}) =>
    call({ method: 'POST', url: '/web-api/auth/v1/login', payload: { uLogin, uPassword, save }, ip, headers });
  const userIdWith = (headers: Record<string, string>) => call({ url: '/web-api/auth/v1/user-id', headers });
  const registered = async (label: string, password = 'correct horse battery') => {
    const address = email(label);
    expect((await registerFull(registration(address, password))).statusCode).toBe(202);
    return address;
  };
  const loggedIn = async (label: string, save = false) => {
    const address = await registered(label);
    const res = await login(address, 'correct horse battery', { save });
    expect(res.statusCode).toBe(200);
    return { address, ...LoginResponseSchema.parse(res.json()) };
  };

  describe('full registration', () => {
    it('creates the player without logging them in (the e-mailed link does) and stores an argon2id hash with the OWASP parameters', async () => {
      const address = email('new');
      const res = await registerFull(registration(address.toUpperCase()));
      expect(res.statusCode).toBe(202);
      expect(FullRegistrationResponseSchema.parse(res.json()).status).toBe('accepted');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(cookieOf(res)).toBeUndefined();

      const user = await t.db.selectFrom('users').selectAll().where('email', '=', address).executeTakeFirstOrThrow();
      expect(await t.db.selectFrom('sessions').select('token_hash').where('user_id', '=', user.id).execute()).toEqual([]);
      // The password logs in (before the address is confirmed too).
      expect((await login(address, 'correct horse battery')).json()).toMatchObject({ userId: user.id });
      expect(user).toMatchObject({ registration_type: 'full_reg', country: 'DE', currency: 'EUR', language: 'en' });
      // argon2id, version 19, m = 19 MiB, t = 2, p = 1 (the package writes the parameters as m,p,t).
      expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$(?=[^$]*\bm=19456\b)(?=[^$]*\bt=2\b)(?=[^$]*\bp=1\b)[mtp=0-9,]+\$/);
      expect(user.password_hash).not.toContain('correct horse');
    });

    it('answers a taken e-mail exactly like a new one, without a session and without touching the account', async () => {
      const address = await registered('taken');
      const before = await t.db.selectFrom('users').select(['id', 'password_hash']).where('email', '=', address).executeTakeFirstOrThrow();
      const fresh = await registerFull(registration(email('fresh'), 'another good passphrase'));
      const again = await registerFull(registration(address.toUpperCase(), 'another good passphrase'));
      expect(again.statusCode).toBe(fresh.statusCode);
      expect(again.body).toBe(fresh.body);
      expect(cookieOf(again)).toBeUndefined();
      const after = await t.db.selectFrom('users').select(['id', 'password_hash']).where('email', '=', address).execute();
      expect(after).toEqual([before]);
      expect((await login(address, 'another good passphrase')).statusCode).toBe(401);
      expect((await login(address, 'correct horse battery')).statusCode).toBe(200);
    });

    it.each([
      ['a short password', { password: 'Ab1!xyz' }, 'body.password'],
      ['a common password', { password: 'Password1' }, 'body.password'],
      ['a common password in capitals', { password: 'BASEBALL' }, 'body.password'],
      ['the e-mail as password', { password: 'SAME.AS.LOGIN@example.com', email: 'same.as.login@example.com' }, 'body.password'],
      ['the e-mail name as password', { password: 'same.as.login', email: 'same.as.login@example.com' }, 'body.password'],
      ['a password over 128 characters', { password: 'p'.repeat(129) }, 'body.password'],
      ['a bad e-mail', { email: 'not-an-email' }, 'body.email'],
      ['a bad bonus choice', { bonusChoice: 3 }, 'body.bonusChoice'],
      ['a bad currency', { currency: 'EURO' }, 'body.currency'],
      ['an unknown field', { admin: true }, 'body'],
    ])('refuses %s with 400 invalid_request', async (_label, patch, path) => {
      const res = await registerFull({ ...registration(email('invalid')), ...patch });
      expect(res.statusCode).toBe(400);
      const error = ApiErrorSchema.parse(res.json());
      expect(error.code).toBe('invalid_request');
      expect(error.details).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
      expect(cookieOf(res)).toBeUndefined();
    });

    it('accepts long passphrases (64 to 128 characters, any characters)', async () => {
      const long = 'the quick brown fox jumps over the lazy dog and keeps on running — 🦊 '.repeat(2).slice(0, 128);
      const address = email('long');
      expect((await registerFull(registration(address, long))).statusCode).toBe(202);
      expect((await login(address, long)).statusCode).toBe(200);
    });

    it('answers malformed bodies with 4xx, never 500', async () => {
      const bad = await call({ method: 'POST', url: '/web-api/registration/v1/full', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
      expect(bad.statusCode).toBe(400);
      const none = await call({ method: 'POST', url: '/web-api/registration/v1/full' });
      expect(none.statusCode).toBe(400);
      expect(ApiErrorSchema.parse(none.json()).code).toBe('invalid_request');
    });
  });

  describe('fast registration', () => {
    it('hands out an account number and a password once, and logs the player in', async () => {
      const res = await call({
        method: 'POST',
        url: '/web-api/registration/v1/fast',
        payload: { country: 'gb', currency: 'GBP', language: 'en', bonusChoice: 0, referral: { refererId: '42' } },
      });
      expect(res.statusCode).toBe(201);
      const body = FastRegistrationResponseSchema.parse(res.json());
      expect(body.login).toMatch(/^[1-9][0-9]*$/);
      expect(body.password).toMatch(/^[A-HJ-NP-Za-km-z2-9]{12}$/);
      expect(cookieOf(res)?.value).toBe(body.token);
      expect((await userIdWith({ 'x-auth': body.token })).json()).toEqual({ userId: body.userId });
      const user = await t.db.selectFrom('users').selectAll().where('id', '=', body.userId).executeTakeFirstOrThrow();
      expect(user).toMatchObject({ registration_type: 'fast_reg', email: null, account_number: BigInt(body.login) });

      const byNumber = await login(body.login, body.password);
      expect(byNumber.statusCode).toBe(200);
      expect(byNumber.json()).toMatchObject({ userId: body.userId });
    });

    it('refuses bad input with 400', async () => {
      const res = await call({ method: 'POST', url: '/web-api/registration/v1/fast', payload: { country: 'G', currency: 'GBP', language: 'en' } });
      expect(res.statusCode).toBe(400);
      expect(ApiErrorSchema.parse(res.json()).code).toBe('invalid_request');
    });
  });

  describe('login', () => {
    it('logs in by e-mail (any case) and answers the token, sets the cookie, long-lived with save', async () => {
      const address = await registered('login');
      const res = await login(`  ${address.toUpperCase()} `, 'correct horse battery', { save: true });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = LoginResponseSchema.parse(res.json());
      expect(body.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(new Date(body.expiresAt).getTime()).toBe(clock.now() + 30 * 24 * 3600 * 1000);
      expect(cookieOf(res)).toMatchObject({ value: body.token, httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 30 * 24 * 3600 });
      expect(cookieOf(res)?.secure).toBeFalsy();

      const short = LoginResponseSchema.parse((await login(address, 'correct horse battery')).json());
      expect(new Date(short.expiresAt).getTime()).toBe(clock.now() + 24 * 3600 * 1000);
      // Only the hash is stored.
      const stored = await t.db.selectFrom('sessions').select('token_hash').where('user_id', '=', body.userId).execute();
      expect(stored.map((s) => s.token_hash)).not.toContain(body.token);
      expect(stored).toHaveLength(2);
    });

    it('marks the cookie Secure behind an https proxy', async () => {
      const address = await registered('secure');
      const proxied = await buildTestApp(t.handle, { clock, env: { TRUST_PROXY: 'true' } });
      try {
        const res = await proxied.inject({
          method: 'POST',
          url: '/web-api/auth/v1/login',
          headers: { 'x-forwarded-proto': 'https' },
          payload: { uLogin: address, uPassword: 'correct horse battery' },
          remoteAddress: nextIp(),
        });
        expect(res.statusCode).toBe(200);
        expect(cookieOf(res)?.secure).toBe(true);
      } finally {
        await proxied.close();
      }
    });

    it('gives the same answer for an unknown login and a wrong password', async () => {
      const address = await registered('same-error');
      const wrong = await login(address, 'not the password');
      const unknown = await login(email('nobody'), 'not the password');
      const unknownNumber = await login('999999999999', 'not the password');
      for (const res of [wrong, unknown, unknownNumber]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ code: 'invalid_credentials', message: 'Wrong login or password' });
        expect(cookieOf(res)).toBeUndefined();
      }
    });

    it.each([
      ['no body', undefined],
      ['no password', { uLogin: 'a@example.com' }],
      ['an empty password', { uLogin: 'a@example.com', uPassword: '' }],
      ['a login that is neither e-mail nor account number', { uLogin: 'jane', uPassword: 'x' }],
      ['a bad save flag', { uLogin: 'a@example.com', uPassword: 'x', save: 'yes' }],
      ['a number as login', { uLogin: 123, uPassword: 'x' }],
    ])('refuses %s with 400', async (_label, payload) => {
      const res = await call({ method: 'POST', url: '/web-api/auth/v1/login', ...(payload ? { payload } : {}) });
      expect(res.statusCode).toBe(400);
      expect(ApiErrorSchema.parse(res.json()).code).toBe('invalid_request');
    });

    it('issues a new token at each login; the old one stays valid until its logout', async () => {
      const first = await loggedIn('two-logins');
      const second = LoginResponseSchema.parse((await login(first.address, 'correct horse battery')).json());
      expect(second.token).not.toBe(first.token);
      expect((await userIdWith({ 'x-auth': first.token })).statusCode).toBe(200);
      expect((await userIdWith({ 'x-auth': second.token })).statusCode).toBe(200);

      const out = await call({ method: 'POST', url: '/web-api/auth/v1/disconnect', headers: { 'x-auth': first.token } });
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ success: true });
      expect(cookieOf(out)).toMatchObject({ value: '', path: '/' });
      const ended = await t.db.selectFrom('sessions').select(['end_reason', 'revoked_at']).where('user_id', '=', first.userId).where('revoked_at', 'is not', null).execute();
      expect(ended.map((r) => r.end_reason)).toEqual(['logout']);
      // Replaying the revoked token: anonymous.
      const replay = await userIdWith({ 'x-auth': first.token });
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toMatchObject({ code: 'unauthorized' });
      expect((await call({ url: '/web-api/auth/v1/session-check', headers: { 'x-auth': first.token } })).json()).toEqual({ user_id: null, expiresAt: null });
      expect((await userIdWith({ 'x-auth': second.token })).statusCode).toBe(200);
    });

    it('ends sessions at their expiry: 24 hours without save, 30 days with it', async () => {
      // Auto logoff would end them first (30 idle minutes): off for this test.
      const idleMinutes = async (minutes: number) =>
        expect(
          (
            await app.inject({
              method: 'PATCH',
              url: '/ops-api/v1/site-config',
              headers: { ...opsHeaders, 'content-type': 'application/merge-patch+json' },
              payload: JSON.stringify({ session: { idleMinutes: minutes } }),
            })
          ).statusCode,
        ).toBe(200);
      await idleMinutes(0);
      try {
        const short = await loggedIn('expiry-short');
        const long = await loggedIn('expiry-long', true);
        clock.advance!(24 * 3600 - 1);
        expect((await userIdWith({ 'x-auth': short.token })).statusCode).toBe(200);
        clock.advance!(1);
        expect((await userIdWith({ 'x-auth': short.token })).statusCode).toBe(401);
        expect((await userIdWith({ 'x-auth': long.token })).statusCode).toBe(200);
        clock.advance!(29 * 24 * 3600);
        expect((await userIdWith({ 'x-auth': long.token })).statusCode).toBe(401);
      } finally {
        await idleMinutes(30);
      }
    });

    it('records activity at most once a minute', async () => {
      const session = await loggedIn('last-seen');
      const { tokenHash } = (await app.sessions.resolve(session.token))!;
      const lastSeen = async () =>
        (await t.db.selectFrom('sessions').select('last_seen_at').where('token_hash', '=', tokenHash).executeTakeFirstOrThrow()).last_seen_at.getTime();
      const start = await lastSeen();
      clock.advance!(30);
      await userIdWith({ 'x-auth': session.token });
      expect(await lastSeen()).toBe(start);
      clock.advance!(31);
      await userIdWith({ 'x-auth': session.token });
      expect(await lastSeen()).toBe(clock.now());
    });
  });

  describe('captcha and back-off after failures', () => {
    const fail = (uLogin: string, headers: Record<string, string> = {}) => login(uLogin, 'wrong password!', { headers });

    it('asks for a captcha after 3 failures for the account, then backs off exponentially', async () => {
      const address = await registered('captcha');
      for (let i = 0; i < 3; i++) expect((await fail(address)).statusCode).toBe(401);

      // Even the right password needs the captcha now (SPEC §8 code 100).
      const needed = await login(address, 'correct horse battery');
      expect(needed.statusCode).toBe(400);
      expect(needed.json()).toEqual({ code: '100', message: 'captcha required' });
      const wrongCaptcha = await login(address, 'correct horse battery', { headers: { 'x-captcha': 'guess' } });
      expect(wrongCaptcha.statusCode).toBe(400);
      expect(wrongCaptcha.json()).toMatchObject({ code: '111' });

      // 1 s back-off after the 3rd failure.
      const early = await login(address, 'correct horse battery', { headers: { 'x-captcha': GOOD_CAPTCHA } });
      expect(early.statusCode).toBe(429);
      expect(early.json()).toMatchObject({ code: 'login_backoff' });
      expect(early.headers['retry-after']).toBe('1');
      clock.advance!(1);
      expect((await fail(address, { 'x-captcha': GOOD_CAPTCHA })).statusCode).toBe(401);
      // 4th failure: 2 s.
      clock.advance!(1);
      expect((await login(address, 'correct horse battery', { headers: { 'x-captcha': GOOD_CAPTCHA } })).headers['retry-after']).toBe('1');
      clock.advance!(1);
      const ok = await login(address, 'correct horse battery', { headers: { 'x-captcha': GOOD_CAPTCHA } });
      expect(ok.statusCode).toBe(200);
      // Success resets the counter.
      expect((await fail(address)).statusCode).toBe(401);
    });

    it('counts concurrent failures one after another: of 50 wrong passwords at once, 3 are checked and 47 asked for the captcha', async () => {
      const address = await registered('captcha-burst');
      const codes = (await Promise.all(Array.from({ length: 50 }, () => fail(address)))).map((r) => r.statusCode);
      expect(codes.filter((c) => c === 401)).toHaveLength(3);
      expect(codes.filter((c) => c === 400)).toHaveLength(47);
      const row = await t.db.selectFrom('login_attempts').select('failures').where('login_key', '=', `email:${address}`).executeTakeFirstOrThrow();
      expect(row.failures).toBe(3);
    });

    it('treats unknown logins the same way, so the captcha does not reveal who is registered', async () => {
      const nobody = email('captcha-nobody');
      for (let i = 0; i < 3; i++) expect((await fail(nobody)).statusCode).toBe(401);
      expect((await fail(nobody)).json()).toMatchObject({ code: '100' });
    });

    it('forgets failures an hour after the last one', async () => {
      const address = await registered('captcha-expiry');
      for (let i = 0; i < 3; i++) await fail(address);
      expect((await login(address, 'correct horse battery')).statusCode).toBe(400);
      clock.advance!(3600);
      expect((await login(address, 'correct horse battery')).statusCode).toBe(200);
    });

    it('by default accepts no captcha answer until a captcha service is wired in', async () => {
      const address = await registered('captcha-default');
      const plain = await buildTestApp(t.handle, { clock });
      try {
        const attempt = (headers: Record<string, string>) =>
          plain.inject({ method: 'POST', url: '/web-api/auth/v1/login', payload: { uLogin: address, uPassword: 'correct horse battery' }, headers, remoteAddress: nextIp() });
        for (let i = 0; i < 3; i++) await fail(address);
        expect((await attempt({})).json()).toMatchObject({ code: '100' });
        expect((await attempt({ 'x-captcha': 'anything' })).json()).toMatchObject({ code: '111' });
      } finally {
        await plain.close();
      }
    });
  });

  describe('rate limits per IP', () => {
    it('allows 10 logins a minute from one address', async () => {
      const ip = nextIp();
      for (let i = 0; i < 10; i++) expect((await login(email('rl'), 'whatever pass', { ip })).statusCode).toBe(401);
      const limited = await login(email('rl'), 'whatever pass', { ip });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'too_many_requests' });
      // Other addresses are not affected.
      expect((await login(email('rl'), 'whatever pass')).statusCode).toBe(401);
    });

    it('allows 5 registrations a minute from one address', async () => {
      const ip = nextIp();
      for (let i = 0; i < 5; i++) expect((await registerFull(registration(email('rl-reg')), ip)).statusCode).toBe(202);
      const limited = await registerFull(registration(email('rl-reg')), ip);
      expect(limited.statusCode).toBe(429);
      expect(ApiErrorSchema.parse(limited.json()).code).toBe('too_many_requests');
      const fast = await call({ method: 'POST', url: '/web-api/registration/v1/fast', payload: { country: 'GB', currency: 'GBP', language: 'en', bonusChoice: 0 }, ip });
      expect(fast.statusCode).toBe(429);
    });
  });

  describe('CSRF on cookie-authenticated requests', () => {
    const disconnect = (headers: Record<string, string>, cookies: Record<string, string> = {}) =>
      call({ method: 'POST', url: '/web-api/auth/v1/disconnect', headers, cookies });

    it('refuses a cookie-authenticated POST without X-Requested-With, and keeps the session', async () => {
      const { token } = await loggedIn('csrf');
      const res = await disconnect({}, { user_token: token });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'csrf' });
      expect((await userIdWith({ 'x-auth': token })).statusCode).toBe(200);
    });

    it.each([
      ['a foreign Origin', { origin: 'https://evil.example' }],
      ['Origin null', { origin: 'null' }],
      ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
      ['Sec-Fetch-Site same-site', { 'sec-fetch-site': 'same-site' }],
    ])('refuses %s even with X-Requested-With', async (_label, headers) => {
      const { token } = await loggedIn('csrf-origin');
      const res = await disconnect({ 'x-requested-with': 'XMLHttpRequest', ...headers }, { user_token: token });
      expect(res.statusCode).toBe(403);
      expect((await userIdWith({ 'x-auth': token })).statusCode).toBe(200);
    });

    it('accepts a same-origin cookie POST with X-Requested-With (logout revokes and clears the cookie)', async () => {
      const { token } = await loggedIn('csrf-ok');
      const res = await disconnect(
        { 'x-requested-with': 'XMLHttpRequest', origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin', host: 'localhost:80' },
        { user_token: token },
      );
      expect(res.statusCode).toBe(200);
      expect(cookieOf(res)?.value).toBe('');
      expect((await userIdWith({ 'x-auth': token })).statusCode).toBe(401);
      expect((await call({ url: '/web-api/auth/v1/user-id', cookies: { user_token: token } })).statusCode).toBe(401);
    });

    it('does not ask it of X-Auth-authenticated requests, nor of safe methods', async () => {
      const { token, userId } = await loggedIn('csrf-header');
      expect((await call({ url: '/web-api/auth/v1/user-id', cookies: { user_token: token } })).json()).toEqual({ userId });
      const res = await disconnect({ 'x-auth': token, origin: 'https://elsewhere.example' });
      expect(res.statusCode).toBe(200);
      expect((await userIdWith({ 'x-auth': token })).statusCode).toBe(401);
    });
  });

  describe('sessions lent to a page’s own calls', () => {
    it('authenticates a call by a lent key only while it is lent; an unknown key is no one and the token still counts', async () => {
      const { token, userId } = await loggedIn('lent');
      const resolved = { tokenHash: 'lent-hash', userId, expiresAt: new Date(clock.now() + 60_000), remember: false, via: 'cookie' as const };
      const loan = lendSession(resolved);
      expect((await userIdWith(loan.header)).json()).toEqual({ userId });
      loan.release();
      expect((await userIdWith(loan.header)).statusCode).toBe(401);
      expect((await userIdWith({ [LENT_SESSION_HEADER]: 'f'.repeat(32) })).statusCode).toBe(401);
      expect((await userIdWith({ [LENT_SESSION_HEADER]: 'f'.repeat(32), 'x-auth': token })).json()).toEqual({ userId });
    });
  });

  describe('visitors and session answers', () => {
    it('answers visitors: user-id 401, session-check null, session unauthenticated, all uncached', async () => {
      for (const headers of [{}, { 'x-auth': 'garbage' }, { 'x-auth': 'A'.repeat(22) }, { cookie: 'user_token=nonsense' }]) {
        const id = await call({ url: '/web-api/auth/v1/user-id', headers });
        expect(id.statusCode).toBe(401);
        expect(ApiErrorSchema.parse(id.json()).code).toBe('unauthorized');
        const check = await call({ url: '/web-api/auth/v1/session-check', headers });
        expect(check.statusCode).toBe(200);
        expect(SessionCheckResponseSchema.parse(check.json())).toEqual({ user_id: null, expiresAt: null });
        const session = await call({ url: '/web-api/session', headers });
        expect(session.json()).toEqual({ authenticated: false });
        expect(session.headers['cache-control']).toContain('no-store');
      }
    });

    it('answers a logged-in player on every session endpoint', async () => {
      const { token, userId, expiresAt } = await loggedIn('session');
      expect((await call({ url: '/web-api/auth/v1/session-check', headers: { 'x-auth': token } })).json()).toEqual({ user_id: userId, expiresAt });
      expect((await call({ url: '/web-api/session', cookies: { user_token: token } })).json()).toEqual({ authenticated: true });
    });

    it('lets a visitor disconnect (idempotent) and clears the cookie', async () => {
      const res = await call({ method: 'POST', url: '/web-api/auth/v1/disconnect' });
      expect(res.statusCode).toBe(200);
      expect(cookieOf(res)?.value).toBe('');
    });
  });

  describe('sessions service', () => {
    it('revokes all of a player’s sessions but one', async () => {
      const a = await loggedIn('revoke-all');
      const b = LoginResponseSchema.parse((await login(a.address, 'correct horse battery')).json());
      const c = LoginResponseSchema.parse((await login(a.address, 'correct horse battery')).json());
      const keep = await app.sessions.resolve(c.token);
      // a and b.
      expect(await app.sessions.revokeAllExcept(a.userId, keep!.tokenHash)).toBe(2);
      expect((await userIdWith({ 'x-auth': a.token })).statusCode).toBe(401);
      expect((await userIdWith({ 'x-auth': b.token })).statusCode).toBe(401);
      expect((await userIdWith({ 'x-auth': c.token })).statusCode).toBe(200);
    });

    it('loses a player’s sessions with the player', async () => {
      const a = await loggedIn('cascade');
      await t.db.deleteFrom('users').where('id', '=', a.userId).execute();
      expect(await t.db.selectFrom('sessions').select('token_hash').where('user_id', '=', a.userId).execute()).toEqual([]);
      expect((await userIdWith({ 'x-auth': a.token })).statusCode).toBe(401);
    });
  });
});
