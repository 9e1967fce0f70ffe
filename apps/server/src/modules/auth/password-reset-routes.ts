/**
 * `POST /web-api/auth/v1/password-reset/request` and `.../confirm` (contracts
 * `password-reset.ts`; rules in password-reset.ts). The request answers before the message
 * is delivered (sent in the background), so its timing does not tell whether a code went
 * out. Per-IP rate limits on both; a code by SMS also goes through the hourly SMS caps per
 * address and per number (`kit.smsCaps`, the same as the phone routes').
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  PASSWORD_RESET_API,
  PasswordResetConfirmRequestSchema,
  PasswordResetRequestSchema,
  type PasswordResetConfirmResponse,
  type PasswordResetRequestResponse,
} from '@betsite/contracts';
import { classifyLogin } from '@betsite/domain';
import { parseRequest } from '../../lib/validate.ts';
import type { AuthKit } from './login-kit.ts';
import type { PasswordHasher } from './passwords.ts';
import type { AuthRepository } from './repository.ts';
import type { SessionService } from './sessions.ts';
import { createPasswordResetService, parseResetLogin } from './password-reset.ts';
import type { OneTimeCodes } from './one-time-codes.ts';

export interface PasswordResetRateLimits {
  /** Code requests per IP per minute. */
  request: number;
  /** Confirmations per IP per minute. */
  confirm: number;
}

export const DEFAULT_PASSWORD_RESET_RATE_LIMITS: PasswordResetRateLimits = { request: 5, confirm: 10 };

export const PASSWORD_RESET_ACCEPTED: PasswordResetRequestResponse = {
  status: 'accepted',
  message: 'If this e-mail or phone belongs to an account, a code is on its way. It expires in 15 minutes.',
};

export interface PasswordResetRoutesOptions {
  kit: Pick<AuthKit, 'smsCaps'>;
  sessions: SessionService;
  repository: AuthRepository;
  hasher: PasswordHasher;
  codes: OneTimeCodes;
  rateLimits: PasswordResetRateLimits;
}

export const passwordResetRoutes: FastifyPluginAsync<PasswordResetRoutesOptions> = async (app, { kit, sessions, repository, hasher, codes, rateLimits }) => {
  const requestLimit = app.rateLimit({ max: app.scaleRateLimit(rateLimits.request), timeWindow: 60_000 });
  const confirmLimit = app.rateLimit({ max: app.scaleRateLimit(rateLimits.confirm), timeWindow: 60_000 });
  const service = createPasswordResetService(app.db, codes);

  app.post(PASSWORD_RESET_API.request, { onRequest: requestLimit }, async (request, reply) => {
    const body = parseRequest(PasswordResetRequestSchema, request.body, 'body');
    // A number counts whether or not it is a player's: the caps tell nothing.
    const target = parseResetLogin(body.login);
    if (target?.channel === 'sms') {
      await kit.smsCaps.check(request, reply, target.phone);
      await kit.smsCaps.take(request, reply, target.phone);
    }
    const message = await service.request(body.login);
    if (message) app.notifications.sendInBackground(message);
    return reply.code(202).header('cache-control', 'no-store').send(PASSWORD_RESET_ACCEPTED);
  });

  app.post(PASSWORD_RESET_API.confirm, { onRequest: confirmLimit }, async (request, reply): Promise<PasswordResetConfirmResponse> => {
    reply.header('cache-control', 'no-store');
    const body = parseRequest(PasswordResetConfirmRequestSchema, request.body, 'body');
    const { userId, email } = await service.consume(body.login, body.code);
    await repository.changePassword(userId, await hasher.hash(body.newPassword), new Date(app.clock.now()));
    // Everyone else out; a session of this very player making the call may stay.
    const keep = request.authSession?.userId === userId ? request.authSession.tokenHash : null;
    await sessions.revokeAllExcept(userId, keep, 'password_changed');
    if (email) await repository.clearFailures(classifyLogin(email).key);
    request.log.info({ userId }, 'password reset');
    return { success: true };
  });
};
