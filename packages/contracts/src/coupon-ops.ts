/**
 * The coupon reconciliation (issue 11, decision 0013's check for the bet slip):
 *   GET /ops-api/v1/coupons/reconciliation   every coupon's postings against its state, the
 *                                            house-bets shards against the coupons, the ledger's sums
 * Amounts in minor units as decimal text (they are sums of bigints).
 */
import { z } from 'zod';
import { ApiErrorSchema } from './errors.ts';
import type { ApiOperation } from './operations.ts';
import { text } from './text.ts';

export const COUPON_OPS_API = {
  reconciliation: '/ops-api/v1/coupons/reconciliation',
} as const;

const MinorText = text().regex(/^-?\d+$/);

/** A coupon whose postings disagree with its state, or a posting under a coupon key that fits no coupon. */
export const CouponReconciliationFindingSchema = z.object({
  /** The coupon id of the key (null when the key names no coupon id). */
  couponId: z.uuid().nullable(),
  /** The stored status; null for a posting whose coupon does not exist. */
  status: text().nullable(),
  reasons: z.array(text()),
});
export type CouponReconciliationFinding = z.infer<typeof CouponReconciliationFindingSchema>;

export const CouponReconciliationSchema = z.object({
  /** Coupons checked, and how many agree or disagree with their postings. */
  coupons: z.number().int(),
  ok: z.number().int(),
  mismatches: z.number().int(),
  /** Ledger transactions under `coupon:…` keys that belong to no coupon's state (none when healthy). */
  strayPostings: z.number().int(),
  /** Coupons per status. */
  byStatus: z.record(text(), z.number().int()),
  /**
   * Coupons waiting for the sweep or a job, money untouched: pending past their acceptance
   * time, in review past the deadline, accepted with every selection's outcome settled. Not
   * wrong (the sweep finishes them within seconds), but none once it ran.
   */
  overdue: z.object({ pending: z.number().int(), review: z.number().int(), settleable: z.number().int() }),
  /** The first 100 findings. */
  findings: z.array(CouponReconciliationFindingSchema),
  /**
   * Per currency: the house-bets shards' sum against what the coupons' states say the house holds
   * (stakes + premiums − vip returns − refunds − payouts − cash-outs − paybacks, resettlements
   * netted), and house-receivables against the debts of resettlements.
   */
  houses: z.array(
    z.object({
      currency: text(),
      houseBets: MinorText,
      expected: MinorText,
      receivables: MinorText,
      debts: MinorText,
      agrees: z.boolean(),
    }),
  ),
  ledger: z.object({
    /** Ledger transactions whose entries do not sum to zero. */
    unbalancedTransactions: z.number().int(),
    /** Accounts whose balance is not the sum of their entries. */
    accountsOffBalance: z.number().int(),
  }),
  /** No mismatch, no stray posting, every house agrees, the ledger adds up. */
  healthy: z.boolean(),
});
export type CouponReconciliation = z.infer<typeof CouponReconciliationSchema>;

export const COUPON_OPS_OPERATIONS: readonly ApiOperation[] = [
  {
    method: 'GET',
    path: COUPON_OPS_API.reconciliation,
    summary: 'Reconcile every coupon with the ledger',
    description:
      'For every coupon, the postings its state requires (`coupon:{id}:stake`, `refund`, `vip-return`, `insurance`, `payout`, `insurance-payback`, `cash-out`, `payout:v{n}`, `payout:v{n}:reverse`), each exactly its amount and none other; the house-bets shards per currency against the coupons; the ledger’s sums. `healthy` is what a kill -9 at any line must leave.',
    tag: 'coupon-ops',
    auth: 'operator',
    responses: { 200: CouponReconciliationSchema, 401: ApiErrorSchema },
  },
];
