import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb } from '@betsite/db/testing';
import { ApiErrorSchema, LoginResponseSchema, PasswordResetRequestResponseSchema } from '@betsite/contracts';
import { buildTestApp } from '../../testing.ts';
import { createClock } from '../../lib/clock.ts';
import { createArgon2Hasher } from './passwords.ts';
import { parseResetLogin, RESET_CODE_TTL_MS } from './password-reset.ts';

describe('parseResetLogin', () => {
  it.each([
    ['  Jane@Example.COM ', { channel: 'email', email: 'jane@example.com' }],
    ['+44 7700 900123', { channel: 'sms', phone: '+447700900123' }],
    ['0044 7700-900123', { channel: 'sms', phone: '+447700900123' }],
    ['07700 900123', null],
    ['100000001', null],
    ['jane', null],
  ] as const)('%j', (login, expected) => {
    expect(parseResetLogin(login)).toEqual(expected);
  });
});

let ipCounter = 0;
const nextIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'a brand new passphrase';

describeEachDb('password reset', (t) => {
  let app: FastifyInstance;
  const clock = createClock({ fake: true });
  let counter = 0;

  beforeAll(async () => {
    app = await buildTestApp(t.handle, { clock });
  });
  afterAll(() => app.close());

  const call = (options: InjectOptions) => app.inject({ remoteAddress: nextIp(), ...options });
  const requestReset = (login: string) => call({ method: 'POST', url: '/web-api/auth/v1/password-reset/request', payload: { login } });
  const confirm = (login: string, code: string, newPassword = NEW_PASSWORD, headers: Record<string, string> = {}) =>
    call({ method: 'POST', url: '/web-api/auth/v1/password-reset/confirm', payload: { login, code, newPassword }, headers });
  const login = (uLogin: string, uPassword: string) => call({ method: 'POST', url: '/web-api/auth/v1/login', payload: { uLogin, uPassword } });
  const registered = async () => {
    const email = `reset.${++counter}@example.com`;
    const res = await call({
      method: 'POST',
      url: '/web-api/registration/v1/full',
      payload: { email, password: PASSWORD, currency: 'EUR', country: 'DE', language: 'en', bonusChoice: 0 },
    });
    expect(res.statusCode).toBe(202);
    // Registration mailed an activation link: not part of these tests.
    await app.notifications.idle();
    await t.db.deleteFrom('outbox').where('recipient', '=', email).execute();
    return email;
  };
  const outboxFor = async (to: string) => {
    await app.notifications.idle();
    return t.db.selectFrom('outbox').selectAll().where('recipient', '=', to).orderBy('created_at', 'desc').execute();
  };
  /** Requests a code and reads it from the outbox. */
  const codeFor = async (to: string) => {
    expect((await requestReset(to)).statusCode).toBe(202);
    const [latest] = await outboxFor(to.toLowerCase().replace(/[\s-]/g, ''));
    const code = /\b(\d{6})\b/.exec(latest?.text ?? '')?.[1];
    if (!code) throw new Error(`no code sent to ${to}`);
    return code;
  };
  const codeOf = (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBe(400);
    return ApiErrorSchema.parse(res.json()).code;
  };
  const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('answers a known and an unknown e-mail the same, and sends a code only to the known one', async () => {
    const email = await registered();
    const known = await requestReset(email.toUpperCase());
    const unknown = await requestReset(`nobody.${counter}@example.com`);
    const garbage = await requestReset('not a login');
    for (const res of [known, unknown, garbage]) {
      expect(res.statusCode).toBe(202);
      expect(res.body).toBe(known.body);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect(PasswordResetRequestResponseSchema.parse(known.json()).status).toBe('accepted');
    const sent = await outboxFor(email);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ channel: 'email', subject: 'Your password reset code' });
    expect(sent[0]!.text).toMatch(/\b\d{6}\b/);
    expect(await outboxFor(`nobody.${counter}@example.com`)).toEqual([]);
    // The code is stored hashed.
    const code = /\b(\d{6})\b/.exec(sent[0]!.text)![1]!;
    const rows = await t.db.selectFrom('verification_codes').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('saves the new password with a right code, which then works no more', async () => {
    const email = await registered();
    const code = await codeFor(email);
    const ok = await confirm(email, code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true });
    expect((await login(email, PASSWORD)).statusCode).toBe(401);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
    expect(codeOf(await confirm(email, code, 'yet another passphrase'))).toBe('reset_code_invalid');
  });

  it('gives the same answer for a wrong code and an unknown login', async () => {
    const email = await registered();
    const code = await codeFor(email);
    const wrong = await confirm(email, otherCode(code));
    const nobody = await confirm(`nobody.${counter}@example.com`, code);
    expect(codeOf(wrong)).toBe('reset_code_invalid');
    expect(nobody.statusCode).toBe(wrong.statusCode);
    expect(nobody.body).toBe(wrong.body);
    // One wrong try does not burn the code.
    expect((await confirm(email, code)).statusCode).toBe(200);
  });

  it('counts wrong tries and burns the code at the 5th', async () => {
    const email = await registered();
    const code = await codeFor(email);
    for (let i = 0; i < 4; i++) expect(codeOf(await confirm(email, otherCode(code)))).toBe('reset_code_invalid');
    const row = await t.db
      .selectFrom('verification_codes')
      .innerJoin('users', 'users.id', 'verification_codes.user_id')
      .select(['attempts', 'used_at'])
      .where('users.email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ attempts: 4, used_at: null });
    expect(codeOf(await confirm(email, 'abc'))).toBe('reset_code_invalid');
    expect(codeOf(await confirm(email, code))).toBe('reset_code_invalid');
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
  });

  it('expires codes after 15 minutes of the app clock; says "expired" only to whoever holds the code', async () => {
    const email = await registered();
    const code = await codeFor(email);
    clock.advance!(RESET_CODE_TTL_MS / 1000 - 1);
    const fresh = await codeFor((await registered()));
    expect(fresh).toMatch(/^\d{6}$/);
    clock.advance!(1);
    expect(codeOf(await confirm(email, otherCode(code)))).toBe('reset_code_invalid');
    expect(codeOf(await confirm(email, code))).toBe('reset_code_expired');
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
  });

  it('replaces an older code with a newer one, and sends at most one code a minute', async () => {
    const email = await registered();
    const first = await codeFor(email);
    expect((await requestReset(email)).statusCode).toBe(202);
    expect(await outboxFor(email)).toHaveLength(1);
    clock.advance!(60);
    const second = await codeFor(email);
    expect(await outboxFor(email)).toHaveLength(2);
    if (first !== second) expect(codeOf(await confirm(email, first))).toBe('reset_code_invalid');
    expect((await confirm(email, second)).statusCode).toBe(200);
  });

  it('revokes every other session of the player', async () => {
    const email = await registered();
    const a = LoginResponseSchema.parse((await login(email, PASSWORD)).json());
    const b = LoginResponseSchema.parse((await login(email, PASSWORD)).json());
    const code = await codeFor(email);
    // Confirmed from session b: b stays, a and the registration session go.
    expect((await confirm(email, code, NEW_PASSWORD, { 'x-auth': b.token })).statusCode).toBe(200);
    const me = (token: string) => call({ url: '/web-api/auth/v1/user-id', headers: { 'x-auth': token } });
    expect((await me(a.token)).statusCode).toBe(401);
    expect((await me(b.token)).statusCode).toBe(200);
    const live = await t.db.selectFrom('sessions').select('token_hash').where('user_id', '=', a.userId).where('revoked_at', 'is', null).execute();
    expect(live).toHaveLength(1);
    const ended = await t.db.selectFrom('sessions').select('end_reason').where('user_id', '=', a.userId).where('revoked_at', 'is not', null).execute();
    expect(ended.map((r) => r.end_reason)).toEqual(ended.map(() => 'password_changed'));
    const user = await t.db.selectFrom('users').select('password_changed_at').where('id', '=', a.userId).executeTakeFirstOrThrow();
    expect(user.password_changed_at).not.toBeNull();

    // Confirmed anonymously: every session goes.
    clock.advance!(60);
    const again = await codeFor(email);
    expect((await confirm(email, again, 'the third passphrase')).statusCode).toBe(200);
    expect((await me(b.token)).statusCode).toBe(401);
  });

  it('refuses a weak new password without spending the code', async () => {
    const email = await registered();
    const code = await codeFor(email);
    for (const weak of ['short', 'password123', email.toUpperCase()]) {
      const res = await confirm(email, code, weak);
      expect(codeOf(res)).toBe('invalid_request');
      expect(ApiErrorSchema.parse(res.json()).details).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'body.newPassword' })]));
    }
    expect((await confirm(email, code)).statusCode).toBe(200);
  });

  it('clears the login failure counter, so the new password logs in without a captcha', async () => {
    const email = await registered();
    for (let i = 0; i < 3; i++) await login(email, 'wrong password!');
    expect(codeOf(await login(email, PASSWORD))).toBe('100');
    expect((await confirm(email, await codeFor(email))).statusCode).toBe(200);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('sends the code by SMS to a player registered by phone', async () => {
    const user = await t.db
      .insertInto('users')
      .values({ phone: '+447700900555', password_hash: await createArgon2Hasher().hash(PASSWORD), registration_type: 'phone_reg', country: 'GB', currency: 'GBP', language: 'en' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const code = await codeFor('+44 7700-900555');
    const [sms] = await outboxFor('+447700900555');
    expect(sms).toMatchObject({ channel: 'sms', subject: null });
    expect((await confirm('+447700900555', code)).statusCode).toBe(200);
    const row = await t.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(await createArgon2Hasher().verify(row.password_hash, NEW_PASSWORD)).toBe(true);
  });

  it('rate-limits requests per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await app.inject({ method: 'POST', url: '/web-api/auth/v1/password-reset/request', payload: { login: 'x@example.com' }, remoteAddress: '10.8.0.1' })).statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });
});
