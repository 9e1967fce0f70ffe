/**
 * Registration and login (SPEC §2, §4, §7): `/web-api/registration/v1/{fast,full}` and
 * `/web-api/auth/v1/{login,disconnect,user-id,session-check}`, plus `GET /web-api/session`.
 *
 * No answer says whether an e-mail is registered:
 * - login answers the same 401 `invalid_credentials` for an unknown login and a wrong
 *   password, after the same work (one argon2 verification, against a dummy hash when
 *   there is no such player), and counts failures per login key either way;
 * - full registration answers the same 202 body for a new and a taken e-mail, after the
 *   same work (the password is hashed before the insert), and logs nobody in: a new
 *   address gets an activation link, a taken one a "someone tried to register with your
 *   e-mail" notice (or a fresh link when its account never confirmed the address), both
 *   sent in the background (activation/index.ts). So neither the body, the cookies nor the
 *   timing tells whether the address is registered; the per-IP rate limit bounds probing.
 *
 * Rate limits per IP (in memory on each node for now; with several nodes they should move
 * to Redis, `REDIS_URL`, through @fastify/rate-limit's `redis` option).
 */
import { randomInt } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import {
  AuthErrorCode,
  FastRegistrationRequestSchema,
  FullRegistrationRequestSchema,
  LoginRequestSchema,
  SESSION_COOKIE,
  type DisconnectResponse,
  type FastRegistrationResponse,
  type FullRegistrationResponse,
  type LoginOutcome,
  type SessionCheckResponse,
  type SessionResponse,
  type UserIdResponse,
} from '@betsite/contracts';
import { checkPassword, classifyLogin } from '@betsite/domain';
import { AppError } from '../../lib/errors.ts';
import { parseRequest } from '../../lib/validate.ts';
import { openRegistrationAccounts } from '../accounts/index.ts';
import { mailAfterRegistration } from './activation/index.ts';
import type { AuthKit } from './login-kit.ts';
import { refuseClosedRegistration } from './registration-open.ts';

export interface AuthRateLimits {
  /** Login attempts per IP per minute. */
  login: number;
  /** Registrations per IP per minute. */
  registration: number;
}

export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = { login: 10, registration: 5 };

export interface AuthRoutesOptions {
  kit: AuthKit;
  rateLimits: AuthRateLimits;
}

const FULL_REGISTRATION_ACCEPTED: FullRegistrationResponse = {
  status: 'accepted',
  message: 'Registration accepted. Check your e-mail: the link we sent confirms the address and logs you in. If you already have an account with this e-mail, log in or reset your password.',
};

// No 0/O, 1/l/I: a one-click password is read off the screen and typed.
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const GENERATED_PASSWORD_LENGTH = 12;

export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (app, { kit, rateLimits }) => {
  const { sessions, repository, hasher } = kit;
  // One budget per IP shared by the routes of a family (full and fast registration count together).
  const loginLimit = app.rateLimit({ max: app.scaleRateLimit(rateLimits.login), timeWindow: 60_000 });
  const registrationLimit = app.rateLimit({ max: app.scaleRateLimit(rateLimits.registration), timeWindow: 60_000 });
  const startSession = kit.startSession;

  app.post('/web-api/registration/v1/full', { onRequest: [refuseClosedRegistration, registrationLimit] }, async (request, reply) => {
    const body = parseRequest(FullRegistrationRequestSchema, request.body, 'body');
    // Hash first: a taken e-mail costs the same time as a new one.
    const passwordHash = await hasher.hash(body.password);
    const user = await repository.insertUser(
      {
        email: body.email,
        passwordHash,
        registrationType: 'full_reg',
        country: body.country,
        currency: body.currency,
        language: body.language,
        bonusChoice: body.bonusChoice,
        referral: body.referral,
        activationType: 1,
      },
      new Date(app.clock.now()),
    );
    // Right after the insert (the repository owns its statement), idempotently: main + bonus accounts.
    if (user) await openRegistrationAccounts(app, user.id, body.currency);
    // No session: the activation link logs the player in once the address is proven.
    await mailAfterRegistration(app, request, { newUserId: user?.id ?? null, email: body.email, language: body.language });
    return reply.code(202).header('cache-control', 'no-store').send(FULL_REGISTRATION_ACCEPTED);
  });

  app.post('/web-api/registration/v1/fast', { onRequest: [refuseClosedRegistration, registrationLimit] }, async (request, reply) => {
    const body = parseRequest(FastRegistrationRequestSchema, request.body, 'body');
    const password = generatePassword();
    const user = await repository.insertUser(
      {
        email: null,
        passwordHash: await hasher.hash(password),
        registrationType: 'fast_reg',
        country: body.country,
        currency: body.currency,
        language: body.language,
        bonusChoice: body.bonusChoice,
        referral: body.referral,
      },
      new Date(app.clock.now()),
    );
    if (!user) throw new Error('fast registration inserted no user');
    await openRegistrationAccounts(app, user.id, body.currency);
    const session = await startSession(request, reply, user.id, false);
    const answer: FastRegistrationResponse = {
      login: String(user.accountNumber),
      password,
      token: session.token,
      userId: user.id,
      expiresAt: session.expiresAt.toISOString(),
    };
    return reply.code(201).header('cache-control', 'no-store').send(answer);
  });

  app.post('/web-api/auth/v1/login', { onRequest: loginLimit }, async (request, reply): Promise<LoginOutcome> => {
    reply.header('cache-control', 'no-store');
    const body = parseRequest(LoginRequestSchema, request.body, 'body');
    const login = classifyLogin(body.uLogin);
    // Counted as a failure from here: only a right password clears it.
    await kit.countAttempt(request, reply, login.key);

    const user = await repository.findForLogin(login);
    const ok = user ? await hasher.verify(user.passwordHash, body.uPassword) : (await hasher.burn(body.uPassword), false);
    if (!user || !ok) throw new AppError(401, AuthErrorCode.invalidCredentials, 'Wrong login or password');
    await kit.recordOutcome(login.key, true);

    if (hasher.needsRehash(user.passwordHash)) await repository.updatePasswordHash(user.id, await hasher.hash(body.uPassword));
    return kit.completeLogin(request, reply, { userId: user.id, remember: body.save, method: 'password' });
  });

  app.post('/web-api/auth/v1/disconnect', async (request, reply): Promise<DisconnectResponse> => {
    if (request.authSession) await sessions.revoke(request.authSession.tokenHash, 'logout');
    reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' });
    reply.header('cache-control', 'no-store');
    return { success: true };
  });

  app.get('/web-api/auth/v1/user-id', async (request, reply): Promise<UserIdResponse> => {
    reply.header('cache-control', 'no-store');
    if (!request.userId) throw new AppError(401, AuthErrorCode.unauthorized, 'Not logged in');
    return { userId: request.userId };
  });

  // Polled every 60 s by the site (SPEC §4): a visitor is an answer (null), not an error,
  // so it does not trigger the client's 401 token-refresh path (SPEC §8).
  app.get('/web-api/auth/v1/session-check', async (request, reply): Promise<SessionCheckResponse> => {
    reply.header('cache-control', 'no-store');
    return { user_id: request.userId, expiresAt: request.authSession?.expiresAt.toISOString() ?? null };
  });

  app.get('/web-api/session', async (request, reply): Promise<SessionResponse> => {
    reply.header('cache-control', 'no-store, no-cache, must-revalidate').header('pragma', 'no-cache');
    return { authenticated: request.userId !== null };
  });
};

/** 12 characters of a 57-letter alphabet (about 70 bits), never one the password rules refuse. */
export function generatePassword(): string {
  for (;;) {
    let password = '';
    for (let i = 0; i < GENERATED_PASSWORD_LENGTH; i++) password += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
    if (checkPassword(password) === null) return password;
  }
}
