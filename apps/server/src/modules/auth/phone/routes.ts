/**
 * Phone registration and the phone login modes (contracts `phone-auth.ts`):
 *
 * - `GET  /web-api/phone/v1/countries`: the phone countries and masks (public, cached);
 * - `POST /web-api/auth/v1/sms/send` `{ purpose, phone }`: a code for registration (free
 *   numbers) or login (players' numbers), the same 202 for every number;
 * - `POST /web-api/registration/v1/phone`: phone + code + password → a new player, logged in;
 * - `POST /web-api/auth/v1/login/phone`: phone + password;
 * - `POST /web-api/auth/v1/login/sms-code`: phone + code.
 *
 * Every login ends through `app.auth.completeLogin` (the two-step gate), registration
 * through `app.auth.startSession`. Failures (wrong password, wrong code) count against the
 * phone's login key (`phone:+…`, shared by the three), which brings the captcha and the
 * back-off of `app.auth.countAttempt` (each try counted before it is checked, so concurrent
 * tries cannot pass together); unknown phones count the same as known ones. Per-IP
 * rate limits on every call (the shared limiter). Code requests go through the hourly SMS
 * caps per address and per number (`kit.smsCaps`, checked first: no captcha gets past
 * them); within the address's cap, those beyond its free few need a captcha.
 */
import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  AuthErrorCode,
  CAPTCHA_HEADER,
  PHONE_AUTH_API,
  PhoneAuthErrorCode,
  PhoneLoginRequestSchema,
  PhoneRegistrationRequestSchema,
  SmsLoginRequestSchema,
  SmsSendRequestSchema,
  type LoginOutcome,
  type PhoneCountriesResponse,
  type PhoneRegistrationResponse,
  type SmsSendResponse,
} from '@betsite/contracts';
import { loginThrottle, PHONE_COUNTRIES, phoneLoginKey } from '@betsite/domain';
import { AppError } from '../../../lib/errors.ts';
import { parseRequest } from '../../../lib/validate.ts';
import { openRegistrationAccounts } from '../../accounts/index.ts';
import type { CodeCheck } from '../one-time-codes.ts';
import { refuseClosedRegistration } from '../registration-open.ts';
import { createPhoneAuthService, SMS_CODE_POLICY } from './service.ts';

/** Per-IP budgets per minute (scaled by RATE_LIMITS_SCALE); the hourly SMS caps are `kit.smsCaps`. */
export interface PhoneRateLimits {
  /** Code requests per IP per minute, sent or refused (then 429). */
  smsSend: number;
  /** Phone and SMS-code logins per IP per minute. */
  login: number;
  /** Phone registrations per IP per minute. */
  registration: number;
}

export const DEFAULT_PHONE_RATE_LIMITS: PhoneRateLimits = { smsSend: 10, login: 10, registration: 5 };

export const SMS_SENT: SmsSendResponse = {
  status: 'accepted',
  message: 'If this number can receive a code, it is on its way.',
  resendAfterSeconds: SMS_CODE_POLICY.cooldownMs / 1000,
  expiresInSeconds: SMS_CODE_POLICY.ttlMs / 1000,
  codeLength: SMS_CODE_POLICY.digits,
};

const COUNTRIES: PhoneCountriesResponse = {
  countries: PHONE_COUNTRIES.map((c) => ({ id: c.id, name: c.name, country_code: c.countryCode, tel_code: c.telCode })),
  masks: PHONE_COUNTRIES.map((c) => ({ CountryId: c.id, Mask: c.mask, Min: c.min, Max: c.max })),
};
const COUNTRIES_JSON = JSON.stringify(COUNTRIES);
const COUNTRIES_ETAG = `"${createHash('sha256').update(COUNTRIES_JSON).digest('base64url').slice(0, 27)}"`;

function codeError(check: Exclude<CodeCheck, 'ok'>): AppError {
  return check === 'expired'
    ? new AppError(400, PhoneAuthErrorCode.codeExpired, 'The code has expired; ask for a new one')
    : new AppError(400, PhoneAuthErrorCode.codeInvalid, 'Wrong or expired code');
}

export const phoneAuthRoutes: FastifyPluginAsync<{ rateLimits?: Partial<PhoneRateLimits> }> = async (app, options) => {
  const limits = { ...DEFAULT_PHONE_RATE_LIMITS, ...options.rateLimits };
  const kit = app.auth;
  const service = createPhoneAuthService(app.db, kit.codes, app.clock);
  const sendLimit = app.rateLimit({ max: app.scaleRateLimit(limits.smsSend), timeWindow: 60_000 });
  const loginLimit = app.rateLimit({ max: app.scaleRateLimit(limits.login), timeWindow: 60_000 });
  const registrationLimit = app.rateLimit({ max: app.scaleRateLimit(limits.registration), timeWindow: 60_000 });

  /**
   * A captcha when the address has used its free code requests, unless the phone's
   * throttle asks for one itself (a captcha token works once); then the throttle.
   */
  async function guardSend(request: FastifyRequest, reply: FastifyReply, loginKey: string, addressUsed: number): Promise<void> {
    const { failures, lastFailureAt } = await kit.repository.failures(loginKey);
    const throttleAsks = loginThrottle(failures, lastFailureAt, app.clock.now()).captchaRequired;
    if (!throttleAsks && addressUsed >= kit.smsCaps.freePerAddress) {
      const header = request.headers[CAPTCHA_HEADER];
      const answer = (Array.isArray(header) ? header[0] : header)?.trim();
      if (!answer) throw new AppError(400, AuthErrorCode.captchaRequired, 'captcha required');
      if (!(await kit.captcha.verify(answer, { ip: request.ip, loginKey }))) throw new AppError(400, AuthErrorCode.captchaInvalid, 'captcha not accepted');
    }
    await kit.checkThrottle(request, reply, loginKey);
  }

  app.get(PHONE_AUTH_API.countries, async (request, reply) => {
    reply.header('cache-control', 'public, max-age=86400').header('etag', COUNTRIES_ETAG);
    if (request.headers['if-none-match'] === COUNTRIES_ETAG) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(COUNTRIES_JSON);
  });

  app.post(PHONE_AUTH_API.smsSend, { onRequest: sendLimit }, async (request, reply) => {
    const body = parseRequest(SmsSendRequestSchema, request.body, 'body');
    // The caps first: past them no captcha helps, and none is spent in vain.
    const { addressUsed } = await kit.smsCaps.check(request, reply, body.phone);
    await guardSend(request, reply, phoneLoginKey(body.phone), addressUsed);
    await kit.smsCaps.take(request, reply, body.phone);
    const message = await service.codeMessage(body.purpose, body.phone);
    // In the background: the answer's timing must not tell whether a message went out.
    if (message) app.notifications.sendInBackground(message);
    return reply.code(202).header('cache-control', 'no-store').send(SMS_SENT);
  });

  app.post(PHONE_AUTH_API.registration, { onRequest: [refuseClosedRegistration, registrationLimit] }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const body = parseRequest(PhoneRegistrationRequestSchema, request.body, 'body');
    const loginKey = phoneLoginKey(body.phone);
    // Counted as a failure from here (concurrent tries too): only a success clears it.
    await kit.countAttempt(request, reply, loginKey);
    const check = await service.consumeRegistrationCode(body.phone, body.code);
    if (check !== 'ok') throw codeError(check);
    const now = new Date(app.clock.now());
    const user = await kit.repository.insertUser(
      {
        email: null,
        phone: body.phone,
        passwordHash: await kit.hasher.hash(body.password),
        registrationType: 'phone_reg',
        country: body.country,
        currency: body.currency,
        language: body.language,
        bonusChoice: body.bonusChoice,
        referral: body.referral,
        phoneVerifiedAt: now,
        activationType: 3,
      },
      now,
    );
    // Registered since the code went out (codes go only to free numbers): only the
    // number's holder, who had the code, can get here, so the answer reveals nothing.
    if (!user) throw codeError('invalid');
    await openRegistrationAccounts(app, user.id, body.currency);
    await kit.recordOutcome(loginKey, true);
    const session = await kit.startSession(request, reply, user.id, false);
    request.log.info({ userId: user.id }, 'phone registration');
    const answer: PhoneRegistrationResponse = { token: session.token, userId: user.id, expiresAt: session.expiresAt.toISOString() };
    return reply.code(201).send(answer);
  });

  app.post(PHONE_AUTH_API.loginPhone, { onRequest: loginLimit }, async (request, reply): Promise<LoginOutcome> => {
    reply.header('cache-control', 'no-store');
    const body = parseRequest(PhoneLoginRequestSchema, request.body, 'body');
    const loginKey = phoneLoginKey(body.phone);
    await kit.countAttempt(request, reply, loginKey);
    const player = await service.findPlayer(body.phone);
    // The same work for an unknown phone: one argon2 verification.
    const ok = player ? await kit.hasher.verify(player.passwordHash, body.uPassword) : (await kit.hasher.burn(body.uPassword), false);
    if (!player || !ok) throw new AppError(401, AuthErrorCode.invalidCredentials, 'Wrong phone number or password');
    await kit.recordOutcome(loginKey, true);
    if (kit.hasher.needsRehash(player.passwordHash)) await kit.repository.updatePasswordHash(player.id, await kit.hasher.hash(body.uPassword));
    return kit.completeLogin(request, reply, { userId: player.id, remember: body.save, method: 'phone_password' });
  });

  app.post(PHONE_AUTH_API.loginSms, { onRequest: loginLimit }, async (request, reply): Promise<LoginOutcome> => {
    reply.header('cache-control', 'no-store');
    const body = parseRequest(SmsLoginRequestSchema, request.body, 'body');
    const loginKey = phoneLoginKey(body.phone);
    await kit.countAttempt(request, reply, loginKey);
    const { check, userId } = await service.consumeLoginCode(body.phone, body.code);
    if (check !== 'ok' || !userId) throw codeError(check === 'ok' ? 'invalid' : check);
    await kit.recordOutcome(loginKey, true);
    return kit.completeLogin(request, reply, { userId, remember: body.save, method: 'sms' });
  });
};
