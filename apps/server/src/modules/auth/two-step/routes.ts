/**
 * `POST /web-api/auth/v1/login/two-step` (SPEC §4 login_password_two_step_code, §7
 * "two-step code (code, save)"): the second login step. The ticket comes from the cookie
 * the first step set (or the body); the code is a TOTP code or a recovery code.
 *
 * - no live ticket (unknown, expired, used, burnt) → 401 `two_step_ticket_invalid`;
 * - wrong code → 400 `two_step_code_invalid`, counted on the ticket (3 tries burn it) and on
 *   the player (5 start a back-off: 429 `two_step_backoff`); both count a try before its
 *   code is checked, so concurrent tries get no more than that;
 * - right code → the session, with the "save" flag the ticket was issued with.
 */
import type { FastifyPluginAsync } from 'fastify';
import { SecurityErrorCode, TWO_STEP_LOGIN_URL, TWO_STEP_TICKET_COOKIE, TwoStepLoginRequestSchema, type LoginResponse } from '@betsite/contracts';
import { AppError } from '../../../lib/errors.ts';
import { parseRequest } from '../../../lib/validate.ts';
import type { AuthKit } from '../login-kit.ts';
import { clearTicketCookie } from './gate.ts';
import type { TwoStepService } from './service.ts';

/** Second steps per IP per minute. */
export const TWO_STEP_LOGIN_RATE_LIMIT = 10;

export const twoStepLoginRoutes: FastifyPluginAsync<{ kit: AuthKit; service: TwoStepService }> = async (app, { kit, service }) => {
  const limit = app.rateLimit({ max: app.scaleRateLimit(TWO_STEP_LOGIN_RATE_LIMIT), timeWindow: 60_000 });

  app.post(TWO_STEP_LOGIN_URL, { onRequest: limit }, async (request, reply): Promise<LoginResponse> => {
    reply.header('cache-control', 'no-store');
    const body = parseRequest(TwoStepLoginRequestSchema, request.body, 'body');
    const given = body.ticket ?? request.cookies[TWO_STEP_TICKET_COOKIE];
    const ticket = given ? await service.findTicket(given) : null;
    const expired = () => {
      clearTicketCookie(request, reply);
      return new AppError(401, SecurityErrorCode.twoStepTicketInvalid, 'This login has expired; log in again');
    };
    if (!ticket) throw expired();
    // No try left (the last ones may be under way): as good as burnt.
    if (!(await service.tryTicket(ticket.hash))) throw expired();

    if (!(await service.checkCode(ticket.userId, body.code, reply))) {
      await service.failTicket(ticket.hash);
      throw new AppError(400, SecurityErrorCode.twoStepCodeInvalid, 'Wrong or used code');
    }
    if (!(await service.spendTicket(ticket.hash))) throw expired();
    clearTicketCookie(request, reply);

    const session = await kit.startSession(request, reply, ticket.userId, ticket.remember);
    request.log.info({ userId: ticket.userId, method: 'two_step' }, 'login');
    return { token: session.token, userId: ticket.userId, expiresAt: session.expiresAt.toISOString() };
  });
};
