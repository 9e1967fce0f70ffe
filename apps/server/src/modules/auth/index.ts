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
import { refuseAllCaptchas, type CaptchaVerifier } from './captcha.ts';

export interface AuthOptions {
  /** Default: refuses every captcha (the captcha service does not exist yet; see captcha.ts). */
  captcha?: CaptchaVerifier;
  rateLimits?: Partial<AuthRateLimits>;
  hasher?: PasswordHasher;
}

export async function registerAuth(app: FastifyInstance, options: AuthOptions = {}): Promise<void> {
  const sessions = createSessionService(app.db, app.clock);
  app.decorate('sessions', sessions);
  await app.register(authPlugin, { sessions, publicOrigin: app.env.PUBLIC_ORIGIN });
  await app.register(authRoutes, {
    sessions,
    repository: createAuthRepository(app.db),
    hasher: options.hasher ?? createArgon2Hasher(),
    captcha: options.captcha ?? refuseAllCaptchas,
    rateLimits: { ...DEFAULT_AUTH_RATE_LIMITS, ...options.rateLimits },
  });
}

export type { CaptchaVerifier } from './captcha.ts';
export type { AuthSession } from './plugin.ts';
export type { SessionService } from './sessions.ts';
