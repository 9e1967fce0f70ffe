import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import argon2 from 'argon2';
import { describeEachDb } from '@betsite/db/testing';
import { ApiErrorSchema, REAUTH_WINDOW_MS, ReauthResponseSchema, SECURITY_API, SecurityStateResponseSchema } from '@betsite/contracts';
import { buildTestApp } from '../../testing.ts';
import { createClock, type ServerClock } from '../../lib/clock.ts';
import { harness, type Player } from './test-support.ts';
import { protectionOf } from './index.ts';

describeEachDb('security page API', (t) => {
  let app: FastifyInstance;
  let clock: ServerClock;
  const h = harness(
    () => app,
    () => clock,
  );

  beforeAll(async () => {
    clock = createClock({ fake: true });
    app = await buildTestApp(t.handle, { clock });
  });
  afterAll(() => app.close());

  const state = async (player: Player) => {
    const res = await h.as(player).get(SECURITY_API.state);
    expect(res.statusCode).toBe(200);
    return SecurityStateResponseSchema.parse(res.json());
  };
  const smsTo = async (phone: string) => {
    await app.notifications.idle();
    return t.db.selectFrom('outbox').select(['text', 'channel']).where('recipient', '=', phone).orderBy('created_at').execute();
  };
  const lastCode = async (phone: string) => {
    const messages = await smsTo(phone);
    return /\b(\d{6})\b/.exec(messages.at(-1)?.text ?? '')?.[1] ?? null;
  };
  let phoneCounter = 0;
  const freshPhone = () => `+4477009${String(++phoneCounter).padStart(5, '0')}`;

  it('answers 401 to visitors on every endpoint', async () => {
    const posts = Object.entries(SECURITY_API).filter(([name]) => name !== 'state');
    expect((await h.call({ method: 'GET', url: SECURITY_API.state })).statusCode).toBe(401);
    for (const [, url] of posts) {
      const res = await h.call({ method: 'POST', url, payload: {}, headers: { 'x-requested-with': 'XMLHttpRequest' } });
      expect(res.statusCode, url).toBe(401);
      expect(ApiErrorSchema.parse(res.json()).code).toBe('unauthorized');
    }
    // A revoked session is a visitor too.
    const player = await h.newPlayer();
    await h.call({ method: 'POST', url: '/web-api/auth/v1/disconnect', headers: { 'x-auth': player.token } });
    expect((await h.as(player).get(SECURITY_API.state)).statusCode).toBe(401);
  });

  it('refuses a cookie-authenticated change without X-Requested-With (CSRF)', async () => {
    const player = await h.newPlayer();
    const res = await h.call({ method: 'POST', url: SECURITY_API.revokeOthers, payload: {}, cookies: { user_token: player.token } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'csrf' });
  });

  it('shows the state, not cached: protection, two-step, sessions with the current one marked', async () => {
    const player = await h.newPlayer();
    const other = await h.call({
      method: 'POST',
      url: '/web-api/auth/v1/login',
      payload: { uLogin: player.login, uPassword: player.password },
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1' },
      remoteAddress: '203.0.113.9',
    });
    expect(other.statusCode).toBe(200);
    clock.advance!(60);
    const res = await h.as(player).get(SECURITY_API.state);
    expect(res.headers['cache-control']).toBe('no-store, no-cache, must-revalidate');
    const body = SecurityStateResponseSchema.parse(res.json());
    expect(body).toMatchObject({
      protection_level: 0,
      protection_status: 'bad',
      protection_methods: {
        is_changed_password: false,
        enable_two_factor_auth: false,
        enable_phone_binding: false,
        enable_security_question: false,
        enable_email_auth: false,
      },
      password: { changedAt: null },
      twoStep: { enabled: false, pending: false, enabledAt: null, recoveryCodesLeft: 0 },
      email: { address: null, verified: false },
      phone: { number: null, verified: false },
      securityQuestion: { question: null, updatedAt: null },
      reauthUntil: null,
      reauthByCode: false,
    });
    expect(body.sessions).toHaveLength(2);
    expect(body.sessions.filter((s) => s.current)).toHaveLength(1);
    const iphone = body.sessions.find((s) => !s.current)!;
    expect(iphone).toMatchObject({ browser: 'Safari 17', os: 'iOS', device: 'mobile', ip: '203.0.113.9', remember: false });
    expect(iphone.id).toMatch(/^[0-9a-f]{32}$/);
    const hashes = await t.db.selectFrom('sessions').select('token_hash').where('user_id', '=', player.userId).execute();
    for (const { token_hash } of hashes) expect(JSON.stringify(body)).not.toContain(token_hash);
  });

  describe('re-authentication', () => {
    it('takes the password, lasts 5 minutes, and is per session', async () => {
      const player = await h.newPlayer();
      const other = await h.anotherSession(player);
      const wrong = await h.as(player).post(SECURITY_API.reauth, { password: 'not the password' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'wrong_password' });
      expect((await h.as(player).post(SECURITY_API.question, { question: 'first_pet', answer: 'Rex' })).statusCode).toBe(403);

      const ok = await h.as(player).post(SECURITY_API.reauth, { password: player.password });
      expect(ok.statusCode).toBe(200);
      expect(new Date(ReauthResponseSchema.parse(ok.json()).reauthUntil).getTime()).toBe(clock.now() + REAUTH_WINDOW_MS);
      expect((await state(player)).reauthUntil).toBe(new Date(clock.now() + REAUTH_WINDOW_MS).toISOString());
      expect((await h.as(player).post(SECURITY_API.question, { question: 'first_pet', answer: 'Rex' })).statusCode).toBe(200);
      // Another session of the same player has not re-authenticated.
      const elsewhere = await h.as(other).post(SECURITY_API.question, { question: 'first_pet', answer: 'Rex' });
      expect(elsewhere.statusCode).toBe(403);
      expect(elsewhere.json()).toMatchObject({ code: 'reauth_required' });

      clock.advance!(REAUTH_WINDOW_MS / 1000 - 1);
      expect((await h.as(player).post(SECURITY_API.question, { question: 'first_car', answer: 'Beetle' })).statusCode).toBe(200);
      clock.advance!(1);
      const expired = await h.as(player).post(SECURITY_API.question, { question: 'first_car', answer: 'Beetle' });
      expect(expired.statusCode).toBe(403);
      expect(expired.json()).toMatchObject({ code: 'reauth_required' });
      expect((await state(player)).reauthUntil).toBeNull();
    });

    it('backs off after 5 wrong passwords, even for the right one', async () => {
      const player = await h.newPlayer();
      for (let i = 0; i < 5; i++) expect((await h.as(player).post(SECURITY_API.reauth, { password: `wrong ${i}` })).statusCode).toBe(400);
      const blocked = await h.as(player).post(SECURITY_API.reauth, { password: player.password });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ code: 'reauth_backoff' });
      expect(blocked.headers['retry-after']).toBe('30');
      clock.advance!(30);
      expect((await h.as(player).post(SECURITY_API.reauth, { password: player.password })).statusCode).toBe(200);
    });

    it('counts concurrent wrong passwords one after another: of 50 at once, 5 are checked and 45 wait', async () => {
      const player = await h.newPlayer();
      const results = await Promise.all(Array.from({ length: 50 }, (_, i) => h.as(player).post(SECURITY_API.reauth, { password: `wrong ${i}` })));
      const codes = results.map((r) => (r.json() as { code: string }).code);
      expect(codes.filter((c) => c === 'wrong_password')).toHaveLength(5);
      expect(codes.filter((c) => c === 'reauth_backoff')).toHaveLength(45);
    });

    it('takes a code sent to the proven phone, once', async () => {
      const player = await h.newPlayer();
      const none = await h.as(player).post(SECURITY_API.reauthCode);
      expect(none.statusCode).toBe(409);
      expect(none.json()).toMatchObject({ code: 'reauth_no_channel' });

      const phone = freshPhone();
      await t.db.updateTable('users').set({ phone, phone_verified_at: new Date(clock.now()) }).where('id', '=', player.userId).execute();
      expect((await state(player)).reauthByCode).toBe(true);
      const sent = await h.as(player).post(SECURITY_API.reauthCode);
      expect(sent.statusCode).toBe(202);
      expect(sent.json()).toEqual({ channel: 'sms', to: `${phone.slice(0, 3)}${'•'.repeat(phone.length - 7)}${phone.slice(-4)}` });
      const code = (await lastCode(phone))!;
      expect(code).toMatch(/^\d{6}$/);
      expect((await h.as(player).post(SECURITY_API.reauth, { code: code === '000000' ? '111111' : '000000' })).json()).toMatchObject({ code: 'reauth_code_invalid' });
      expect((await h.as(player).post(SECURITY_API.reauth, { code })).statusCode).toBe(200);
      expect((await h.as(player).post(SECURITY_API.reauth, { code })).statusCode).toBe(400);
    });

    it('refuses a body with both or neither of password and code', async () => {
      const player = await h.newPlayer();
      for (const body of [{}, { password: 'x', code: '123456' }, { code: '12345' }]) {
        expect((await h.as(player).post(SECURITY_API.reauth, body)).json()).toMatchObject({ code: 'invalid_request' });
      }
    });
  });

  describe('password change', () => {
    it('checks the current password, applies the rules, ends the other sessions and records the change', async () => {
      const player = await h.newPlayer();
      const laptop = await h.anotherSession(player);
      const phoneSession = await h.anotherSession(player);

      const wrong = await h.as(player).post(SECURITY_API.password, { currentPassword: 'nope', newPassword: 'a brand new passphrase' });
      expect(wrong.json()).toMatchObject({ code: 'wrong_password' });
      for (const newPassword of ['short', 'password1', player.login]) {
        const res = await h.as(player).post(SECURITY_API.password, { currentPassword: player.password, newPassword });
        expect(res.statusCode).toBe(400);
        expect(ApiErrorSchema.parse(res.json())).toMatchObject({ code: 'invalid_request', details: [expect.objectContaining({ path: 'body.newPassword' })] });
      }

      const res = await h.as(player).post(SECURITY_API.password, { currentPassword: player.password, newPassword: 'a brand new passphrase' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, revoked: 2 });
      expect(await h.isAnonymous(laptop)).toBe(true);
      expect(await h.isAnonymous(phoneSession)).toBe(true);
      expect(await h.isAnonymous(player)).toBe(false);
      const ended = await t.db.selectFrom('sessions').select('end_reason').where('user_id', '=', player.userId).where('revoked_at', 'is not', null).execute();
      expect(ended.map((s) => s.end_reason)).toEqual(['password_changed', 'password_changed']);

      expect((await h.passwordLogin(player)).statusCode).toBe(401);
      expect((await h.passwordLogin({ ...player, password: 'a brand new passphrase' })).statusCode).toBe(200);
      const after = await state(player);
      expect(after.password.changedAt).toBe(new Date(clock.now()).toISOString());
      expect(after.protection_methods.is_changed_password).toBe(true);
      expect(after.protection_level).toBe(15);
    });

    it('without the current password, needs a fresh re-authentication', async () => {
      const player = await h.newPlayer();
      const res = await h.as(player).post(SECURITY_API.password, { newPassword: 'a brand new passphrase' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'reauth_required' });
      await h.reauth(player);
      expect((await h.as(player).post(SECURITY_API.password, { newPassword: 'a brand new passphrase' })).statusCode).toBe(200);
    });
  });

  describe('sessions', () => {
    it('logs out the other devices: their next request is anonymous', async () => {
      const player = await h.newPlayer();
      const others = [await h.anotherSession(player), await h.anotherSession(player)];
      const stranger = await h.newPlayer();
      const res = await h.as(player).post(SECURITY_API.revokeOthers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, revoked: 2 });
      for (const other of others) expect(await h.isAnonymous(other)).toBe(true);
      expect(await h.isAnonymous(player)).toBe(false);
      expect(await h.isAnonymous(stranger)).toBe(false);
      const ended = await t.db.selectFrom('sessions').select('end_reason').where('user_id', '=', player.userId).where('revoked_at', 'is not', null).execute();
      expect(ended.map((s) => s.end_reason)).toEqual(['logout_others', 'logout_others']);
      expect((await state(player)).sessions).toHaveLength(1);
      expect((await h.as(player).post(SECURITY_API.revokeOthers)).json()).toEqual({ success: true, revoked: 0 });
    });

    it('ends one session by its id, never the current one nor another player’s', async () => {
      const player = await h.newPlayer();
      const other = await h.anotherSession(player);
      const stranger = await h.newPlayer();
      const list = (await state(player)).sessions;
      const target = list.find((s) => !s.current)!;
      const current = list.find((s) => s.current)!;

      const strangersTry = await h.as(stranger).post(SECURITY_API.revokeSession, { id: target.id });
      expect(strangersTry.statusCode).toBe(404);
      expect(strangersTry.json()).toMatchObject({ code: 'session_not_found' });
      expect((await h.as(player).post(SECURITY_API.revokeSession, { id: current.id })).json()).toMatchObject({ code: 'current_session' });
      expect((await h.as(player).post(SECURITY_API.revokeSession, { id: 'nope' })).statusCode).toBe(400);

      expect((await h.as(player).post(SECURITY_API.revokeSession, { id: target.id })).statusCode).toBe(200);
      expect(await h.isAnonymous(other)).toBe(true);
      expect(await h.isAnonymous(player)).toBe(false);
      expect((await h.as(player).post(SECURITY_API.revokeSession, { id: target.id })).statusCode).toBe(404);
    });
  });

  describe('phone binding', () => {
    it('sends a code to the new phone, binds it with the code once, and updates the activation type', async () => {
      const player = await h.newPlayer();
      const phone = freshPhone();
      expect((await h.as(player).post(SECURITY_API.phoneCode, { phone })).statusCode).toBe(403);
      await h.reauth(player);
      const sent = await h.as(player).post(SECURITY_API.phoneCode, { phone: `${phone.slice(0, 3)} ${phone.slice(3)}` });
      expect(sent.statusCode).toBe(202);
      const code = (await lastCode(phone))!;
      expect((await smsTo(phone))[0]).toMatchObject({ channel: 'sms' });

      const wrong = await h.as(player).post(SECURITY_API.phoneConfirm, { phone, code: code === '000000' ? '111111' : '000000' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'phone_code_invalid' });
      // Another phone with this code: not its code.
      expect((await h.as(player).post(SECURITY_API.phoneConfirm, { phone: freshPhone(), code })).statusCode).toBe(400);
      expect((await h.as(player).post(SECURITY_API.phoneConfirm, { phone, code })).statusCode).toBe(200);
      const user = await t.db.selectFrom('users').select(['phone', 'phone_verified_at', 'activation_type']).where('id', '=', player.userId).executeTakeFirstOrThrow();
      expect(user).toEqual({ phone, phone_verified_at: new Date(clock.now()), activation_type: 3 });
      // Single use.
      expect((await h.as(player).post(SECURITY_API.phoneConfirm, { phone, code })).json()).toMatchObject({ code: 'phone_code_invalid' });

      const after = await state(player);
      expect(after.phone).toEqual({ number: phone, verified: true });
      expect(after.protection_methods.enable_phone_binding).toBe(true);
      expect((await protectionOf(t.db, player.userId)).protection_level).toBe(20);
    });

    it('turns activation type 1 (e-mail) into 2 (both)', async () => {
      const player = await h.newPlayer();
      await t.db.updateTable('users').set({ activation_type: 1 }).where('id', '=', player.userId).execute();
      const phone = freshPhone();
      await h.reauth(player);
      await h.as(player).post(SECURITY_API.phoneCode, { phone });
      expect((await h.as(player).post(SECURITY_API.phoneConfirm, { phone, code: (await lastCode(phone))! })).statusCode).toBe(200);
      expect((await t.db.selectFrom('users').select('activation_type').where('id', '=', player.userId).executeTakeFirstOrThrow()).activation_type).toBe(2);
    });

    it('never reveals a phone another player has: same answer, no SMS, and the confirm fails like a wrong code', async () => {
      const owner = await h.newPlayer();
      const taken = freshPhone();
      await t.db.updateTable('users').set({ phone: taken, phone_verified_at: new Date(clock.now()) }).where('id', '=', owner.userId).execute();
      const player = await h.newPlayer();
      await h.reauth(player);
      const free = freshPhone();
      const forFree = await h.as(player).post(SECURITY_API.phoneCode, { phone: free });
      const forTaken = await h.as(player).post(SECURITY_API.phoneCode, { phone: taken });
      expect(forTaken.statusCode).toBe(forFree.statusCode);
      expect(forTaken.body).toBe(forFree.body);
      expect(await smsTo(taken)).toEqual([]);
      const confirmTaken = await h.as(player).post(SECURITY_API.phoneConfirm, { phone: taken, code: '123456' });
      const confirmWrong = await h.as(player).post(SECURITY_API.phoneConfirm, { phone: free, code: (await lastCode(free)) === '123456' ? '654321' : '123456' });
      expect(confirmTaken.statusCode).toBe(400);
      expect(confirmTaken.body).toBe(confirmWrong.body);
    });

    it('answers a number taken meanwhile like a wrong code', async () => {
      const player = await h.newPlayer();
      const phone = freshPhone();
      await h.reauth(player);
      await h.as(player).post(SECURITY_API.phoneCode, { phone });
      const code = (await lastCode(phone))!;
      const rival = await h.newPlayer();
      await t.db.updateTable('users').set({ phone }).where('id', '=', rival.userId).execute();
      const res = await h.as(player).post(SECURITY_API.phoneConfirm, { phone, code });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'phone_code_invalid' });
    });

    it('refuses numbers that are not phone numbers', async () => {
      const player = await h.newPlayer();
      await h.reauth(player);
      for (const phone of ['12', 'call me', '+0123456789']) {
        expect((await h.as(player).post(SECURITY_API.phoneCode, { phone })).json()).toMatchObject({ code: 'invalid_request' });
      }
    });
  });

  describe('security question', () => {
    it('stores the chosen question and an argon2id hash of the normalised answer', async () => {
      const player = await h.newPlayer();
      await h.reauth(player);
      expect((await h.as(player).post(SECURITY_API.question, { question: 'favourite_colour', answer: 'Blue' })).statusCode).toBe(400);
      expect((await h.as(player).post(SECURITY_API.question, { question: 'first_pet', answer: ' ' })).statusCode).toBe(400);
      expect((await h.as(player).post(SECURITY_API.question, { question: 'first_pet', answer: '  Rex   the  DOG ' })).statusCode).toBe(200);
      const row = await t.db.selectFrom('security_answers').selectAll().where('user_id', '=', player.userId).executeTakeFirstOrThrow();
      expect(row.question).toBe('first_pet');
      expect(row.answer_hash).toMatch(/^\$argon2id\$/);
      expect(row.answer_hash.toLowerCase()).not.toContain('rex');
      expect(await argon2.verify(row.answer_hash, 'rex the dog')).toBe(true);
      const after = await state(player);
      expect(after.securityQuestion).toEqual({ question: 'first_pet', updatedAt: new Date(clock.now()).toISOString() });
      expect(after.protection_methods.enable_security_question).toBe(true);
    });
  });

  it('reaches full protection with every method on', async () => {
    const player = await h.newPlayer();
    const now = new Date(clock.now());
    await t.db
      .updateTable('users')
      .set({ email: `full.${player.login}@example.com`, email_verified_at: now, phone: freshPhone(), phone_verified_at: now, password_changed_at: now })
      .where('id', '=', player.userId)
      .execute();
    await h.enableTwoStep(player);
    await h.as(player).post(SECURITY_API.question, { question: 'birth_city', answer: 'Leeds' });
    const after = await state(player);
    expect(after).toMatchObject({ protection_level: 100, protection_status: 'full', email: { verified: true } });
    expect(await protectionOf(t.db, player.userId)).toEqual({
      protection_level: 100,
      protection_methods: {
        is_changed_password: true,
        enable_two_factor_auth: true,
        enable_phone_binding: true,
        enable_security_question: true,
        enable_email_auth: true,
      },
    });
    expect((await protectionOf(t.db, '00000000-0000-4000-8000-000000000000')).protection_level).toBeNull();
  });
});
