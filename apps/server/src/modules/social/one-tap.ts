/**
 * One-tap sign-in (SPEC §5, §7): the provider's prompt in our page hands the browser an ID
 * token (`credential`), which the page posts here as multipart form data with the visitor's
 * language, currency and country; the answer `{ redirectUrl }` is where the browser goes.
 *
 * - `GET /social-api/oauth/{provider}-one-tap/clientId` → `{ clientId, nonce }`; the nonce also
 *   goes into an httpOnly cookie.
 * - `POST /social-api/oauth/{provider}-one-tap`: the credential is verified with jose against
 *   the provider's keys: signature, issuer, audience = our client id, expiry (app clock),
 *   and — when it carries one — the nonce of this browser's cookie. Each credential works
 *   once (kept until it expires). Any failure is the same 401 `one_tap_invalid`.
 *
 * Visitors only (409 for a logged-in browser). The post must carry X-Requested-With: a
 * cross-site form could otherwise post an attacker's credential and log the visitor into
 * the attacker's account (login CSRF).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { jwtVerify, type JWTPayload } from 'jose';
import {
  AuthErrorCode,
  OneTapErrorCode,
  OneTapFormSchema,
  SOCIAL_API,
  type OneTapClientIdResponse,
  type OneTapResponse,
} from '@betsite/contracts';
import { AppError, notFound } from '../../lib/errors.ts';
import { parseRequest } from '../../lib/validate.ts';
import type { ProviderRegistry, SocialProvider } from './providers.ts';
import { referralFromCookies } from './referral.ts';
import type { SocialRepository } from './repository.ts';
import { FLOW_COOKIE_PATH } from './routes.ts';
import type { SocialSignIn } from './sign-in.ts';

export const ONE_TAP_NONCE_COOKIE = 'one_tap_nonce';
const NONCE_TTL_S = 600;
const ALGORITHMS = ['RS256', 'ES256', 'EdDSA', 'PS256'];

export interface OneTapOptions {
  registry: ProviderRegistry;
  repository: SocialRepository;
  signIn: SocialSignIn;
  /** Posts per IP per minute. */
  perMinute: number;
}

const invalid = () => new AppError(401, OneTapErrorCode.credentialInvalid, 'The sign-in credential was not accepted');

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The fields of a multipart post (another body: as parsed). A body the parser cannot read —
 * no boundary, cut short, malformed part headers — is a 400, never a 500; limits stay 413.
 */
async function formFields(request: FastifyRequest): Promise<unknown> {
  if (!request.isMultipart()) return request.body;
  const fields: Record<string, unknown> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') fields[part.fieldname] = part.value;
      else throw new AppError(400, 'invalid_request', 'Invalid request body: no files here');
    }
  } catch (error) {
    if (error instanceof AppError || (error as { statusCode?: number }).statusCode !== undefined) throw error;
    throw new AppError(400, 'invalid_request', `Invalid request body: ${error instanceof Error ? error.message : 'malformed multipart'}`);
  }
  return fields;
}

export const oneTapRoutes: FastifyPluginAsync<OneTapOptions> = async (app, { registry, repository, signIn, perMinute }) => {
  // Here only: the rest of the API takes JSON. Read by `formFields` in the handler, so a broken body is the handler's 400.
  await app.register(multipart, { limits: { files: 0, fields: 10, fieldSize: 16 * 1024, parts: 10 } });
  const limit = app.rateLimit({ max: app.scaleRateLimit(perMinute), timeWindow: 60_000 });

  async function verify(provider: SocialProvider, issuer: string, credential: string, request: FastifyRequest): Promise<JWTPayload & { sub: string; exp: number }> {
    let payload: JWTPayload;
    try {
      const keys = await registry.keys(provider, issuer);
      // Some providers write their issuer without the scheme (Google: accounts.google.com).
      const issuers = provider.sandbox ? [issuer] : [issuer, new URL(issuer).host];
      ({ payload } = await jwtVerify(credential, keys, {
        issuer: issuers,
        audience: provider.clientId,
        algorithms: ALGORITHMS,
        requiredClaims: ['sub', 'exp', 'iat'],
        currentDate: new Date(app.clock.now()),
        clockTolerance: 30,
      }));
    } catch (error) {
      request.log.info({ provider: provider.id, reason: error instanceof Error ? error.message : 'unknown' }, 'one-tap credential refused');
      throw invalid();
    }
    if (typeof payload.sub !== 'string' || payload.sub === '' || payload.sub.length > 255 || typeof payload.exp !== 'number') throw invalid();
    // jose checks exp and nbf; a token "issued" in the future is refused here.
    if (typeof payload.iat !== 'number' || payload.iat > app.clock.now() / 1000 + 30) throw invalid();
    if (payload.nonce !== undefined) {
      const expected = request.cookies[ONE_TAP_NONCE_COOKIE];
      if (typeof payload.nonce !== 'string' || !expected || !sameText(payload.nonce, expected)) throw invalid();
    }
    return payload as JWTPayload & { sub: string; exp: number };
  }

  for (const provider of registry.list().filter((p) => p.oneTap)) {
    app.get(SOCIAL_API.oneTapClientId(provider.id), async (request, reply): Promise<OneTapClientIdResponse> => {
      reply.header('cache-control', 'no-store');
      const nonce = randomBytes(24).toString('base64url');
      reply.setCookie(ONE_TAP_NONCE_COOKIE, nonce, { httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https', path: FLOW_COOKIE_PATH, maxAge: NONCE_TTL_S });
      return { clientId: provider.clientId, nonce };
    });

    app.post(SOCIAL_API.oneTap(provider.id), { onRequest: limit }, async (request, reply): Promise<OneTapResponse> => {
      reply.header('cache-control', 'no-store');
      if (!request.headers['x-requested-with']) throw new AppError(403, AuthErrorCode.csrf, 'Cross-site request refused: missing X-Requested-With');
      if (request.userId) throw new AppError(409, OneTapErrorCode.alreadyLoggedIn, 'Already logged in');
      const form = parseRequest(OneTapFormSchema, await formFields(request), 'body');
      const issuer = provider.issuer(request);
      if (!issuer) throw invalid();
      const claims = await verify(provider, issuer, form.credential, request);
      if (!(await repository.spendCredential(form.credential, new Date(claims.exp * 1000)))) throw invalid();
      reply.clearCookie(ONE_TAP_NONCE_COOKIE, { path: FLOW_COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' });

      const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : null;
      const redirectUrl = await signIn.finish(
        request,
        reply,
        {
          provider: provider.id,
          subject: claims.sub,
          email,
          verifiedEmail: email && claims.email_verified === true ? email : null,
          name: typeof claims.name === 'string' ? claims.name.slice(0, 100) : null,
        },
        {
          language: form.language,
          currency: form.currency ?? null,
          country: form.countryId ?? null,
          bonusChoice: form.bonusChoice ?? null,
          referral: referralFromCookies(request.cookies),
          returnTo: form.returnTo ?? null,
        },
      );
      return { redirectUrl };
    });
  }

  // Any other provider: not switched on for one-tap (and a 404 rather than the parser's 415).
  app.post('/social-api/oauth/:name', async () => {
    throw notFound('No such one-tap provider');
  });
  app.get('/social-api/oauth/:name/clientId', async () => {
    throw notFound('No such one-tap provider');
  });
};
