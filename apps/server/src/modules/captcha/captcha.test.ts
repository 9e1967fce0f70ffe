import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb } from '@betsite/db/testing';
import { ApiErrorSchema, CaptchaChallengeSchema, CaptchaTimeResponseSchema, CaptchaValidateResponseSchema, type CaptchaChallenge } from '@betsite/contracts';
import { buildTestApp } from '../../testing.ts';
import { createClock } from '../../lib/clock.ts';
import { CAPTCHA_ALGORITHM, CAPTCHA_CHALLENGE_TTL_MS, CAPTCHA_TOKEN_TTL_MS, createCaptchaService, DEFAULT_CAPTCHA_DIFFICULTY } from './service.ts';
import { solvePayload, TEST_CAPTCHA_DIFFICULTY } from './testing.ts';

let ipCounter = 0;
const nextIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
const SECRET = 'captcha-test-signing-secret-0123456789';

describe('captcha challenges', () => {
  it('are ALTCHA PBKDF2/SHA-256 proofs of work of the default difficulty, signed, stateless', async () => {
    const clock = createClock({ fake: true });
    const service = createCaptchaService({ db: null as never, clock, env: { LOGIN_SIGNING_SECRET: SECRET } });
    const a = await service.issue();
    const b = await service.issue();
    expect(a.parameters).toMatchObject({ algorithm: CAPTCHA_ALGORITHM, cost: DEFAULT_CAPTCHA_DIFFICULTY.cost, keyLength: 32, data: { exp: clock.now() + CAPTCHA_CHALLENGE_TTL_MS } });
    // The key the solver must find starts with half of the secret number's derived key, so no other number solves it.
    expect(a.parameters.keyPrefix).toMatch(/^[0-9a-f]{32}$/);
    expect(a.parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
    expect(a.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(b.parameters.nonce).not.toBe(a.parameters.nonce);
    expect(Date.parse(a.expiresAt)).toBe(clock.now() + CAPTCHA_CHALLENGE_TTL_MS);
  });

  it('refuse a difficulty that makes no sense', () => {
    const deps = { db: null as never, clock: createClock({ fake: true }), env: {} };
    expect(() => createCaptchaService(deps, { difficulty: { counterMin: 10, counterMax: 5 } })).toThrow(/difficulty/);
    expect(() => createCaptchaService(deps, { difficulty: { cost: 0 } })).toThrow(/difficulty/);
  });
});

describeEachDb('captcha API', (t) => {
  let app: FastifyInstance;
  const clock = createClock({ fake: true });

  beforeAll(async () => {
    app = await buildTestApp(t.handle, { clock, env: { LOGIN_SIGNING_SECRET: SECRET }, captcha: { difficulty: TEST_CAPTCHA_DIFFICULTY } });
  });
  afterAll(() => app.close());

  const call = (options: InjectOptions) => app.inject({ remoteAddress: nextIp(), ...options });
  const issue = async (method: 'GET' | 'POST' = 'GET', on = app) => {
    const res = await on.inject({ method, url: '/web-api/captcha/v1/update', remoteAddress: nextIp() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return CaptchaChallengeSchema.parse(res.json());
  };
  const validate = (payload: string, on = app) =>
    on.inject({ method: 'POST', url: '/web-api/captcha/v1/validate', payload: { payload }, remoteAddress: nextIp() });
  const errorCode = (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBe(400);
    return ApiErrorSchema.parse(res.json()).code;
  };
  /** A payload whose challenge parameters were altered after signing. */
  const tampered = async (challenge: CaptchaChallenge, patch: Partial<CaptchaChallenge['parameters']>) =>
    solvePayload({ ...challenge, parameters: { ...challenge.parameters, ...patch } });

  it('issues challenges by GET and POST, with the difficulty configured, storing nothing', async () => {
    const before = await t.db.selectFrom('captcha_challenges').select('id').execute();
    const challenge = await issue();
    expect(challenge.parameters).toMatchObject({ algorithm: CAPTCHA_ALGORITHM, cost: TEST_CAPTCHA_DIFFICULTY.cost });
    expect(Date.parse(challenge.expiresAt)).toBe(clock.now() + CAPTCHA_CHALLENGE_TTL_MS);
    expect((await issue('POST')).parameters.nonce).not.toBe(challenge.parameters.nonce);
    expect(await t.db.selectFrom('captcha_challenges').select('id').execute()).toHaveLength(before.length);
  });

  it('validates a solved challenge once and hands out a token; stores only hashes', async () => {
    const challenge = await issue();
    const payload = await solvePayload(challenge);
    const before = new Set((await t.db.selectFrom('captcha_challenges').select('id').execute()).map((r) => r.id));
    const ok = await validate(payload);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    const { token, expiresAt } = CaptchaValidateResponseSchema.parse(ok.json());
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Date.parse(expiresAt)).toBe(clock.now() + CAPTCHA_TOKEN_TTL_MS);
    // A challenge validates once: the same payload again is unknown.
    expect(errorCode(await validate(payload))).toBe('113');

    const rows = (await t.db.selectFrom('captcha_challenges').selectAll().execute()).filter((r) => !before.has(r.id));
    expect(rows).toEqual([
      expect.objectContaining({ answer_hash: expect.stringMatching(/^[0-9a-f]{64}$/), token_hash: expect.stringMatching(/^[0-9a-f]{64}$/) }),
    ]);
    expect(rows[0]?.expires_at.getTime()).toBe(clock.now() + CAPTCHA_CHALLENGE_TTL_MS);
    expect(rows[0]?.token_expires_at?.getTime()).toBe(clock.now() + CAPTCHA_TOKEN_TTL_MS);
    for (const secret of [token, challenge.parameters.nonce, challenge.signature]) expect(JSON.stringify(rows)).not.toContain(secret);
  });

  it('lets exactly one of two concurrent validations of one payload through', async () => {
    const payload = await solvePayload(await issue());
    const answers = await Promise.all([validate(payload), validate(payload)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400]);
    expect(ApiErrorSchema.parse(answers.find((res) => res.statusCode === 400)!.json()).code).toBe('113');
  });

  it('answers 111 for a wrong solution and uses the challenge up', async () => {
    const challenge = await issue();
    const right = await solvePayload(challenge);
    // A key with the right prefix but not the one the secret number derives.
    const wrong = await solvePayload(challenge, { derivedKey: `${challenge.parameters.keyPrefix}${'0'.repeat(32)}` });
    expect(errorCode(await validate(wrong))).toBe('111');
    expect(errorCode(await validate(right))).toBe('113');
  });

  it('answers 112 for an expired challenge, solved or not', async () => {
    const payload = await solvePayload(await issue());
    clock.advance!(CAPTCHA_CHALLENGE_TTL_MS / 1000);
    expect(errorCode(await validate(payload))).toBe('112');
  });

  it('answers 113 for a challenge not signed by us, altered, or malformed; 400 invalid_request for a malformed body', async () => {
    const challenge = await issue();
    expect(errorCode(await validate(await tampered(challenge, { cost: 1, keyPrefix: '00' })))).toBe('113');
    expect(errorCode(await validate(await tampered(challenge, { data: { exp: clock.now() + 86_400_000 } })))).toBe('113');
    expect(errorCode(await validate(Buffer.from('{"challenge":1}').toString('base64')))).toBe('113');
    expect(errorCode(await validate('not base64 json'))).toBe('113');
    // Another site's (another secret's) challenge.
    const other = await buildTestApp(t.handle, { clock, env: { LOGIN_SIGNING_SECRET: `${SECRET}-other` }, captcha: { difficulty: TEST_CAPTCHA_DIFFICULTY } });
    try {
      expect(errorCode(await validate(await solvePayload(await issue('GET', other))))).toBe('113');
    } finally {
      await other.close();
    }
    // The untouched challenge still validates.
    expect((await validate(await solvePayload(challenge))).statusCode).toBe(200);
    for (const payload of [{ captchaId: 'AAAAAAAAAAAAAAAAAAAAAA', answer: 'ACE23' }, { payload: 1 }, { payload: '' }]) {
      expect(errorCode(await call({ method: 'POST', url: '/web-api/captcha/v1/validate', payload }))).toBe('invalid_request');
    }
  });

  it('accepts a challenge issued by another node sharing LOGIN_SIGNING_SECRET, once across both', async () => {
    const other = await buildTestApp(t.handle, { clock, env: { LOGIN_SIGNING_SECRET: SECRET }, captcha: { difficulty: TEST_CAPTCHA_DIFFICULTY } });
    try {
      const payload = await solvePayload(await issue('GET', other));
      expect((await validate(payload)).statusCode).toBe(200);
      expect(errorCode(await validate(payload, other))).toBe('113');
    } finally {
      await other.close();
    }
  });

  it('tells the server time from the app clock', async () => {
    const res = await call({ url: '/web-api/captcha/v1/gettime' });
    expect(res.statusCode).toBe(200);
    expect(CaptchaTimeResponseSchema.parse(res.json())).toEqual({ time: new Date(clock.now()).toISOString(), timestamp: clock.now() });
  });

  it('rate-limits challenges per address', async () => {
    const limited = await buildTestApp(t.handle, { clock, captcha: { rateLimits: { update: 2 }, difficulty: TEST_CAPTCHA_DIFFICULTY } });
    try {
      const get = () => limited.inject({ url: '/web-api/captcha/v1/update', remoteAddress: '10.99.0.1' });
      expect((await get()).statusCode).toBe(200);
      expect((await get()).statusCode).toBe(200);
      expect((await get()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  describe('login with the captcha (the auth module’s default verifier)', () => {
    let emailCounter = 0;
    const register = async () => {
      const email = `captcha.login.${++emailCounter}@example.com`;
      const res = await call({
        method: 'POST',
        url: '/web-api/registration/v1/full',
        payload: { email, password: 'correct horse battery', currency: 'EUR', country: 'DE', language: 'en', bonusChoice: 0 },
      });
      expect(res.statusCode).toBe(202);
      return email;
    };
    const login = (uLogin: string, uPassword: string, headers: Record<string, string> = {}) =>
      call({ method: 'POST', url: '/web-api/auth/v1/login', payload: { uLogin, uPassword }, headers });
    const solve = async () => {
      const res = await validate(await solvePayload(await issue()));
      expect(res.statusCode).toBe(200);
      return CaptchaValidateResponseSchema.parse(res.json()).token;
    };

    it('after 3 failures needs a solved captcha (100 without); its token lets the right password in, once', async () => {
      const email = await register();
      for (let i = 0; i < 3; i++) expect((await login(email, 'wrong password!')).statusCode).toBe(401);
      expect(errorCode(await login(email, 'correct horse battery'))).toBe('100');
      expect(errorCode(await login(email, 'correct horse battery', { 'x-captcha': 'made-up-token-000000000' }))).toBe('111');
      // The widget's payload is not a token: it has to be validated first.
      expect(errorCode(await login(email, 'correct horse battery', { 'x-captcha': await solvePayload(await issue()) }))).toBe('111');

      clock.advance!(1); // the 1 s back-off after the 3rd failure
      const token = await solve();
      const ok = await login(email, 'correct horse battery', { 'x-captcha': token });
      expect(ok.statusCode).toBe(200);

      // The token is spent: after 3 new failures it does not open the door again.
      for (let i = 0; i < 3; i++) await login(email, 'wrong password!');
      clock.advance!(1);
      expect(errorCode(await login(email, 'correct horse battery', { 'x-captcha': token }))).toBe('111');
      expect((await login(email, 'correct horse battery', { 'x-captcha': await solve() })).statusCode).toBe(200);
    });

    it('refuses a token that has expired, and a token spent on a failed attempt', async () => {
      const email = await register();
      for (let i = 0; i < 3; i++) await login(email, 'wrong password!');
      const late = await solve();
      clock.advance!(CAPTCHA_TOKEN_TTL_MS / 1000);
      expect(errorCode(await login(email, 'correct horse battery', { 'x-captcha': late }))).toBe('111');

      const spent = await solve();
      expect((await login(email, 'still wrong!!', { 'x-captcha': spent })).statusCode).toBe(401);
      clock.advance!(2);
      expect(errorCode(await login(email, 'correct horse battery', { 'x-captcha': spent }))).toBe('111');
    });
  });
});
