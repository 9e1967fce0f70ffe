/**
 * HTTP of the coupon module (contracts coupon.ts):
 *   POST /web-api/coupon/v1/quote           a draft's quote (visitors too: the slip shows it before login)
 *   POST /web-api/coupon/v1/coupons         place (session; SPEC "coupon to submit"; its `id` is the idempotency key)
 *   GET  /web-api/coupon/v1/coupons         my bets (?status=open|settled|all&limit=&before=)
 *   GET  /web-api/coupon/v1/coupons/:id     one of my coupons
 */
import type { FastifyPluginAsync } from 'fastify';
import { COUPON_API, CouponHistoryQuerySchema, CouponQuoteRequestSchema, CouponSubmitSchema, UuidParamsSchema, type Coupon, type CouponHistory, type CouponQuote } from '@betsite/contracts';
import { notFound } from '../../lib/errors.ts';
import { parseParamsOr, parseRequest } from '../../lib/validate.ts';
import { requireUser } from '../payments/routes.ts';
import type { CouponService } from './service.ts';

export const couponRoutes: FastifyPluginAsync<{ service: CouponService }> = async (app, { service }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(COUPON_API.quote, async (request): Promise<CouponQuote> => {
    return service.quote(request.userId ?? null, parseRequest(CouponQuoteRequestSchema, request.body, 'body'));
  });

  app.post(COUPON_API.coupons, async (request, reply): Promise<Coupon> => {
    const userId = requireUser(request);
    const submit = parseRequest(CouponSubmitSchema, request.body, 'body');
    // The service decides who may bet (SPEC §6: bans, an overdue e-mail confirmation): 403 bet_not_allowed.
    const { coupon, created } = await service.place(userId, submit);
    reply.code(created ? 201 : 200);
    return coupon;
  });

  app.get(COUPON_API.coupons, async (request): Promise<CouponHistory> => {
    const userId = requireUser(request);
    return service.history(userId, parseRequest(CouponHistoryQuerySchema, request.query, 'query'));
  });

  app.get(`${COUPON_API.coupons}/:id`, async (request): Promise<Coupon> => {
    const userId = requireUser(request);
    const { id } = parseParamsOr(UuidParamsSchema, request.params, () => notFound('No such coupon'));
    return service.get(userId, id);
  });
};
