/**
 * Terms changes (issue 12, decision 0020; SPEC §4 terms change, §5 terms confirmation, §7
 * agreement-rules status, §8 451 → confirm terms):
 *
 * - `GET /web-api/api-v3/v2/user/agreement-rules/status` → `{ result, updatedAt, version }`
 *   for a signed-in player (401 otherwise); `result` is false while the site's confirm-terms
 *   option is off;
 * - `POST /web-api/api-v3/v2/user/agreement-rules/accept { version }` records the accepted
 *   version and the time (409 for a version other than the current one);
 * - every other write a player makes through `/web-api` while their terms changed and are
 *   not accepted answers 451 `{ code: terms_not_accepted, exception_code: 1 }`, except
 *   logging out, withdrawing (SPEC §2 keeps withdrawal open) and the reality check; reads
 *   stay open so the confirm page and the player's history still load.
 *
 * Registered before the modules whose routes it guards (its hook must see their routes).
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  TERMS_API,
  TERMS_EXCEPTION_CODE,
  TermsAcceptRequestSchema,
  TermsErrorCode,
  USER_CONFIG_API,
  type TermsAcceptResponse,
  type TermsStatusResponse,
} from '@betsite/contracts';
import { AppError } from '../../lib/errors.ts';
import { parseRequest } from '../../lib/validate.ts';
import { loadMustConfirmTerms } from '../user-config/index.ts';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Writes a player may make with unconfirmed terms: confirm them, log out, withdraw, answer the reality check. */
export const TERMS_EXEMPT_PATHS: ReadonlySet<string> = new Set([
  TERMS_API.accept,
  '/web-api/auth/v1/disconnect',
  USER_CONFIG_API.autoLogoff,
  // SPEC §2 keeps withdrawal open to a player with changed terms (the confirm guard exempts office deduce).
  '/web-api/payments/v1/withdrawals',
  '/web-api/api/web/user/v1/reality-check',
]);

function pathOf(request: FastifyRequest): string {
  const at = request.url.indexOf('?');
  return at === -1 ? request.url : request.url.slice(0, at);
}

async function refuseUnconfirmed(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  if (request.userId === null || request.userId === undefined || !UNSAFE_METHODS.has(request.method)) return undefined;
  const path = pathOf(request);
  if (!path.startsWith('/web-api/') || TERMS_EXEMPT_PATHS.has(path)) return undefined;
  const site = await app.siteConfig.get();
  // The option off costs no query.
  if (!site.flags.confirmTermsEnabled) return undefined;
  if (!(await loadMustConfirmTerms(app.db, request.userId, site))) return undefined;
  return reply
    .code(451)
    .header('cache-control', 'no-store')
    .send({
      code: TermsErrorCode.notAccepted,
      message: 'The terms have changed: confirm them to continue',
      exception_code: TERMS_EXCEPTION_CODE,
    });
}

export const termsPlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      const refused = await refuseUnconfirmed(app, request, reply);
      if (refused) return refused;
    });

    const signedIn = (request: FastifyRequest): string => {
      if (!request.userId) throw new AppError(401, TermsErrorCode.unauthorized, 'Not logged in');
      return request.userId;
    };

    app.get(TERMS_API.status, async (request, reply): Promise<TermsStatusResponse> => {
      reply.header('cache-control', 'no-store');
      const userId = signedIn(request);
      const site = await app.siteConfig.get();
      return { result: await loadMustConfirmTerms(app.db, userId, site), updatedAt: site.terms.updatedAt, version: site.terms.version };
    });

    app.post(TERMS_API.accept, async (request, reply): Promise<TermsAcceptResponse> => {
      reply.header('cache-control', 'no-store');
      const userId = signedIn(request);
      const { version } = parseRequest(TermsAcceptRequestSchema, request.body, 'body');
      const site = await app.siteConfig.get();
      if (version !== site.terms.version) {
        throw new AppError(409, TermsErrorCode.versionMismatch, `The current terms are version ${site.terms.version}: read them again and confirm`);
      }
      const acceptedAt = new Date(app.clock.now());
      // Never lowers what was accepted (an old tab confirming late changes nothing).
      const row = await app.db
        .updateTable('users')
        .set({ terms_accepted_version: version, terms_accepted_at: acceptedAt })
        .where('id', '=', userId)
        .where('terms_accepted_version', '<', version)
        .returning('terms_accepted_at')
        .executeTakeFirst();
      if (row) {
        request.log.info({ userId, version }, 'terms accepted');
        return { result: true, version, acceptedAt: acceptedAt.toISOString() };
      }
      // Accepted before (another tab): the first acceptance's time stands.
      const stored = await app.db.selectFrom('users').select('terms_accepted_at').where('id', '=', userId).executeTakeFirst();
      return { result: true, version, acceptedAt: (stored?.terms_accepted_at ?? acceptedAt).toISOString() };
    });
  },
  { name: 'terms', dependencies: ['auth'] },
);

export async function registerTerms(app: FastifyInstance): Promise<void> {
  await app.register(termsPlugin);
}
