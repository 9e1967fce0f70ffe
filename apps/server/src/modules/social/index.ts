/**
 * Social sign-in (SPEC §3 soc_reg, §5 and §7 one-tap): the providers of SOCIAL_PROVIDERS and,
 * when SOCIAL_SANDBOX is on, the built-in sandbox identity provider under `/sandbox-idp`.
 * Registered after the accounts module (a new player's accounts are opened at registration).
 */
import type { FastifyInstance } from 'fastify';
import { socialSandboxEnabled } from '../../config/env.ts';
import { oneTapRoutes } from './one-tap.ts';
import { createProviderRegistry, type ProviderRegistry } from './providers.ts';
import { createSocialRepository } from './repository.ts';
import { DEFAULT_SOCIAL_RATE_LIMITS, socialRoutes, type SocialRateLimits } from './routes.ts';
import { registerSandboxIdp } from './sandbox-idp/index.ts';
import { createSocialSignIn } from './sign-in.ts';
import { registerSocialMaintenance } from './maintenance.ts';

export interface SocialOptions {
  rateLimits?: Partial<SocialRateLimits>;
  /** One-tap posts per IP per minute. */
  oneTapPerMinute?: number;
}

export async function registerSocial(app: FastifyInstance, options: SocialOptions = {}): Promise<ProviderRegistry> {
  const sandbox = socialSandboxEnabled(app.env) ? await registerSandboxIdp(app) : null;
  if (sandbox && app.env.NODE_ENV === 'production') app.log.warn('SOCIAL_SANDBOX is on: anyone can sign in as any test identity');
  const registry = createProviderRegistry({ configured: app.env.SOCIAL_PROVIDERS, sandbox, publicOrigin: app.env.PUBLIC_ORIGIN, clock: app.clock });
  const repository = createSocialRepository(app.db);
  const signIn = createSocialSignIn(app, repository);
  await app.register(socialRoutes, { registry, repository, signIn, rateLimits: { ...DEFAULT_SOCIAL_RATE_LIMITS, ...options.rateLimits } });
  await app.register(oneTapRoutes, { registry, repository, signIn, perMinute: options.oneTapPerMinute ?? 10 });
  registerSocialMaintenance(app);
  return registry;
}

export { SANDBOX_CLIENT_ID, SANDBOX_IDENTITIES } from './sandbox-idp/index.ts';
export type { ProviderRegistry, SocialProvider } from './providers.ts';
