/**
 * HTTP of the coupon actions (contracts coupon-actions.ts):
 *   GET|POST /web-api/coupon/v1/coupons/:id/cash-out    the offer; take it (`{ amount }`)
 *   GET|POST /web-api/coupon/v1/coupons/:id/insurance   premiums per share; insure (`{ share, premium? }`)
 *   POST     /web-api/coupon/v1/codes                   save a draft slip → `{ code }` (visitors too)
 *   GET      /web-api/coupon/v1/codes/:code             load it
 * Another player's coupon, like an unknown one, is 404.
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  CashOutRequestSchema,
  COUPON_ACTIONS_API,
  CouponCodeDraftSchema,
  CouponCodeParamsSchema,
  InsuranceRequestSchema,
  UuidParamsSchema,
  type CashOutOffer,
  type Coupon,
  type CouponCode,
  type CouponCodeDraft,
  type InsuranceQuoteResponse,
} from '@betsite/contracts';
import { notFound } from '../../lib/errors.ts';
import { parseParamsOr, parseRequest } from '../../lib/validate.ts';
import { requireUser } from '../payments/routes.ts';
import { createCashOut } from './cash-out.ts';
import { createCouponCodes } from './codes.ts';
import { createInsurance } from './insurance.ts';
import type { CouponLimits, CouponService } from './service.ts';

/** Per address and minute: saving is cheap to abuse (visitors may), loading is a guess at a code. */
export const COUPON_CODE_RATE_LIMITS = { save: 30, load: 60 } as const;

export const couponActionRoutes: FastifyPluginAsync<{ service: CouponService; limits?: CouponLimits | undefined }> = async (app, { service, limits }) => {
  const deps = { db: app.db, ledger: app.ledger, logger: app.log.child({ module: 'coupon-actions' }) };
  const cashOut = createCashOut(deps);
  const insurance = createInsurance(deps);
  const codes = createCouponCodes(app.db);
  const saveLimit = app.rateLimit({ max: app.scaleRateLimit(COUPON_CODE_RATE_LIMITS.save), timeWindow: 60_000 });
  const loadLimit = app.rateLimit({ max: app.scaleRateLimit(COUPON_CODE_RATE_LIMITS.load), timeWindow: 60_000 });
  const couponId = (params: unknown) => parseParamsOr(UuidParamsSchema, params, () => notFound('No such coupon')).id;

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(COUPON_ACTIONS_API.cashOut, async (request): Promise<CashOutOffer> => {
    const userId = requireUser(request);
    return cashOut.offer(userId, couponId(request.params));
  });

  app.post(COUPON_ACTIONS_API.cashOut, async (request): Promise<Coupon> => {
    const userId = requireUser(request);
    const id = couponId(request.params);
    const { amount } = parseRequest(CashOutRequestSchema, request.body, 'body');
    await cashOut.take(userId, id, amount);
    return service.get(userId, id);
  });

  app.get(COUPON_ACTIONS_API.insurance, async (request): Promise<InsuranceQuoteResponse> => {
    const userId = requireUser(request);
    return insurance.quote(userId, couponId(request.params));
  });

  app.post(COUPON_ACTIONS_API.insurance, async (request): Promise<Coupon> => {
    const userId = requireUser(request);
    const id = couponId(request.params);
    const { share, premium } = parseRequest(InsuranceRequestSchema, request.body, 'body');
    // A premium is a new wager: refused during a self-exclusion or after the day's session hours (issue 12). A cash-out stays open.
    if (limits) await limits.betGate(userId);
    await insurance.insure(userId, id, share, premium);
    return service.get(userId, id);
  });

  app.post(COUPON_ACTIONS_API.codes, { onRequest: saveLimit }, async (request, reply): Promise<CouponCode> => {
    const draft = parseRequest(CouponCodeDraftSchema, request.body, 'body');
    reply.code(201);
    return codes.save(draft, request.userId ?? null);
  });

  app.get(COUPON_ACTIONS_API.code, { onRequest: loadLimit }, async (request): Promise<CouponCodeDraft> => {
    const { code } = parseParamsOr(CouponCodeParamsSchema, request.params, () => notFound('No saved coupon with this code'));
    return codes.load(code);
  });
};
