import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb } from '@betsite/db/testing';
import { ApiErrorSchema, CaptchaChallengeSchema, CaptchaTimeResponseSchema, CaptchaValidateResponseSchema } from '@betsite/contracts';
import { buildTestApp } from '../../testing.ts';
import { createClock } from '../../lib/clock.ts';
import { CAPTCHA_ALPHABET, CAPTCHA_LENGTH, randomCaptchaText, renderCaptchaSvg } from './svg.ts';
import { CAPTCHA_CHALLENGE_TTL_MS, CAPTCHA_TOKEN_TTL_MS } from './service.ts';

describe('captcha pictures', () => {
  it('draws the answer as paths only: no text, no script, no answer in the markup', () => {
    for (let i = 0; i < 20; i++) {
      const text = randomCaptchaText();
      expect(text).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET}]{${CAPTCHA_LENGTH}}$`));
      const svg = renderCaptchaSvg(text);
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg).not.toMatch(/<text|<script|<foreignObject|href=/i);
      expect(svg).not.toContain(text);
      // One stroke path per character, besides the noise curves.
      expect(svg.match(/stroke-linejoin="round"/g)).toHaveLength(CAPTCHA_LENGTH);
    }
    expect(renderCaptchaSvg('AAAAA')).not.toBe(renderCaptchaSvg('AAAAA'));
  });
});

let ipCounter = 0;
const nextIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

describeEachDb('captcha API', (t) => {
  let app: FastifyInstance;
  const clock = createClock({ fake: true });
  const answer = 'ACE23';

  beforeAll(async () => {
    app = await buildTestApp(t.handle, { clock, captcha: { generateText: () => answer } });
  });
  afterAll(() => app.close());

  const call = (options: InjectOptions) => app.inject({ remoteAddress: nextIp(), ...options });
  const issue = async (method: 'GET' | 'POST' = 'GET') => {
    const res = await call({ method, url: '/web-api/captcha/v1/update' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return CaptchaChallengeSchema.parse(res.json());
  };
  const validate = (captchaId: string, given: string) =>
    call({ method: 'POST', url: '/web-api/captcha/v1/validate', payload: { captchaId, answer: given } });
  const errorCode = (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBe(400);
    return ApiErrorSchema.parse(res.json()).code;
  };

  it('issues challenges by GET and POST: an id, an SVG and an expiry 5 minutes ahead; stores only a hash', async () => {
    const challenge = await issue();
    expect(challenge.captchaId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(challenge.svg).toMatch(/^<svg [^>]*>.*<\/svg>$/s);
    expect(Date.parse(challenge.expiresAt)).toBe(clock.now() + CAPTCHA_CHALLENGE_TTL_MS);
    const row = await t.db.selectFrom('captcha_challenges').selectAll().where('id', '=', challenge.captchaId).executeTakeFirstOrThrow();
    expect(row.answer_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(answer);
    expect((await issue('POST')).captchaId).not.toBe(challenge.captchaId);
  });

  it('validates a right answer once (any case, spaces ignored) and hands out a token', async () => {
    const challenge = await issue();
    const ok = await validate(challenge.captchaId, ' ace 23 ');
    expect(ok.statusCode).toBe(200);
    const { token, expiresAt } = CaptchaValidateResponseSchema.parse(ok.json());
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Date.parse(expiresAt)).toBe(clock.now() + CAPTCHA_TOKEN_TTL_MS);
    // A challenge validates once.
    expect(errorCode(await validate(challenge.captchaId, answer))).toBe('113');
  });

  it('answers 111 for a wrong answer and uses the challenge up', async () => {
    const challenge = await issue();
    expect(errorCode(await validate(challenge.captchaId, 'WRONG'))).toBe('111');
    expect(errorCode(await validate(challenge.captchaId, answer))).toBe('113');
  });

  it('answers 112 for an expired challenge', async () => {
    const challenge = await issue();
    clock.advance!(CAPTCHA_CHALLENGE_TTL_MS / 1000);
    expect(errorCode(await validate(challenge.captchaId, answer))).toBe('112');
  });

  it('answers 113 for an unknown challenge, 400 invalid_request for a malformed body', async () => {
    expect(errorCode(await validate('AAAAAAAAAAAAAAAAAAAAAA', answer))).toBe('113');
    expect(errorCode(await validate('not an id', answer))).toBe('113');
    expect(errorCode(await call({ method: 'POST', url: '/web-api/captcha/v1/validate', payload: { captchaId: 1 } }))).toBe('invalid_request');
  });

  it('tells the server time from the app clock', async () => {
    const res = await call({ url: '/web-api/captcha/v1/gettime' });
    expect(res.statusCode).toBe(200);
    expect(CaptchaTimeResponseSchema.parse(res.json())).toEqual({ time: new Date(clock.now()).toISOString(), timestamp: clock.now() });
  });

  it('rate-limits challenges per address', async () => {
    const limited = await buildTestApp(t.handle, { clock, captcha: { rateLimits: { update: 2 } } });
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
      const challenge = await issue();
      const res = await validate(challenge.captchaId, answer);
      expect(res.statusCode).toBe(200);
      return CaptchaValidateResponseSchema.parse(res.json()).token;
    };

    it('after 3 failures needs a captcha; a validated token lets the right password in, once', async () => {
      const email = await register();
      for (let i = 0; i < 3; i++) expect((await login(email, 'wrong password!')).statusCode).toBe(401);
      expect(errorCode(await login(email, 'correct horse battery'))).toBe('100');
      expect(errorCode(await login(email, 'correct horse battery', { 'x-captcha': 'made-up-token-000000000' }))).toBe('111');

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
