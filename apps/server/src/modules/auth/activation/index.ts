/**
 * E-mail activation of full (e-mail) registrations (SPEC §2 user/activate, §4 "e-mail
 * approve sent and done"):
 *
 * - Registering by e-mail does not log in. A new address gets an activation link; an
 *   address that already has an account gets "someone tried to register with your e-mail"
 *   (at most one an hour), or, when that account never confirmed its address, a fresh
 *   link. The registration answer is the same 202 either way, and the mail goes out in the
 *   background, so neither the body, the cookies nor the timing tells who is registered.
 * - `POST /web-api/registration/v1/activate { token }` spends the link, confirms the address
 *   and logs the player in (through the second-factor gate, like every login).
 * - `POST /web-api/registration/v1/activate/resend { email }`: a new link for an address
 *   that is registered and not confirmed; the same 202 for every address.
 * - Logging in with a password before confirming is allowed (the player may have lost the
 *   mail): the user config shows `remaining_days_to_activate` and the site offers a new
 *   link. Until the address is confirmed the player cannot withdraw; after the activation
 *   period (site config `session.activationDays`) bets and deposits stop too (domain
 *   `playerRights`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ActivateRequestSchema,
  ActivationResendRequestSchema,
  UserConfigErrorCode,
  USER_CONFIG_API,
  type ActivateResponse,
  type ActivationResendResponse,
} from '@betsite/contracts';
import { buildPath } from '@betsite/domain';
import { AppError } from '../../../lib/errors.ts';
import { parseRequest } from '../../../lib/validate.ts';
import { activationMail, takenAddressNotice } from './mails.ts';
import { ACTIVATION_TTL_MS, createActivationTokens, type ActivationTokens } from './tokens.ts';

export const ACTIVATION_RESEND_ACCEPTED: ActivationResendResponse = {
  status: 'accepted',
  message: 'If this address is registered and not yet confirmed, a new link is on its way. It works for 24 hours.',
};

/** At most one "someone tried to register" notice per address per hour (no mail bombing). */
export const TAKEN_NOTICE_INTERVAL_MS = 60 * 60 * 1000;

export interface ActivationRateLimits {
  /** Activation attempts per IP per minute. */
  activate: number;
  /** Resend requests per IP per minute. */
  resend: number;
}
export const DEFAULT_ACTIVATION_RATE_LIMITS: ActivationRateLimits = { activate: 20, resend: 5 };

declare module 'fastify' {
  interface FastifyInstance {
    /** E-mail activation links (issue, consume). */
    activationTokens: ActivationTokens;
  }
}

export async function registerActivation(app: FastifyInstance, rateLimits: Partial<ActivationRateLimits> = {}): Promise<void> {
  const limits = { ...DEFAULT_ACTIVATION_RATE_LIMITS, ...rateLimits };
  const tokens = createActivationTokens(app.db, app.clock);
  app.decorate('activationTokens', tokens);
  const activateLimit = app.rateLimit({ max: app.scaleRateLimit(limits.activate), timeWindow: 60_000 });
  const resendLimit = app.rateLimit({ max: app.scaleRateLimit(limits.resend), timeWindow: 60_000 });

  app.post(USER_CONFIG_API.activate, { onRequest: activateLimit }, async (request, reply): Promise<ActivateResponse> => {
    reply.header('cache-control', 'no-store');
    const { token } = parseRequest(ActivateRequestSchema, request.body, 'body');
    const check = await tokens.consume(token);
    if (check.kind === 'invalid') throw new AppError(400, UserConfigErrorCode.activationInvalid, 'This activation link is not valid; ask for a new one');
    if (check.kind === 'expired') throw new AppError(410, UserConfigErrorCode.activationExpired, 'This activation link has expired; ask for a new one');
    if (check.kind === 'used') throw new AppError(410, UserConfigErrorCode.activationUsed, 'This activation link was used already; log in');
    request.log.info({ userId: check.userId }, 'e-mail activated');
    if (request.userId === check.userId) return { status: 'activated', login: null };
    const login = await app.auth.completeLogin(request, reply, { userId: check.userId, remember: false, method: 'registration' });
    return { status: 'activated', login };
  });

  app.post(USER_CONFIG_API.activateResend, { onRequest: resendLimit }, async (request, reply) => {
    const { email } = parseRequest(ActivationResendRequestSchema, request.body, 'body');
    const user = await app.db
      .selectFrom('users')
      .select(['id', 'language'])
      .where('email', '=', email)
      .where('email_verified_at', 'is', null)
      .executeTakeFirst();
    const token = user ? await tokens.issue(user.id, email) : null;
    if (user && token) {
      const link = await activationLink(app, request, user.language, token);
      app.notifications.sendInBackground(activationMail({ to: email, link, language: user.language, hours: ACTIVATION_TTL_MS / 3_600_000, returning: false }));
    }
    return reply.code(202).header('cache-control', 'no-store').send(ACTIVATION_RESEND_ACCEPTED);
  });
}

/**
 * What a full registration sends (called by the registration route after its insert):
 * the activation link to a new player, or to the holder of a taken address a fresh link
 * (never confirmed) or the "someone tried" notice (confirmed; at most one an hour).
 */
export async function mailAfterRegistration(
  app: FastifyInstance,
  request: FastifyRequest,
  registration: { newUserId: string | null; email: string; language: string },
): Promise<void> {
  const { newUserId, email } = registration;
  const hours = ACTIVATION_TTL_MS / 3_600_000;
  if (newUserId) {
    const token = await app.activationTokens.issue(newUserId, email);
    if (token) {
      const link = await activationLink(app, request, registration.language, token);
      app.notifications.sendInBackground(activationMail({ to: email, link, language: registration.language, hours, returning: false }));
    }
    return;
  }
  const holder = await app.db.selectFrom('users').select(['id', 'language', 'email_verified_at']).where('email', '=', email).executeTakeFirst();
  if (!holder) return;
  if (holder.email_verified_at === null) {
    const token = await app.activationTokens.issue(holder.id, email);
    if (token) {
      const link = await activationLink(app, request, holder.language, token);
      app.notifications.sendInBackground(activationMail({ to: email, link, language: holder.language, hours, returning: true }));
    }
    return;
  }
  const now = app.clock.now();
  const due = await app.db
    .updateTable('users')
    .set({ registration_notice_at: new Date(now) })
    .where('id', '=', holder.id)
    .where((eb) => eb.or([eb('registration_notice_at', 'is', null), eb('registration_notice_at', '<=', new Date(now - TAKEN_NOTICE_INTERVAL_MS))]))
    .returning('id')
    .executeTakeFirst();
  if (!due) return;
  const origin = await linkOrigin(app, request);
  const lng = await linkLanguage(app, holder.language);
  app.notifications.sendInBackground(
    takenAddressNotice({
      to: email,
      language: holder.language,
      loginLink: `${origin}${buildPath('login', {}, lng)}`,
      resetLink: `${origin}${buildPath('home', {}, lng)}?modal=forgot-password`,
    }),
  );
}

/**
 * The site's origin for links in mails: PUBLIC_ORIGIN; in production without it the site
 * config's `seo.siteOrigin`, never the request's Host header (a forged Host would send the
 * link, and its token, elsewhere); elsewhere (development, tests) the request's own origin.
 */
async function linkOrigin(app: FastifyInstance, request: FastifyRequest): Promise<string> {
  if (app.env.PUBLIC_ORIGIN) return app.env.PUBLIC_ORIGIN.replace(/\/$/, '');
  if (app.env.NODE_ENV === 'production') return (await app.siteConfig.get()).seo.siteOrigin.replace(/\/$/, '');
  return `${request.protocol}://${request.host}`;
}

/** The player's language when the site offers it, else the site's default. */
async function linkLanguage(app: FastifyInstance, language: string): Promise<string> {
  const site = await app.siteConfig.get();
  return site.languages.some((l) => l.code === language) ? language : site.defaultLanguage;
}

/** The token rides in the fragment: it never reaches server logs or a Referer header. */
async function activationLink(app: FastifyInstance, request: FastifyRequest, language: string, token: string): Promise<string> {
  return `${await linkOrigin(app, request)}${buildPath('user-activate', {}, await linkLanguage(app, language))}#token=${token}`;
}
