/**
 * Issue 10: the hourly SMS caps per address and per number hold whatever captchas are
 * solved, on every path that texts a number (code requests for registration and SMS login,
 * password reset by SMS), and on two nodes sharing Redis. Real captchas: a low-difficulty
 * ALTCHA challenge solved with altcha-lib, as the browser's widget would.
 */
import { randomInt } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '@betsite/db';
import { describeEachDb } from '@betsite/db/testing';
import { ApiErrorSchema, type SmsPurpose } from '@betsite/contracts';
import { buildTestApp, redisAvailable, TEST_REDIS_URL as REDIS_URL } from '../../testing.ts';
import { createClock, type ServerClock } from '../../lib/clock.ts';
import { solvedCaptchaToken, TEST_CAPTCHA_DIFFICULTY } from '../captcha/testing.ts';
import { DEFAULT_SMS_CAPS } from './sms-caps.ts';

const withRedis = await redisAvailable();

// Random per run: Redis keeps an hour of counts between runs.
const run = randomInt(1, 200);
let ipCounter = 0;
const nextIp = () => `10.${run}.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
let phoneCounter = randomInt(0, 50_000);
/** A United Kingdom mobile number, E.164. */
const newPhone = () => `+447700${String(100_000 + (++phoneCounter % 900_000)).padStart(6, '0')}`;

const errorCode = (res: LightMyRequestResponse) => ApiErrorSchema.parse(res.json()).code;
const { perAddressPerHour, freePerAddressPerHour, perPhonePerHour } = DEFAULT_SMS_CAPS;

/** Calls on one node (`app()`), from `ip`. */
function client(app: () => FastifyInstance) {
  const sendSms = (ip: string, phone: string, { purpose = 'registration', captcha }: { purpose?: SmsPurpose; captcha?: string } = {}) =>
    app().inject({
      method: 'POST',
      url: '/web-api/auth/v1/sms/send',
      remoteAddress: ip,
      payload: { purpose, phone_number: phone },
      headers: captcha ? { 'x-captcha': captcha } : {},
    });
  const resetBySms = (ip: string, phone: string) =>
    app().inject({ method: 'POST', url: '/web-api/auth/v1/password-reset/request', remoteAddress: ip, payload: { login: phone } });
  /** A code request that passes any captcha step with a freshly solved challenge. */
  const sendSolved = async (ip: string, phone: string, purpose: SmsPurpose = 'registration') =>
    sendSms(ip, phone, { purpose, captcha: await solvedCaptchaToken(app()) });
  return { sendSms, resetBySms, sendSolved };
}

function scenarios(nodes: () => [FastifyInstance, FastifyInstance], clock: () => ServerClock) {
  const a = client(() => nodes()[0]);
  const b = client(() => nodes()[1]);

  it(`refuses the ${perAddressPerHour + 1}th SMS of the hour from one address, even with a fresh solved captcha each time`, async () => {
    const ip = nextIp();
    // The free ones (one of them a password reset by SMS: the same budget), on either node.
    expect((await a.sendSms(ip, newPhone())).statusCode).toBe(202);
    expect((await b.resetBySms(ip, newPhone())).statusCode).toBe(202);
    for (let i = 2; i < freePerAddressPerHour; i++) expect((await a.sendSms(ip, newPhone(), { purpose: 'login' })).statusCode).toBe(202);
    // Beyond them a captcha is asked; a solved one buys the rest of the cap, no more.
    expect(errorCode(await b.sendSms(ip, newPhone()))).toBe('100');
    for (let i = freePerAddressPerHour; i < perAddressPerHour; i++) expect((await (i % 2 ? a : b).sendSolved(ip, newPhone())).statusCode).toBe(202);
    for (const node of [a, b, a]) {
      const refused = await node.sendSolved(ip, newPhone());
      expect(refused.statusCode).toBe(429);
      expect(errorCode(refused)).toBe('too_many_requests');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    }
    expect((await b.resetBySms(ip, newPhone())).statusCode).toBe(429);
    // Another address is not affected; this one may text again an hour after its first SMS.
    expect((await b.sendSms(nextIp(), newPhone())).statusCode).toBe(202);
    clock().advance!(3600);
    expect((await a.sendSms(ip, newPhone())).statusCode).toBe(202);
  });

  it(`refuses the ${perPhonePerHour + 1}th SMS of the hour to one number, from any addresses and paths, solved captcha or not`, async () => {
    const phone = newPhone();
    for (let i = 0; i < perPhonePerHour; i++) {
      const res = i === 2 ? await b.resetBySms(nextIp(), phone) : await (i % 2 ? a : b).sendSms(nextIp(), phone, { purpose: i % 3 ? 'login' : 'registration' });
      expect(res.statusCode).toBe(202);
    }
    for (const refused of [await a.sendSolved(nextIp(), phone), await b.sendSms(nextIp(), phone, { purpose: 'login' }), await a.resetBySms(nextIp(), phone)]) {
      expect(refused.statusCode).toBe(429);
      expect(errorCode(refused)).toBe('too_many_requests');
    }
    expect((await b.sendSms(nextIp(), newPhone())).statusCode).toBe(202);
  });

  it('does not spend a captcha token on a request the caps refuse', async () => {
    const ip = nextIp();
    const phone = newPhone();
    for (let i = 0; i < perPhonePerHour; i++) await a.sendSms(nextIp(), phone);
    const token = await solvedCaptchaToken(nodes()[0]);
    expect((await a.sendSms(ip, phone, { captcha: token })).statusCode).toBe(429);
    // The same token still opens a request that needs one.
    for (let i = 0; i < freePerAddressPerHour; i++) await b.sendSms(ip, newPhone());
    expect((await b.sendSms(ip, newPhone(), { captcha: token })).statusCode).toBe(202);
    expect(errorCode(await b.sendSms(ip, newPhone(), { captcha: token }))).toBe('111');
  });
}

describeEachDb('SMS caps', (t) => {
  describe('on one node', () => {
    let app: FastifyInstance;
    const clock = createClock({ fake: true });
    beforeAll(async () => {
      app = await buildTestApp(t.handle, { clock, captcha: { difficulty: TEST_CAPTCHA_DIFFICULTY } });
    });
    afterAll(() => app.close());
    scenarios(() => [app, app], () => clock);

    it('asks for a real solved captcha for a number after 3 failed SMS logins, within the caps', async () => {
      const phone = newPhone();
      for (let i = 0; i < 3; i++) {
        const res = await app.inject({ method: 'POST', url: '/web-api/auth/v1/login/sms-code', remoteAddress: nextIp(), payload: { phone_number: phone, code: '000000' } });
        expect(errorCode(res)).toBe('sms_code_invalid');
      }
      const send = client(() => app);
      expect(errorCode(await send.sendSms(nextIp(), phone, { purpose: 'login' }))).toBe('100');
      clock.advance!(1);
      expect(errorCode(await send.sendSms(nextIp(), phone, { purpose: 'login', captcha: 'made-up-token-000000000' }))).toBe('111');
      expect((await send.sendSolved(nextIp(), phone, 'login')).statusCode).toBe(202);
    });
  });

  describe.skipIf(!withRedis)('on two nodes sharing Redis', () => {
    let nodes: [FastifyInstance, FastifyInstance];
    let second: DbHandle;
    // One clock for both nodes, as real nodes share the time.
    const clock = createClock({ fake: true });
    beforeAll(async () => {
      second = t.handle.url ? await createDb({ databaseUrl: t.handle.url }) : t.handle;
      const options = { clock, env: { REDIS_URL }, captcha: { difficulty: TEST_CAPTCHA_DIFFICULTY } };
      nodes = [await buildTestApp(t.handle, options), await buildTestApp(second, options)];
    });
    afterAll(async () => {
      await Promise.all(nodes.map((node) => node.close()));
      if (second !== t.handle) await second.close();
    });
    scenarios(() => nodes, () => clock);

    it("keeps each route's per-minute budget apart: fetching captchas does not spend the address's logins", async () => {
      const ip = nextIp();
      for (let i = 0; i < 12; i++) expect((await nodes[i % 2]!.inject({ url: '/web-api/captcha/v1/update', remoteAddress: ip })).statusCode).toBe(200);
      const login = await nodes[0].inject({ method: 'POST', url: '/web-api/auth/v1/login', remoteAddress: ip, payload: { uLogin: 'nobody@example.com', uPassword: 'whatever pass' } });
      expect(login.statusCode).toBe(401);
    });
  });
});
