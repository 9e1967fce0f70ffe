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
import { createCaptchaService } from '../captcha/index.ts';
import { passwordResetRoutes, DEFAULT_PASSWORD_RESET_RATE_LIMITS, type PasswordResetRateLimits } from './password-reset-routes.ts';

export interface AuthOptions {
  /** Default: our captcha service (modules/captcha): accepts a token from `/web-api/captcha/v1/validate`, once. */
  captcha?: CaptchaVerifier;
  passwordResetRateLimits?: Partial<PasswordResetRateLimits>;
  rateLimits?: Partial<AuthRateLimits>;
  hasher?: PasswordHasher;
}

export async function registerAuth(app: FastifyInstance, options: AuthOptions = {}): Promise<void> {
  const sessions = createSessionService(app.db, app.clock);
  app.decorate('sessions', sessions);
  await app.register(authPlugin, { sessions, publicOrigin: app.env.PUBLIC_ORIGIN });
  const repository = createAuthRepository(app.db);
  const hasher = options.hasher ?? createArgon2Hasher();
  const codes = createOneTimeCodes(app.db, app.clock);
  const kit = createAuthKit({
    sessions,
    repository,
    hasher,
    codes,
    captcha: options.captcha ?? createCaptchaService(app.db, app.clock),
    now: () => app.clock.now(),
  });
  app.decorate('auth', kit);
  await app.register(authRoutes, { kit, rateLimits: { ...DEFAULT_AUTH_RATE_LIMITS, ...options.rateLimits } });
  // Needs `app.notifications` (registered before the auth module in app.ts).
  await app.register(passwordResetRoutes, {
    sessions,
    repository,
    hasher,
    codes,
    rateLimits: { ...DEFAULT_PASSWORD_RESET_RATE_LIMITS, ...options.passwordResetRateLimits },
  });
}

export type { CaptchaVerifier } from './captcha.ts';
export type { AuthSession } from './plugin.ts';
export type { SessionService } from './sessions.ts';
export type { AuthKit, LoginContext, LoginMethod, SecondFactorGate } from './login-kit.ts';
export type { CodeCheck, CodePolicy, CodeSubject, OneTimeCodes } from './one-time-codes.ts';
