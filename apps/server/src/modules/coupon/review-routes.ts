/**
 * HTTP of the vip bet's review and of resettlement (contracts coupon-review.ts):
 *   POST /web-api/coupon/v1/coupons/:id/review   the player answers a counter-offer `{ accept }` (session)
 * and, with OPS_TOKEN (bearer), the operator's calls:
 *   GET  /ops-api/v1/coupons/review              the queue
 *   POST /ops-api/v1/coupons/:id/review          accept | decline | counter
 *   POST /ops-api/v1/games/:id/resettle          a corrected result; every coupon on the game resettled
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  COUPON_REVIEW_API,
  CouponReviewAnswerSchema,
  GameIdSchema,
  OpsCouponReviewSchema,
  OpsResettleSchema,
  OpsReviewQueueQuerySchema,
  UuidParamsSchema,
  type Coupon,
  type OpsResettleResult,
  type OpsReviewQueue,
} from '@betsite/contracts';
import { notFound } from '../../lib/errors.ts';
import { parseParamsOr, parseRequest } from '../../lib/validate.ts';
import { requireOpsToken } from '../ops/auth.ts';
import { requireUser } from '../payments/routes.ts';
import type { Resettlement } from './resettle.ts';
import type { CouponService } from './service.ts';
import type { VipReview } from './vip.ts';

interface ReviewRouteOptions {
  service: CouponService;
  vip: VipReview;
}

const couponIdOf = (request: FastifyRequest) => parseParamsOr(UuidParamsSchema, request.params, () => notFound('No such coupon')).id;
export const couponReviewRoutes: FastifyPluginAsync<ReviewRouteOptions> = async (app, { service, vip }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  app.post(COUPON_REVIEW_API.review, async (request): Promise<Coupon> => {
    const userId = requireUser(request);
    const id = couponIdOf(request);
    const { accept } = parseRequest(CouponReviewAnswerSchema, request.body, 'body');
    await vip.answer(userId, id, accept, new Date(app.clock.now()));
    return service.get(userId, id);
  });
};

const GameParamsSchema = z.object({ id: GameIdSchema }).strict();

export const couponOpsRoutes: FastifyPluginAsync<ReviewRouteOptions & { token: string; resettlement: Resettlement }> = async (app, { token, service, vip, resettlement }) => {
  app.addHook('onRequest', requireOpsToken(token));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(COUPON_REVIEW_API.opsQueue, async (request): Promise<OpsReviewQueue> => {
    const { limit } = parseRequest(OpsReviewQueueQuerySchema, request.query, 'query');
    const rows = await vip.queue(limit);
    return { coupons: await Promise.all(rows.map(async (row) => ({ userId: row.user_id, coupon: await service.get(row.user_id, row.id) }))) };
  });

  app.post(COUPON_REVIEW_API.opsReview, async (request): Promise<Coupon> => {
    const id = couponIdOf(request);
    const input = parseRequest(OpsCouponReviewSchema, request.body, 'body');
    const row = await vip.decide(id, input, new Date(app.clock.now()));
    request.log.info({ couponId: id, decision: input.decision, status: row.status }, 'operator decided a vip bet');
    return service.get(row.user_id, id);
  });

  app.post(COUPON_REVIEW_API.opsResettle, async (request): Promise<OpsResettleResult> => {
    const { id } = parseRequest(GameParamsSchema, request.params, 'params');
    const input = parseRequest(OpsResettleSchema, request.body, 'body');
    const changed = await resettlement.correct(id, input);
    request.log.info({ gameId: id, changed, reason: input.reason }, 'operator corrected a result');
    // At once; the job scheduled with the correction finishes it if this is cut short.
    const done = await resettlement.run(id, input.reason);
    return { gameId: id, changed, ...done };
  });
};
