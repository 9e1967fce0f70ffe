/**
 * The end of every social sign-in (OpenID Connect callback, one-tap), once the provider's
 * identity is verified:
 *
 * - a known identity logs its player in through the login kit (method `social`); when the
 *   second factor is due, the browser goes to the login page with the two-step step open;
 * - a new identity registers a soc_reg player when the start already chose currency and
 *   country (the registration form), else waits, as a pending registration behind an
 *   httpOnly cookie, for the "complete registration" step on the social page;
 * - registration closed (SPEC §5) ends on the login page with `registration_closed`.
 *
 * Every outcome is a URL on this site for the browser to go to.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SOCIAL_API, SOCIAL_PAGE_QUERY, SOCIAL_PROVIDER_NAMES, SocialErrorCode, type SocialProviderId } from '@betsite/contracts';
import { buildPath } from '@betsite/domain';
import { openRegistrationAccounts } from '../accounts/index.ts';
import { registrationOpen } from '../auth/registration-open.ts';
import type { ProviderIdentity, SignInChoices, SocialRepository } from './repository.ts';

/** The cookie holding a pending registration's ticket. */
export const PENDING_COOKIE = 'social_registration';
export const PENDING_TTL_MS = 15 * 60 * 1000;

/** The completion step of a new identity (`registration/socialregistration`). */
export const socialPage = (lng: string) => buildPath('registration', { type: 'socialregistration' }, lng);

/** The login page with a social sign-in's outcome (it exists whatever the registration settings). */
export function loginPage(lng: string, query: Record<string, string>): string {
  return `${buildPath('login', {}, lng)}?${new URLSearchParams(query).toString()}`;
}

export const errorPage = (lng: string, code: SocialErrorCode) => loginPage(lng, { [SOCIAL_PAGE_QUERY.error]: code });

export const homeOf = (lng: string) => buildPath('home', {}, lng);

export interface SocialSignIn {
  /** Logs in or registers the identity; the URL the browser goes to next. */
  finish(request: FastifyRequest, reply: FastifyReply, identity: ProviderIdentity, choices: SignInChoices): Promise<string>;
  /** Creates the player of a new identity, opens their accounts and starts a session. */
  register(
    request: FastifyRequest,
    reply: FastifyReply,
    identity: ProviderIdentity,
    details: { currency: string; country: string; language: string; bonusChoice: number | null; referral: Readonly<Record<string, string>> },
  ): Promise<{ userId: string; token: string; expiresAt: Date } | { existing: string }>;
}

export function createSocialSignIn(app: FastifyInstance, repository: SocialRepository): SocialSignIn {
  const now = () => new Date(app.clock.now());

  const signIn: SocialSignIn = {
    async finish(request, reply, identity, choices) {
      const lng = choices.language;
      const known = await repository.touchIdentity(identity.provider, identity.subject, identity.email, now());
      if (known) return logIn(request, reply, known, choices);

      const site = await app.siteConfig.get();
      if (!registrationOpen(site)) return errorPage(lng, SocialErrorCode.registrationClosed);

      if (choices.currency && choices.country) {
        const done = await signIn.register(request, reply, identity, {
          currency: choices.currency,
          country: choices.country,
          language: lng,
          bonusChoice: choices.bonusChoice,
          referral: choices.referral,
        });
        if ('existing' in done) return logIn(request, reply, done.existing, choices);
        return choices.returnTo ?? homeOf(lng);
      }

      const ticket = randomBytes(32).toString('base64url');
      const at = now();
      await repository.savePending(ticket, identity, choices, at, new Date(at.getTime() + PENDING_TTL_MS));
      reply.setCookie(PENDING_COOKIE, ticket, {
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        path: SOCIAL_API.registration,
        maxAge: PENDING_TTL_MS / 1000,
      });
      return socialPage(lng);
    },

    async register(request, reply, identity, details) {
      // A password nobody knows, hashed like any other: the player signs in through the provider
      // (or sets a password through recovery when they have an e-mail).
      const passwordHash = await app.auth.hasher.hash(randomBytes(24).toString('base64url'));
      const result = await repository.createSocialPlayer(
        { identity, passwordHash, currency: details.currency, country: details.country, language: details.language, bonusChoice: details.bonusChoice, referral: details.referral },
        now(),
      );
      if (!result.created) return { existing: result.userId };
      await openRegistrationAccounts(app, result.userId, details.currency);
      if (result.emailTaken && identity.verifiedEmail) notifyEmailOwner(app, identity.verifiedEmail, identity.provider as SocialProviderId);
      request.log.info({ userId: result.userId, provider: identity.provider }, 'social registration');
      const session = await app.auth.startSession(request, reply, result.userId, true);
      return { userId: result.userId, token: session.token, expiresAt: session.expiresAt };
    },
  };

  async function logIn(request: FastifyRequest, reply: FastifyReply, userId: string, choices: SignInChoices): Promise<string> {
    const outcome = await app.auth.completeLogin(request, reply, { userId, remember: true, method: 'social' });
    if ('status' in outcome) return loginPage(choices.language, { [SOCIAL_PAGE_QUERY.step]: SOCIAL_PAGE_QUERY.twoStep });
    return choices.returnTo ?? homeOf(choices.language);
  }

  return signIn;
}

/**
 * The owner of a verified address that already has an account learns that a social sign-in
 * used it (the provider proved the same person holds the mailbox, so this tells nobody else
 * anything) and how to reach the existing account instead.
 */
function notifyEmailOwner(app: FastifyInstance, email: string, provider: SocialProviderId): void {
  const name = SOCIAL_PROVIDER_NAMES[provider] ?? provider;
  app.notifications.sendInBackground({
    channel: 'email',
    to: email,
    subject: `Sign-in with ${name}`,
    text:
      `Someone signed in to our site with ${name} using this e-mail address. An account with this address already exists, ` +
      `so a separate account was created without it. If this was you and you meant to use your existing account, ` +
      `log in to it with your password (or recover the password) instead. If it was not you, you can ignore this message.`,
  });
}
