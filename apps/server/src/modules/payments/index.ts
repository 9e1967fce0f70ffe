/**
 * The payments module wired from one place: the service, the provider (the built-in
 * sandbox unless one is given), the player's API, provider callbacks, the sandbox's hosted
 * page and the operator's withdrawal queue.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Ledger } from '../ledger/ledger.ts';
import { allowAllDeposits, type DepositLimitCheck } from './limits.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider, sandboxPageRoutes } from './sandbox.ts';
import { createPaymentsService, type PaymentsService } from './service.ts';
import { paymentOpsRoutes, paymentRoutes } from './routes.ts';

export interface PaymentsOptions {
  /** Default: every deposit allowed (the responsible-gaming limits service plugs in here). */
  depositLimits?: DepositLimitCheck;
  /** Default: the built-in sandbox provider (with its hosted page). */
  provider?: PaymentProvider;
}

/** With PAYMENTS_SIGNING_SECRET unset: one random key for this process (one node only). */
const PROCESS_SECRET = randomBytes(32).toString('hex');

export async function registerPayments(app: FastifyInstance, options: PaymentsOptions = {}): Promise<PaymentsService> {
  const sandbox = createSandboxProvider(app.env.PAYMENTS_SIGNING_SECRET ?? PROCESS_SECRET);
  const provider = options.provider ?? sandbox;
  const service = createPaymentsService({
    db: app.db,
    clock: app.clock,
    logger: app.log,
    provider,
    depositLimits: options.depositLimits ?? allowAllDeposits,
    // Post through the shared ledger when the accounts module provides one (balance.changed events).
    ...(app.hasDecorator('ledger') ? { ledger: (app as unknown as { ledger: Ledger }).ledger } : {}),
  });
  await app.register(paymentRoutes, { service });
  if (provider === sandbox) await app.register(sandboxPageRoutes(sandbox, service));
  if (app.env.OPS_TOKEN) await app.register(paymentOpsRoutes, { service, token: app.env.OPS_TOKEN });
  return service;
}

export type { DepositLimitCheck, DepositLimitDecision, DepositLimitRequest } from './limits.ts';
export type { PaymentProvider, ProviderEvent, ProviderPayment, ProviderPaymentInput } from './provider.ts';
export type { PaymentsService } from './service.ts';
export { createSandboxProvider, SANDBOX_CARDS, type SandboxProvider } from './sandbox.ts';
