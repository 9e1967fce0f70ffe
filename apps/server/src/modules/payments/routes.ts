/**
 * HTTP of the payments module.
 *
 * Player (session required, 401 otherwise; cookie requests need the CSRF proofs):
 *   POST /web-api/payments/v1/deposits      {accountId, amount, method, language?} + Idempotency-Key
 *   POST /web-api/payments/v1/withdrawals   same; the money is held at once, awaiting the operator
 *   GET  /web-api/payments/v1/history       ?limit=&before=  newest first, with the payment accounts
 *   GET  /web-api/payments/v1/payments/:id  one of the player's payments (the onpay pages)
 * There is deliberately no way for a player to cancel a requested withdrawal.
 *
 * Provider: POST /web-api/payments/v1/callbacks/:provider  signed raw body (401 if it does not verify);
 * not routed when there is no provider (then deposits and withdrawals answer 503).
 * Operator (bearer OPS_TOKEN): GET /ops-api/v1/withdrawals?status=, POST …/:id/approve, POST …/:id/reject;
 * GET /ops-api/v1/payments/reconciliation (decision 0013), POST /ops-api/v1/payments/recover (finish interrupted payments now).
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  IDEMPOTENCY_HEADER,
  OpsWithdrawalQuerySchema,
  PaymentErrorCode,
  PaymentHistoryQuerySchema,
  PaymentRequestSchema,
  SANDBOX_SIGNATURE_HEADER,
  UuidParamsSchema,
  type OpsWithdrawal,
  type OpsWithdrawalList,
  type Payment,
  type PaymentReconciliation,
  type PaymentRecovery,
  type PaymentCreated,
  type PaymentHistory,
} from '@betsite/contracts';
import { AppError, notFound } from '../../lib/errors.ts';
import { parseParamsOr, parseRequest } from '../../lib/validate.ts';
import { requireOpsToken } from '../ops/auth.ts';
import { rightsOf } from '../user-config/index.ts';
import type { PaymentsService } from './service.ts';

export function requireUser(request: FastifyRequest): string {
  if (!request.userId) throw new AppError(401, 'unauthorized', 'Log in to continue');
  return request.userId;
}

export function idempotencyKey(request: FastifyRequest): string {
  const value = request.headers[IDEMPOTENCY_HEADER];
  const key = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!key || key.length > 100 || !/^[\x21-\x7e]+$/.test(key)) {
    throw new AppError(400, PaymentErrorCode.idempotencyKeyRequired, 'An Idempotency-Key header (1 to 100 visible ASCII characters) is required');
  }
  return key;
}

export const paymentRoutes: FastifyPluginAsync<{ service: PaymentsService; callbacks: boolean }> = async (app, { service, callbacks: withCallbacks }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const create = (direction: 'deposit' | 'withdrawal') => async (request: FastifyRequest) => {
    const userId = requireUser(request);
    if (!service.available) throw new AppError(503, PaymentErrorCode.paymentsUnavailable, 'Payments are unavailable at the moment');
    const key = idempotencyKey(request);
    const body = parseRequest(PaymentRequestSchema, request.body, 'body');
    // The server decides who may move money (SPEC §6: bans; unconfirmed e-mail, decision 0012).
    const rights = await rightsOf(app, userId);
    if (!rights || !(direction === 'deposit' ? rights.canDeposit : rights.canWithdraw)) {
      throw new AppError(403, PaymentErrorCode.notAllowed, direction === 'deposit' ? 'Deposits are not available for this account now' : 'Withdrawals are not available for this account now');
    }
    const input = { userId, idempotencyKey: key, ...body };
    return direction === 'deposit' ? service.createDeposit(input) : service.createWithdrawal(input);
  };
  app.post('/web-api/payments/v1/deposits', async (request, reply): Promise<PaymentCreated> => {
    const created = await create('deposit')(request);
    reply.code(201);
    return created;
  });
  app.post('/web-api/payments/v1/withdrawals', async (request, reply): Promise<PaymentCreated> => {
    const created = await create('withdrawal')(request);
    reply.code(201);
    return created;
  });

  app.get('/web-api/payments/v1/history', async (request): Promise<PaymentHistory> => {
    const userId = requireUser(request);
    return service.history(userId, parseRequest(PaymentHistoryQuerySchema, request.query, 'query'));
  });

  app.get('/web-api/payments/v1/payments/:id', async (request): Promise<Payment> => {
    const userId = requireUser(request);
    return service.get(userId, parseParamsOr(UuidParamsSchema, request.params, () => notFound('No such payment')).id);
  });

  // Callbacks: the signature covers the exact bytes, so the body is kept as a string here.
  if (!withCallbacks) return;
  await app.register(async (callbacks) => {
    callbacks.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16_384 }, (_request, body, done) => done(null, body));
    callbacks.post<{ Params: { provider: string } }>('/web-api/payments/v1/callbacks/:provider', async (request): Promise<{ status: string }> => {
      const signature = request.headers[SANDBOX_SIGNATURE_HEADER];
      const payment = await service.receiveCallback(
        request.params.provider,
        Array.isArray(signature) ? signature[0] : signature,
        typeof request.body === 'string' ? request.body : '',
      );
      return { status: payment.status };
    });
  });
};

/** The operator's withdrawal queue; registered only with OPS_TOKEN, guarded like every ops route. */
export const paymentOpsRoutes: FastifyPluginAsync<{ service: PaymentsService; token: string }> = async (app, { service, token }) => {
  app.addHook('onRequest', requireOpsToken(token));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/ops-api/v1/withdrawals', async (request): Promise<OpsWithdrawalList> => {
    const { status, limit } = parseRequest(OpsWithdrawalQuerySchema, request.query, 'query');
    return { withdrawals: await service.listWithdrawals(status, limit) };
  });
  const withdrawalId = (request: FastifyRequest) => parseParamsOr(UuidParamsSchema, request.params, () => notFound('No such withdrawal')).id;
  app.post('/ops-api/v1/withdrawals/:id/approve', async (request): Promise<OpsWithdrawal> => {
    const withdrawal = await service.approveWithdrawal(withdrawalId(request));
    request.log.info({ paymentId: withdrawal.id, status: withdrawal.status }, 'operator approved a withdrawal');
    return withdrawal;
  });
  app.post('/ops-api/v1/withdrawals/:id/reject', async (request): Promise<OpsWithdrawal> => {
    const withdrawal = await service.rejectWithdrawal(withdrawalId(request));
    request.log.info({ paymentId: withdrawal.id }, 'operator rejected a withdrawal');
    return withdrawal;
  });

  app.get('/ops-api/v1/payments/reconciliation', async (): Promise<PaymentReconciliation> => service.reconcile());
  app.post('/ops-api/v1/payments/recover', async (request): Promise<PaymentRecovery> => {
    const report = await service.recover(new Date(app.clock.now()), 0);
    request.log.info({ ...report }, 'operator ran payment recovery');
    return report;
  });
};
