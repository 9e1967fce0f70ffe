import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { describeEachDb } from '@betsite/db/testing';
import {
  ApiErrorSchema,
  LoginResponseSchema,
  PhoneCountriesResponseSchema,
  PhoneRegistrationResponseSchema,
  SmsSendResponseSchema,
  type SmsPurpose,
} from '@betsite/contracts';
import { buildTestApp } from '../../../testing.ts';
import { createClock, type ServerClock } from '../../../lib/clock.ts';
import type { CaptchaVerifier } from '../captcha.ts';
import { SMS_CODE_POLICY } from './service.ts';

const GOOD_CAPTCHA = 'solved-captcha';
const testCaptcha: CaptchaVerifier = { verify: async (answer) => answer === GOOD_CAPTCHA };
const PASSWORD = 'correct horse battery';
const TTL_SECONDS = SMS_CODE_POLICY.ttlMs / 1000;
const COOLDOWN_SECONDS = SMS_CODE_POLICY.cooldownMs / 1000;

let ipCounter = 0;
/** Each call from its own address, so the per-IP limits only meet the tests about them. */
const nextIp = () => {
  ipCounter++;
  return `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

interface Phone {
  /** As a player types it for the United Kingdom (national, with separators). */
  national: string;
  e164: string;
}
let phoneCounter = 0;
const newPhone = (): Phone => {
  const tail = String(100000 + ++phoneCounter);
  return { national: `07700 ${tail.slice(0, 3)}-${tail.slice(3)}`, e164: `+447700${tail}` };
};
const phoneFields = (phone: Phone) => ({ phone_number: phone.national, country_code: 'GB' });

const cookieOf = (res: LightMyRequestResponse, name = 'user_token') => res.cookies.find((c) => c.name === name);
const errorCode = (res: LightMyRequestResponse) => ApiErrorSchema.parse(res.json()).code;
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describeEachDb('phone registration and phone logins', (t) => {
  let app: FastifyInstance;
  let clock: ServerClock;

  beforeAll(async () => {
    clock = createClock({ fake: true });
    app = await buildTestApp(t.handle, { clock, auth: { captcha: testCaptcha } });
  });
  afterAll(() => app.close());
  afterEach(() => vi.restoreAllMocks());

  const call = (options: InjectOptions & { ip?: string }) => {
    const { ip, ...rest } = options;
    return app.inject({ remoteAddress: ip ?? nextIp(), ...rest });
  };
  const post = (url: string, payload: unknown, { ip, headers = {} }: { ip?: string; headers?: Record<string, string> } = {}) =>
    call({ method: 'POST', url, payload: payload as Record<string, unknown>, ip, headers });

  const sendSms = (purpose: SmsPurpose, phone: Phone, options: { ip?: string; headers?: Record<string, string> } = {}) =>
    post('/web-api/auth/v1/sms/send', { purpose, ...phoneFields(phone) }, options);
  const smsTo = async (phone: Phone) => {
    await app.notifications.idle();
    return t.db.selectFrom('outbox').selectAll().where('recipient', '=', phone.e164).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  };
  /** Asks for a code and reads it from the outbox (the development SMS channel). */
  const codeFor = async (purpose: SmsPurpose, phone: Phone) => {
    const before = (await smsTo(phone)).length;
    expect((await sendSms(purpose, phone)).statusCode).toBe(202);
    const messages = await smsTo(phone);
    expect(messages).toHaveLength(before + 1);
    const code = /\b(\d{6})\b/.exec(messages[0]?.text ?? '')?.[1];
    if (!code) throw new Error(`no code sent to ${phone.e164}`);
    return code;
  };
  const register = (phone: Phone, code: string, patch: Record<string, unknown> = {}, options: { ip?: string; headers?: Record<string, string> } = {}) =>
    post(
      '/web-api/registration/v1/phone',
      { ...phoneFields(phone), code, password: PASSWORD, currency: 'eur', country: 'gb', language: 'EN', bonusChoice: 2, ...patch },
      options,
    );
  const registeredPlayer = async () => {
    const phone = newPhone();
    const res = await register(phone, await codeFor('registration', phone));
    expect(res.statusCode).toBe(201);
    // The next code for this phone may be asked for at once.
    clock.advance!(COOLDOWN_SECONDS);
    return { phone, ...PhoneRegistrationResponseSchema.parse(res.json()) };
  };
  const loginPhone = (phone: Phone | Record<string, unknown>, uPassword: string, options: { save?: boolean; ip?: string; headers?: Record<string, string> } = {}) =>
    post('/web-api/auth/v1/login/phone', { ...('e164' in phone ? phoneFields(phone as Phone) : phone), uPassword, save: options.save ?? false }, options);
  const loginSms = (phone: Phone, code: string, options: { save?: boolean; ip?: string; headers?: Record<string, string> } = {}) =>
    post('/web-api/auth/v1/login/sms-code', { ...phoneFields(phone), code, save: options.save ?? false }, options);
  const userIdWith = (token: string) => call({ url: '/web-api/auth/v1/user-id', headers: { 'x-auth': token } });

  describe('GET /web-api/phone/v1/countries', () => {
    it('answers the phone countries and masks (SPEC §3), cacheable, with an ETag', async () => {
      const res = await call({ url: '/web-api/phone/v1/countries' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      const body = PhoneCountriesResponseSchema.parse(res.json());
      expect(body.countries.length).toBeGreaterThanOrEqual(40);
      expect(body.countries).toContainEqual({ id: 826, name: 'United Kingdom', country_code: 'gb', tel_code: '+44' });
      expect(body.masks).toContainEqual({ CountryId: 643, Mask: '(###) ###-##-##', Min: 10, Max: 10 });
      const ids = new Set(body.countries.map((c) => c.id));
      expect(body.masks.every((m) => ids.has(m.CountryId))).toBe(true);

      const again = await call({ url: '/web-api/phone/v1/countries', headers: { 'if-none-match': String(res.headers.etag) } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    });
  });

  describe('POST /web-api/auth/v1/sms/send', () => {
    it('answers every number and purpose the same, and sends a code only where it can be used', async () => {
      const { phone: taken } = await registeredPlayer();
      const free = newPhone();
      const answers = [
        await sendSms('registration', free),
        await sendSms('registration', taken),
        await sendSms('login', free),
        await sendSms('login', taken),
      ];
      for (const res of answers) {
        expect(res.statusCode).toBe(202);
        expect(res.body).toBe(answers[0]!.body);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(cookieOf(res)).toBeUndefined();
      }
      expect(SmsSendResponseSchema.parse(answers[0]!.json())).toEqual({
        status: 'accepted',
        message: expect.any(String),
        resendAfterSeconds: 60,
        expiresInSeconds: 600,
        codeLength: 6,
      });
      const toFree = await smsTo(free);
      expect(toFree.map((m) => m.text)).toEqual([expect.stringMatching(/^Your registration code: \d{6}\./)]);
      // The taken number got its registration SMS earlier, and now only the login code.
      const toTaken = await smsTo(taken);
      expect(toTaken).toHaveLength(2);
      expect(toTaken[0]?.text).toMatch(/^Your login code: \d{6}\./);
    });

    it('normalises the number however it is written (SPEC §5)', async () => {
      const phone = newPhone();
      const digits = phone.e164.slice(3);
      for (const fields of [
        { phone_number: `+44 ${digits}` },
        { phone_number: `0044${digits}`, country_code: 'ru' },
        { phone_number: digits, phone_code: '44' },
        { phone_number: `0${digits}`, phone_code: 44, country_code: ' gb ' },
      ]) {
        expect((await post('/web-api/auth/v1/sms/send', { purpose: 'registration', ...fields })).statusCode).toBe(202);
        clock.advance!(COOLDOWN_SECONDS);
      }
      expect(await smsTo(phone)).toHaveLength(4);
    });

    it.each([
      ['no purpose', { phone_number: '7700 900123', country_code: 'gb' }, 'body.purpose'],
      ['an unknown purpose', { purpose: 'reset', phone_number: '7700 900123', country_code: 'gb' }, 'body.purpose'],
      ['no country for a national number', { purpose: 'login', phone_number: '7700 900123' }, 'body.country_code'],
      ['an unknown country', { purpose: 'login', phone_number: '7700 900123', country_code: 'xx' }, 'body.country_code'],
      ['a country and a phone code that disagree', { purpose: 'login', phone_number: '7700 900123', country_code: 'gb', phone_code: '+7' }, 'body.country_code'],
      ['too few digits', { purpose: 'login', phone_number: '7700 9001', country_code: 'gb' }, 'body.phone_number'],
      ['letters', { purpose: 'login', phone_number: 'call me', country_code: 'gb' }, 'body.phone_number'],
      ['a number as phone', { purpose: 'login', phone_number: 7700900123, country_code: 'gb' }, 'body.phone_number'],
    ])('refuses %s with 400 invalid_request', async (_label, payload, path) => {
      const res = await post('/web-api/auth/v1/sms/send', payload);
      expect(res.statusCode).toBe(400);
      const error = ApiErrorSchema.parse(res.json());
      expect(error.code).toBe('invalid_request');
      expect(error.details).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
    });

    it('sends at most one code a minute per phone (the same 202), and refuses a 6th request of the hour for the number', async () => {
      const phone = newPhone();
      expect((await sendSms('registration', phone)).statusCode).toBe(202);
      expect((await sendSms('registration', phone)).statusCode).toBe(202);
      expect(await smsTo(phone)).toHaveLength(1);
      // Requests count against the number's hourly cap whether or not a code went out.
      for (let i = 0; i < 3; i++) {
        clock.advance!(COOLDOWN_SECONDS);
        expect((await sendSms(i % 2 ? 'login' : 'registration', phone)).statusCode).toBe(202);
      }
      expect(await smsTo(phone)).toHaveLength(3);
      clock.advance!(COOLDOWN_SECONDS);
      const refused = await sendSms('registration', phone, { headers: { 'x-captcha': GOOD_CAPTCHA } });
      expect(refused.statusCode).toBe(429);
      expect(errorCode(refused)).toBe('too_many_requests');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
      clock.advance!(3600);
      expect((await sendSms('registration', phone)).statusCode).toBe(202);
      expect(await smsTo(phone)).toHaveLength(4);
    });

    it('asks an address for a captcha after 3 SMS an hour, sends no 6th with a captcha or without, and limits it to 10 requests a minute', async () => {
      const ip = nextIp();
      for (let i = 0; i < 3; i++) expect((await sendSms('registration', newPhone(), { ip })).statusCode).toBe(202);
      const phone = newPhone();
      const needed = await sendSms('registration', phone, { ip });
      expect(needed.statusCode).toBe(400);
      expect(needed.json()).toEqual({ code: '100', message: 'captcha required' });
      expect(errorCode(await sendSms('registration', phone, { ip, headers: { 'x-captcha': 'guess' } }))).toBe('111');
      expect(await smsTo(phone)).toHaveLength(0);
      expect((await sendSms('registration', phone, { ip, headers: { 'x-captcha': GOOD_CAPTCHA } })).statusCode).toBe(202);
      expect(await smsTo(phone)).toHaveLength(1);
      expect((await sendSms('login', newPhone(), { ip, headers: { 'x-captcha': GOOD_CAPTCHA } })).statusCode).toBe(202);
      // The 6th SMS of the hour: refused, solved captcha or not.
      for (const headers of [{ 'x-captcha': GOOD_CAPTCHA }, {}] as Record<string, string>[]) {
        const capped = await sendSms('registration', newPhone(), { ip, headers });
        expect(capped.statusCode).toBe(429);
        expect(capped.json()).toEqual({ code: 'too_many_requests', message: 'Too many codes asked for; try again later', details: { retryAfterMs: expect.any(Number) } });
      }
      // Requests 10 and 11 of the minute: then the per-minute limit itself.
      await sendSms('registration', newPhone(), { ip });
      const limited = await sendSms('registration', newPhone(), { ip, headers: { 'x-captcha': GOOD_CAPTCHA } });
      expect(limited.statusCode).toBe(429);
      expect(ApiErrorSchema.parse(limited.json()).message).toMatch(/^Rate limit exceeded/);
      // Another address is not affected.
      expect((await sendSms('registration', newPhone())).statusCode).toBe(202);
    });

    it('asks for a captcha for a phone after 3 failed logins, registered or not', async () => {
      const { phone } = await registeredPlayer();
      const stranger = newPhone();
      for (const target of [phone, stranger]) {
        for (let i = 0; i < 3; i++) expect(errorCode(await loginSms(target, '000000'))).toBe('sms_code_invalid');
        const needed = await sendSms('login', target);
        expect(errorCode(needed)).toBe('100');
        clock.advance!(1);
        expect((await sendSms('login', target, { headers: { 'x-captcha': GOOD_CAPTCHA } })).statusCode).toBe(202);
      }
      expect((await smsTo(stranger)).length).toBe(0);
    });
  });

  describe('POST /web-api/registration/v1/phone', () => {
    it('registers a proven phone: the player, the accounts, a session, and logs in by phone afterwards', async () => {
      const phone = newPhone();
      const code = await codeFor('registration', phone);
      const res = await register(phone, ` ${code} `, { referral: { promoCode: 'SPRING' } });
      expect(res.statusCode).toBe(201);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = PhoneRegistrationResponseSchema.parse(res.json());
      expect(cookieOf(res)).toMatchObject({ value: body.token, httpOnly: true, sameSite: 'Lax', path: '/' });
      expect((await userIdWith(body.token)).json()).toEqual({ userId: body.userId });

      const user = await t.db.selectFrom('users').selectAll().where('id', '=', body.userId).executeTakeFirstOrThrow();
      expect(user).toMatchObject({
        registration_type: 'phone_reg',
        phone: phone.e164,
        email: null,
        activation_type: 3,
        country: 'GB',
        currency: 'EUR',
        language: 'en',
        bonus_choice: 2,
        referral: { promoCode: 'SPRING' },
      });
      expect(user.phone_verified_at?.getTime()).toBe(clock.now());
      expect(user.password_hash).toMatch(/^\$argon2id\$/);
      const accounts = await t.db.selectFrom('ledger_accounts').select(['kind', 'currency']).where('owner_id', '=', body.userId).execute();
      expect(accounts).toEqual(expect.arrayContaining([{ kind: 'player-main', currency: 'EUR' }, { kind: 'player-bonus', currency: 'EUR' }]));

      const login = await loginPhone(phone, PASSWORD);
      expect(login.statusCode).toBe(200);
      expect(LoginResponseSchema.parse(login.json()).userId).toBe(body.userId);
    });

    it('refuses a wrong code, then accepts the right one; a code works once', async () => {
      const phone = newPhone();
      const code = await codeFor('registration', phone);
      const wrong = await register(phone, otherCode(code));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ code: 'sms_code_invalid', message: 'Wrong or expired code' });
      expect(cookieOf(wrong)).toBeUndefined();
      expect((await register(phone, code)).statusCode).toBe(201);

      const replay = await register(phone, code, { password: 'another long passphrase' });
      expect(replay.statusCode).toBe(400);
      expect(errorCode(replay)).toBe('sms_code_invalid');
      expect(await t.db.selectFrom('users').select('id').where('phone', '=', phone.e164).execute()).toHaveLength(1);
    });

    it('answers sms_code_expired for the right code after 10 minutes, and invalid for a wrong one', async () => {
      const phone = newPhone();
      const code = await codeFor('registration', phone);
      clock.advance!(TTL_SECONDS);
      expect(errorCode(await register(phone, otherCode(code)))).toBe('sms_code_invalid');
      const late = await register(phone, code);
      expect(late.statusCode).toBe(400);
      expect(late.json()).toEqual({ code: 'sms_code_expired', message: 'The code has expired; ask for a new one' });
      const fresh = await codeFor('registration', phone);
      expect((await register(phone, fresh)).statusCode).toBe(201);
    });

    it('cannot take a registered phone, and says so no differently than for a wrong code', async () => {
      const { phone } = await registeredPlayer();
      const free = newPhone();
      await codeFor('registration', free);
      const onTaken = await register(phone, '123456', { password: 'someone else entirely' });
      const onFree = await register(free, '123456', { password: 'someone else entirely' });
      for (const res of [onTaken, onFree]) {
        expect(res.statusCode).toBe(400);
        expect(res.body).toBe(onFree.body);
      }
      // A login code of the registered phone is no registration code either.
      const loginCode = await codeFor('login', phone);
      expect(errorCode(await register(phone, loginCode))).toBe('sms_code_invalid');
      expect(await t.db.selectFrom('users').select('id').where('phone', '=', phone.e164).execute()).toHaveLength(1);
    });

    it('burns the code after 5 wrong tries', async () => {
      const phone = newPhone();
      const code = await codeFor('registration', phone);
      for (let i = 0; i < 5; i++) {
        const res = await register(phone, otherCode(code), {}, { headers: { 'x-captcha': GOOD_CAPTCHA } });
        expect(errorCode(res)).toBe('sms_code_invalid');
        clock.advance!(60);
      }
      expect(errorCode(await register(phone, code, {}, { headers: { 'x-captcha': GOOD_CAPTCHA } }))).toBe('sms_code_invalid');
    });

    it('counts wrong codes against the phone: a captcha after 3', async () => {
      const phone = newPhone();
      const code = await codeFor('registration', phone);
      for (let i = 0; i < 3; i++) await register(phone, otherCode(code));
      expect(errorCode(await register(phone, code))).toBe('100');
      clock.advance!(1);
      expect((await register(phone, code, {}, { headers: { 'x-captcha': GOOD_CAPTCHA } })).statusCode).toBe(201);
    });

    it.each([
      ['the phone as password', { password: '+447700900999', phone_number: '+44 7700 900999' }, 'body.password'],
      ['the national number as password', { password: '07700900998', phone_number: '07700 900998' }, 'body.password'],
      ['a short password', { password: 'short' }, 'body.password'],
      ['a common password', { password: 'password1' }, 'body.password'],
      ['no code', { code: '' }, 'body.code'],
      ['a bad phone', { phone_number: '12' }, 'body.phone_number'],
      ['a bad currency', { currency: 'EURO' }, 'body.currency'],
      ['a bad bonus choice', { bonusChoice: 5 }, 'body.bonusChoice'],
      ['an unknown field', { email: 'a@example.com' }, 'body'],
    ])('refuses %s with 400 invalid_request', async (_label, patch, path) => {
      const res = await register(newPhone(), '123456', patch);
      expect(res.statusCode).toBe(400);
      const error = ApiErrorSchema.parse(res.json());
      expect(error.code).toBe('invalid_request');
      expect(error.details).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
    });

    it('allows 5 phone registrations a minute from one address', async () => {
      const ip = nextIp();
      for (let i = 0; i < 5; i++) expect((await register(newPhone(), '123456', {}, { ip })).statusCode).toBe(400);
      const limited = await register(newPhone(), '123456', {}, { ip });
      expect(limited.statusCode).toBe(429);
      expect(errorCode(limited)).toBe('too_many_requests');
    });
  });

  describe('POST /web-api/auth/v1/login/phone', () => {
    it('logs in by phone and password, however the phone is written; save makes the cookie last', async () => {
      const { phone, userId } = await registeredPlayer();
      const digits = phone.e164.slice(3);
      for (const fields of [
        { phone_number: phone.e164 },
        { phone_number: `0${digits}`, country_code: 'gb' },
        { phone_number: digits, phone_code: '+44', country_code: 'GB' },
      ]) {
        const res = await loginPhone(fields, PASSWORD, { save: true });
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('no-store');
        const body = LoginResponseSchema.parse(res.json());
        expect(body.userId).toBe(userId);
        expect(cookieOf(res)).toMatchObject({ value: body.token, maxAge: 30 * 24 * 3600 });
      }
    });

    it('gives the same answer for an unknown phone and a wrong password', async () => {
      const { phone } = await registeredPlayer();
      const wrong = await loginPhone(phone, 'not the password');
      const unknown = await loginPhone(newPhone(), 'not the password');
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ code: 'invalid_credentials', message: 'Wrong phone number or password' });
        expect(cookieOf(res)).toBeUndefined();
      }
      expect(wrong.body).toBe(unknown.body);
    });

    it('asks for a captcha after 3 failures for the phone, then backs off; success resets', async () => {
      const { phone } = await registeredPlayer();
      for (let i = 0; i < 3; i++) expect((await loginPhone(phone, 'wrong password!')).statusCode).toBe(401);
      expect(errorCode(await loginPhone(phone, PASSWORD))).toBe('100');
      expect(errorCode(await loginPhone(phone, PASSWORD, { headers: { 'x-captcha': 'guess' } }))).toBe('111');
      const early = await loginPhone(phone, PASSWORD, { headers: { 'x-captcha': GOOD_CAPTCHA } });
      expect(early.statusCode).toBe(429);
      expect(errorCode(early)).toBe('login_backoff');
      clock.advance!(1);
      expect((await loginPhone(phone, PASSWORD, { headers: { 'x-captcha': GOOD_CAPTCHA } })).statusCode).toBe(200);
      expect((await loginPhone(phone, 'wrong password!')).statusCode).toBe(401);

      const stranger = newPhone();
      for (let i = 0; i < 3; i++) await loginPhone(stranger, 'wrong password!');
      expect(errorCode(await loginPhone(stranger, 'wrong password!'))).toBe('100');
    });

    it.each([
      ['no body', undefined],
      ['no password', { phone_number: '+447700900123' }],
      ['an empty password', { phone_number: '+447700900123', uPassword: '' }],
      ['no country for a national number', { phone_number: '7700 900123', uPassword: 'x' }],
      ['a bad save flag', { phone_number: '+447700900123', uPassword: 'x', save: 'yes' }],
    ])('refuses %s with 400', async (_label, payload) => {
      const res = await call({ method: 'POST', url: '/web-api/auth/v1/login/phone', ...(payload ? { payload } : {}) });
      expect(res.statusCode).toBe(400);
      expect(errorCode(res)).toBe('invalid_request');
    });

    it('ends through the second-factor gate (completeLogin, method phone_password)', async () => {
      const { phone, userId } = await registeredPlayer();
      const pending = { status: 'two_step_required' as const, ticket: 'ticket-1', expiresAt: new Date(clock.now() + 300_000).toISOString() };
      const gate = vi.spyOn(app.auth, 'completeLogin').mockResolvedValueOnce(pending);
      const res = await loginPhone(phone, PASSWORD, { save: true });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(pending);
      expect(cookieOf(res)).toBeUndefined();
      expect(gate).toHaveBeenCalledWith(expect.anything(), expect.anything(), { userId, remember: true, method: 'phone_password' });
    });
  });

  describe('POST /web-api/auth/v1/login/sms-code', () => {
    it('logs in with the code sent to the phone, once', async () => {
      const { phone, userId } = await registeredPlayer();
      const code = await codeFor('login', phone);
      const res = await loginSms(phone, code);
      expect(res.statusCode).toBe(200);
      const body = LoginResponseSchema.parse(res.json());
      expect(body.userId).toBe(userId);
      expect(cookieOf(res)).toMatchObject({ value: body.token, httpOnly: true });
      expect(cookieOf(res)?.maxAge).toBeUndefined();
      expect((await userIdWith(body.token)).statusCode).toBe(200);

      const replay = await loginSms(phone, code);
      expect(replay.statusCode).toBe(400);
      expect(replay.json()).toEqual({ code: 'sms_code_invalid', message: 'Wrong or expired code' });
      expect(cookieOf(replay)).toBeUndefined();
    });

    it('answers sms_code_expired for the right code after 10 minutes', async () => {
      const { phone } = await registeredPlayer();
      const code = await codeFor('login', phone);
      clock.advance!(TTL_SECONDS - 1);
      expect(errorCode(await loginSms(phone, otherCode(code)))).toBe('sms_code_invalid');
      clock.advance!(1);
      expect(errorCode(await loginSms(phone, code))).toBe('sms_code_expired');
    });

    it('takes only the newest code, and no registration code', async () => {
      const { phone } = await registeredPlayer();
      const first = await codeFor('login', phone);
      clock.advance!(COOLDOWN_SECONDS);
      const second = await codeFor('login', phone);
      expect(errorCode(await loginSms(phone, first === second ? otherCode(second) : first))).toBe('sms_code_invalid');
      expect((await loginSms(phone, second)).statusCode).toBe(200);

      const stranger = newPhone();
      const registrationCode = await codeFor('registration', stranger);
      expect(errorCode(await loginSms(stranger, registrationCode))).toBe('sms_code_invalid');
    });

    it('gives the same answer for an unknown phone and a wrong code', async () => {
      const { phone } = await registeredPlayer();
      const code = await codeFor('login', phone);
      const wrong = await loginSms(phone, otherCode(code));
      const unknown = await loginSms(newPhone(), code);
      expect(wrong.statusCode).toBe(400);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.body).toBe(wrong.body);
    });

    it('counts wrong codes against the phone: a captcha after 3', async () => {
      const { phone } = await registeredPlayer();
      const code = await codeFor('login', phone);
      for (let i = 0; i < 3; i++) await loginSms(phone, otherCode(code));
      expect(errorCode(await loginSms(phone, code))).toBe('100');
      clock.advance!(1);
      expect((await loginSms(phone, code, { headers: { 'x-captcha': GOOD_CAPTCHA } })).statusCode).toBe(200);
    });

    it.each([
      ['no code', { phone_number: '+447700900123' }],
      ['an empty code', { phone_number: '+447700900123', code: '  ' }],
      ['a bad phone', { phone_number: '+44', code: '123456' }],
    ])('refuses %s with 400 invalid_request', async (_label, payload) => {
      const res = await post('/web-api/auth/v1/login/sms-code', payload);
      expect(res.statusCode).toBe(400);
      expect(errorCode(res)).toBe('invalid_request');
    });

    it('ends through the second-factor gate (completeLogin, method sms)', async () => {
      const { phone, userId } = await registeredPlayer();
      const code = await codeFor('login', phone);
      const pending = { status: 'two_step_required' as const, ticket: 'ticket-2', expiresAt: new Date(clock.now() + 300_000).toISOString() };
      const gate = vi.spyOn(app.auth, 'completeLogin').mockResolvedValueOnce(pending);
      const res = await loginSms(phone, code, { save: true });
      expect(res.json()).toEqual(pending);
      expect(gate).toHaveBeenCalledWith(expect.anything(), expect.anything(), { userId, remember: true, method: 'sms' });
    });

    it('shares a budget of 10 logins a minute per address with phone + password', async () => {
      const ip = nextIp();
      for (let i = 0; i < 5; i++) expect((await loginSms(newPhone(), '123456', { ip })).statusCode).toBe(400);
      for (let i = 0; i < 5; i++) expect((await loginPhone(newPhone(), 'whatever pass', { ip })).statusCode).toBe(401);
      expect(errorCode(await loginSms(newPhone(), '123456', { ip }))).toBe('too_many_requests');
      expect(errorCode(await loginPhone(newPhone(), 'whatever pass', { ip }))).toBe('too_many_requests');
    });
  });
});
