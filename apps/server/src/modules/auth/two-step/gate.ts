/**
 * The second-factor gate of the login kit: a first login step (password, phone and
 * password, SMS code, social) of a player with two-step on ends with a ticket instead of
 * a session. Token and QR logins skip it: the device that approved them is logged in
 * already and passed the second factor itself. Registration skips it (a new player has no
 * second factor), and so does the second step itself.
 *
 * The ticket also goes out as an httpOnly, SameSite=Strict cookie limited to
 * `/web-api/auth`, so the page never needs to hold it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TWO_STEP_TICKET_COOKIE, TWO_STEP_TICKET_TTL_MS } from '@betsite/contracts';
import type { LoginMethod, SecondFactorGate } from '../login-kit.ts';
import type { TwoStepService } from './service.ts';

export const GATED_LOGIN_METHODS: ReadonlySet<LoginMethod> = new Set<LoginMethod>(['password', 'phone_password', 'sms', 'social']);
export const TICKET_COOKIE_PATH = '/web-api/auth';

export function createSecondFactorGate(service: TwoStepService): SecondFactorGate {
  return {
    async challenge(request, reply, login) {
      if (!GATED_LOGIN_METHODS.has(login.method)) return null;
      if (!(await service.isEnabled(login.userId))) return null;
      const pending = await service.issueTicket(login.userId, login.remember);
      reply.setCookie(TWO_STEP_TICKET_COOKIE, pending.ticket, { ...ticketCookie(request), maxAge: TWO_STEP_TICKET_TTL_MS / 1000 });
      request.log.info({ userId: login.userId, method: login.method }, 'login waits for the second step');
      return pending;
    },
  };
}

export function ticketCookie(request: FastifyRequest) {
  return { httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https', path: TICKET_COOKIE_PATH } as const;
}

export function clearTicketCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(TWO_STEP_TICKET_COOKIE, ticketCookie(request));
}
