import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb } from '@betsite/db/testing';
import {
  ApiErrorSchema,
  LoginResponseSchema,
  SECURITY_API,
  SecurityStateResponseSchema,
  TWO_STEP_LOGIN_URL,
  TwoStepRequiredResponseSchema,
  TwoStepSetupResponseSchema,
} from '@betsite/contracts';
import { buildTestApp } from '../../../testing.ts';
import { createClock, type ServerClock } from '../../../lib/clock.ts';
import { cookieOf, harness, type Player } from '../../security/test-support.ts';
import type { LoginMethod } from '../login-kit.ts';
import { createSecretBox } from './secret-box.ts';

describeEachDb('two-step authentication', (t) => {
  let app: FastifyInstance;
  let clock: ServerClock;
  const h = harness(
    () => app,
    () => clock,
  );

  beforeAll(async () => {
    clock = createClock({ fake: true });
    app = await buildTestApp(t.handle, { clock });
    // A stand-in for the login modes built elsewhere (token, QR, social …): each ends through the kit.
    app.post<{ Body: { userId: string; method: LoginMethod } }>('/test/complete-login', async (request, reply) =>
      app.auth.completeLogin(request, reply, { userId: request.body.userId, remember: false, method: request.body.method }),
    );
  });
  afterAll(() => app.close());

  /** Logs in with the password and expects the second step; answers the ticket. */
  const firstStep = async (player: Player, save = false) => {
    const res = await h.passwordLogin(player, save);
    expect(res.statusCode).toBe(200);
    const body = TwoStepRequiredResponseSchema.parse(res.json());
    expect(cookieOf(res, 'user_token')).toBeUndefined();
    return { ...body, cookie: cookieOf(res, 'two_step_ticket') };
  };
  const secondStep = (ticket: string, code: string, via: 'cookie' | 'body' = 'cookie') =>
    h.call({
      method: 'POST',
      url: TWO_STEP_LOGIN_URL,
      payload: via === 'body' ? { code, save: true, ticket } : { code, save: true },
      ...(via === 'cookie' ? { cookies: { two_step_ticket: ticket } } : {}),
    });
  const nextStep = () => clock.advance!(30);

  describe('turning it on', () => {
    it('needs a player and a fresh re-authentication for the setup', async () => {
      expect((await h.call({ method: 'POST', url: SECURITY_API.twoStepSetup })).statusCode).toBe(401);
      const player = await h.newPlayer();
      const res = await h.as(player).post(SECURITY_API.twoStepSetup);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'reauth_required' });
    });

    it('hands out a secret, an otpauth URI and a QR code, pending until a first code confirms it', async () => {
      const player = await h.newPlayer();
      await h.reauth(player);
      const res = await h.as(player).post(SECURITY_API.twoStepSetup);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toContain('no-store');
      const setup = TwoStepSetupResponseSchema.parse(res.json());
      expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(setup.otpauthUri).toBe(`otpauth://totp/Betsite:${player.login}?secret=${setup.secret}&issuer=Betsite`);
      expect(setup.qrSvg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);

      // Stored encrypted, never in the clear.
      const stored = await t.db.selectFrom('two_step_secrets').selectAll().where('user_id', '=', player.userId).executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ status: 'pending', enabled_at: null });
      expect(stored.secret_enc).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(stored.secret_enc).not.toContain(setup.secret);
      let state = SecurityStateResponseSchema.parse((await h.as(player).get(SECURITY_API.state)).json());
      expect(state.twoStep).toMatchObject({ enabled: false, pending: true });
      // Pending does not guard the login yet.
      expect(LoginResponseSchema.safeParse((await h.passwordLogin(player)).json()).success).toBe(true);

      const wrong = await h.as(player).post(SECURITY_API.twoStepEnable, { code: h.totp(setup.secret, clock.now() - 120_000) });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'two_step_code_invalid' });
      const ok = await h.as(player).post(SECURITY_API.twoStepEnable, { code: h.totp(setup.secret) });
      expect(ok.statusCode).toBe(200);
      const { recoveryCodes } = ok.json() as { recoveryCodes: string[] };
      expect(recoveryCodes).toHaveLength(10);
      expect(new Set(recoveryCodes).size).toBe(10);
      for (const code of recoveryCodes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/);
      const hashes = await t.db.selectFrom('two_step_recovery_codes').select('code_hash').where('user_id', '=', player.userId).execute();
      expect(hashes).toHaveLength(10);
      for (const { code_hash } of hashes) expect(recoveryCodes.join()).not.toContain(code_hash);

      state = SecurityStateResponseSchema.parse((await h.as(player).get(SECURITY_API.state)).json());
      expect(state.twoStep).toMatchObject({ enabled: true, pending: false, recoveryCodesLeft: 10 });
      expect(state.protection_methods.enable_two_factor_auth).toBe(true);
      // Enabled once: setup and enable again are refused.
      expect((await h.as(player).post(SECURITY_API.twoStepSetup)).json()).toMatchObject({ code: 'two_step_already_enabled' });
      expect((await h.as(player).post(SECURITY_API.twoStepEnable, { code: h.totp(setup.secret) })).statusCode).toBe(409);
    });

    it('refuses enable without a setup', async () => {
      const player = await h.newPlayer();
      const res = await h.as(player).post(SECURITY_API.twoStepEnable, { code: '123456' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'two_step_not_pending' });
    });
  });

  describe('logging in', () => {
    it('asks every password login for the code, with a ticket cookie, and logs in with it', async () => {
      const player = await h.newPlayer();
      const { secret } = await h.enableTwoStep(player);
      const first = await firstStep(player, true);
      expect(first.ticket).toMatch(/^[\w-]{43}$/);
      expect(new Date(first.expiresAt).getTime()).toBe(clock.now() + 5 * 60_000);
      expect(first.cookie).toMatchObject({ value: first.ticket, httpOnly: true, sameSite: 'Strict', path: '/web-api/auth', maxAge: 300 });
      const stored = await t.db.selectFrom('two_step_tickets').selectAll().where('user_id', '=', player.userId).execute();
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ remember: true, attempts: 0, used_at: null });
      expect(stored[0]!.ticket_hash).not.toBe(first.ticket);

      nextStep();
      const res = await secondStep(first.ticket, h.totp(secret));
      expect(res.statusCode).toBe(200);
      const session = LoginResponseSchema.parse(res.json());
      expect(session.userId).toBe(player.userId);
      // "save" was bound to the ticket: the long session.
      expect(new Date(session.expiresAt).getTime()).toBe(clock.now() + 30 * 24 * 3600_000);
      expect(cookieOf(res, 'user_token')).toMatchObject({ value: session.token, maxAge: 30 * 24 * 3600 });
      expect(cookieOf(res, 'two_step_ticket')).toMatchObject({ value: '', path: '/web-api/auth' });
      expect(await h.isAnonymous(session)).toBe(false);
    });

    it('accepts a TOTP code once: the same code again in its window is refused', async () => {
      const player = await h.newPlayer();
      const { secret } = await h.enableTwoStep(player);
      // The code that confirmed the setup is spent already.
      const first = await firstStep(player);
      const replayedSetupCode = await secondStep(first.ticket, h.totp(secret));
      expect(replayedSetupCode.statusCode).toBe(400);
      expect(replayedSetupCode.json()).toMatchObject({ code: 'two_step_code_invalid' });

      nextStep();
      const code = h.totp(secret);
      expect((await secondStep(first.ticket, code)).statusCode).toBe(200);
      const again = await firstStep(player);
      expect((await secondStep(again.ticket, code)).statusCode).toBe(400);
      // A code of the previous step is within the ±1 tolerance but before the last one used: refused too.
      expect((await secondStep(again.ticket, h.totp(secret, clock.now() - 30_000))).statusCode).toBe(400);
    });

    it('tolerates one step of clock drift either way, not two', async () => {
      const player = await h.newPlayer();
      const { secret } = await h.enableTwoStep(player);
      clock.advance!(120);
      const { ticket } = await firstStep(player);
      expect((await secondStep(ticket, h.totp(secret, clock.now() - 60_000))).statusCode).toBe(400);
      expect((await secondStep(ticket, h.totp(secret, clock.now() - 30_000))).statusCode).toBe(200);
      const next = await firstStep(player);
      expect((await secondStep(next.ticket, h.totp(secret, clock.now() + 30_000))).statusCode).toBe(200);
    });

    it('takes the ticket from the body as well as from the cookie', async () => {
      const player = await h.newPlayer();
      const { secret } = await h.enableTwoStep(player);
      const { ticket } = await firstStep(player);
      nextStep();
      expect((await secondStep(ticket, h.totp(secret), 'body')).statusCode).toBe(200);
    });

    it('uses a ticket once and not after its 5 minutes', async () => {
      const player = await h.newPlayer();
      const { secret } = await h.enableTwoStep(player);
      const used = await firstStep(player);
      nextStep();
      expect((await secondStep(used.ticket, h.totp(secret))).statusCode).toBe(200);
      nextStep();
      const replay = await secondStep(used.ticket, h.totp(secret));
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toMatchObject({ code: 'two_step_ticket_invalid' });

      const late = await firstStep(player);
      clock.advance!(5 * 60);
      const expired = await secondStep(late.ticket, h.totp(secret));
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toMatchObject({ code: 'two_step_ticket_invalid' });
      expect(cookieOf(expired, 'two_step_ticket')?.value).toBe('');
    });

    it('answers 401 without a ticket or with a made-up one, 400 for a malformed body', async () => {
      for (const ticket of [undefined, 'A'.repeat(43)]) {
        const res = await h.call({ method: 'POST', url: TWO_STEP_LOGIN_URL, payload: { code: '123456', ...(ticket ? { ticket } : {}) } });
        expect(res.statusCode).toBe(401);
        expect(ApiErrorSchema.parse(res.json()).code).toBe('two_step_ticket_invalid');
      }
      const bad = await h.call({ method: 'POST', url: TWO_STEP_LOGIN_URL, payload: { code: 12 } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'invalid_request' });
    });

    it('burns a ticket after 3 wrong codes', async () => {
      const player = await h.newPlayer();
      const { secret } = await h.enableTwoStep(player);
      const { ticket } = await firstStep(player);
      for (let i = 0; i < 3; i++) expect((await secondStep(ticket, '000000')).statusCode).toBe(400);
      nextStep();
      expect((await secondStep(ticket, h.totp(secret))).statusCode).toBe(401);
      // A new login works (3 wrong codes are below the player's back-off).
      expect((await secondStep((await firstStep(player)).ticket, h.totp(secret))).statusCode).toBe(200);
    });

    it('gives a ticket 3 tries however many come at once: 50 concurrent wrong codes, 3 checked', async () => {
      const player = await h.newPlayer();
      const { secret } = await h.enableTwoStep(player);
      const { ticket } = await firstStep(player);
      const results = await Promise.all(Array.from({ length: 50 }, (_, i) => secondStep(ticket, String(100000 + i))));
      const codes = results.map((r) => ApiErrorSchema.parse(r.json()).code);
      expect(codes.filter((c) => c === 'two_step_code_invalid')).toHaveLength(3);
      expect(codes.filter((c) => c === 'two_step_ticket_invalid')).toHaveLength(47);
      nextStep();
      expect((await secondStep(ticket, h.totp(secret))).statusCode).toBe(401);
    });

    it('counts concurrent wrong codes of a player one after another: of 20 at once on 20 tickets, 5 are checked', async () => {
      const player = await h.newPlayer();
      await h.enableTwoStep(player);
      const tickets: string[] = [];
      for (let i = 0; i < 20; i++) tickets.push((await firstStep(player)).ticket);
      const results = await Promise.all(tickets.map((ticket, i) => secondStep(ticket, String(100000 + i))));
      const codes = results.map((r) => ApiErrorSchema.parse(r.json()).code);
      expect(codes.filter((c) => c === 'two_step_code_invalid')).toHaveLength(5);
      expect(codes.filter((c) => c === 'two_step_backoff')).toHaveLength(15);
    });

    it('backs off after 5 wrong codes for the player, even across tickets and for the right code', async () => {
      const player = await h.newPlayer();
      const { secret } = await h.enableTwoStep(player);
      const tickets = [(await firstStep(player)).ticket, (await firstStep(player)).ticket];
      for (const [i, ticket] of [tickets[0], tickets[0], tickets[0], tickets[1], tickets[1]].entries()) {
        expect((await secondStep(ticket!, `00000${i}`)).statusCode).toBe(400);
      }
      const { ticket } = await firstStep(player);
      // The right code (of the next step: the current one confirmed the setup).
      const right = h.totp(secret, clock.now() + 30_000);
      const blocked = await secondStep(ticket, right);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ code: 'two_step_backoff' });
      expect(blocked.headers['retry-after']).toBe('30');
      clock.advance!(29);
      expect((await secondStep(ticket, right)).statusCode).toBe(429);
      clock.advance!(1);
      expect((await secondStep(ticket, right)).statusCode).toBe(200);
    });

    it('takes a recovery code once, in any case and with or without dashes', async () => {
      const player = await h.newPlayer();
      const { recoveryCodes } = await h.enableTwoStep(player);
      const [code] = recoveryCodes as [string];
      const res = await secondStep((await firstStep(player)).ticket, ` ${code.replaceAll('-', '').toLowerCase()} `);
      expect(res.statusCode).toBe(200);
      const again = await secondStep((await firstStep(player)).ticket, code);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ code: 'two_step_code_invalid' });
      const state = SecurityStateResponseSchema.parse((await h.as(player).get(SECURITY_API.state)).json());
      expect(state.twoStep.recoveryCodesLeft).toBe(9);
    });

    it('answers 503 when the stored secret no longer opens (another key), and recovery codes still work', async () => {
      const player = await h.newPlayer();
      const { secret, recoveryCodes } = await h.enableTwoStep(player);
      const foreign = createSecretBox(randomBytes(32)).seal(secret, `two-step:${player.userId}`);
      await t.db.updateTable('two_step_secrets').set({ secret_enc: foreign }).where('user_id', '=', player.userId).execute();
      const { ticket } = await firstStep(player);
      nextStep();
      const res = await secondStep(ticket, h.totp(secret));
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'two_step_unavailable' });
      expect((await secondStep(ticket, recoveryCodes[0]!)).statusCode).toBe(200);
    });

    it('asks for the code after password, SMS and social logins, not after token, QR or registration logins', async () => {
      const player = await h.newPlayer();
      await h.enableTwoStep(player);
      const outcome = async (method: LoginMethod) => {
        const res = await h.call({ method: 'POST', url: '/test/complete-login', payload: { userId: player.userId, method } });
        expect(res.statusCode).toBe(200);
        return res.json() as Record<string, unknown>;
      };
      for (const method of ['password', 'phone_password', 'sms', 'social'] as const) expect(await outcome(method)).toMatchObject({ status: 'two_step_required' });
      for (const method of ['token', 'qr', 'registration', 'two_step'] as const) expect(LoginResponseSchema.safeParse(await outcome(method)).success).toBe(true);
      // Players without two-step are never asked.
      const plain = await h.newPlayer();
      expect(LoginResponseSchema.safeParse((await h.passwordLogin(plain)).json()).success).toBe(true);
    });
  });

  describe('turning it off and new recovery codes', () => {
    it('needs a re-authentication and a valid code to turn it off; then logins need no code', async () => {
      const player = await h.newPlayer();
      const { secret } = await h.enableTwoStep(player);
      clock.advance!(5 * 60);
      const stale = await h.as(player).post(SECURITY_API.twoStepDisable, { code: h.totp(secret) });
      expect(stale.statusCode).toBe(403);
      expect(stale.json()).toMatchObject({ code: 'reauth_required' });
      await h.reauth(player);
      expect((await h.as(player).post(SECURITY_API.twoStepDisable, { code: '000000' })).statusCode).toBe(400);
      expect((await h.as(player).post(SECURITY_API.twoStepDisable, { code: h.totp(secret) })).statusCode).toBe(200);
      expect(await t.db.selectFrom('two_step_recovery_codes').select('id').where('user_id', '=', player.userId).execute()).toEqual([]);
      expect(LoginResponseSchema.safeParse((await h.passwordLogin(player)).json()).success).toBe(true);
      const off = await h.as(player).post(SECURITY_API.twoStepDisable, { code: h.totp(secret) });
      expect(off.statusCode).toBe(409);
      expect(off.json()).toMatchObject({ code: 'two_step_not_enabled' });
    });

    it('turns off with a recovery code too', async () => {
      const player = await h.newPlayer();
      const { recoveryCodes } = await h.enableTwoStep(player);
      expect((await h.as(player).post(SECURITY_API.twoStepDisable, { code: recoveryCodes[3]! })).statusCode).toBe(200);
    });

    it('regenerates the recovery codes (re-authentication needed); the old ones stop working', async () => {
      const player = await h.newPlayer();
      const { recoveryCodes: old } = await h.enableTwoStep(player);
      clock.advance!(5 * 60 + 1);
      expect((await h.as(player).post(SECURITY_API.recoveryCodes)).statusCode).toBe(403);
      await h.reauth(player);
      const res = await h.as(player).post(SECURITY_API.recoveryCodes);
      expect(res.statusCode).toBe(200);
      const fresh = (res.json() as { recoveryCodes: string[] }).recoveryCodes;
      expect(fresh).toHaveLength(10);
      expect(fresh.filter((c) => old.includes(c))).toEqual([]);
      expect((await secondStep((await firstStep(player)).ticket, old[0]!)).statusCode).toBe(400);
      expect((await secondStep((await firstStep(player)).ticket, fresh[0]!)).statusCode).toBe(200);
    });

    it('refuses new recovery codes while two-step is off', async () => {
      const player = await h.newPlayer();
      await h.reauth(player);
      expect((await h.as(player).post(SECURITY_API.recoveryCodes)).json()).toMatchObject({ code: 'two_step_not_enabled' });
    });
  });
});

describe('two-step without a secrets key', () => {
  it('answers 503 two_step_unavailable for the setup', async () => {
    const { createTwoStepService } = await import('./service.ts');
    const clock = createClock({ fake: true });
    const service = createTwoStepService({
      db: undefined as never,
      clock,
      repository: undefined as never,
      secretsKey: async () => null,
    });
    await expect(service.beginSetup('u', { issuer: 'Betsite', label: 'x' })).rejects.toMatchObject({ statusCode: 503, code: 'two_step_unavailable' });
  });
});
