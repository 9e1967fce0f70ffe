/**
 * The payments module wired from one place: the service, the provider (the built-in
 * sandbox unless one is given), the player's API, provider callbacks, the sandbox's hosted
 * page, the operator's withdrawal queue and the jobs that expire unconfirmed deposits.
 *
 * The sandbox takes no real money, so it runs only where allowed (PAYMENTS_SANDBOX; by
 * default everywhere but production). With it off and no provider given, payments answer
 * 503 and neither the sandbox page nor the callback endpoint exists.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { paymentsSandboxEnabled } from '../../config/env.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { allowAllDeposits, type DepositLimitCheck } from './limits.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider, sandboxPageRoutes } from './sandbox.ts';
import { createPaymentsService, EXPIRE_DEPOSIT_JOB, type PaymentsService } from './service.ts';
import { paymentOpsRoutes, paymentRoutes } from './routes.ts';

export interface PaymentsOptions {
  /** Default: every deposit allowed (the responsible-gaming limits service plugs in here). */
  depositLimits?: DepositLimitCheck;
  /** Default: the built-in sandbox provider (with its hosted page) when PAYMENTS_SANDBOX allows it, else none. */
  provider?: PaymentProvider;
  /** A deposit the provider has not confirmed in this time expires (default 30 min). */
  depositTtlMs?: number;
}

/** Recurring jobs of the payments module. */
export const PAYMENT_JOBS = {
  expireDeposit: EXPIRE_DEPOSIT_JOB,
  /** Behind the per-deposit jobs: deposits created before them, or whose job was not scheduled. */
  expireStale: 'payments.expire-stale-deposits',
  /** Finishes payments a crash interrupted (decision 0013). */
  recover: 'payments.recover',
} as const;
const RECOVER_EVERY_MS = 60_000;
const SWEEP_EVERY_MS = 5 * 60_000;

/** With PAYMENTS_SIGNING_SECRET unset: one random key for this process (one node only). */
const PROCESS_SECRET = randomBytes(32).toString('hex');

export async function registerPayments(app: FastifyInstance, options: PaymentsOptions = {}): Promise<PaymentsService> {
  const sandbox = paymentsSandboxEnabled(app.env) ? createSandboxProvider(app.env.PAYMENTS_SIGNING_SECRET ?? PROCESS_SECRET) : null;
  const provider = options.provider ?? sandbox;
  if (!provider) app.log.warn('no payment provider: the sandbox is off (PAYMENTS_SANDBOX) and none is configured; payments are unavailable');
  const jobs = app.hasDecorator('jobs') ? app.jobs : null;
  const service = createPaymentsService({
    db: app.db,
    clock: app.clock,
    logger: app.log,
    provider,
    depositLimits: options.depositLimits ?? allowAllDeposits,
    ...(options.depositTtlMs === undefined ? {} : { depositTtlMs: options.depositTtlMs }),
    ...(jobs ? { schedule: (kind: string, input: { at: Date; payload: { paymentId: string } }) => jobs.schedule(kind, input) } : {}),
    // Post through the shared ledger when the accounts module provides one (balance.changed events).
    ...(app.hasDecorator('ledger') ? { ledger: (app as unknown as { ledger: Ledger }).ledger } : {}),
  });
  if (jobs) {
    jobs.register(PAYMENT_JOBS.expireDeposit, async (payload, { now }) => {
      if (typeof payload.paymentId === 'string') await service.expireDeposit(payload.paymentId, now);
    });
    jobs.every(PAYMENT_JOBS.expireStale, SWEEP_EVERY_MS, async (_payload, { now }) => {
      await service.expireStaleDeposits(now);
    });
    jobs.every(PAYMENT_JOBS.recover, RECOVER_EVERY_MS, async (_payload, { now }) => {
      await service.recover(now);
    });
  }
  // On start, before the first scheduled pass: whatever a crash of this (or any) node left.
  // Every step is idempotent, so a node racing another's request moves money once.
  app.addHook('onListen', async () => {
    service.recover(new Date(app.clock.now()), 0).catch((err: unknown) => app.log.error({ err }, 'payment recovery on start failed'));
  });
  await app.register(paymentRoutes, { service, callbacks: provider !== null });
  if (sandbox && provider === sandbox) await app.register(sandboxPageRoutes(sandbox, service));
  if (app.env.OPS_TOKEN) await app.register(paymentOpsRoutes, { service, token: app.env.OPS_TOKEN });
  return service;
}

export type { DepositLimitCheck, DepositLimitDecision, DepositLimitRequest } from './limits.ts';
export type { PaymentProvider, ProviderEvent, ProviderPayment, ProviderPaymentInput } from './provider.ts';
export { DEPOSIT_TTL_MS, EXPIRE_DEPOSIT_JOB, RECOVERY_GRACE_MS, toPayment, type PaymentRow, type PaymentsService, type RecoveryReport } from './service.ts';
export { createSandboxProvider, SANDBOX_CARDS, type SandboxProvider } from './sandbox.ts';
