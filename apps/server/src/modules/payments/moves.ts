/**
 * Every state change of a payment that moves money, each one SQL transaction
 * (`ledger.unit`): the conditional update that claims the change ("… where status = x") and
 * the posting commit together, or neither does (decision 0013). Of concurrent callers
 * exactly one claims a change; the others find the new state and move nothing. Each posting
 * also has its own idempotency key, so even a repeated unit moves the money once.
 */
import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { CurrencyCode } from '@betsite/domain';
import type { Database, JsonObject, PaymentsTable } from '@betsite/db';
import type { Ledger } from '../ledger/ledger.ts';
import type { Movement } from '../ledger/movement.ts';
import type { HouseAccountKind } from '../ledger/accounts.ts';

export type PaymentRow = Selectable<PaymentsTable>;
type Status = PaymentRow['status'];
type Extra = Partial<Pick<PaymentRow, 'provider_ref' | 'failure_reason'>>;

type Posting = 'settle' | 'hold' | 'payout' | 'return';

/** The idempotency key of a payment's posting (packages/domain payment-postings). */
export const postingKey = (paymentId: string, posting: Posting) => `payment:${paymentId}:${posting}`;

/** A payment's posting: its amount from one account to another, under the posting's key. */
function paymentMovement(row: PaymentRow, posting: { key: Posting; kind: string; debit: string; credit: string }, metadata: JsonObject): Movement {
  return {
    idempotencyKey: postingKey(row.id, posting.key),
    kind: posting.kind,
    entries: [
      { accountId: posting.debit, amount: -row.amount },
      { accountId: posting.credit, amount: row.amount },
    ],
    metadata: { paymentId: row.id, ...metadata },
  };
}

export interface PaymentMoves {
  /** Moves `id` from one of `from` to `to` without money; the row when this call made the move. */
  claim(id: string, from: Status[], to: Status, extra?: Extra): Promise<PaymentRow | undefined>;
  /** A new withdrawal, its row and its hold in one go; undefined when the key was used (the caller reads that row). Insufficient funds throw and leave no row. */
  requestWithdrawal(values: Omit<Insertable<PaymentsTable>, 'status' | 'id'>): Promise<PaymentRow | undefined>;
  /** A deposit the provider confirmed (from pending, expired or an old `settling`) → succeeded + credit. */
  creditDeposit(row: PaymentRow, extra: Extra): Promise<PaymentRow | undefined>;
  /** An old `new` withdrawal (hold never posted) → awaiting_approval + hold. */
  holdRequested(row: PaymentRow): Promise<PaymentRow | undefined>;
  /** awaiting_approval → rejected + the money back to the player. */
  reject(row: PaymentRow): Promise<PaymentRow | undefined>;
  /** approved → succeeded + the held money to the house (the provider paid it out). */
  paidOut(row: PaymentRow, extra: Extra): Promise<PaymentRow | undefined>;
  /** approved → failed + the money back to the player (the provider refused the payout). */
  payoutFailed(row: PaymentRow, extra: Extra): Promise<PaymentRow | undefined>;
  /** A withdrawal that ended without a payout but whose money is still on hold (old code): the return alone. */
  returnHeld(row: PaymentRow): Promise<void>;
}

export function createPaymentMoves(db: Kysely<Database>, ledger: Ledger, now: () => Date): PaymentMoves {
  // A payment's postings all use the house shard of its id (decision 0015).
  const house = (kind: HouseAccountKind, row: PaymentRow) => ledger.houseAccount(kind, row.currency as CurrencyCode, row.id);

  async function claimIn(trx: Kysely<Database> | Transaction<Database>, id: string, from: Status[], to: Status, extra: Extra = {}) {
    return trx
      .updateTable('payments')
      .set({ status: to, updated_at: now(), ...extra })
      .where('id', '=', id)
      .where('status', 'in', from)
      .returningAll()
      .executeTakeFirst();
  }

  /** In one transaction: claim `from` → `to`, and when this call claimed it, post `posting` from one account to the other. */
  async function move(row: PaymentRow, from: Status[], to: Status, extra: Extra, posting: Parameters<typeof paymentMovement>[1]) {
    return ledger.unit(async (unit) => {
      const claimed = await claimIn(unit.db, row.id, from, to, extra);
      if (!claimed) return undefined;
      await unit.post(paymentMovement(row, posting, extra.provider_ref ? { provider: row.provider, providerRef: extra.provider_ref } : {}));
      return claimed;
    });
  }

  return {
    claim: (id, from, to, extra) => claimIn(db, id, from, to, extra),

    async requestWithdrawal(values) {
      // The id first: the house shard comes from it, and its account is looked up outside the unit.
      const id = randomUUID();
      const hold = await ledger.houseAccount('house-payments-hold', values.currency as CurrencyCode, id);
      return ledger.unit(async (unit) => {
        const at = now();
        const row = await unit.db
          .insertInto('payments')
          .values({ ...values, id, status: 'awaiting_approval', created_at: at, updated_at: at })
          .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
          .returningAll()
          .executeTakeFirst();
        if (!row) return undefined;
        await unit.post(paymentMovement(row, { key: 'hold', kind: 'withdrawal-hold', debit: row.account_id, credit: hold.id }, {}));
        return row;
      });
    },

    async creditDeposit(row, extra) {
      const from = await house('house-payments', row);
      return move(row, ['pending', 'expired', 'settling'], 'succeeded', extra, { key: 'settle', kind: 'deposit', debit: from.id, credit: row.account_id });
    },

    async holdRequested(row) {
      const hold = await house('house-payments-hold', row);
      return move(row, ['new'], 'awaiting_approval', {}, { key: 'hold', kind: 'withdrawal-hold', debit: row.account_id, credit: hold.id });
    },

    async reject(row) {
      const hold = await house('house-payments-hold', row);
      return move(row, ['awaiting_approval'], 'rejected', { failure_reason: 'rejected' }, { key: 'return', kind: 'withdrawal-return', debit: hold.id, credit: row.account_id });
    },

    async paidOut(row, extra) {
      const [hold, to] = await Promise.all([house('house-payments-hold', row), house('house-payments', row)]);
      return move(row, ['approved'], 'succeeded', extra, { key: 'payout', kind: 'withdrawal', debit: hold.id, credit: to.id });
    },

    async payoutFailed(row, extra) {
      const hold = await house('house-payments-hold', row);
      return move(row, ['approved'], 'failed', { ...extra, failure_reason: 'payout_failed' }, { key: 'return', kind: 'withdrawal-return', debit: hold.id, credit: row.account_id });
    },

    async returnHeld(row) {
      const hold = await house('house-payments-hold', row);
      await ledger.post(paymentMovement(row, { key: 'return', kind: 'withdrawal-return', debit: hold.id, credit: row.account_id }, { recovered: true }));
    },
  };
}
