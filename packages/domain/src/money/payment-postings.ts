/**
 * What money a payment in each state must have moved (decision 0013): the rule the
 * reconciliation check applies to every payment, and the recovery job restores.
 *
 * A payment moves money through up to four ledger postings, each under its own idempotency
 * key `payment:{id}:{posting}`, each moving exactly the payment's amount:
 *
 * - `settle`  house-payments → player          (a deposit the provider confirmed)
 * - `hold`    player → house-payments-hold     (a withdrawal requested)
 * - `payout`  house-payments-hold → house      (an approved withdrawal paid out)
 * - `return`  house-payments-hold → player     (a withdrawal rejected, or its payout failed)
 *
 * A state change and its posting commit in one SQL transaction, so a payment is always in a
 * state that agrees with its postings. States a crash can leave without their posting are
 * named here as in recovery: the recovery job finishes them, and until it has, the check
 * reports them as such rather than as wrong.
 */

export const PAYMENT_POSTINGS = ['settle', 'hold', 'payout', 'return'] as const;
export type PaymentPosting = (typeof PAYMENT_POSTINGS)[number];

export type PaymentDirectionName = 'deposit' | 'withdrawal';

/** The stored states (payments.status). */
export const PAYMENT_STATES = ['new', 'pending', 'settling', 'awaiting_approval', 'approved', 'succeeded', 'failed', 'cancelled', 'rejected', 'expired'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export interface PaymentPostingFacts {
  direction: PaymentDirectionName;
  state: PaymentState;
  amount: bigint;
  /** Per posting made: the amount it moved (half the sum of its entries' absolute amounts). */
  posted: Partial<Record<PaymentPosting, bigint>>;
}

export type PaymentVerdict =
  /** State and postings agree. */
  | { kind: 'ok' }
  /** A state a crash can leave half-done; the recovery job finishes it. */
  | { kind: 'in_recovery'; reason: string }
  /** State and postings disagree: money is wrong somewhere. */
  | { kind: 'mismatch'; reason: string };

type Need = 'yes' | 'no' | 'either';

/**
 * Per direction and state: which postings must exist ('yes'), must not ('no'), or may
 * ('either': decided by another rule below). States a direction never takes are absent.
 */
const RULES: Record<PaymentDirectionName, Partial<Record<PaymentState, Record<PaymentPosting, Need>>>> = {
  deposit: {
    pending: { settle: 'no', hold: 'no', payout: 'no', return: 'no' },
    settling: { settle: 'either', hold: 'no', payout: 'no', return: 'no' },
    succeeded: { settle: 'yes', hold: 'no', payout: 'no', return: 'no' },
    failed: { settle: 'no', hold: 'no', payout: 'no', return: 'no' },
    cancelled: { settle: 'no', hold: 'no', payout: 'no', return: 'no' },
    expired: { settle: 'no', hold: 'no', payout: 'no', return: 'no' },
  },
  withdrawal: {
    new: { settle: 'no', hold: 'either', payout: 'no', return: 'no' },
    awaiting_approval: { settle: 'no', hold: 'yes', payout: 'no', return: 'no' },
    approved: { settle: 'no', hold: 'yes', payout: 'either', return: 'no' },
    succeeded: { settle: 'no', hold: 'yes', payout: 'yes', return: 'no' },
    rejected: { settle: 'no', hold: 'yes', payout: 'no', return: 'either' },
    // Refused when the hold was tried (no money moved), or the payout failed (held, then returned).
    failed: { settle: 'no', hold: 'either', payout: 'no', return: 'either' },
  },
};

/** States a crash can leave waiting for the recovery job (their postings may lag behind). */
const RECOVERABLE: Partial<Record<PaymentDirectionName, readonly PaymentState[]>> = {
  deposit: ['settling'],
  withdrawal: ['new', 'approved', 'rejected', 'failed'],
};

/** Whether a payment's postings agree with its state. */
export function checkPaymentPostings({ direction, state, amount, posted }: PaymentPostingFacts): PaymentVerdict {
  const rule = RULES[direction][state];
  if (!rule) return { kind: 'mismatch', reason: `a ${direction} is never ${state}` };
  for (const posting of PAYMENT_POSTINGS) {
    const moved = posted[posting];
    if (moved !== undefined && moved !== amount) return { kind: 'mismatch', reason: `${posting} moved ${moved}, the payment is ${amount}` };
    if (rule[posting] === 'yes' && moved === undefined) return { kind: 'mismatch', reason: `${state} without ${posting}` };
    if (rule[posting] === 'no' && moved !== undefined) return { kind: 'mismatch', reason: `${state} with ${posting}` };
  }
  const has = (posting: PaymentPosting) => posted[posting] !== undefined;
  const recovering = (reason: string): PaymentVerdict =>
    RECOVERABLE[direction]?.includes(state) ? { kind: 'in_recovery', reason } : { kind: 'mismatch', reason };
  if (direction === 'deposit' && state === 'settling') return recovering(has('settle') ? 'credited, not yet marked succeeded' : 'success claimed, credit not yet posted');
  if (direction === 'withdrawal') {
    if (state === 'new') return recovering(has('hold') ? 'held, not yet awaiting approval' : 'requested, hold not yet posted');
    if (state === 'approved' && has('payout')) return recovering('paid out, not yet marked succeeded');
    // Money that left the player must come back when the withdrawal ends without a payout.
    if ((state === 'rejected' || state === 'failed') && has('hold') !== has('return')) {
      return has('hold') ? recovering(`${state} with the money still on hold`) : { kind: 'mismatch', reason: `${state}: returned money that was never held` };
    }
  }
  return { kind: 'ok' };
}

/**
 * Money a withdrawal holds at the moment: its amount while held and neither paid out nor
 * returned. The hold account's balance in a currency is the sum of these.
 */
export function heldByWithdrawal({ direction, amount, posted }: PaymentPostingFacts): bigint {
  if (direction !== 'withdrawal' || posted.hold === undefined) return 0n;
  return posted.payout === undefined && posted.return === undefined ? amount : 0n;
}
