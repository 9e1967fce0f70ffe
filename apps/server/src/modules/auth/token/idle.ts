/**
 * Auto logoff on the server (SPEC §4, §9): a session whose last activity (`last_seen_at`)
 * is older than the site's idle limit no longer resolves and ends with reason `inactive`
 * (sessions.ts). What counts as activity is decided here: every request but the
 * background logged-in poll (`GET /web-api/auth/v1/session-check`), unless the poll says
 * the player did something since the previous one (`?active=1`). So an open tab that only
 * polls goes idle like a closed one, and a player reading a page without clicking links
 * stays logged in as long as the page sees input.
 *
 * The next page (or poll) of a browser whose session ended that way gets a short-lived
 * `logout_reason=inactive` cookie the page reads to show the inactivity notice, and the
 * dead session cookie is removed (SPEC §4 "auth at start: otherwise remove the cookies").
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LOGOUT_REASON_COOKIE, SESSION_COOKIE, DEFAULT_SESSION_SETTINGS } from '@betsite/contracts';
import { idleLimitMs, LOGOUT_REASON_INACTIVE, SESSION_POLL_INTERVAL_MS } from '@betsite/domain';
import type { SessionEndReason } from '@betsite/db';
import { hashToken, isWellFormedToken, LAST_SEEN_RESOLUTION_MS } from '../sessions.ts';

export const SESSION_CHECK_PATH = '/web-api/auth/v1/session-check';
const SESSION_PATH = '/web-api/session';

/**
 * Slack on top of the idle limit: `last_seen_at` is written at most once a minute and the
 * browser reports input with its next 60 s poll, so the server's view of the last activity
 * lags the browser's by up to two minutes. The browser's own timer logs off on time.
 */
export const SERVER_IDLE_GRACE_MS = LAST_SEEN_RESOLUTION_MS + SESSION_POLL_INTERVAL_MS;

/** How long the "why you were logged out" flag lives: enough for the reload that reads it. */
export const LOGOUT_REASON_MAX_AGE_S = 10 * 60;

/** Whether the request is the player's activity (the auth plugin then records it). */
export function countsAsActivity(request: FastifyRequest): boolean {
  const [path, query = ''] = request.url.split('?', 2) as [string, string?];
  if (path !== SESSION_CHECK_PATH) return true;
  return new URLSearchParams(query).get('active') === '1';
}

/** The server's idle limit now (site config `session.idleMinutes` plus the grace); null: off. */
export async function serverIdleLimitMs(app: FastifyInstance): Promise<number | null> {
  let minutes = DEFAULT_SESSION_SETTINGS.idleMinutes;
  try {
    if (app.hasDecorator('siteConfig')) minutes = (await app.siteConfig.get()).session.idleMinutes;
  } catch (error) {
    // A missing or broken site config must not log everybody out: keep the default.
    app.log.warn({ err: error }, 'idle limit: site config unavailable, using the default');
  }
  const limit = idleLimitMs(minutes);
  return limit === null ? null : limit + SERVER_IDLE_GRACE_MS;
}

/** Why the session of a token ended (`inactive` also for one the idle limit ended), or null. */
export async function endReasonOf(app: FastifyInstance, token: string): Promise<SessionEndReason | null> {
  if (!isWellFormedToken(token)) return null;
  const row = await app.db.selectFrom('sessions').select(['end_reason']).where('token_hash', '=', hashToken(token)).executeTakeFirst();
  return row?.end_reason ?? null;
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' });
}

export function setLogoutReason(request: FastifyRequest, reply: FastifyReply, reason: typeof LOGOUT_REASON_INACTIVE): void {
  // Readable by the page (not httpOnly): it only says why, nothing secret.
  reply.setCookie(LOGOUT_REASON_COOKIE, reason, { path: '/', sameSite: 'lax', secure: request.protocol === 'https', maxAge: LOGOUT_REASON_MAX_AGE_S });
}

/** A page load or a session question: where a browser learns that its session is gone. */
function asksAboutSession(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?', 1)[0];
  if (path === SESSION_CHECK_PATH || path === SESSION_PATH) return true;
  return request.headers['sec-fetch-dest'] === 'document' || (request.headers.accept ?? '').includes('text/html');
}

/**
 * After the auth plugin: a browser that still sends the cookie of a session that no longer
 * resolves gets the cookie removed and, when it ended for inactivity, the notice flag.
 * Only on page loads and session questions, never on a write that might race a new login.
 */
export function registerEndedSessionNotice(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.authSession) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token || !asksAboutSession(request)) return;
    const reason = await endReasonOf(app, token);
    clearSessionCookie(request, reply);
    if (reason === LOGOUT_REASON_INACTIVE) setLogoutReason(request, reply, LOGOUT_REASON_INACTIVE);
  });
}
