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
import { couponReconciliationRoutes } from './reconciliation.ts';
import { createResettlement, RESETTLE_JOB } from './resettle.ts';
import { couponOpsRoutes, couponReviewRoutes } from './review-routes.ts';
import { createVipReview, VIP_SWEEP_JOB, VIP_TIMEOUT_JOB, vipSettingsOf } from './vip.ts';
import { ACCEPT_COUPON_JOB, createCouponService, type CouponLimits, type CouponService } from './service.ts';


export const COUPON_JOBS = { accept: ACCEPT_COUPON_JOB, sweep: 'coupons.sweep' } as const;
const SWEEP_EVERY_MS = 5_000;
const SWEEP_LEASE_MS = 15_000;

/** The betting settings (live delay, limits, vip review) are the site config's `betting`, read as they change. */
export async function registerCoupon(app: FastifyInstance, { limits }: { limits?: CouponLimits } = {}): Promise<CouponService> {
  const vip = createVipReview({ db: app.db, ledger: app.ledger, logger: app.log.child({ module: 'coupon-vip' }), settings: async () => vipSettingsOf((await app.siteConfig.get()).betting), schedule: (kind, input) => app.jobs.schedule(kind, input) });
  const service = createCouponService({
    db: app.db,
    clock: app.clock,
    logger: app.log.child({ module: 'coupon' }),
    ledger: app.ledger,
    siteConfig: () => app.siteConfig.get(),
    schedule: (kind, input) => app.jobs.schedule(kind, input),
    onReview: (row) => vip.scheduleTimeout(row),
    ...(limits ? { limits } : {}),
  });
  app.jobs.register(COUPON_JOBS.accept, async (payload, { now }) => {
    if (typeof payload.couponId === 'string') await service.accept(payload.couponId, now);
  });
  // A short lease: a node killed while it held a run blocks the next one only this long (a run
  // takes at most its 4 s budget; two at once are safe, batches skip each other's rows).
  app.jobs.every(
    COUPON_JOBS.sweep,
    SWEEP_EVERY_MS,
    async (_payload, { now, logger }) => {
      const done = await service.sweep(now);
      if (done.accepted + done.settled > 0) logger.info(done, 'coupons accepted and settled');
    },
    { leaseMs: SWEEP_LEASE_MS },
  );
  // On start, before the first scheduled run: whatever a crash of this (or any) node left.
  app.addHook('onListen', async () => {
    service.sweep(new Date(app.clock.now())).catch((err: unknown) => app.log.error({ err }, 'coupon sweep on start failed'));
  });
  // Vip review: a time-out job per coupon at its deadline, and a sweep for lost ones (vip.ts).
  app.jobs.register(VIP_TIMEOUT_JOB, async (payload, { now }) => {
    if (typeof payload.couponId === 'string') await vip.timeout(payload.couponId, now);
  });
  app.jobs.every(VIP_SWEEP_JOB, 30_000, async (_payload, { now, logger }) => {
    const refused = await vip.sweep(now);
    if (refused > 0) logger.info({ refused }, 'vip coupons past their deadline refused');
  });
  // Resettlement of a corrected result (resettle.ts): long for a big game, so a long lease.
  const resettlement = createResettlement({ db: app.db, ledger: app.ledger, clock: app.clock, logger: app.log.child({ module: 'coupon-resettle' }), writer: app.line.writer, jobs: app.jobs });
  app.jobs.register(
    RESETTLE_JOB,
    async (payload) => {
      if (typeof payload.gameId === 'number') await resettlement.run(payload.gameId, typeof payload.reason === 'string' ? payload.reason : 'corrected result');
    },
    { leaseMs: 15 * 60_000 },
  );
  await app.register(couponRoutes, { service });
  await app.register(couponReviewRoutes, { service, vip });
  if (app.env.OPS_TOKEN) await app.register(couponOpsRoutes, { token: app.env.OPS_TOKEN, service, vip, resettlement });
  if (app.env.OPS_TOKEN) await app.register(couponReconciliationRoutes, { token: app.env.OPS_TOKEN });
  await app.register(couponActionRoutes, { service, limits });
  return service;
}

export type { CouponService } from './service.ts';
