/**
 * The session token (SPEC §7, §8):
 *
 * - `GET /web-api/user/gettoken?force_refresh=true` rotates the session token: a new
 *   token for the same session (same player, expiry, "save" flag, re-auth time) replaces
 *   the old one, which is dead from then on; the cookie is reset. Without `force_refresh`
 *   it answers the current token. 401 without a live session. The browser client calls it
 *   on a 401 and retries once. A GET that changes state, so a cookie-authenticated call
 *   must show `X-Requested-With` like a write (a cross-site link cannot rotate a token).
 * - `POST /web-api/auth/v1/auto-logoff`: the browser's idle timer ran out; the session
 *   ends with reason `inactive`, the cookie goes and the notice flag is set.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AuthErrorCode,
  GetTokenQuerySchema,
  SESSION_COOKIE,
  UserConfigErrorCode,
  USER_CONFIG_API,
  type AutoLogoffResponse,
  type GetTokenResponse,
} from '@betsite/contracts';
import { LOGOUT_REASON_INACTIVE } from '@betsite/domain';
import { AppError } from '../../../lib/errors.ts';
import { parseRequest } from '../../../lib/validate.ts';
import { hashToken } from '../sessions.ts';
import { clearSessionCookie, endReasonOf, setLogoutReason } from './idle.ts';

export function registerSessionTokens(app: FastifyInstance): void {
  app.get(USER_CONFIG_API.getToken, async (request, reply): Promise<GetTokenResponse> => {
    reply.header('cache-control', 'no-store');
    const query = parseRequest(GetTokenQuerySchema, request.query, 'query');
    const session = request.authSession;
    if (!session) throw new AppError(401, UserConfigErrorCode.unauthorized, 'Not logged in');
    if (session.via === 'cookie' && !request.headers['x-requested-with']) {
      throw new AppError(403, AuthErrorCode.csrf, 'Cross-site request refused: missing X-Requested-With');
    }
    if (query.force_refresh !== 'true' && query.force_refresh !== '1') {
      return { token: currentToken(request), expiresAt: session.expiresAt.toISOString() };
    }
    const token = await rotate(app, session.tokenHash);
    if (!token) throw new AppError(401, UserConfigErrorCode.unauthorized, 'The session has ended');
    if (session.via === 'cookie') {
      reply.setCookie(SESSION_COOKIE, token, {
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        path: '/',
        // As at login (login-kit): persistent for a "save" session, for the time it has left.
        ...(session.remember ? { maxAge: Math.max(1, Math.floor((session.expiresAt.getTime() - app.clock.now()) / 1000)) } : {}),
      });
    }
    request.log.info({ userId: session.userId }, 'session token rotated');
    return { token, expiresAt: session.expiresAt.toISOString() };
  });

  app.post(USER_CONFIG_API.autoLogoff, async (request, reply): Promise<AutoLogoffResponse> => {
    reply.header('cache-control', 'no-store');
    const session = request.authSession;
    const ended = session ? await endForInactivity(app, session.tokenHash) : await deadSessionReason(app, request);
    clearSessionCookie(request, reply);
    if (ended) setLogoutReason(request, reply, LOGOUT_REASON_INACTIVE);
    if (session) request.log.info({ userId: session.userId }, 'auto logoff');
    return { success: true };
  });
}

function currentToken(request: FastifyRequest): string {
  const header = request.headers['x-auth'];
  const fromHeader = (Array.isArray(header) ? header[0] : header)?.trim();
  return request.authSession?.via === 'header' && fromHeader ? fromHeader : (request.cookies[SESSION_COOKIE] ?? '');
}

/** The new token, or null when the session ended meanwhile (a concurrent rotation or logout). */
async function rotate(app: FastifyInstance, oldHash: string): Promise<string | null> {
  const token = randomBytes(16).toString('base64url');
  const now = new Date(app.clock.now());
  return app.db.transaction().execute(async (trx) => {
    // Revoke first, conditionally: of two concurrent rotations only one gets the row.
    const old = await trx
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('token_hash', '=', oldHash)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['user_id', 'expires_at', 'remember', 'user_agent', 'ip', 'reauth_at', 'created_at'])
      .executeTakeFirst();
    if (!old) return null;
    await trx
      .insertInto('sessions')
      .values({
        token_hash: hashToken(token),
        user_id: old.user_id,
        created_at: old.created_at,
        last_seen_at: now,
        expires_at: old.expires_at,
        remember: old.remember,
        user_agent: old.user_agent,
        ip: old.ip,
        reauth_at: old.reauth_at,
      })
      .execute();
    return token;
  });
}

async function endForInactivity(app: FastifyInstance, tokenHash: string): Promise<boolean> {
  await app.db
    .updateTable('sessions')
    .set({ revoked_at: new Date(app.clock.now()), end_reason: LOGOUT_REASON_INACTIVE })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
  return true;
}

/** The browser's timer and the server's limit can meet: a session already ended idle still gets the notice. */
async function deadSessionReason(app: FastifyInstance, request: FastifyRequest): Promise<boolean> {
  const token = request.cookies[SESSION_COOKIE];
  return token ? (await endReasonOf(app, token)) === LOGOUT_REASON_INACTIVE : false;
}

