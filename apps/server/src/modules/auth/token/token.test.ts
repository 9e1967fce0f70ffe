import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb } from '@betsite/db/testing';
import { ApiErrorSchema, FastRegistrationResponseSchema, GetTokenResponseSchema, LoginResponseSchema } from '@betsite/contracts';
import { buildTestApp, opsHeaders } from '../../../testing.ts';
import { createClock, type ServerClock } from '../../../lib/clock.ts';
import { hashToken } from '../sessions.ts';
import { SERVER_IDLE_GRACE_MS } from './idle.ts';

let ipCounter = 0;
const nextIp = () => {
  ipCounter++;
  return `10.4.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};
const XRW = { 'x-requested-with': 'XMLHttpRequest' };
/** The default 30 idle minutes plus the server's grace, in seconds. */
const IDLE_S = (30 * 60 * 1000 + SERVER_IDLE_GRACE_MS) / 1000;

describeEachDb('session tokens and auto logoff', (t) => {
  let app: FastifyInstance;
  let clock: ServerClock;

  beforeAll(async () => {
    clock = createClock({ fake: true });
    app = await buildTestApp(t.handle, { clock });
  });
  afterAll(() => app.close());

  const call = (options: InjectOptions) => app.inject({ remoteAddress: nextIp(), ...options });
  const cookieOf = (res: LightMyRequestResponse, name = 'user_token') => res.cookies.find((c) => c.name === name);
  const player = async () => {
    const res = await call({ method: 'POST', url: '/web-api/registration/v1/fast', payload: { country: 'GB', currency: 'GBP', language: 'en', bonusChoice: 1 } });
    expect(res.statusCode).toBe(201);
    return FastRegistrationResponseSchema.parse(res.json());
  };
  const loginSaved = async () => {
    const fresh = await player();
    const res = await call({ method: 'POST', url: '/web-api/auth/v1/login', payload: { uLogin: fresh.login, uPassword: fresh.password, save: true } });
    return LoginResponseSchema.parse(res.json());
  };
  const whoAmI = (headers: Record<string, string> = {}, cookies: Record<string, string> = {}) =>
    call({ url: '/web-api/auth/v1/user-id', headers, cookies });
  const sessionCheck = (token: string, active = false) =>
    call({ url: `/web-api/auth/v1/session-check${active ? '?active=1' : ''}`, headers: { 'x-auth': token } });
  const endReason = async (token: string) =>
    (await t.db.selectFrom('sessions').select(['end_reason', 'revoked_at']).where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow());
  const gettoken = (options: { headers?: Record<string, string>; cookies?: Record<string, string>; query?: string } = {}) =>
    call({ url: `/web-api/user/gettoken${options.query ?? '?force_refresh=true'}`, headers: options.headers ?? {}, cookies: options.cookies ?? {} });
  const setIdleMinutes = async (idleMinutes: number) => {
    const res = await app.inject({
      method: 'PATCH',
      url: '/ops-api/v1/site-config',
      headers: { ...opsHeaders, 'content-type': 'application/merge-patch+json' },
      payload: JSON.stringify({ session: { idleMinutes } }),
    });
    expect(res.statusCode).toBe(200);
  };

  describe('gettoken', () => {
    it('rotates: the new token works with the same expiry, the old one is dead', async () => {
      const session = await player();
      const res = await gettoken({ headers: { 'x-auth': session.token } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const rotated = GetTokenResponseSchema.parse(res.json());
      expect(rotated.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(rotated.token).not.toBe(session.token);
      expect(rotated.expiresAt).toBe(session.expiresAt);
      // Header-authenticated: no cookie to reset.
      expect(cookieOf(res)).toBeUndefined();

      expect((await whoAmI({ 'x-auth': rotated.token })).json()).toEqual({ userId: session.userId });
      expect((await whoAmI({ 'x-auth': session.token })).statusCode).toBe(401);
      expect((await gettoken({ headers: { 'x-auth': session.token } })).statusCode).toBe(401);
      // The old session is replaced, not logged out: nothing to tell the player.
      expect(await endReason(session.token)).toMatchObject({ end_reason: null, revoked_at: expect.any(Date) });
    });

    it('resets the cookie of a cookie session, persistent for a saved one', async () => {
      const saved = await loginSaved();
      clock.advance!(600);
      const res = await gettoken({ cookies: { user_token: saved.token }, headers: XRW });
      expect(res.statusCode).toBe(200);
      const rotated = GetTokenResponseSchema.parse(res.json());
      expect(cookieOf(res)).toMatchObject({ value: rotated.token, httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 30 * 24 * 3600 - 600 });
      expect((await whoAmI({}, { user_token: rotated.token })).json()).toEqual({ userId: saved.userId });
      expect((await whoAmI({}, { user_token: saved.token })).statusCode).toBe(401);
      expect(rotated.expiresAt).toBe(saved.expiresAt);
    });

    it('answers 401 without a live session', async () => {
      for (const options of [{}, { headers: { 'x-auth': 'A'.repeat(22) } }, { cookies: { user_token: 'nonsense' }, headers: XRW }]) {
        const res = await gettoken(options);
        expect(res.statusCode).toBe(401);
        expect(ApiErrorSchema.parse(res.json()).code).toBe('unauthorized');
      }
    });

    it('refuses a cookie call without X-Requested-With (a cross-site link cannot rotate the token)', async () => {
      const session = await player();
      const res = await gettoken({ cookies: { user_token: session.token } });
      expect(res.statusCode).toBe(403);
      expect(ApiErrorSchema.parse(res.json()).code).toBe('csrf');
      expect((await whoAmI({ 'x-auth': session.token })).statusCode).toBe(200);
    });

    it('answers the current token without force_refresh', async () => {
      const session = await player();
      const res = await gettoken({ headers: { 'x-auth': session.token }, query: '' });
      expect(GetTokenResponseSchema.parse(res.json())).toEqual({ token: session.token, expiresAt: session.expiresAt });
      expect((await whoAmI({ 'x-auth': session.token })).statusCode).toBe(200);
    });

    it('rotates once when two refreshes race', async () => {
      const session = await player();
      const answers = await Promise.all([gettoken({ headers: { 'x-auth': session.token } }), gettoken({ headers: { 'x-auth': session.token } })]);
      const codes = answers.map((r) => r.statusCode).sort();
      // Both may resolve the old token before either rotates; only one gets to rotate it.
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      const winner = GetTokenResponseSchema.parse(answers.find((r) => r.statusCode === 200)!.json());
      expect((await whoAmI({ 'x-auth': winner.token })).statusCode).toBe(200);
      const live = await t.db.selectFrom('sessions').select('token_hash').where('user_id', '=', session.userId).where('revoked_at', 'is', null).execute();
      expect(live).toHaveLength(1);
    });
  });

  describe('idle sessions (server side)', () => {
    it('do not resolve once idle past the limit, and end with reason inactive', async () => {
      const session = await player();
      clock.advance!(IDLE_S - 1);
      expect((await whoAmI({ 'x-auth': session.token })).statusCode).toBe(200);
      // That request was activity: the limit counts from it.
      clock.advance!(IDLE_S - 1);
      expect((await whoAmI({ 'x-auth': session.token })).statusCode).toBe(200);
      clock.advance!(IDLE_S);
      expect((await whoAmI({ 'x-auth': session.token })).statusCode).toBe(401);
      expect(await endReason(session.token)).toMatchObject({ end_reason: 'inactive', revoked_at: expect.any(Date) });
      // Coming back does not revive it.
      expect((await whoAmI({ 'x-auth': session.token })).statusCode).toBe(401);
    });

    it('are not kept alive by the 60-second logged-in poll', async () => {
      const session = await player();
      let elapsed = 0;
      while (elapsed + 60 < IDLE_S) {
        clock.advance!(60);
        elapsed += 60;
        expect((await sessionCheck(session.token)).json()).toMatchObject({ user_id: session.userId });
      }
      clock.advance!(IDLE_S - elapsed);
      expect((await sessionCheck(session.token)).json()).toEqual({ user_id: null, expiresAt: null });
      expect((await endReason(session.token)).end_reason).toBe('inactive');
    });

    it('are kept alive by a poll that reports input, and by any other request', async () => {
      const polled = await player();
      const browsing = await player();
      for (let minute = 0; minute < 90; minute++) {
        clock.advance!(60);
        expect((await sessionCheck(polled.token, true)).json()).toMatchObject({ user_id: polled.userId });
        if (minute % 20 === 0) expect((await whoAmI({ 'x-auth': browsing.token })).statusCode).toBe(200);
      }
      expect((await whoAmI({ 'x-auth': browsing.token })).statusCode).toBe(200);
    });

    it('never end when auto logoff is off (idle minutes 0)', async () => {
      await setIdleMinutes(0);
      try {
        const session = await player();
        clock.advance!(6 * 3600);
        expect((await whoAmI({ 'x-auth': session.token })).statusCode).toBe(200);
      } finally {
        await setIdleMinutes(30);
      }
      const session = await player();
      clock.advance!(IDLE_S);
      expect((await whoAmI({ 'x-auth': session.token })).statusCode).toBe(401);
    });
  });

  describe('the next visit after an idle logoff', () => {
    const visit = (cookies: Record<string, string>, url = '/web-api/session') => call({ url, cookies, headers: { accept: 'application/json' } });

    it('gets the inactivity flag and loses the dead session cookie', async () => {
      const session = await player();
      clock.advance!(IDLE_S);
      const res = await visit({ user_token: session.token });
      expect(res.json()).toEqual({ authenticated: false });
      expect(cookieOf(res, 'logout_reason')).toMatchObject({ value: 'inactive', path: '/', sameSite: 'Lax', maxAge: 600 });
      expect(cookieOf(res, 'logout_reason')?.httpOnly).toBeFalsy();
      expect(cookieOf(res)).toMatchObject({ value: '', path: '/' });
      // So does the logged-in poll.
      const poll = await call({ url: '/web-api/auth/v1/session-check', cookies: { user_token: session.token } });
      expect(cookieOf(poll, 'logout_reason')?.value).toBe('inactive');
    });

    it('only loses the cookie of a session that ended otherwise, and a live session is left alone', async () => {
      const session = await player();
      expect((await call({ method: 'POST', url: '/web-api/auth/v1/disconnect', headers: { 'x-auth': session.token } })).statusCode).toBe(200);
      const res = await visit({ user_token: session.token });
      expect(cookieOf(res)?.value).toBe('');
      expect(cookieOf(res, 'logout_reason')).toBeUndefined();

      const live = await player();
      expect((await visit({ user_token: live.token })).headers['set-cookie']).toBeUndefined();
    });

    it('never touches cookies on a write (it could race a new login)', async () => {
      const session = await player();
      clock.advance!(IDLE_S);
      const res = await call({ method: 'POST', url: '/web-api/captcha/v1/validate', cookies: { user_token: session.token }, headers: XRW, payload: {} });
      expect(cookieOf(res)).toBeUndefined();
      expect(cookieOf(res, 'logout_reason')).toBeUndefined();
    });
  });

  describe('auto logoff from the browser', () => {
    it('ends the session with reason inactive, clears the cookie and sets the flag', async () => {
      const session = await player();
      const res = await call({ method: 'POST', url: '/web-api/auth/v1/auto-logoff', cookies: { user_token: session.token }, headers: XRW });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      expect(cookieOf(res)?.value).toBe('');
      expect(cookieOf(res, 'logout_reason')?.value).toBe('inactive');
      expect(await endReason(session.token)).toMatchObject({ end_reason: 'inactive' });
      expect((await whoAmI({ 'x-auth': session.token })).statusCode).toBe(401);
    });

    it('needs X-Requested-With on a cookie call', async () => {
      const session = await player();
      const res = await call({ method: 'POST', url: '/web-api/auth/v1/auto-logoff', cookies: { user_token: session.token } });
      expect(res.statusCode).toBe(403);
      expect((await whoAmI({ 'x-auth': session.token })).statusCode).toBe(200);
    });

    it('sets the flag when the server had ended the session for inactivity already, not for a visitor', async () => {
      const session = await player();
      clock.advance!(IDLE_S);
      const late = await call({ method: 'POST', url: '/web-api/auth/v1/auto-logoff', cookies: { user_token: session.token }, headers: XRW });
      expect(late.statusCode).toBe(200);
      // The session resolves no more, so this call is a visitor's that still carries the dead cookie.
      expect(cookieOf(late, 'logout_reason')?.value).toBe('inactive');

      const visitor = await call({ method: 'POST', url: '/web-api/auth/v1/auto-logoff', headers: XRW });
      expect(visitor.statusCode).toBe(200);
      expect(cookieOf(visitor, 'logout_reason')).toBeUndefined();
    });
  });
});
