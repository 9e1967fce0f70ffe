/**
 * The auth module: sessions, the auth plugin (who is calling, CSRF) and the login and
 * registration routes, wired from one place so `app.ts` needs two lines.
 */
import type { FastifyInstance } from 'fastify';
import { authPlugin } from './plugin.ts';
import { authRoutes, DEFAULT_AUTH_RATE_LIMITS, type AuthRateLimits } from './routes.ts';
import { createSessionService } from './sessions.ts';
import { createAuthRepository } from './repository.ts';
import { createArgon2Hasher, type PasswordHasher } from './passwords.ts';
import type { CaptchaVerifier } from './captcha.ts';
import { createAuthKit } from './login-kit.ts';
import { createOneTimeCodes } from './one-time-codes.ts';
import { createSmsCaps, type SmsCapLimits } from './sms-caps.ts';
import { createCaptchaService } from '../captcha/index.ts';
import { passwordResetRoutes, DEFAULT_PASSWORD_RESET_RATE_LIMITS, type PasswordResetRateLimits } from './password-reset-routes.ts';
import { registerTwoStep } from './two-step/index.ts';
import { phoneAuthRoutes } from './phone/index.ts';
import { registerTokenLogin } from './token-login/index.ts';
import { registerQrLogin, type QrRateLimits } from './qr/index.ts';
import { registerActivation, type ActivationRateLimits } from './activation/index.ts';
import { countsAsActivity, registerEndedSessionNotice, registerSessionTokens, serverIdleLimitMs } from './token/index.ts';

export interface AuthOptions {
  /** Default: our captcha service (modules/captcha): accepts a token from `/web-api/captcha/v1/validate`, once. */
  captcha?: CaptchaVerifier;
  /** The hourly SMS caps per address and per number (default `DEFAULT_SMS_CAPS`). */
  smsCaps?: Partial<SmsCapLimits>;
  passwordResetRateLimits?: Partial<PasswordResetRateLimits>;
  rateLimits?: Partial<AuthRateLimits>;
  hasher?: PasswordHasher;
  /** Login-by-token attempts per IP per minute. */
  tokenLoginPerMinute?: number;
  qrRateLimits?: Partial<QrRateLimits>;
  activationRateLimits?: Partial<ActivationRateLimits>;
}

export async function registerAuth(app: FastifyInstance, options: AuthOptions = {}): Promise<void> {
  // Auto logoff: the idle limit comes from the site config (read per request; cached there).
  const sessions = createSessionService(app.db, app.clock, { idleLimitMs: () => serverIdleLimitMs(app) });
  app.decorate('sessions', sessions);
  await app.register(authPlugin, { sessions, publicOrigin: app.env.PUBLIC_ORIGIN, countsAsActivity });
  // Right after the plugin: a dead session cookie is removed, with the inactivity flag when idle ended it.
  registerEndedSessionNotice(app);
  const repository = createAuthRepository(app.db);
  const hasher = options.hasher ?? createArgon2Hasher();
  const codes = createOneTimeCodes(app.db, app.clock);
  const kit = createAuthKit({
    sessions,
    repository,
    hasher,
    codes,
    captcha: options.captcha ?? createCaptchaService(app),
    smsCaps: createSmsCaps(app, options.smsCaps),
    now: () => app.clock.now(),
  });
  app.decorate('auth', kit);
  // Two-step authentication: the second-factor gate of every first login step, `app.twoStep`, the second step.
  await registerTwoStep(app, kit);
  // E-mail activation (`app.activationTokens`); the full registration mails through it.
  await registerActivation(app, options.activationRateLimits);
  await app.register(authRoutes, { kit, rateLimits: { ...DEFAULT_AUTH_RATE_LIMITS, ...options.rateLimits } });
  // Needs `app.notifications` (registered before the auth module in app.ts).
  await app.register(passwordResetRoutes, {
    kit,
    sessions,
    repository,
    hasher,
    codes,
    rateLimits: { ...DEFAULT_PASSWORD_RESET_RATE_LIMITS, ...options.passwordResetRateLimits },
  });
  await app.register(phoneAuthRoutes);
  // Login by token (`app.loginTokens`, SPEC §7) and QR login (office auth_qr), which logs in through it.
  const loginTokens = await registerTokenLogin(app, options.tokenLoginPerMinute);
  await registerQrLogin(app, loginTokens, options.qrRateLimits);
  // Token rotation (gettoken) and the browser's auto logoff.
  registerSessionTokens(app);
}

export type { CaptchaVerifier } from './captcha.ts';
export { DEFAULT_SMS_CAPS, type SmsCapLimits, type SmsCaps } from './sms-caps.ts';
export type { AuthSession } from './plugin.ts';
export type { SessionService } from './sessions.ts';
export type { AuthKit, LoginContext, LoginMethod, SecondFactorGate } from './login-kit.ts';
export type { CodeCheck, CodePolicy, CodeSubject, OneTimeCodes } from './one-time-codes.ts';
export { deriveLoginKey, LOGIN_TOKEN_TTL_MS, type LoginTokens } from './token-login/index.ts';
