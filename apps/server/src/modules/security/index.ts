/**
 * The office security page (SPEC §2 office "security" and "two-step authentication", §4
 * protection level): re-authentication, password change, two-step on and off, phone
 * binding, security question, sessions. Registered from `app.ts` after the auth module
 * (it uses `app.auth`, `app.twoStep`) and the site config (the TOTP issuer name).
 *
 * For other modules:
 * - `protectionOf(db, userId)`: SPEC §3 `protection_level` and `protection_methods`
 *   (for the user config);
 * - `app.reauth.require(request)`: the player when the session re-authenticated within
 *   5 minutes, else 401 / 403 `reauth_required` — for other sensitive endpoints (e-mail
 *   change …).
 */
import type { FastifyInstance } from 'fastify';
import { createPlayerSessions } from './player-sessions.ts';
import { createReauth, type Reauth } from './reauth.ts';
import { DEFAULT_SECURITY_RATE_LIMITS, securityRoutes, type SecurityRateLimits } from './routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Re-authentication before sensitive changes. */
    reauth: Reauth;
  }
}

export async function registerSecurity(app: FastifyInstance, options: { rateLimits?: Partial<SecurityRateLimits> } = {}): Promise<void> {
  const reauth = createReauth({ db: app.db, clock: app.clock, kit: app.auth, notifications: app.notifications });
  app.decorate('reauth', reauth);
  await app.register(securityRoutes, {
    reauth,
    sessions: createPlayerSessions(app.db, app.clock),
    rateLimits: { ...DEFAULT_SECURITY_RATE_LIMITS, ...options.rateLimits },
  });
}

export { protectionOf } from './protection.ts';
export type { Reauth } from './reauth.ts';
export type { SecurityRateLimits } from './routes.ts';
