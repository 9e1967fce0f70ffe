/**
 * The coupon module (issue 11): the bet slip's quote, placement, live acceptance, settlement
 * and my bets. Settlement and acceptance run as durable jobs: a pending live coupon has a
 * job at its acceptance time, and a sweep every few seconds accepts what a lost job left and
 * pays every accepted coupon whose selections have all settled (the feed or an operator
 * finished their games), so a restart half-way loses nothing.
 */
import type { FastifyInstance } from 'fastify';
import { couponActionRoutes } from './actions-routes.ts';
import { couponRoutes } from './routes.ts';
import { ACCEPT_COUPON_JOB, createCouponService, type CouponService } from './service.ts';

export interface CouponOptions {
  /** Live acceptance delay (default 3 s; 0 accepts live coupons at once). */
  liveDelayMs?: number;
}

export const COUPON_JOBS = { accept: ACCEPT_COUPON_JOB, sweep: 'coupons.sweep' } as const;
const SWEEP_EVERY_MS = 5_000;

export async function registerCoupon(app: FastifyInstance, options: CouponOptions = {}): Promise<CouponService> {
  const service = createCouponService({
    db: app.db,
    clock: app.clock,
    logger: app.log.child({ module: 'coupon' }),
    ledger: app.ledger,
    siteConfig: () => app.siteConfig.get(),
    ...(options.liveDelayMs === undefined ? {} : { liveDelayMs: options.liveDelayMs }),
    schedule: (kind, input) => app.jobs.schedule(kind, input),
  });
  app.jobs.register(COUPON_JOBS.accept, async (payload, { now }) => {
    if (typeof payload.couponId === 'string') await service.accept(payload.couponId, now);
  });
  app.jobs.every(COUPON_JOBS.sweep, SWEEP_EVERY_MS, async (_payload, { now, logger }) => {
    const done = await service.sweep(now);
    if (done.accepted + done.settled > 0) logger.info(done, 'coupons accepted and settled');
  });
  await app.register(couponRoutes, { service });
  await app.register(couponActionRoutes, { service });
  return service;
}

export { LIVE_ACCEPT_DELAY_MS, type CouponService } from './service.ts';
