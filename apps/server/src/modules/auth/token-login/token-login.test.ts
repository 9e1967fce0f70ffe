/** Login by token (SPEC §7: method_id, token, sign, lng): single use, signed, 2 minutes. */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '@betsite/db/testing';
import { FastRegistrationResponseSchema, LoginResponseSchema } from '@betsite/contracts';
import { buildTestApp } from '../../../testing.ts';
import { createClock, type ServerClock } from '../../../lib/clock.ts';

let ipCounter = 0;
const nextIp = () => `10.21.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
const URL_ = '/web-api/auth/v1/login/token';

describeEachDb('login by token', (t) => {
  let app: FastifyInstance;
  let clock: ServerClock;
  let userId: string;

  beforeAll(async () => {
    clock = createClock({ fake: true });
    app = await buildTestApp(t.handle, { clock, auth: { tokenLoginPerMinute: 1000 } });
    const res = await app.inject({ method: 'POST', url: '/web-api/registration/v1/fast', remoteAddress: nextIp(), payload: { currency: 'EUR', country: 'DE', language: 'en', bonusChoice: 0 } });
    userId = FastRegistrationResponseSchema.parse(res.json()).userId;
  });
  afterAll(() => app.close());

  const call = (options: InjectOptions) => app.inject({ remoteAddress: nextIp(), ...options });
  const redeem = (body: Record<string, unknown>) => call({ method: 'POST', url: URL_, payload: body });

  it('logs the player in once, with a session cookie, and refuses the same token again', async () => {
    const issued = await app.loginTokens.issue(userId, 'link');
    expect(issued.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await t.db.selectFrom('login_tokens').selectAll().executeTakeFirstOrThrow();
    expect(row.token_hash).not.toContain(issued.token);

    const res = await redeem({ method_id: issued.method_id, token: issued.token, sign: issued.sign, lng: 'en', save: true });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const login = LoginResponseSchema.parse(res.json());
    expect(login.userId).toBe(userId);
    expect(res.cookies.find((c) => c.name === 'user_token')).toMatchObject({ value: login.token, httpOnly: true });
    expect((await call({ url: '/web-api/auth/v1/user-id', headers: { 'x-auth': login.token } })).json()).toEqual({ userId });

    const again = await redeem({ method_id: issued.method_id, token: issued.token, sign: issued.sign });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'invalid_credentials' });
  });

  it('refuses a bad sign, a sign for another method, and an unknown token alike', async () => {
    const issued = await app.loginTokens.issue(userId, 'qr');
    const flipped = issued.sign.slice(0, -1) + (issued.sign.endsWith('A') ? 'B' : 'A');
    for (const body of [
      { method_id: 'qr', token: issued.token, sign: flipped },
      { method_id: 'link', token: issued.token, sign: issued.sign },
      { method_id: 'qr', token: 'A'.repeat(43), sign: issued.sign },
    ]) {
      const res = await redeem(body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'invalid_credentials' });
    }
    // None of that spent it.
    expect((await redeem({ method_id: 'qr', token: issued.token, sign: issued.sign })).statusCode).toBe(200);
  });

  it('says a right token expired after 2 minutes', async () => {
    const issued = await app.loginTokens.issue(userId, 'link');
    clock.advance!(121);
    const res = await redeem({ method_id: 'link', token: issued.token, sign: issued.sign });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'login_token_expired' });
  });

  it('refuses malformed input with 400', async () => {
    for (const body of [{}, { method_id: 'email', token: 'A'.repeat(43), sign: 'A'.repeat(43) }, { method_id: 'qr', token: 'short', sign: 'A'.repeat(43) }]) {
      const res = await redeem(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_request' });
    }
  });

  it('is rate limited per IP', async () => {
    const limited = await buildTestApp(t.handle, { clock, auth: { tokenLoginPerMinute: 2 } });
    try {
      const body = { method_id: 'qr', token: 'A'.repeat(43), sign: 'A'.repeat(43) };
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await limited.inject({ method: 'POST', url: URL_, payload: body, remoteAddress: '10.21.250.1' })).statusCode);
      expect(statuses).toEqual([401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});
