/**
 * QR login routes (SPEC §2 auth_qr):
 * - `POST /web-api/auth/v1/qr` (visitors): a new request with its QR code;
 * - `GET /web-api/auth/v1/qr/{id}` + `x-qr-secret`: the status, the login token once approved;
 * - `POST /web-api/office/v1/auth-qr/{lookup,approve,reject}` `{ code }` (players only, 401
 *   otherwise; cookie calls carry the CSRF proofs the auth plugin checks).
 * Per-IP budgets bound guessing codes (40 bits, 2 minutes) and polling.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  AuthErrorCode,
  QR_LOGIN_API,
  QR_POLL_SECRET_HEADER,
  QrCodeRequestSchema,
  QrCreateRequestSchema,
  QrLoginErrorCode,
  UuidParamsSchema,
  type QrCreateResponse,
  type QrDecisionResponse,
  type QrDetailsResponse,
  type QrPollResponse,
} from '@betsite/contracts';
import { buildPath, routeByName } from '@betsite/domain';
import { AppError } from '../../../lib/errors.ts';
import { parseParamsOr, parseRequest } from '../../../lib/validate.ts';
import type { QrLoginService } from './service.ts';

export interface QrRateLimits {
  /** New requests per IP per minute. */
  create: number;
  /** Polls per IP per minute (one every 2 s is 30). */
  poll: number;
  /** Look-ups and decisions per IP per minute. */
  decide: number;
}

export const DEFAULT_QR_RATE_LIMITS: QrRateLimits = { create: 10, poll: 120, decide: 20 };

/** The office auth_qr page, from the route table (its name once the section is listed). */
const APPROVE_ROUTE = 'office-auth-qr';

export function qrApprovePath(lng: string): string {
  return routeByName(APPROVE_ROUTE) ? buildPath(APPROVE_ROUTE, {}, lng) : `/${lng}/office/auth-qr`;
}

const siteOrigin = (request: FastifyRequest, publicOrigin: string | undefined) => publicOrigin ?? `${request.protocol}://${request.host}`;

export const qrLoginRoutes: FastifyPluginAsync<{ service: QrLoginService; rateLimits: QrRateLimits }> = async (app, { service, rateLimits }) => {
  const budget = (max: number) => app.rateLimit({ max: app.scaleRateLimit(max), timeWindow: 60_000 });
  const player = (request: FastifyRequest): string => {
    if (!request.userId) throw new AppError(401, AuthErrorCode.unauthorized, 'Log in on this device to approve a QR login');
    return request.userId;
  };
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(QR_LOGIN_API.create, { onRequest: budget(rateLimits.create) }, async (request, reply): Promise<QrCreateResponse> => {
    if (request.userId) throw new AppError(409, QrLoginErrorCode.alreadyLoggedIn, 'This browser is already logged in');
    const body = parseRequest(QrCreateRequestSchema, request.body ?? {}, 'body');
    const language = body.language ?? (app.hasDecorator('siteConfig') ? (await app.siteConfig.get()).defaultLanguage : 'en');
    const origin = siteOrigin(request, app.env.PUBLIC_ORIGIN);
    const created = await service.create(
      { ip: request.ip, userAgent: request.headers['user-agent'] ?? null, language },
      (code) => `${origin}${qrApprovePath(language)}?code=${code}`,
    );
    return reply.code(201).send(created);
  });

  const noSuchRequest = () => new AppError(404, QrLoginErrorCode.notFound, 'No such QR login request');
  app.get('/web-api/auth/v1/qr/:id', { onRequest: budget(rateLimits.poll) }, async (request): Promise<QrPollResponse> => {
    const { id } = parseParamsOr(UuidParamsSchema, request.params, noSuchRequest);
    const header = request.headers[QR_POLL_SECRET_HEADER];
    const secret = (Array.isArray(header) ? header[0] : header) ?? '';
    const answer = await service.poll(id, secret);
    if (!answer) throw noSuchRequest();
    return answer;
  });

  app.post(QR_LOGIN_API.lookup, { onRequest: budget(rateLimits.decide) }, async (request): Promise<QrDetailsResponse> => {
    player(request);
    const { code } = parseRequest(QrCodeRequestSchema, request.body, 'body');
    return service.lookup(code);
  });

  for (const [url, decision] of [
    [QR_LOGIN_API.approve, 'approved'],
    [QR_LOGIN_API.reject, 'rejected'],
  ] as const) {
    app.post(url, { onRequest: budget(rateLimits.decide) }, async (request): Promise<QrDecisionResponse> => {
      const userId = player(request);
      const { code } = parseRequest(QrCodeRequestSchema, request.body, 'body');
      await service.decide(code, userId, decision);
      request.log.info({ userId, decision }, 'qr login decided');
      return { status: decision };
    });
  }
};
