/**
 * What `build()` adds to Fastify, for every plugin (including the SSR plugin).
 * Server time comes only from `app.clock`.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@betsite/db';
import type { AppEnv } from './config/env.ts';
import type { ServerClock } from './lib/clock.ts';
import type { Bus } from './lib/bus.ts';
import type { SiteConfigService } from './modules/site-config/service.ts';
import type { BlockService } from './modules/blocks/service.ts';
import type { RedirectService } from './modules/redirects/service.ts';
import type { AuthKit, AuthSession, SessionService } from './modules/auth/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    env: AppEnv;
    db: Kysely<Database>;
    clock: ServerClock;
    bus: Bus;
    siteConfig: SiteConfigService;
    blockService: BlockService;
    redirectService: RedirectService;
    /** Login sessions (create, resolve, revoke, revoke all but one). */
    sessions: SessionService;
    /** What every login and registration route shares: sessions, codes, throttle, the second-factor gate. */
    auth: AuthKit;
  }

  interface FastifyRequest {
    /** The logged-in user; set by the auth plugin from a live session, null for visitors. */
    userId: string | null;
    /** The session behind `userId` and how its token came (header or cookie); null for visitors. */
    authSession: AuthSession | null;
    /** ISO 3166-1 alpha-2 country from COUNTRY_HEADER (set by a trusted proxy/CDN), or null. */
    country: string | null;
  }
}
