/**
 * Registration and login (SPEC §2, §4, §7): `/web-api/registration/v1/{fast,full}` and
 * `/web-api/auth/v1/{login,disconnect,user-id,session-check}`, plus `GET /web-api/session`.
 *
 * No answer says whether an e-mail is registered:
 * - login answers the same 401 `invalid_credentials` for an unknown login and a wrong
 *   password, after the same work (one argon2 verification, against a dummy hash when
 *   there is no such player), and counts failures per login key either way;
 * - full registration answers the same 202 body for a new and a taken e-mail, after the
 *   same work (the password is hashed before the insert). Because e-mail delivery does not
 *   exist yet, a NEW player is logged in at once (a session cookie is set) and a taken
 *   e-mail gets no session. The body cannot tell them apart, but the presence of the
 *   `Set-Cookie` header can, to whoever submitted the form: an accepted gap until e-mail
 *   confirmation lands (then nobody is logged in by registering, and the owner of a taken
 *   address gets a "someone tried to register" mail). The per-IP rate limit bounds probing.
 *
 * Rate limits per IP (in memory on each node for now; with several nodes they should move
 * to Redis, `REDIS_URL`, through @fastify/rate-limit's `redis` option).
 */
import { randomInt } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import {
  AuthErrorCode,
  CAPTCHA_HEADER,
  FastRegistrationRequestSchema,
  FullRegistrationRequestSchema,
  LoginRequestSchema,
  SESSION_COOKIE,
  type DisconnectResponse,
  type FastRegistrationResponse,
  type FullRegistrationResponse,
  type LoginResponse,
  type SessionCheckResponse,
  type SessionResponse,
  type UserIdResponse,
} from '@betsite/contracts';
import { checkPassword, classifyLogin, loginThrottle } from '@betsite/domain';
import { AppError } from '../../lib/errors.ts';
import { parseRequest } from '../../lib/validate.ts';
import { openRegistrationAccounts } from '../accounts/index.ts';
import type { CaptchaVerifier } from './captcha.ts';
import type { PasswordHasher } from './passwords.ts';
import type { AuthRepository } from './repository.ts';
import { SESSION_TTL_REMEMBER_MS, type NewSession, type SessionService } from './sessions.ts';

export interface AuthRateLimits {
  /** Login attempts per IP per minute. */
  login: number;
  /** Registrations per IP per minute. */
  registration: number;
}

export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = { login: 10, registration: 5 };

export interface AuthRoutesOptions {
  sessions: SessionService;
  repository: AuthRepository;
  hasher: PasswordHasher;
  captcha: CaptchaVerifier;
  rateLimits: AuthRateLimits;
}

const FULL_REGISTRATION_ACCEPTED: FullRegistrationResponse = {
  status: 'accepted',
  message: 'Registration accepted. If you already have an account with this e-mail, log in or reset your password.',
};

// No 0/O, 1/l/I: a one-click password is read off the screen and typed.
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const GENERATED_PASSWORD_LENGTH = 12;

export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (app, { sessions, repository, hasher, captcha, rateLimits }) => {
  await app.register(rateLimit, { global: false });
  // One budget per IP shared by the routes of a family (full and fast registration count together).
  const loginLimit = app.rateLimit({ max: rateLimits.login, timeWindow: 60_000 });
  const registrationLimit = app.rateLimit({ max: rateLimits.registration, timeWindow: 60_000 });

  const startSession = async (request: FastifyRequest, reply: FastifyReply, userId: string, remember: boolean): Promise<NewSession> => {
    const session = await sessions.create(userId, { remember, userAgent: request.headers['user-agent'], ip: request.ip });
    reply.setCookie(SESSION_COOKIE, session.token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      path: '/',
      // "save": a persistent cookie for the session's life; otherwise a browser-session cookie.
      ...(remember ? { maxAge: SESSION_TTL_REMEMBER_MS / 1000 } : {}),
    });
    return session;
  };

  app.post('/web-api/registration/v1/full', { onRequest: registrationLimit }, async (request, reply) => {
    const body = parseRequest(FullRegistrationRequestSchema, request.body, 'body');
    // Hash first: a taken e-mail costs the same time as a new one.
    const passwordHash = await hasher.hash(body.password);
    const user = await repository.insertUser(
      { email: body.email, passwordHash, registrationType: 'full_reg', country: body.country, currency: body.currency, language: body.language },
      new Date(app.clock.now()),
    );
    // Right after the insert (the repository owns its statement), idempotently: main + bonus accounts.
    if (user) await openRegistrationAccounts(app, user.id, body.currency);
    if (user) await startSession(request, reply, user.id, false);
    return reply.code(202).header('cache-control', 'no-store').send(FULL_REGISTRATION_ACCEPTED);
  });

  app.post('/web-api/registration/v1/fast', { onRequest: registrationLimit }, async (request, reply) => {
    const body = parseRequest(FastRegistrationRequestSchema, request.body, 'body');
    const password = generatePassword();
    const user = await repository.insertUser(
      { email: null, passwordHash: await hasher.hash(password), registrationType: 'fast_reg', country: body.country, currency: body.currency, language: body.language },
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

  app.post('/web-api/auth/v1/login', { onRequest: loginLimit }, async (request, reply): Promise<LoginResponse> => {
    reply.header('cache-control', 'no-store');
    const body = parseRequest(LoginRequestSchema, request.body, 'body');
    const login = classifyLogin(body.uLogin);
    const now = app.clock.now();

    const { failures, lastFailureAt } = await repository.failures(login.key);
    const throttle = loginThrottle(failures, lastFailureAt, now);
    if (throttle.captchaRequired) {
      const answer = headerValue(request.headers[CAPTCHA_HEADER]);
      if (!answer) throw new AppError(400, AuthErrorCode.captchaRequired, 'captcha required');
      if (!(await captcha.verify(answer, { ip: request.ip, loginKey: login.key }))) {
        throw new AppError(400, AuthErrorCode.captchaInvalid, 'captcha not accepted');
      }
    }
    if (throttle.retryAfterMs > 0) {
      reply.header('retry-after', String(Math.ceil(throttle.retryAfterMs / 1000)));
      throw new AppError(429, AuthErrorCode.loginBackoff, 'Too many failed attempts; try again later', { retryAfterMs: throttle.retryAfterMs });
    }

    const user = await repository.findForLogin(login);
    const ok = user ? await hasher.verify(user.passwordHash, body.uPassword) : (await hasher.burn(body.uPassword), false);
    if (!user || !ok) {
      await repository.recordFailure(login.key, new Date(now));
      throw new AppError(401, AuthErrorCode.invalidCredentials, 'Wrong login or password');
    }

    await repository.clearFailures(login.key);
    if (hasher.needsRehash(user.passwordHash)) await repository.updatePasswordHash(user.id, await hasher.hash(body.uPassword));
    const session = await startSession(request, reply, user.id, body.save);
    return { token: session.token, userId: user.id, expiresAt: session.expiresAt.toISOString() };
  });

  app.post('/web-api/auth/v1/disconnect', async (request, reply): Promise<DisconnectResponse> => {
    if (request.authSession) await sessions.revoke(request.authSession.tokenHash);
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

function headerValue(value: string | string[] | undefined): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return first?.trim() || undefined;
}

/** 12 characters of a 57-letter alphabet (about 70 bits), never one the password rules refuse. */
export function generatePassword(): string {
  for (;;) {
    let password = '';
    for (let i = 0; i < GENERATED_PASSWORD_LENGTH; i++) password += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
    if (checkPassword(password) === null) return password;
  }
}
