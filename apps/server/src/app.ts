/**
 * The application: every API of this server (and the SSR site when given) as one Fastify
 * instance. `server.ts` listens with it; tests `inject()` into it.
 */
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyPluginAsync, type RouteOptions } from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import { pino } from 'pino';
import type { DbHandle } from '@betsite/db';
import type { AppEnv } from './config/env.ts';
import { openDatabase } from './database.ts';
import { createClock, type ServerClock } from './lib/clock.ts';
import { createMemoryBus, createRedisBus, type Bus } from './lib/bus.ts';
import { requestContextPlugin } from './plugins/request-context.ts';
import { securityPlugin } from './plugins/security.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { rateLimitsPlugin } from './plugins/rate-limits.ts';
import { metricsPlugin } from './modules/metrics/plugin.ts';
import { createSiteConfigService } from './modules/site-config/service.ts';
import { createBlockService } from './modules/blocks/service.ts';
import { createRedirectService } from './modules/redirects/service.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { bffRoutes } from './modules/bff/routes.ts';
import { blockRoutes } from './modules/blocks/routes.ts';
import { redirectRoutes } from './modules/redirects/routes.ts';
import { opsRoutes } from './modules/ops/routes.ts';
import { registerAuth, type AuthOptions } from './modules/auth/index.ts';
import { registerPayments, type PaymentsOptions } from './modules/payments/index.ts';
import { registerNotifications, type Delivery } from './modules/notifications/index.ts';
import { registerCaptcha, type CaptchaOptions } from './modules/captcha/index.ts';
import { registerAccounts } from './modules/accounts/index.ts';
import { registerSecurity } from './modules/security/index.ts';
import { registerLive } from './modules/live/index.ts';
import { registerJobs } from './modules/jobs/index.ts';
import { registerPaymentRequests } from './modules/payment-requests/index.ts';
import { registerSocial, type SocialOptions } from './modules/social/index.ts';
import { registerUserConfig } from './modules/user-config/index.ts';
import { registerLine, type LineOptions } from './modules/line/index.ts';
import { registerCoupon } from './modules/coupon/index.ts';
import { depositLimitCheck, registerLimits } from './modules/limits/index.ts';
import { registerDocs } from './modules/docs/index.ts';
import { registerTerms } from './modules/terms/index.ts';
import { registerCasinoWallet } from './modules/casino-wallet/index.ts';
import { registerRgs, type RgsOptions } from './modules/rgs/index.ts';
import { registerCasinoCatalogue } from './modules/casino-catalogue/index.ts';
import { registerCasinoLive } from './modules/casino-live/index.ts';

export interface BuildOptions {
  env: AppEnv;
  /** The database; when omitted it is opened from `env` (migrated, seeded) and closed with the app. */
  db?: DbHandle;
  /** The page renderer; registered last, it owns the catch-all for pages. */
  ssr?: FastifyPluginAsync;
  /** A pino logger, or false for silence; default pino at LOG_LEVEL. */
  logger?: FastifyBaseLogger | false;
  /** Default from FAKE_CLOCK. */
  clock?: ServerClock;
  /** Default from REDIS_URL (Redis) or in-process. An injected bus is not closed with the app. */
  bus?: Bus;
  /** Captcha verifier, rate limits, password hasher of the auth module (tests inject these). */
  auth?: AuthOptions;
  /** Deposit limits check and payment provider of the payments module (default: allow all, sandbox). */
  payments?: PaymentsOptions;
  /** E-mail and SMS delivery; default from SMTP_URL (SMTP) or the database outbox. */
  delivery?: Delivery;
  /** Captcha options: the proof-of-work difficulty (tests make it tiny), per-IP limits of the captcha API. */
  captcha?: CaptchaOptions;
  /** Rate limits of social sign-in (tests). */
  social?: SocialOptions;
  /** The sports feed and ingestion timings (tests inject a feed; default from FEED). */
  line?: LineOptions;
  /** Told of every route as it is added, before any of them (the fuzz test enumerates the routes with it). */
  onRoute?: (route: RouteOptions) => void;
  /** The game server: its wallet (default in process, or RGS_WALLET_URL) and app folder (tests inject these). */
  rgs?: RgsOptions;
}

export async function build(options: BuildOptions): Promise<FastifyInstance> {
  const { env } = options;
  const app = Fastify({
    loggerInstance: options.logger === false ? pino({ level: 'silent' }) : (options.logger ?? pino({ level: env.LOG_LEVEL })),
    genReqId: () => randomUUID(),
    // A hop count trusts that many proxies in front of us (proxy-addr's hop index starts at 0).
    trustProxy: typeof env.TRUST_PROXY === 'number' ? trustHops(env.TRUST_PROXY) : env.TRUST_PROXY,
    // Shutdown drains (server.ts): a request that reaches us while closing is served, not
    // refused with a 503; answers say `Connection: close` (below), so clients go elsewhere next.
    return503OnClosing: false,
  });

  // From the first moment of `close()`: every answer closes its connection (keep-alive
  // connections end with their last request instead of holding the close for their
  // timeout) and /healthz answers 503, so the load balancer sends no more.
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onSend', async (request, reply) => {
    if (draining && request.raw.httpVersionMajor < 2) reply.header('connection', 'close');
  });

  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  // Closed in reverse order with the app, or right away when building fails.
  const resources: (() => Promise<void>)[] = [];
  const closeAll = async () => {
    for (let close = resources.pop(); close; close = resources.pop()) await close();
  };
  app.addHook('onClose', closeAll);

  try {
    const clock = options.clock ?? createClock({ fake: env.FAKE_CLOCK });
    const dbHandle = options.db ?? (await openDatabase(env, app.log, new Date(clock.now())));
    if (!options.db) resources.push(() => dbHandle.close());
    const bus = options.bus ?? (env.REDIS_URL ? await createRedisBus(env.REDIS_URL, app.log) : createMemoryBus(app.log));
    if (!options.bus) resources.push(() => bus.close());

    app.decorate('env', env);
    app.decorate('db', dbHandle.db);
    app.decorate('clock', clock);
    app.decorate('bus', bus);

    await app.register(requestContextPlugin, { countryHeader: env.COUNTRY_HEADER });
    await app.register(securityPlugin, { https: env.PUBLIC_ORIGIN?.startsWith('https:') ?? false });
    await app.register(cookie);
    await app.register(compress);
    await app.register(errorsPlugin);
    await app.register(metricsPlugin, { token: env.METRICS_TOKEN });
    // Per-IP budgets for every module (`app.rateLimit`), shared between nodes through Redis.
    await app.register(rateLimitsPlugin, { redisUrl: env.REDIS_URL, scale: env.RATE_LIMITS_SCALE });
    // E-mail and SMS (`app.notifications`), and /dev/outbox in development; auth sends through it.
    await registerNotifications(app, options.delivery ? { delivery: options.delivery } : {});
    // Sets request.userId from the session (for every module and page after it), login and registration routes.
    await registerAuth(app, options.auth);
    // /web-api/captcha/v1/*; the auth module's default captcha verifier reads the same table.
    await registerCaptcha(app, options.captcha);

    const deps = { db: dbHandle.db, bus, clock, logger: app.log };
    const siteConfig = await createSiteConfigService(deps);
    resources.push(() => siteConfig.close());
    const blockService = await createBlockService(deps);
    resources.push(() => blockService.close());
    const redirectService = await createRedirectService(deps);
    resources.push(() => redirectService.close());
    app.decorate('siteConfig', siteConfig);
    app.decorate('blockService', blockService);
    app.decorate('redirectService', redirectService);
    // Terms changes: the agreement-rules calls, and the 451 on player writes of the modules below (decision 0020).
    await registerTerms(app);

    await app.register(healthRoutes, { ping: () => dbHandle.ping(), draining: () => draining });
    await app.register(bffRoutes);
    await app.register(blockRoutes);
    await app.register(redirectRoutes);
    // The office security page: re-authentication (`app.reauth`), password, two-step, phone, sessions.
    await registerSecurity(app);
    // Durable scheduled jobs (`app.jobs`) for the modules below; polls once the server listens.
    await registerJobs(app);
    // Player accounts and balances; decorates app.ledger (posts announce balance.changed).
    await registerAccounts(app);
    // The live WebSocket and topic registry (`app.live`); the private `balance` topic follows balance.changed.
    await registerLive(app);
    // Deposits, withdrawals, history, provider callbacks, the sandbox provider's page, the withdrawal queue (ops).
    // Responsible-gaming limits (issue 12): its calls, and the checks deposits and bets make where money moves.
    const limits = await registerLimits(app);
    await registerPayments(app, { depositLimits: depositLimitCheck(limits), ...options.payments });
    // Payment requests by topic (office payment/requests …) and the operator's queue.
    await registerPaymentRequests(app);
    // Social sign-in (OpenID Connect, one-tap) and the sandbox identity provider under /sandbox-idp.
    await registerSocial(app, options.social);
    // The player's user config, rights and bonus choice (SPEC §3, §7).
    await registerUserConfig(app);
    // The sportsbook line: catalogue, feed ingestion (one node), line API, game and section topics, operator games.
    await registerLine(app, options.line);
    // The bet slip: quote, placement on the ledger, live acceptance, settlement jobs, my bets.
    await registerCoupon(app, { limits });
    // The casino catalogue: lobby, favorites and recently played, operator endpoints; the demo catalogue when empty.
    const casinoCatalogue = await registerCasinoCatalogue(app);
    // The casino's seamless wallet for the game server (/rgs-wallet/v1), launch tokens (for games the catalogue lets a player launch), interrupted-round recovery.
    await registerCasinoWallet(app, { limits, games: casinoCatalogue.launch });
    // Our game server (/rgs/v1, /rgs/app/, the player's rounds): after the wallet, which it calls through the signed contract.
    await registerRgs(app, options.rgs);
    // Shared casino rounds: after the wallet (their money) and the live hub (their topics).
    await registerCasinoLive(app);
    if (env.OPS_TOKEN) await app.register(opsRoutes, { token: env.OPS_TOKEN });
    // /docs: the OpenAPI document of the documented operations and Swagger UI.
    await registerDocs(app);

    if (options.ssr) await app.register(options.ssr);
    return app;
  } catch (error) {
    await closeAll();
    throw error;
  }
}

function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}
