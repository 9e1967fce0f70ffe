/**
 * The OpenID Connect round trip and the "complete registration" step (SPEC §3 soc_reg):
 *
 * - `GET /social-api/oauth/providers`: the providers on offer (buttons, one-tap prompt);
 * - `GET /social-api/oauth/{provider}/start?intent&language&currency&country&bonusChoice&returnTo`:
 *   stores the round trip server-side (state, nonce, PKCE verifier, the choices, the referral
 *   cookies), binds it to this browser with an httpOnly cookie, and redirects to the provider;
 * - `GET /social-api/oauth/{provider}/callback`: checks the state belongs to this browser and
 *   is unused and fresh, exchanges the code (PKCE, nonce, ID token verified by openid-client)
 *   and logs in or registers (sign-in.ts);
 * - `GET|POST /web-api/registration/v1/social`: the pending registration of this browser,
 *   and its completion with currency, country and bonus.
 *
 * A browser is never left on an error answer: every failure of the round trip redirects to
 * the login page with a reason (`social_error=denied|state_invalid|expired|provider_error|…`).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import {
  AuthErrorCode,
  SOCIAL_API,
  SocialCallbackQuerySchema,
  SocialErrorCode,
  SocialRegistrationErrorCode,
  SocialRegistrationRequestSchema,
  SocialStartQuerySchema,
  type SocialPendingResponse,
  type SocialProvidersResponse,
  type SocialRegistrationResponse,
} from '@betsite/contracts';
import { AppError } from '../../lib/errors.ts';
import { parseRequest } from '../../lib/validate.ts';
import { refuseClosedRegistration } from '../auth/registration-open.ts';
import { siteOrigin } from './origin.ts';
import type { ProviderRegistry } from './providers.ts';
import { referralFromCookies } from './referral.ts';
import type { SocialRepository } from './repository.ts';
import { errorPage, homeOf, PENDING_COOKIE, type SocialSignIn } from './sign-in.ts';

/** The cookie binding a round trip to the browser that started it (against login CSRF). */
export const FLOW_COOKIE = 'social_flow';
export const FLOW_COOKIE_PATH = '/social-api/oauth/';
export const STATE_TTL_MS = 10 * 60 * 1000;

export interface SocialRateLimits {
  /** Starts and callbacks per IP per minute. */
  roundTrip: number;
  /** Completed registrations per IP per minute. */
  registration: number;
}

export const DEFAULT_SOCIAL_RATE_LIMITS: SocialRateLimits = { roundTrip: 30, registration: 5 };

export interface SocialRoutesOptions {
  registry: ProviderRegistry;
  repository: SocialRepository;
  signIn: SocialSignIn;
  rateLimits: SocialRateLimits;
}

const WELL_FORMED_SECRET = /^[A-Za-z0-9_-]{43}$/;

export const socialRoutes: FastifyPluginAsync<SocialRoutesOptions> = async (app, { registry, repository, signIn, rateLimits }) => {
  const roundTripLimit = app.rateLimit({ max: app.scaleRateLimit(rateLimits.roundTrip), timeWindow: 60_000 });
  const registrationLimit = app.rateLimit({ max: app.scaleRateLimit(rateLimits.registration), timeWindow: 60_000 });
  const now = () => new Date(app.clock.now());
  const defaultLanguage = async () => (await app.siteConfig.get()).defaultLanguage;
  const secure = (request: FastifyRequest) => request.protocol === 'https';

  app.get(SOCIAL_API.providers, async (_request, reply): Promise<SocialProvidersResponse> => {
    reply.header('cache-control', 'no-store');
    return { providers: registry.list().map((p) => ({ id: p.id, name: p.name, oneTap: p.oneTap })) };
  });

  app.get<{ Params: { provider: string } }>('/social-api/oauth/:provider/start', { onRequest: roundTripLimit }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const query = parseRequest(SocialStartQuerySchema, request.query, 'query');
    const lng = query.language ?? (await defaultLanguage());
    const provider = registry.get(request.params.provider);
    if (!provider) return reply.redirect(errorPage(lng, SocialErrorCode.unknownProvider), 303);
    // Already a player here: nothing to sign in to.
    if (request.userId) return reply.redirect(query.returnTo ?? homeOf(lng), 303);

    const issuer = provider.issuer(request);
    if (!issuer) {
      request.log.warn({ provider: provider.id, host: request.host }, 'sandbox sign-in from a non-loopback host needs PUBLIC_ORIGIN');
      return reply.redirect(errorPage(lng, SocialErrorCode.providerError), 303);
    }
    let config: client.Configuration;
    try {
      config = await registry.configuration(provider, issuer);
    } catch (error) {
      request.log.warn({ err: error, provider: provider.id }, 'social provider discovery failed');
      return reply.redirect(errorPage(lng, SocialErrorCode.providerError), 303);
    }

    const existing = request.cookies[FLOW_COOKIE];
    const browser = existing && WELL_FORMED_SECRET.test(existing) ? existing : randomBytes(32).toString('base64url');
    const state = client.randomState();
    const nonce = client.randomNonce();
    const codeVerifier = client.randomPKCECodeVerifier();
    const redirectUri = `${siteOrigin(request, app.env.PUBLIC_ORIGIN)}${SOCIAL_API.callback(provider.id)}`;
    const at = now();
    await repository.saveState(
      {
        state,
        browser,
        provider: provider.id,
        intent: query.intent,
        codeVerifier,
        nonce,
        redirectUri,
        language: lng,
        currency: query.currency ?? null,
        country: query.country ?? null,
        bonusChoice: query.bonusChoice ?? null,
        referral: referralFromCookies(request.cookies),
        returnTo: query.returnTo ?? null,
        expiresAt: new Date(at.getTime() + STATE_TTL_MS),
      },
      at,
    );
    // SameSite=Lax: sent on the provider's top-level redirect back to the callback.
    reply.setCookie(FLOW_COOKIE, browser, { httpOnly: true, sameSite: 'lax', secure: secure(request), path: FLOW_COOKIE_PATH, maxAge: STATE_TTL_MS / 1000 });
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: provider.scope,
      state,
      nonce,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      ...(query.intent === 'registration' ? { prompt: 'consent' } : {}),
    });
    return reply.redirect(url.href, 303);
  });

  app.get<{ Params: { provider: string } }>('/social-api/oauth/:provider/callback', { onRequest: roundTripLimit }, async (request, reply) => {
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    const fallbackLng = await defaultLanguage();
    const query = SocialCallbackQuerySchema.safeParse(request.query);
    if (!query.success || !query.data.state) return reply.redirect(errorPage(fallbackLng, SocialErrorCode.stateInvalid), 303);

    const taken = await repository.takeState(query.data.state, request.cookies[FLOW_COOKIE], now());
    if (!taken.ok) return reply.redirect(errorPage(fallbackLng, taken.reason === 'expired' ? SocialErrorCode.expired : SocialErrorCode.stateInvalid), 303);
    const flow = taken.state;
    const lng = flow.language;
    const provider = registry.get(request.params.provider);
    if (!provider || provider.id !== flow.provider) return reply.redirect(errorPage(lng, SocialErrorCode.stateInvalid), 303);
    if (query.data.error) {
      const code = query.data.error === 'access_denied' ? SocialErrorCode.denied : SocialErrorCode.providerError;
      return reply.redirect(errorPage(lng, code), 303);
    }

    const issuer = provider.issuer(request);
    let claims: client.IDToken;
    try {
      if (!issuer) throw new Error('untrusted sandbox origin');
      const config = await registry.configuration(provider, issuer);
      const currentUrl = new URL(flow.redirectUri);
      currentUrl.search = new URL(request.url, 'http://callback').search;
      const tokens = await client.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: query.data.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      registry.remember(issuer, config);
      const idToken = tokens.claims();
      if (!idToken) throw new Error('no ID token');
      claims = idToken;
    } catch (error) {
      request.log.warn({ err: error, provider: provider.id }, 'social code exchange failed');
      return reply.redirect(errorPage(lng, SocialErrorCode.providerError), 303);
    }

    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : null;
    const identity = {
      provider: provider.id,
      subject: claims.sub,
      email,
      verifiedEmail: email && claims.email_verified === true ? email : null,
      name: typeof claims.name === 'string' ? claims.name.slice(0, 100) : null,
    };
    return reply.redirect(await signIn.finish(request, reply, identity, flow), 303);
  });

  const pendingTicket = (request: FastifyRequest) => {
    const ticket = request.cookies[PENDING_COOKIE];
    return ticket && WELL_FORMED_SECRET.test(ticket) ? ticket : null;
  };
  const notPending = () => new AppError(404, SocialRegistrationErrorCode.notPending, 'No social registration to complete: sign in with the provider again');

  app.get(SOCIAL_API.registration, async (request, reply): Promise<SocialPendingResponse> => {
    reply.header('cache-control', 'no-store');
    const ticket = pendingTicket(request);
    const pending = ticket ? await repository.findPending(ticket, now()) : null;
    const provider = pending ? registry.get(pending.provider) : null;
    if (!pending || !provider) throw notPending();
    return {
      provider: provider.id,
      providerName: provider.name,
      name: pending.name,
      currency: pending.currency,
      country: pending.country,
      bonusChoice: pending.bonusChoice === 0 || pending.bonusChoice === 1 || pending.bonusChoice === 2 ? pending.bonusChoice : null,
      expiresAt: pending.expiresAt.toISOString(),
    };
  });

  app.post(SOCIAL_API.registration, { onRequest: [refuseClosedRegistration, registrationLimit] }, async (request, reply): Promise<SocialRegistrationResponse> => {
    reply.header('cache-control', 'no-store');
    // Anonymous, keyed by a cookie: the same CSRF proof the auth plugin asks of logged-in calls.
    if (!request.headers['x-requested-with']) throw new AppError(403, AuthErrorCode.csrf, 'Cross-site request refused: missing X-Requested-With');
    const body = parseRequest(SocialRegistrationRequestSchema, request.body, 'body');
    const ticket = pendingTicket(request);
    const pending = ticket ? await repository.takePending(ticket, now()) : null;
    if (!pending) throw notPending();
    reply.clearCookie(PENDING_COOKIE, { path: SOCIAL_API.registration, httpOnly: true, sameSite: 'lax', secure: secure(request) });
    const referral = { ...pending.referral, ...Object.fromEntries(Object.entries(body.referral ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string')) };
    const done = await signIn.register(
      request,
      reply,
      { provider: pending.provider, subject: pending.subject, verifiedEmail: pending.email, email: pending.email, name: pending.name },
      { currency: body.currency, country: body.country, language: body.language, bonusChoice: body.bonusChoice, referral },
    );
    // The same identity finished registering in another tab a moment ago: sign in there instead.
    if ('existing' in done) throw new AppError(409, SocialRegistrationErrorCode.notPending, 'This account is already registered: sign in with the provider');
    return reply.code(201).send({
      userId: done.userId,
      token: done.token,
      expiresAt: done.expiresAt.toISOString(),
      redirectUrl: pending.returnTo ?? homeOf(body.language),
    });
  });
};
