/**
 * Who is calling: reads the session token from the `X-Auth` header (SPEC §7; what API
 * clients send) or else the `user_token` cookie (what the browser sends on page loads),
 * and sets `request.userId` and `request.authSession` when it names a live session.
 * A missing, unknown, expired or revoked token leaves the request anonymous; endpoints
 * that need a user answer 401 themselves.
 *
 * CSRF: a cookie is sent by the browser on cross-site requests too, so an unsafe request
 * (POST, PUT, PATCH, DELETE) that is authenticated BY THE COOKIE must carry
 * `X-Requested-With` (SPEC §7: the site sends it; a cross-site form cannot set it and a
 * cross-site fetch that sets it needs a CORS preflight we never grant), and when the
 * browser says where it comes from (`Origin`, `Sec-Fetch-Site`), that must be us.
 * Otherwise 403 `csrf`. A request authenticated by the `X-Auth` header needs none of
 * this: no browser attaches that header on its own. SameSite=Lax on the cookie is a
 * second layer.
 */
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { AuthErrorCode, SESSION_COOKIE } from '@betsite/contracts';
import { AppError } from '../../lib/errors.ts';
import { borrowedSession } from './lent-sessions.ts';
import type { ActiveSession, SessionService } from './sessions.ts';

export interface AuthSession extends ActiveSession {
  /** How the token came: the `X-Auth` header or the `user_token` cookie. */
  via: 'header' | 'cookie';
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface AuthPluginOptions {
  sessions: SessionService;
  /** The site's public origin (PUBLIC_ORIGIN); by default the request's own scheme and host. */
  publicOrigin?: string | undefined;
  /** Whether a request is the player's activity (auto logoff); default every request is. */
  countsAsActivity?: (request: FastifyRequest) => boolean;
}

export const authPlugin = fp<AuthPluginOptions>(
  async (app, { sessions, publicOrigin, countsAsActivity }) => {
    app.decorateRequest('authSession', null);
    app.addHook('onRequest', async (request) => {
      const borrowed = borrowedSession(request.headers);
      if (borrowed) {
        request.authSession = borrowed;
        request.userId = borrowed.userId;
        return;
      }
      const found = tokenOf(request);
      if (!found) return;
      const session = await sessions.resolve(found.token, { touch: countsAsActivity?.(request) ?? true });
      if (!session) return;
      if (found.via === 'cookie' && UNSAFE_METHODS.has(request.method)) checkCsrf(request, publicOrigin);
      request.authSession = { ...session, via: found.via };
      request.userId = session.userId;
    });
  },
  { name: 'auth', dependencies: ['request-context', '@fastify/cookie'] },
);

function tokenOf(request: FastifyRequest): { token: string; via: 'header' | 'cookie' } | null {
  const header = request.headers['x-auth'];
  const fromHeader = (Array.isArray(header) ? header[0] : header)?.trim();
  if (fromHeader) return { token: fromHeader, via: 'header' };
  const fromCookie = request.cookies[SESSION_COOKIE];
  return fromCookie ? { token: fromCookie, via: 'cookie' } : null;
}

function checkCsrf(request: FastifyRequest, publicOrigin: string | undefined): void {
  const refuse = (why: string) => new AppError(403, AuthErrorCode.csrf, `Cross-site request refused: ${why}`);
  if (!request.headers['x-requested-with']) throw refuse('missing X-Requested-With');
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== (publicOrigin ?? `${request.protocol}://${request.host}`)) throw refuse('foreign Origin');
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') throw refuse(`Sec-Fetch-Site ${String(site)}`);
}
