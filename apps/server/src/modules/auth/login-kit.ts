/**
 * What every way of logging in and registering shares (password, phone, SMS code, token,
 * QR, social, two-step): the one place a session starts, the per-login throttle with its
 * captcha, and the second-factor gate. The auth module decorates the app with it as
 * `app.auth`, so a login route in another file or module does not rebuild any of this.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthErrorCode, CAPTCHA_HEADER, SESSION_COOKIE, type LoginOutcome, type LoginResponse } from '@betsite/contracts';
import { loginThrottle } from '@betsite/domain';
import { AppError } from '../../lib/errors.ts';
import type { CaptchaVerifier } from './captcha.ts';
import type { OneTimeCodes } from './one-time-codes.ts';
import type { PasswordHasher } from './passwords.ts';
import type { AuthRepository } from './repository.ts';
import type { SmsCaps } from './sms-caps.ts';
import { SESSION_TTL_REMEMBER_MS, type NewSession, type SessionService } from './sessions.ts';

/** How the player proved who they are (logged; the second-factor gate may depend on it). */
export type LoginMethod = 'password' | 'phone_password' | 'sms' | 'token' | 'qr' | 'social' | 'registration' | 'two_step';

export interface LoginContext {
  userId: string;
  remember: boolean;
  method: LoginMethod;
}

/**
 * The two-step module plugs in here. `challenge` answers a ticket when the player must
 * still give a second factor, or null to let the login finish.
 */
export interface SecondFactorGate {
  challenge(request: FastifyRequest, reply: FastifyReply, login: LoginContext): Promise<{ ticket: string; expiresAt: Date } | null>;
}

export interface AuthKit {
  sessions: SessionService;
  repository: AuthRepository;
  hasher: PasswordHasher;
  codes: OneTimeCodes;
  captcha: CaptchaVerifier;
  /** The per-address and per-number caps every SMS a caller asks for goes through. */
  smsCaps: SmsCaps;
  /** A new session and its cookie, now (no second factor asked: for registration and the second step itself). */
  startSession(request: FastifyRequest, reply: FastifyReply, userId: string, remember: boolean): Promise<NewSession>;
  /** Ends a first login step: a session, or the two-step ticket when the gate asks for one. */
  completeLogin(request: FastifyRequest, reply: FastifyReply, login: LoginContext): Promise<LoginOutcome>;
  /**
   * Whether `loginKey` (a normalised e-mail, account, phone …) may be tried now: the captcha
   * after 3 failures and the exponential back-off (SPEC §4); throws the 400/429. Counts
   * nothing: for what is not an attempt at a secret (sending a code).
   */
  checkThrottle(request: FastifyRequest, reply: FastifyReply, loginKey: string): Promise<void>;
  /**
   * Before checking a secret for `loginKey`: the same captcha and back-off, decided and this
   * attempt counted as a failure in one step (concurrent attempts are counted one after
   * another, so 50 at once cannot all pass the check made for the first). A success then
   * clears the counter (`recordOutcome(key, true)`); a failure needs nothing more.
   */
  countAttempt(request: FastifyRequest, reply: FastifyReply, loginKey: string): Promise<void>;
  /** After checking a secret not counted by `countAttempt`: count a failure, or clear the counter. */
  recordOutcome(loginKey: string, ok: boolean): Promise<void>;
  setSecondFactorGate(gate: SecondFactorGate): void;
}

export function createAuthKit(deps: {
  sessions: SessionService;
  repository: AuthRepository;
  hasher: PasswordHasher;
  codes: OneTimeCodes;
  captcha: CaptchaVerifier;
  smsCaps: SmsCaps;
  now: () => number;
}): AuthKit {
  const { sessions, repository, captcha, now } = deps;
  let gate: SecondFactorGate | null = null;

  /** The captcha answer of the request, verified (and spent); 400 when missing or wrong. */
  const verifyCaptcha = async (request: FastifyRequest, loginKey: string): Promise<void> => {
    const header = request.headers[CAPTCHA_HEADER];
    const answer = (Array.isArray(header) ? header[0] : header)?.trim();
    if (!answer) throw new AppError(400, AuthErrorCode.captchaRequired, 'captcha required');
    if (!(await captcha.verify(answer, { ip: request.ip, loginKey }))) {
      throw new AppError(400, AuthErrorCode.captchaInvalid, 'captcha not accepted');
    }
  };

  const backoff = (reply: FastifyReply, retryAfterMs: number): AppError => {
    reply.header('retry-after', String(Math.ceil(retryAfterMs / 1000)));
    return new AppError(429, AuthErrorCode.loginBackoff, 'Too many failed attempts; try again later', { retryAfterMs });
  };

  const startSession: AuthKit['startSession'] = async (request, reply, userId, remember) => {
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

  return {
    ...deps,
    startSession,

    async completeLogin(request, reply, login) {
      const pending = gate ? await gate.challenge(request, reply, login) : null;
      if (pending) return { status: 'two_step_required', ticket: pending.ticket, expiresAt: pending.expiresAt.toISOString() };
      const session = await startSession(request, reply, login.userId, login.remember);
      request.log.info({ userId: login.userId, method: login.method }, 'login');
      const answer: LoginResponse = { token: session.token, userId: login.userId, expiresAt: session.expiresAt.toISOString() };
      return answer;
    },

    async checkThrottle(request, reply, loginKey) {
      const { failures, lastFailureAt } = await repository.failures(loginKey);
      const throttle = loginThrottle(failures, lastFailureAt, now());
      if (throttle.captchaRequired) await verifyCaptcha(request, loginKey);
      if (throttle.retryAfterMs > 0) throw backoff(reply, throttle.retryAfterMs);
    },

    async countAttempt(request, reply, loginKey) {
      // The captcha is checked (and spent) before the counter is locked: it reads the database.
      const seen = await repository.failures(loginKey);
      let solved = false;
      if (loginThrottle(seen.failures, seen.lastFailureAt, now()).captchaRequired) {
        await verifyCaptcha(request, loginKey);
        solved = true;
      }
      const at = now();
      const refusal = await repository.countAttempt(loginKey, new Date(at), ({ failures, lastFailureAt }) => {
        const throttle = loginThrottle(failures, lastFailureAt, at);
        // Attempts counted meanwhile may have brought the captcha in.
        if (throttle.captchaRequired && !solved) return new AppError(400, AuthErrorCode.captchaRequired, 'captcha required');
        if (throttle.retryAfterMs > 0) return backoff(reply, throttle.retryAfterMs);
        return null;
      });
      if (refusal) throw refusal;
    },

    async recordOutcome(loginKey, ok) {
      if (ok) await repository.clearFailures(loginKey);
      else await repository.recordFailure(loginKey, new Date(now()));
    },

    setSecondFactorGate(next) {
      if (gate) throw new Error('a second-factor gate is already set');
      gate = next;
    },
  };
}
