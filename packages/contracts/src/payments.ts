/**
 * Payments (issue 3, SPEC §2 office recharge / deduce / historypay and the onpay return
 * pages): deposits through a payment provider's hosted page, withdrawals held until an
 * operator approves them, the player's transfer history. Amounts cross the wire as decimal
 * strings in major units (`"100.50"`), never as floats.
 */
import { z } from 'zod';
import { text } from './text.ts';

export const PAYMENT_METHODS = ['card', 'ewallet'] as const;
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/**
 * What a player sees of a payment. A deposit: pending → succeeded | failed | cancelled |
 * expired (the provider never confirmed it in time; no money moved — a late confirmation
 * still credits it). A withdrawal: awaiting_approval → succeeded (approved and paid out) |
 * rejected (money back on the balance) | failed (the payout failed; money back). A
 * requested withdrawal cannot be cancelled by the player.
 */
export const PAYMENT_STATUSES = ['pending', 'awaiting_approval', 'succeeded', 'failed', 'cancelled', 'rejected', 'expired'] as const;
export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

export const PaymentDirectionSchema = z.enum(['deposit', 'withdrawal']);
export type PaymentDirection = z.infer<typeof PaymentDirectionSchema>;

/** The header that makes a payment request safe to retry (required). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** Error codes of the payments API (the `code` of `ApiErrorSchema`). */
export const PaymentErrorCode = {
  /** No or a malformed `Idempotency-Key` header (400). */
  idempotencyKeyRequired: 'idempotency_key_required',
  /** Below the minimum or above the maximum of the account's currency (422). */
  amountOutOfRange: 'amount_out_of_range',
  /** The responsible-gaming limits refuse this deposit (422). */
  depositLimit: 'deposit_limit',
  /** A withdrawal larger than the balance (422; the ledger's code). */
  insufficientFunds: 'insufficient_funds',
  /** The player may not move money this way now (ban, unconfirmed e-mail past its period …; 403). See `GET /web-api/auth/v1/rights`. */
  notAllowed: 'payment_not_allowed',
  /** The same Idempotency-Key was used for a different request (409). */
  idempotencyConflict: 'idempotency_conflict',
  /** The operator action does not fit the withdrawal's state, e.g. approving a rejected one (409). */
  invalidState: 'invalid_state',
  /** A provider callback whose signature does not verify (401). */
  badSignature: 'bad_signature',
  /** No payment provider is configured (the sandbox is off): deposits, withdrawals and payouts are refused (503). */
  paymentsUnavailable: 'payments_unavailable',
} as const;

export const DecimalAmountSchema = text()
  .trim()
  .regex(/^\d{1,15}(\.\d{1,8})?$/, { message: 'Amount must be a positive decimal like 100 or 100.50' });

/** `POST /web-api/payments/v1/deposits` and `/withdrawals` (with an `Idempotency-Key` header). */
export const PaymentRequestSchema = z
  .object({
    accountId: text().min(1).max(64),
    amount: DecimalAmountSchema,
    method: PaymentMethodSchema,
    /** Language of the onpay return page (`/{language}/onpay/…`); default the player's language. */
    language: text()
      .regex(/^[A-Za-z]{2}$/)
      .transform((l) => l.toLowerCase())
      .optional(),
  })
  .strict();
export type PaymentRequest = z.input<typeof PaymentRequestSchema>;

export const PaymentCreatedSchema = z.object({
  paymentId: text(),
  status: PaymentStatusSchema,
  /** Where to send the browser: the provider's page for a deposit, the onpay page for a withdrawal. */
  redirectUrl: text().nullable(),
});
export type PaymentCreated = z.infer<typeof PaymentCreatedSchema>;

export const PaymentSchema = z.object({
  id: text(),
  direction: PaymentDirectionSchema,
  accountId: text(),
  currency: text(),
  /** Major units, canonical decimal (`"100.00"`). */
  amount: text(),
  method: PaymentMethodSchema,
  status: PaymentStatusSchema,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Payment = z.infer<typeof PaymentSchema>;

/** An account a payment can go to or come from (until the accounts API lists them). */
export const PaymentAccountSchema = z.object({
  id: text(),
  /** SPEC §3 Account type name. */
  type: z.enum(['main', 'bonus', 'currency']),
  currency: text(),
  /** Major units. */
  balance: text(),
});
export type PaymentAccount = z.infer<typeof PaymentAccountSchema>;

/** `GET /web-api/payments/v1/history?limit=&before=`. */
export const PaymentHistoryQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(20),
    /** `nextCursor` of the previous page. */
    before: text().max(200).optional(),
  })
  .strict();

export const PaymentHistorySchema = z.object({
  /** Newest first. */
  payments: z.array(PaymentSchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextCursor: text().nullable(),
  /** The player's accounts that payments can use (the main account is opened if missing). */
  accounts: z.array(PaymentAccountSchema),
  /** False when no payment provider is configured: the forms say payments are unavailable. */
  available: z.boolean(),
});
export type PaymentHistory = z.infer<typeof PaymentHistorySchema>;

/** `GET /ops-api/v1/withdrawals?status=` (default awaiting_approval). */
export const OpsWithdrawalQuerySchema = z
  .object({
    status: PaymentStatusSchema.default('awaiting_approval'),
    limit: z.coerce.number().int().min(1).max(500).default(100),
  })
  .strict();

export const OpsWithdrawalSchema = PaymentSchema.extend({ userId: text() });
export type OpsWithdrawal = z.infer<typeof OpsWithdrawalSchema>;
export const OpsWithdrawalListSchema = z.object({ withdrawals: z.array(OpsWithdrawalSchema) });
export type OpsWithdrawalList = z.infer<typeof OpsWithdrawalListSchema>;

/** One payment whose postings do not (yet) agree with its state. */
export const ReconciliationFindingSchema = z.object({
  paymentId: z.uuid(),
  direction: PaymentDirectionSchema,
  /** The stored state (internal names: new, settling, approved … besides the public ones). */
  status: text(),
  reason: text(),
});
export type ReconciliationFinding = z.infer<typeof ReconciliationFindingSchema>;

/** `GET /ops-api/v1/payments/reconciliation` (decision 0013). */
export const PaymentReconciliationSchema = z.object({
  /** Payments checked, and how many agree, wait for the recovery job, or disagree. */
  payments: z.number().int(),
  ok: z.number().int(),
  inRecovery: z.number().int(),
  mismatches: z.number().int(),
  /** The first 100 of each kind, mismatches first. */
  findings: z.array(ReconciliationFindingSchema),
  /** Per currency: the hold account's balance against the money of open withdrawals (minor units). */
  holds: z.array(z.object({ currency: text(), balance: text(), openWithdrawals: text(), agrees: z.boolean() })),
  ledger: z.object({
    /** Ledger transactions whose entries do not sum to zero. */
    unbalancedTransactions: z.number().int(),
    /** Accounts whose balance is not the sum of their entries. */
    accountsOffBalance: z.number().int(),
  }),
  /** Everything agrees and nothing waits for recovery. */
  healthy: z.boolean(),
});
export type PaymentReconciliation = z.infer<typeof PaymentReconciliationSchema>;

/** `POST /ops-api/v1/payments/recover`: what one recovery pass finished (grace 0: every row). */
export const PaymentRecoverySchema = z.object({
  depositsCredited: z.number().int(),
  withdrawalsHeld: z.number().int(),
  payoutsFinished: z.number().int(),
  holdsReturned: z.number().int(),
});
export type PaymentRecovery = z.infer<typeof PaymentRecoverySchema>;

/** The body of the built-in sandbox provider's signed callback. */
export const SandboxCallbackSchema = z
  .object({
    eventId: text().min(1).max(200),
    paymentId: text().min(1).max(64),
    providerRef: text().min(1).max(200),
    status: z.enum(['succeeded', 'failed', 'pending', 'cancelled']),
    /** Minor units as a decimal string, checked against the payment. */
    amountMinor: text().regex(/^\d{1,19}$/),
    currency: text().regex(/^[A-Z]{3}$/),
  })
  .strict();
export type SandboxCallback = z.infer<typeof SandboxCallbackSchema>;
/** Header of the sandbox callback: hex HMAC-SHA256 of the raw body. */
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
