/**
 * The limit service module (issue 12, decision 0019): the SPEC §7 limit-service-api calls,
 * the reality check, the operator's view, and what the payments and coupon modules ask where
 * money moves (`depositLimitCheck`, `betGate`/`checkBet`).
 */
import type { FastifyInstance } from 'fastify';
import type { DepositLimitCheck } from '../payments/limits.ts';
import { limitOpsRoutes, limitRoutes } from './routes.ts';
import { createLimitsService, type LimitsService } from './service.ts';

export async function registerLimits(app: FastifyInstance): Promise<LimitsService> {
  const service = createLimitsService({
    db: app.db,
    clock: app.clock,
    logger: app.log.child({ module: 'limits' }),
    siteConfig: () => app.siteConfig.get(),
    // SPEC §4: the session limit and the reality check's log out end every session of the player.
    endSessions: async (userId) => {
      await app.sessions.revokeAllExcept(userId, null, 'logout');
    },
  });
  await app.register(limitRoutes, { service });
  if (app.env.OPS_TOKEN) await app.register(limitOpsRoutes, { service, token: app.env.OPS_TOKEN });
  return service;
}

/** The payments module's deposit check, run inside the deposit's transaction (payments/service.ts). */
export function depositLimitCheck(service: LimitsService): DepositLimitCheck {
  return {
    check: async ({ db, userId, currency, amount }) => {
      if (!db) throw new Error('the deposit limit check runs inside the deposit transaction');
      await service.checkDeposit(db, userId, currency, amount);
      return { allowed: true };
    },
  };
}

export type { LimitsService } from './service.ts';
