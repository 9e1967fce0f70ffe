/**
 * Payment requests (SPEC §2 office payment/requests …): the player's questions about
 * payment problems by topic, and the operator's queue to answer them.
 */
import type { FastifyInstance } from 'fastify';
import { createPaymentRequestsService, type PaymentRequestsService } from './service.ts';
import { paymentRequestOpsRoutes, paymentRequestRoutes } from './routes.ts';

export async function registerPaymentRequests(app: FastifyInstance): Promise<PaymentRequestsService> {
  const service = createPaymentRequestsService({ db: app.db, clock: app.clock, logger: app.log });
  await app.register(paymentRequestRoutes, { service });
  if (app.env.OPS_TOKEN) await app.register(paymentRequestOpsRoutes, { service, token: app.env.OPS_TOKEN });
  return service;
}

export { REQUESTS_PER_DAY, type PaymentRequestsService } from './service.ts';
