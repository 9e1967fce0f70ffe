/**
 * A payment provider as the payments service sees it. The built-in `SandboxProvider`
 * (sandbox.ts) is one implementation; a real acquirer or e-wallet would be another.
 */
import type { PaymentMethod } from '@betsite/contracts';

export interface ProviderPaymentInput {
  /** Our payment id; the provider echoes it in callbacks and uses it as its idempotency key. */
  paymentId: string;
  /** Minor units. */
  amount: bigint;
  currency: string;
  method: PaymentMethod;
}

export type ProviderStatus = 'pending' | 'succeeded' | 'failed' | 'cancelled';

export interface ProviderPayment {
  providerRef: string;
  /** Where the player completes the payment (the provider's hosted page); null when nothing is asked of them. */
  redirectUrl: string | null;
  status: ProviderStatus;
}

/** A verified callback: what the provider says happened to one payment. */
export interface ProviderEvent {
  eventId: string;
  paymentId: string;
  providerRef: string;
  status: ProviderStatus;
  amount: bigint;
  currency: string;
}

export interface PaymentProvider {
  /** The name stored on payments and used in the callback path (`/callbacks/{name}`). */
  readonly name: string;
  /** Starts a deposit; the player is sent to `redirectUrl`. */
  createDeposit(input: ProviderPaymentInput): Promise<ProviderPayment>;
  /** Pays a withdrawal out (after the operator approved it). Idempotent by `paymentId`. */
  createWithdrawal(input: ProviderPaymentInput): Promise<ProviderPayment>;
  /** The event of a callback whose signature verifies over the raw body, else null. */
  verifyCallback(signature: string | undefined, rawBody: string): ProviderEvent | null;
}
