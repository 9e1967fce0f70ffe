import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb } from '@betsite/db/testing';
import { ActivateResponseSchema, ActivationResendResponseSchema, ApiErrorSchema, FullRegistrationResponseSchema, LoginResponseSchema } from '@betsite/contracts';
import { buildTestApp } from '../../../testing.ts';
import { createClock, type ServerClock } from '../../../lib/clock.ts';

let ipCounter = 0;
const nextIp = () => {
  ipCounter++;
  return `10.3.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};
const PASSWORD = 'correct horse battery';

describeEachDb('e-mail activation', (t) => {
  let app: FastifyInstance;
  let clock: ServerClock;
  let counter = 0;
  const address = (label: string) => `${label}.${++counter}@example.com`;

  beforeAll(async () => {
    clock = createClock({ fake: true });
    app = await buildTestApp(t.handle, { clock });
  });
  afterAll(() => app.close());

  const call = (options: InjectOptions) => app.inject({ remoteAddress: nextIp(), ...options });
  const register = (email: string, password = PASSWORD, language = 'en') =>
    call({ method: 'POST', url: '/web-api/registration/v1/full', payload: { email, password, currency: 'EUR', country: 'DE', language, bonusChoice: 1 } });
  const activate = (token: string, extra: Omit<InjectOptions, 'method' | 'url' | 'payload'> = {}) =>
    call({ method: 'POST', url: '/web-api/registration/v1/activate', payload: { token }, ...extra });
  const resend = (email: string) => call({ method: 'POST', url: '/web-api/registration/v1/activate/resend', payload: { email } });
  const login = (uLogin: string, uPassword = PASSWORD) => call({ method: 'POST', url: '/web-api/auth/v1/login', payload: { uLogin, uPassword } });
  const cookieOf = (res: LightMyRequestResponse, name = 'user_token') => res.cookies.find((c) => c.name === name);
  const mails = async (to: string) => {
    await app.notifications.idle();
    return t.db.selectFrom('outbox').selectAll().where('recipient', '=', to).orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
  };
  const linkIn = (text: string) => /https?:\/\/\S+\/user\/activate#token=([A-Za-z0-9_-]{43})/.exec(text);
  const tokenFor = async (to: string) => {
    const all = await mails(to);
    const token = linkIn(all.at(-1)?.text ?? '')?.[1];
    if (!token) throw new Error(`no activation link sent to ${to}`);
    return token;
  };
  const user = (email: string) => t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  const errorCode = (res: LightMyRequestResponse) => ApiErrorSchema.parse(res.json()).code;

  describe('registration by e-mail', () => {
    it('logs nobody in and mails an activation link to a new address', async () => {
      const email = address('new');
      const res = await register(email);
      expect(res.statusCode).toBe(202);
      expect(FullRegistrationResponseSchema.parse(res.json()).message).toMatch(/check your e-mail/i);
      expect(cookieOf(res)).toBeUndefined();
      expect(res.headers['set-cookie']).toBeUndefined();
      const [mail, ...more] = await mails(email);
      expect(more).toEqual([]);
      expect(mail).toMatchObject({ channel: 'email', subject: 'Confirm your e-mail' });
      // The link carries the token in the fragment, in the player's language.
      expect(linkIn(mail!.text)?.[0]).toMatch(/^http:\/\/localhost(:80)?\/en\/user\/activate#token=/);
      const stored = await t.db.selectFrom('activation_tokens').selectAll().where('email', '=', email).execute();
      expect(stored).toHaveLength(1);
      expect(stored[0]!.token_hash).not.toContain(linkIn(mail!.text)![1]);
      expect(stored[0]!.expires_at.getTime() - stored[0]!.created_at.getTime()).toBe(24 * 3600 * 1000);
      expect((await user(email)).email_verified_at).toBeNull();
    });

    it('answers a taken address exactly like a new one and tells its owner, at most once an hour', async () => {
      const email = address('taken');
      await register(email);
      expect((await activate(await tokenFor(email))).statusCode).toBe(200);

      const fresh = await register(address('fresh'));
      clock.advance!(1);
      const again = await register(email.toUpperCase(), 'another good passphrase');
      expect(again.statusCode).toBe(fresh.statusCode);
      expect(again.body).toBe(fresh.body);
      expect(again.headers['set-cookie']).toBeUndefined();
      const notice = (await mails(email)).at(-1)!;
      expect(notice.subject).toBe('Someone tried to register with your e-mail');
      expect(notice.text).toMatch(/\/en\/user\/login/);
      expect(linkIn(notice.text)).toBeNull();
      // The account is untouched: the old password still works, the new one does not.
      expect((await login(email, 'another good passphrase')).statusCode).toBe(401);
      expect((await login(email)).statusCode).toBe(200);

      const count = (await mails(email)).length;
      await register(email);
      expect(await mails(email)).toHaveLength(count);
      clock.advance!(3600);
      await register(email);
      expect(await mails(email)).toHaveLength(count + 1);
    });

    it('sends a fresh link (in the player’s language) when the taken address was never confirmed', async () => {
      const email = address('unconfirmed');
      await register(email, PASSWORD, 'ru');
      const first = await tokenFor(email);
      clock.advance!(61);
      await register(email, 'some other passphrase');
      const all = await mails(email);
      expect(all).toHaveLength(2);
      expect(all[1]!.subject).toBe('Подтвердите e-mail');
      expect(linkIn(all[1]!.text)?.[0]).toContain('/ru/user/activate#token=');
      const second = await tokenFor(email);
      expect(second).not.toBe(first);
      // Only the newest link works.
      expect(errorCode(await activate(first))).toBe('activation_link_invalid');
      expect((await activate(second)).statusCode).toBe(200);
    });
  });

  describe('activation', () => {
    it('confirms the address once, logs the player in, and the link is dead afterwards', async () => {
      const email = address('activate');
      await register(email);
      const token = await tokenFor(email);
      const res = await activate(token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = ActivateResponseSchema.parse(res.json());
      const login = LoginResponseSchema.parse(body.login);
      expect(cookieOf(res)).toMatchObject({ value: login.token, httpOnly: true, sameSite: 'Lax', path: '/' });
      const player = await user(email);
      expect(login.userId).toBe(player.id);
      expect(player.email_verified_at?.getTime()).toBe(clock.now());
      expect(player.activation_type).toBe(1);
      expect((await call({ url: '/web-api/auth/v1/user-id', headers: { 'x-auth': login.token } })).json()).toEqual({ userId: player.id });

      const replay = await activate(token);
      expect(replay.statusCode).toBe(410);
      expect(errorCode(replay)).toBe('activation_link_used');
      expect(cookieOf(replay)).toBeUndefined();
    });

    it('refuses a link past its 24 hours, and a new one works', async () => {
      const email = address('expired');
      await register(email);
      const token = await tokenFor(email);
      clock.advance!(24 * 3600);
      const late = await activate(token);
      expect(late.statusCode).toBe(410);
      expect(errorCode(late)).toBe('activation_link_expired');
      expect((await user(email)).email_verified_at).toBeNull();

      expect((await resend(email)).statusCode).toBe(202);
      const fresh = await tokenFor(email);
      expect(fresh).not.toBe(token);
      expect((await activate(fresh)).statusCode).toBe(200);
    });

    it.each([
      ['an unknown token', 'A'.repeat(43)],
      ['a malformed token', 'not a token'],
      ['an empty token', ''],
    ])('refuses %s with 400 activation_link_invalid', async (_label, token) => {
      const res = await activate(token);
      expect(res.statusCode).toBe(400);
      expect(errorCode(res)).toBe('activation_link_invalid');
    });

    it('refuses bad bodies with 400 invalid_request', async () => {
      for (const payload of [{}, { token: 5 }, { token: 'x', extra: 1 }]) {
        const res = await call({ method: 'POST', url: '/web-api/registration/v1/activate', payload });
        expect(res.statusCode).toBe(400);
        expect(errorCode(res)).toBe('invalid_request');
      }
    });

    it('keeps the session of a player who opens their link while logged in', async () => {
      const email = address('logged-in');
      await register(email);
      const token = await tokenFor(email);
      const session = LoginResponseSchema.parse((await login(email)).json());
      const res = await activate(token, { headers: { 'x-auth': session.token } });
      expect(ActivateResponseSchema.parse(res.json())).toEqual({ status: 'activated', login: null });
      expect(cookieOf(res)).toBeUndefined();
      expect((await user(email)).email_verified_at).not.toBeNull();
    });

    it('does not confirm an address the player has since changed', async () => {
      const email = address('changed');
      await register(email);
      const token = await tokenFor(email);
      await t.db.updateTable('users').set({ email: address('elsewhere') }).where('email', '=', email).execute();
      expect(errorCode(await activate(token))).toBe('activation_link_invalid');
    });

    it('spends a link exactly once under concurrency', async () => {
      const email = address('race');
      await register(email);
      const token = await tokenFor(email);
      const results = await Promise.all([activate(token), activate(token), activate(token)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 410, 410]);
    });
  });

  describe('resend', () => {
    it('answers the same 202 for an unknown, a confirmed and an unconfirmed address, and mails only the last', async () => {
      const unconfirmed = address('resend');
      await register(unconfirmed);
      const confirmed = address('resend-confirmed');
      await register(confirmed);
      expect((await activate(await tokenFor(confirmed))).statusCode).toBe(200);
      clock.advance!(61);
      const before = { confirmed: (await mails(confirmed)).length, unconfirmed: (await mails(unconfirmed)).length };

      const answers = await Promise.all([resend(address('nobody')), resend(confirmed), resend(unconfirmed.toUpperCase())]);
      for (const res of answers) {
        expect(res.statusCode).toBe(202);
        expect(res.body).toBe(answers[0]!.body);
        expect(ActivationResendResponseSchema.parse(res.json()).status).toBe('accepted');
      }
      expect(await mails(confirmed)).toHaveLength(before.confirmed);
      expect(await mails(unconfirmed)).toHaveLength(before.unconfirmed + 1);
    });

    it('sends at most one link a minute per player', async () => {
      const email = address('cooldown');
      await register(email);
      await resend(email);
      expect(await mails(email)).toHaveLength(1);
      clock.advance!(60);
      await resend(email);
      expect(await mails(email)).toHaveLength(2);
    });

    it('refuses a bad address with 400', async () => {
      const res = await resend('not-an-address');
      expect(res.statusCode).toBe(400);
      expect(errorCode(res)).toBe('invalid_request');
    });
  });

  describe('logging in before confirming', () => {
    it('is allowed (the user config then counts the days left to confirm)', async () => {
      const email = address('early-login');
      await register(email);
      const res = await login(email);
      expect(res.statusCode).toBe(200);
      const { token } = LoginResponseSchema.parse(res.json());
      const config = await call({ url: '/web-api/office/v1/user-config', headers: { 'x-auth': token } });
      expect(config.json()).toMatchObject({ result: { remaining_days_to_activate: 14, is_email_verified: false }, error: null });
    });
  });
});
