/**
 * Social sign-in end to end over a real port: our OpenID Connect client (openid-client)
 * talks HTTP to the built-in sandbox identity provider, and a cookie-keeping test browser
 * follows every redirect like a real one would.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb } from '@betsite/db/testing';
import { SocialPendingResponseSchema, SocialRegistrationResponseSchema } from '@betsite/contracts';
import { buildTestApp } from '../../testing.ts';
import { createClock, type ServerClock } from '../../lib/clock.ts';
import { generateSync } from 'otplib';
import { hiddenFields, locationOf, TestBrowser } from './test-browser.ts';

describeEachDb('social sign-in through the sandbox identity provider', (t) => {
  let app: FastifyInstance;
  let clock: ServerClock;
  let origin: string;
  let subjects = 0;
  const newSubject = (label: string) => `${label}-${++subjects}-${Date.now()}`;

  beforeAll(async () => {
    clock = createClock({ fake: true });
    app = await buildTestApp(t.handle, { clock, env: { JOBS_POLL_MS: '0' }, social: { rateLimits: { roundTrip: 10_000, registration: 10_000 } } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => app.close());

  /** Start → the consent page: the browser and the hidden fields of the form. */
  async function startAt(browser: TestBrowser, query: string) {
    const start = await browser.get(`/social-api/oauth/sandbox/start?${query}`);
    const authorize = locationOf(start, origin);
    expect(authorize.origin + authorize.pathname).toBe(`${origin}/sandbox-idp/authorize`);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('nonce')).toMatch(/.{20,}/);
    const page = await browser.get(authorize.pathname + authorize.search);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain('sandbox');
    return hiddenFields(await page.text());
  }

  /** Consent as a custom identity; the callback URL the provider sends the browser to. */
  async function consent(browser: TestBrowser, fields: Record<string, string>, identity: Record<string, string>, action = 'allow') {
    const answer = await browser.postForm('/sandbox-idp/authorize', { ...fields, identity: 'custom', ...identity, action });
    const callback = locationOf(answer, origin);
    expect(callback.pathname).toBe('/social-api/oauth/sandbox/callback');
    return callback;
  }

  async function signIn(browser: TestBrowser, query: string, identity: Record<string, string>) {
    const callback = await consent(browser, await startAt(browser, query), identity);
    return browser.get(callback.pathname + callback.search);
  }

  const userIdOf = async (browser: TestBrowser) => {
    const res = await browser.get('/web-api/auth/v1/session-check');
    return ((await res.json()) as { user_id: string | null }).user_id;
  };
  const identityRow = (subject: string) =>
    t.db.selectFrom('social_identities').selectAll().where('provider', '=', 'sandbox').where('subject', '=', subject).executeTakeFirst();

  describe('a new identity from the registration form', () => {
    it('registers a soc_reg player with accounts, keeps bonus and referral, and logs the same player in next time', async () => {
      const subject = newSubject('reg');
      const browser = new TestBrowser(origin);
      browser.cookies.set('refererid', 'partner-7');
      const done = await signIn(browser, 'intent=registration&language=en&currency=eur&country=de&bonusChoice=2', {
        sub: subject,
        name: 'Dana Social',
        email: `${subject}@example.com`,
        email_verified: 'on',
      });
      expect(locationOf(done, origin).pathname).toBe('/en/');
      expect(browser.cookies.get('user_token')).toMatch(/^[A-Za-z0-9_-]{22}$/);

      const identity = await identityRow(subject);
      expect(identity).toBeDefined();
      const user = await t.db.selectFrom('users').selectAll().where('id', '=', identity!.user_id).executeTakeFirstOrThrow();
      expect(user).toMatchObject({
        registration_type: 'soc_reg',
        currency: 'EUR',
        country: 'DE',
        language: 'en',
        bonus_choice: 2,
        email: `${subject}@example.com`.toLowerCase(),
        activation_type: 1,
        referral: { refererId: 'partner-7' },
      });
      expect(user.email_verified_at).not.toBeNull();
      const accounts = await t.db.selectFrom('ledger_accounts').select(['kind', 'currency']).where('owner_id', '=', user.id).orderBy('kind').execute();
      expect(accounts).toEqual([
        { kind: 'player-bonus', currency: 'EUR' },
        { kind: 'player-main', currency: 'EUR' },
      ]);
      expect(await userIdOf(browser)).toBe(user.id);

      // Another browser, the same identity: a login, not a second player.
      const again = new TestBrowser(origin);
      const second = await signIn(again, 'intent=login&language=ru', { sub: subject, name: 'Dana Social' });
      expect(locationOf(second, origin).pathname).toBe('/ru/');
      expect(await userIdOf(again)).toBe(user.id);
      expect(await t.db.selectFrom('social_identities').select('id').where('subject', '=', subject).execute()).toHaveLength(1);
      expect(await t.db.selectFrom('users').select('id').where('email', '=', user.email).execute()).toHaveLength(1);
    });

    it('lands on returnTo after signing in', async () => {
      const browser = new TestBrowser(origin);
      const done = await signIn(browser, `intent=registration&language=en&currency=usd&country=gb&returnTo=${encodeURIComponent('/en/casino?x=1')}`, { sub: newSubject('return') });
      const landed = locationOf(done, origin);
      expect(landed.pathname + landed.search).toBe('/en/casino?x=1');
    });

    it('refuses a returnTo that leaves the site', async () => {
      const browser = new TestBrowser(origin);
      const start = await browser.get('/social-api/oauth/sandbox/start?intent=login&returnTo=//evil.example/');
      expect(start.status).toBe(400);
      expect(((await start.json()) as { code: string }).code).toBe('invalid_request');
    });
  });

  describe('a new identity from the login form: the completion step', () => {
    it('waits for currency and country, then registers once', async () => {
      const subject = newSubject('complete');
      const browser = new TestBrowser(origin);
      const done = await signIn(browser, 'intent=login&language=en', { sub: subject, name: 'Erin Later' });
      const landed = locationOf(done, origin);
      expect(landed.pathname).toBe('/en/registration/socialregistration');
      expect(browser.cookies.get('user_token')).toBeUndefined();
      expect(await identityRow(subject)).toBeUndefined();

      const pending = await browser.get('/web-api/registration/v1/social');
      expect(pending.status).toBe(200);
      expect(SocialPendingResponseSchema.parse(await pending.json())).toMatchObject({ provider: 'sandbox', providerName: 'Sandbox ID', name: 'Erin Later', currency: null });

      const body = { currency: 'gbp', country: 'gb', language: 'en', bonusChoice: 1 };
      expect((await browser.postJson('/web-api/registration/v1/social', body, {})).status).toBe(403);
      const finished = await browser.postJson('/web-api/registration/v1/social', body);
      expect(finished.status).toBe(201);
      const answer = SocialRegistrationResponseSchema.parse(await finished.json());
      expect(answer.redirectUrl).toBe('/en/');
      expect(await userIdOf(browser)).toBe(answer.userId);
      expect(await t.db.selectFrom('users').select(['registration_type', 'currency', 'email']).where('id', '=', answer.userId).executeTakeFirst()).toEqual({
        registration_type: 'soc_reg',
        currency: 'GBP',
        email: null,
      });
      expect((await identityRow(subject))?.user_id).toBe(answer.userId);

      // Single use: the ticket is spent.
      browser.cookies.set('social_registration', 'x'.repeat(43));
      expect((await browser.postJson('/web-api/registration/v1/social', body)).status).toBe(404);
      expect((await new TestBrowser(origin).get('/web-api/registration/v1/social')).status).toBe(404);
    });

    it('refuses a pending registration after 15 minutes', async () => {
      const browser = new TestBrowser(origin);
      await signIn(browser, 'intent=login&language=en', { sub: newSubject('late') });
      clock.advance!(15 * 60 + 1);
      const res = await browser.postJson('/web-api/registration/v1/social', { currency: 'eur', country: 'de', language: 'en', bonusChoice: 0 });
      expect(res.status).toBe(404);
    });
  });

  describe('e-mail addresses', () => {
    it('creates the player without a verified e-mail another account has, and tells its owner', async () => {
      const address = `taken-${Date.now()}@example.com`;
      const existing = await new TestBrowser(origin).postJson(
        '/web-api/registration/v1/full',
        { email: address, password: 'correct horse battery', currency: 'EUR', country: 'DE', language: 'en', bonusChoice: 0 },
        {},
      );
      expect(existing.status).toBe(202);
      const before = await t.db.selectFrom('users').select(['id', 'email', 'password_hash']).where('email', '=', address).executeTakeFirstOrThrow();

      const subject = newSubject('taken');
      const browser = new TestBrowser(origin);
      const done = await signIn(browser, 'intent=registration&language=en&currency=eur&country=de', { sub: subject, email: address, email_verified: 'on' });
      expect(locationOf(done, origin).pathname).toBe('/en/');
      const created = await identityRow(subject);
      expect(created?.user_id).not.toBe(before.id);
      expect(await t.db.selectFrom('users').select(['email', 'email_verified_at']).where('id', '=', created!.user_id).executeTakeFirst()).toEqual({ email: null, email_verified_at: null });
      expect(await t.db.selectFrom('users').select(['id', 'email', 'password_hash']).where('email', '=', address).executeTakeFirst()).toEqual(before);
      await app.notifications.idle();
      const mail = await t.db.selectFrom('outbox').select(['subject', 'text']).where('recipient', '=', address).where('subject', '=', 'Sign-in with Sandbox ID').executeTakeFirst();
      expect(mail?.text).toContain('already exists');
    });

    it('does not store an e-mail the provider did not verify', async () => {
      const subject = newSubject('unverified');
      const browser = new TestBrowser(origin);
      await signIn(browser, 'intent=registration&language=en&currency=eur&country=de', { sub: subject, email: `${subject}@example.com` });
      const identity = await identityRow(subject);
      expect(identity?.email).toBe(`${subject}@example.com`);
      expect(await t.db.selectFrom('users').select('email').where('id', '=', identity!.user_id).executeTakeFirst()).toEqual({ email: null });
    });
  });

  describe('refusals end on the login page with a reason, never an error answer', () => {
    const errorOf = (res: Response) => {
      const url = locationOf(res, origin);
      expect(url.pathname).toMatch(/^\/[a-z]{2}\/user\/login$/);
      return url.searchParams.get('social_error');
    };

    it('says "denied" when the player cancels at the provider', async () => {
      const browser = new TestBrowser(origin);
      const callback = await consent(browser, await startAt(browser, 'intent=login&language=en'), {}, 'deny');
      expect(callback.searchParams.get('error')).toBe('access_denied');
      const res = await browser.get(callback.pathname + callback.search);
      expect(errorOf(res)).toBe('denied');
      expect(browser.cookies.get('user_token')).toBeUndefined();
    });

    it('refuses an unknown state, and a state started by another browser without spending it', async () => {
      const browser = new TestBrowser(origin);
      expect(errorOf(await browser.get('/social-api/oauth/sandbox/callback?state=forged&code=abc'))).toBe('state_invalid');
      expect(errorOf(await browser.get('/social-api/oauth/sandbox/callback?code=abc'))).toBe('state_invalid');

      // Login CSRF: the attacker's own round trip, finished in the victim's browser.
      const attacker = new TestBrowser(origin);
      const callback = await consent(attacker, await startAt(attacker, 'intent=login&language=en'), { sub: newSubject('csrf') });
      const victim = new TestBrowser(origin);
      expect(errorOf(await victim.get(callback.pathname + callback.search))).toBe('state_invalid');
      expect(victim.cookies.get('user_token')).toBeUndefined();
      // The attacker's own browser can still finish it (the foreign attempt did not burn it).
      const own = await attacker.get(callback.pathname + callback.search);
      expect(locationOf(own, origin).href).toBe(`${origin}/en/registration/socialregistration`);
    });

    it('refuses a replayed callback (the state and the code work once)', async () => {
      const browser = new TestBrowser(origin);
      const callback = await consent(browser, await startAt(browser, 'intent=registration&language=en&currency=eur&country=de'), { sub: newSubject('replay') });
      const first = await browser.get(callback.pathname + callback.search);
      expect(locationOf(first, origin).pathname).toBe('/en/');
      const replay = await browser.get(callback.pathname + callback.search);
      expect(errorOf(replay)).toBe('state_invalid');
    });

    it('says "expired" for a round trip older than 10 minutes', async () => {
      const browser = new TestBrowser(origin);
      const callback = await consent(browser, await startAt(browser, 'intent=login&language=en'), { sub: newSubject('slow') });
      clock.advance!(10 * 60 + 1);
      expect(errorOf(await browser.get(callback.pathname + callback.search))).toBe('expired');
    });

    it('says "provider_error" when the code exchange fails (a code for another round trip)', async () => {
      const browser = new TestBrowser(origin);
      const first = await consent(browser, await startAt(browser, 'intent=login&language=en'), { sub: newSubject('swap') });
      const second = await consent(browser, await startAt(browser, 'intent=login&language=en'), { sub: newSubject('swap') });
      // The second round trip's state with the first one's code: PKCE and nonce no longer match.
      const mixed = `${second.pathname}?code=${first.searchParams.get('code')}&state=${second.searchParams.get('state')}&iss=${encodeURIComponent(second.searchParams.get('iss') ?? '')}`;
      expect(errorOf(await browser.get(mixed))).toBe('provider_error');
      expect(browser.cookies.get('user_token')).toBeUndefined();
    });

    it('says "unknown_provider" for a provider that is not switched on', async () => {
      const res = await new TestBrowser(origin).get('/social-api/oauth/google/start?intent=login&language=en');
      expect(errorOf(res)).toBe('unknown_provider');
    });

    it('says "registration_closed" for a new identity while registration is off, but still logs known players in', async () => {
      const known = newSubject('known');
      await signIn(new TestBrowser(origin), 'intent=registration&language=en&currency=eur&country=de', { sub: known });
      await app.siteConfig.patch({ registrationAllowed: false });
      try {
        const stranger = new TestBrowser(origin);
        expect(errorOf(await signIn(stranger, 'intent=registration&language=en&currency=eur&country=de', { sub: newSubject('closed') }))).toBe('registration_closed');
        const player = new TestBrowser(origin);
        expect(locationOf(await signIn(player, 'intent=login&language=en', { sub: known }), origin).pathname).toBe('/en/');
        expect(await userIdOf(player)).toBe((await identityRow(known))?.user_id);
      } finally {
        await app.siteConfig.patch({ registrationAllowed: true });
      }
    });
  });

  it('asks for the second step when the player has two-step authentication on', async () => {
    const subject = newSubject('two-step');
    await signIn(new TestBrowser(origin), 'intent=registration&language=en&currency=eur&country=de', { sub: subject });
    const userId = (await identityRow(subject))!.user_id;
    const { secret } = await app.twoStep.beginSetup(userId, { issuer: 'Betsite', label: subject });
    const code = () => generateSync({ secret, epoch: Math.floor(clock.now() / 1000) });
    await app.twoStep.enable(userId, code(), { header: () => undefined } as never);

    const browser = new TestBrowser(origin);
    const landed = locationOf(await signIn(browser, 'intent=login&language=en', { sub: subject }), origin);
    expect(landed.pathname + landed.search).toBe('/en/user/login?social_step=two-step');
    expect(browser.cookies.get('user_token')).toBeUndefined();
    expect(browser.cookies.get('two_step_ticket')).toBeDefined();

    clock.advance!(30);
    const second = await browser.postJson('/web-api/auth/v1/login/two-step', { code: code(), save: true });
    expect(second.status).toBe(200);
    expect(await userIdOf(browser)).toBe(userId);
  });

  it('lists the sandbox provider with one-tap', async () => {
    const res = await new TestBrowser(origin).get('/social-api/oauth/providers');
    expect(await res.json()).toEqual({ providers: [{ id: 'sandbox', name: 'Sandbox ID', oneTap: true }] });
  });
});
