/**
 * HTTP of payment requests.
 *
 * Player (session required, 401 otherwise; cookie requests need the CSRF proofs), below
 * /web-api/office/v1/payment; answers with topic names take `?lang=` (default English):
 *   GET  /topics                           topics and sub-topics
 *   GET  /topics/:topicId/transactions     the player's payments this topic is about
 *   GET  /requests?limit=&before=          the player's requests, newest first
 *   POST /requests                         {topicId, subTopicId?, transactionId?, message} + Idempotency-Key → 201
 *   GET  /requests/:id                     one of the player's requests, with its messages
 *   POST /requests/:id/messages            {message} + Idempotency-Key → 201 (reopens an answered request)
 *   POST /requests/:id/close               closes it (idempotent)
 * Another player's request or payment, an unknown one and a malformed id all answer 404.
 *
 * Operator (bearer OPS_TOKEN), below /ops-api/v1/payment-requests:
 *   GET  ?status=&limit=                   the queue (default: open, oldest first)
 *   GET  /:id                              a request with messages and its payment
 *   POST /:id/answer                       {message, close?} (optional Idempotency-Key)
 *   POST /:id/close
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  CreatePaymentRequestSchema,
  IDEMPOTENCY_HEADER,
  OpsPaymentRequestAnswerSchema,
  OpsPaymentRequestQuerySchema,
  PaymentRequestListQuerySchema,
  PaymentRequestReplySchema,
  PaymentTopicParamsSchema,
  PaymentTopicsQuerySchema,
  UuidParamsSchema,
  type OpsPaymentRequest,
  type OpsPaymentRequestList,
  type PaymentRequestDetail,
  type PaymentRequestList,
  type PaymentTopicList,
  type PaymentTopicTransactions,
} from '@betsite/contracts';
import { notFound } from '../../lib/errors.ts';
import { parseParamsOr, parseRequest } from '../../lib/validate.ts';
import { requireOpsToken } from '../ops/auth.ts';
import { idempotencyKey, requireUser } from '../payments/routes.ts';
import type { PaymentRequestsService } from './service.ts';

const BASE = '/web-api/office/v1/payment';

const languageOf = (request: FastifyRequest) => parseRequest(PaymentTopicsQuerySchema, request.query, 'query').lang ?? 'en';

/** A request id from the path; anything that is not one is an unknown request (404). */
const requestIdOf = (request: FastifyRequest) => parseParamsOr(UuidParamsSchema, request.params, () => notFound('No such request')).id;

/** A topic id from the path; anything that is not one is an unknown topic (404). */
function topicIdOf(params: unknown): number {
  const parsed = PaymentTopicParamsSchema.safeParse(params);
  if (!parsed.success) throw notFound('No such topic');
  return parsed.data.topicId;
}

export const paymentRequestRoutes: FastifyPluginAsync<{ service: PaymentRequestsService }> = async (app, { service }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(`${BASE}/topics`, async (request): Promise<PaymentTopicList> => {
    requireUser(request);
    return { topics: await service.topics(languageOf(request)) };
  });

  app.get(`${BASE}/topics/:topicId/transactions`, async (request): Promise<PaymentTopicTransactions> => {
    const userId = requireUser(request);
    return { transactions: await service.transactions(userId, topicIdOf(request.params)) };
  });

  app.get(`${BASE}/requests`, async (request): Promise<PaymentRequestList> => {
    const userId = requireUser(request);
    const { limit, before, lang } = parseRequest(PaymentRequestListQuerySchema, request.query, 'query');
    return service.list(userId, { limit, before, language: lang ?? 'en' });
  });

  app.post(`${BASE}/requests`, async (request, reply): Promise<PaymentRequestDetail> => {
    const userId = requireUser(request);
    const key = idempotencyKey(request);
    const body = parseRequest(CreatePaymentRequestSchema, request.body, 'body');
    const created = await service.create({ userId, idempotencyKey: key, ...body, language: languageOf(request) });
    reply.code(201);
    return created;
  });

  app.get(`${BASE}/requests/:id`, async (request): Promise<PaymentRequestDetail> => {
    const userId = requireUser(request);
    return service.get(userId, requestIdOf(request), languageOf(request));
  });

  app.post(`${BASE}/requests/:id/messages`, async (request, reply): Promise<PaymentRequestDetail> => {
    const userId = requireUser(request);
    const id = requestIdOf(request);
    const key = idempotencyKey(request);
    const { message } = parseRequest(PaymentRequestReplySchema, request.body, 'body');
    const updated = await service.reply(userId, id, key, message, languageOf(request));
    reply.code(201);
    return updated;
  });

  app.post(`${BASE}/requests/:id/close`, async (request): Promise<PaymentRequestDetail> => {
    const userId = requireUser(request);
    return service.close(userId, requestIdOf(request), languageOf(request));
  });
};

/** The operator's side; registered only with OPS_TOKEN, guarded like every ops route. */
export const paymentRequestOpsRoutes: FastifyPluginAsync<{ service: PaymentRequestsService; token: string }> = async (app, { service, token }) => {
  app.addHook('onRequest', requireOpsToken(token));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/ops-api/v1/payment-requests', async (request): Promise<OpsPaymentRequestList> => {
    const { status, limit } = parseRequest(OpsPaymentRequestQuerySchema, request.query, 'query');
    return { requests: await service.queue(status, limit) };
  });

  app.get('/ops-api/v1/payment-requests/:id', async (request): Promise<OpsPaymentRequest> => service.opsGet(requestIdOf(request)));

  app.post('/ops-api/v1/payment-requests/:id/answer', async (request): Promise<OpsPaymentRequest> => {
    const id = requestIdOf(request);
    const { message, close } = parseRequest(OpsPaymentRequestAnswerSchema, request.body, 'body');
    // Optional here: an operator tool that retries sends one.
    const key = request.headers[IDEMPOTENCY_HEADER] === undefined ? null : idempotencyKey(request);
    return service.answer(id, message, close, key);
  });

  app.post('/ops-api/v1/payment-requests/:id/close', async (request): Promise<OpsPaymentRequest> => service.opsClose(requestIdOf(request)));
};
