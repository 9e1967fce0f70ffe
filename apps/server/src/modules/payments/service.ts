/**
 * The payments service: deposits through a provider's hosted page, withdrawals held until
 * an operator decides, the player's history. Money moves only through the ledger, each
 * posting under its own idempotency key (packages/domain payment-postings):
 *
 * - `payment:{id}:settle`  house-payments → player (a deposit the provider confirmed)
 * - `payment:{id}:hold`    player → house-payments-hold (a withdrawal requested)
 * - `payment:{id}:payout`  house-payments-hold → house-payments (approved and paid out)
 * - `payment:{id}:return`  house-payments-hold → player (rejected, or the payout failed)
 *
 * One pattern (decision 0013): a state change and the posting it implies commit in one SQL
 * transaction (`ledger.unit`), so no crash can leave a payment whose state and money
 * disagree. Only a call to the provider cannot sit inside a transaction: around it the
 * payment waits in a named state (`approved`: payout asked for) that the recovery job
 * (`recover`, on start and every minute) drives on, idempotently by payment id. The same job
 * finishes rows older code left half-done (`new`, `settling`, rejected with money on hold).
 * `reconcile` checks every payment's postings against its state.
 *
 * A deposit the provider never confirms expires after `depositTtlMs` (a scheduled job per
 * deposit, and a sweep behind it): no money moves, and a late success callback still credits
 * it — the provider took the money, so the player gets it. Without a provider (sandbox off,
 * none configured) deposits, withdrawals and payouts answer 503 `payments_unavailable`.
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { CURRENCIES, isCurrencyCode, minorToDecimal, toMinor, type CurrencyCode } from '@betsite/domain';
import {
  PaymentErrorCode,
  type OpsWithdrawal,
  type Payment,
  type PaymentAccount,
  type PaymentCreated,
  type PaymentMethod,
  type PaymentStatus,
} from '@betsite/contracts';
import type { Database } from '@betsite/db';
import { AppError, notFound } from '../../lib/errors.ts';
import type { ServerClock } from '../../lib/clock.ts';
import { decodeHistoryCursor, encodeHistoryCursor } from '../../lib/history-cursor.ts';
import { createLedger, type Ledger } from '../ledger/ledger.ts';
import { InsufficientFundsError } from '../ledger/errors.ts';
import { isUuid } from '../ledger/movement.ts';
import type { DepositLimitCheck } from './limits.ts';
import { createPaymentMoves, type PaymentRow } from './moves.ts';
import type { PaymentProvider, ProviderEvent } from './provider.ts';
import { reconcilePayments, type PaymentReconciliation } from './reconciliation.ts';

export type { PaymentRow } from './moves.ts';

/** What one recovery pass finished, by kind. */
export interface RecoveryReport {
  /** Old `settling` deposits credited. */
  depositsCredited: number;
  /** Old `new` withdrawals held (or failed when the balance no longer covered them). */
  withdrawalsHeld: number;
  /** Approved withdrawals whose payout was asked for again and settled. */
  payoutsFinished: number;
  /** Rejected or failed withdrawals whose money was still on hold, returned. */
  holdsReturned: number;
}

export interface CreatePaymentInput {
  userId: string;
  idempotencyKey: string;
  accountId: string;
  amount: string;
  method: PaymentMethod;
  language?: string | undefined;
}

export interface HistoryPage {
  payments: Payment[];
  nextCursor: string | null;
  accounts: PaymentAccount[];
  available: boolean;
}

export interface PaymentsService {
  /** False without a provider: deposits, withdrawals and payouts are refused (503). */
  readonly available: boolean;
  createDeposit(input: CreatePaymentInput): Promise<PaymentCreated>;
  createWithdrawal(input: CreatePaymentInput): Promise<PaymentCreated>;
  /** A provider callback: verified, then applied once. Unknown provider or bad signature → 401. */
  receiveCallback(providerName: string, signature: string | undefined, rawBody: string): Promise<Payment>;
  approveWithdrawal(id: string): Promise<OpsWithdrawal>;
  rejectWithdrawal(id: string): Promise<OpsWithdrawal>;
  listWithdrawals(status: PaymentStatus, limit: number): Promise<OpsWithdrawal[]>;
  history(userId: string, page: { limit: number; before?: string | undefined }): Promise<HistoryPage>;
  /** The player's own payment, else 404. */
  get(userId: string, id: string): Promise<Payment>;
  /** A payment as its provider sees it (the sandbox's hosted page), or null. */
  forProvider(id: string): Promise<PaymentRow | null>;
  /** Expires a deposit still pending `depositTtlMs` after it was created; true when this call did. Idempotent. */
  expireDeposit(id: string, now: Date): Promise<boolean>;
  /** Expires every deposit still pending after `depositTtlMs`; how many. */
  expireStaleDeposits(now: Date): Promise<number>;
  /**
   * Finishes what a crash interrupted (decision 0013): approved withdrawals whose payout was
   * not settled, and rows older code left half-done. Only rows unchanged for `graceMs` (so as
   * not to race a request in flight; every step is idempotent anyway). Safe on every node.
   */
  recover(now: Date, graceMs?: number): Promise<RecoveryReport>;
  /** Every payment's postings against its state, the hold accounts against open withdrawals, the ledger's sums. */
  reconcile(): Promise<PaymentReconciliation>;
}

/** Job kind of a deposit's expiry (payload `{ paymentId }`), scheduled when the deposit is created. */
export const EXPIRE_DEPOSIT_JOB = 'payments.expire-deposit';
/** A deposit not confirmed by the provider within this time expires. */
export const DEPOSIT_TTL_MS = 30 * 60_000;
/** The recovery job leaves alone rows changed more recently than this (a request may be finishing them). */
export const RECOVERY_GRACE_MS = 60_000;
const RECOVERY_BATCH = 500;

export interface PaymentsDeps {
  db: Kysely<Database>;
  clock: ServerClock;
  logger: FastifyBaseLogger;
  /** Null: no provider configured; payments are unavailable. */
  provider: PaymentProvider | null;
  depositLimits: DepositLimitCheck;
  /** Default `DEPOSIT_TTL_MS`. */
  depositTtlMs?: number;
  /** Schedules a job (the job runner's `schedule`); without it expiry relies on the sweep alone. */
  schedule?: (kind: string, input: { at: Date; payload: { paymentId: string } }) => Promise<unknown>;
  /** The ledger to post through (the accounts module's observed one announces balance changes); default a plain one. */
  ledger?: Ledger;
}

/** Per-currency bounds of one payment, in major units: 1 to 1 000 000. */
export function paymentBounds(currency: CurrencyCode): { min: bigint; max: bigint } {
  const unit = 10n ** BigInt(CURRENCIES[currency].exponent);
  return { min: unit, max: 1_000_000n * unit };
}

/** Internal states → what the player sees (see migration 0008). */
const PUBLIC_STATUS: Record<PaymentRow['status'], PaymentStatus> = {
  new: 'pending',
  pending: 'pending',
  settling: 'pending',
  awaiting_approval: 'awaiting_approval',
  approved: 'pending',
  succeeded: 'succeeded',
  failed: 'failed',
  cancelled: 'cancelled',
  rejected: 'rejected',
  expired: 'expired',
};
/** A public status filter of the operator's list → internal states. */
const INTERNAL_STATUSES: Record<PaymentStatus, PaymentRow['status'][]> = {
  pending: ['new', 'pending', 'settling', 'approved'],
  awaiting_approval: ['awaiting_approval'],
  succeeded: ['succeeded'],
  failed: ['failed'],
  cancelled: ['cancelled'],
  rejected: ['rejected'],
  expired: ['expired'],
};

export function toPayment(row: PaymentRow): Payment {
  return {
    id: row.id,
    direction: row.direction,
    accountId: row.account_id,
    currency: row.currency,
    amount: isCurrencyCode(row.currency) ? minorToDecimal(row.amount as never, row.currency) : String(row.amount),
    method: row.method,
    status: PUBLIC_STATUS[row.status],
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

const toOps = (row: PaymentRow): OpsWithdrawal => ({ ...toPayment(row), userId: row.user_id });

export function createPaymentsService({
  db,
  clock,
  logger,
  provider,
  depositLimits,
  depositTtlMs = DEPOSIT_TTL_MS,
  schedule,
  ledger = createLedger(db, clock),
}: PaymentsDeps): PaymentsService {
  const now = () => new Date(clock.now());
  const moves = createPaymentMoves(db, ledger, now);
  const unavailable = () => new AppError(503, PaymentErrorCode.paymentsUnavailable, 'Payments are unavailable at the moment');
  /** The provider, or 503 when there is none. */
  const live = (): PaymentProvider => {
    if (!provider) throw unavailable();
    return provider;
  };

  /** The player's payment account (main or currency account); 404 for anything else, whoever owns it. */
  async function paymentAccount(userId: string, accountId: string) {
    const account = isUuid(accountId)
      ? await db
          .selectFrom('ledger_accounts')
          .select(['id', 'currency', 'kind'])
          .where('id', '=', accountId)
          .where('owner_id', '=', userId)
          .where('kind', 'in', ['player-main', 'player-currency'])
          .executeTakeFirst()
      : undefined;
    if (!account || !isCurrencyCode(account.currency)) throw notFound('No such account');
    return { id: account.id, currency: account.currency };
  }

  function parseAmount(text: string, currency: CurrencyCode): bigint {
    let amount: bigint;
    try {
      amount = toMinor(text, currency);
    } catch {
      throw new AppError(400, 'invalid_request', `Invalid amount for ${currency}`, [{ path: 'body.amount', message: 'Too many decimal places' }]);
    }
    const { min, max } = paymentBounds(currency);
    if (amount < min || amount > max) {
      throw new AppError(422, PaymentErrorCode.amountOutOfRange, `The amount must be from ${minorToDecimal(min as never, currency)} to ${minorToDecimal(max as never, currency)} ${currency}`, {
        min: minorToDecimal(min as never, currency),
        max: minorToDecimal(max as never, currency),
        currency,
      });
    }
    return amount;
  }

  async function returnLanguage(userId: string, requested: string | undefined): Promise<string> {
    if (requested) return requested;
    const user = await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
    return user?.language ?? 'ru';
  }

  const requestHash = (direction: string, accountId: string, amount: bigint, method: string, language: string) =>
    createHash('sha256').update(JSON.stringify([direction, accountId, String(amount), method, language])).digest('hex');

  async function byKey(userId: string, key: string): Promise<PaymentRow | undefined> {
    return db.selectFrom('payments').selectAll().where('user_id', '=', userId).where('idempotency_key', '=', key).executeTakeFirst();
  }

  function sameRequest(row: PaymentRow, hash: string): PaymentRow {
    if (row.request_hash !== hash) {
      throw new AppError(409, PaymentErrorCode.idempotencyConflict, 'The Idempotency-Key was already used for a different payment');
    }
    return row;
  }

  async function insertPayment(values: Omit<PaymentRow, 'id' | 'created_at' | 'updated_at' | 'provider_ref' | 'redirect_url' | 'failure_reason'>, executor: Kysely<Database> = db) {
    const at = now();
    return executor
      .insertInto('payments')
      .values({ ...values, created_at: at, updated_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  async function load(id: string): Promise<PaymentRow | undefined> {
    if (!isUuid(id)) return undefined;
    return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async function startDeposit(row: PaymentRow): Promise<PaymentCreated> {
    if (row.redirect_url === null && row.status === 'pending') {
      const started = await live().createDeposit({ paymentId: row.id, amount: row.amount, currency: row.currency, method: row.method });
      const updated = await db
        .updateTable('payments')
        .set({ provider_ref: started.providerRef, redirect_url: started.redirectUrl, updated_at: now() })
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { paymentId: updated.id, status: PUBLIC_STATUS[updated.status], redirectUrl: updated.redirect_url };
    }
    return { paymentId: row.id, status: PUBLIC_STATUS[row.status], redirectUrl: row.redirect_url };
  }

  const withdrawalReturnUrl = (row: PaymentRow) => `/${row.return_language}/onpay/withdraw/pending?payment=${row.id}`;

  /** A withdrawal's answer; an old row left `new` by a crash is held first (or fails when the balance no longer covers it). */
  async function heldWithdrawal(row: PaymentRow): Promise<PaymentCreated> {
    if (row.status === 'new') row = await holdOrFail(row);
    return { paymentId: row.id, status: PUBLIC_STATUS[row.status], redirectUrl: withdrawalReturnUrl(row) };
  }

  async function holdOrFail(row: PaymentRow): Promise<PaymentRow> {
    try {
      return (await moves.holdRequested(row)) ?? (await load(row.id)) ?? row;
    } catch (error) {
      if (!(error instanceof InsufficientFundsError)) throw error;
      return (await moves.claim(row.id, ['new'], 'failed', { failure_reason: 'insufficient_funds' })) ?? (await load(row.id)) ?? row;
    }
  }

  async function create(direction: 'deposit' | 'withdrawal', input: CreatePaymentInput): Promise<PaymentCreated> {
    const { name: providerName } = live();
    const account = await paymentAccount(input.userId, input.accountId);
    const amount = parseAmount(input.amount, account.currency);
    const language = await returnLanguage(input.userId, input.language);
    const hash = requestHash(direction, account.id, amount, input.method, language);
    const drive = (row: PaymentRow) => (row.direction === 'deposit' ? startDeposit(row) : heldWithdrawal(row));

    const existing = await byKey(input.userId, input.idempotencyKey);
    if (existing) return drive(sameRequest(existing, hash));

    const values = {
      user_id: input.userId,
      account_id: account.id,
      direction,
      method: input.method,
      currency: account.currency,
      amount,
      provider: providerName,
      return_language: language,
      idempotency_key: input.idempotencyKey,
      request_hash: hash,
    };
    // A withdrawal's row and its hold commit together: refused for funds, there is no row.
    // A deposit's limits are checked in the transaction that inserts it, under the player's limits row lock (limits.ts).
    const inserted =
      direction === 'deposit'
        ? await db.transaction().execute(async (trx) => {
            const decision = await depositLimits.check({ userId: input.userId, accountId: account.id, currency: account.currency, amount, now: now(), db: trx });
            if (!decision.allowed) throw new AppError(422, PaymentErrorCode.depositLimit, decision.reason);
            return insertPayment({ ...values, status: 'pending' }, trx);
          })
        : await moves.requestWithdrawal(values);
    // A concurrent request with the same key inserted first: answer its payment.
    const row = inserted ?? (await byKey(input.userId, input.idempotencyKey));
    if (!row) throw new Error('payment insert lost');
    if (inserted) {
      logger.info({ paymentId: row.id, direction, amount: String(amount), currency: row.currency }, 'payment created');
      if (direction === 'deposit') await scheduleExpiry(row);
    }
    return drive(sameRequest(row, hash));
  }

  /** Best effort: if scheduling fails, the sweep expires the deposit a little later. */
  async function scheduleExpiry(row: PaymentRow): Promise<void> {
    if (!schedule) return;
    try {
      await schedule(EXPIRE_DEPOSIT_JOB, { at: new Date(row.created_at.getTime() + depositTtlMs), payload: { paymentId: row.id } });
    } catch (error) {
      logger.warn({ err: error, paymentId: row.id }, 'deposit expiry not scheduled; the sweep will expire it');
    }
  }

  async function applyEvent(event: ProviderEvent): Promise<PaymentRow> {
    const row = await load(event.paymentId);
    if (!row || row.direction !== 'deposit' || row.provider !== live().name) throw notFound('No such payment');
    if (row.amount !== event.amount || row.currency !== event.currency) {
      logger.error({ paymentId: row.id, event }, 'payment callback does not match the payment');
      throw new AppError(422, 'callback_mismatch', 'The callback does not match the payment');
    }
    const ref = { provider_ref: event.providerRef };
    switch (event.status) {
      case 'pending':
        return row;
      case 'succeeded': {
        // Succeeded and credited in one transaction: a repeat finds it succeeded and moves nothing.
        // An expired deposit is still credited: we stopped waiting, but the provider took the money.
        const credited = await moves.creditDeposit(row, ref);
        if (credited) {
          if (row.status === 'expired') logger.warn({ paymentId: row.id }, 'success callback after the deposit expired; credited it');
          logger.info({ paymentId: row.id }, 'deposit credited');
          return credited;
        }
        const current = (await load(row.id)) ?? row;
        if (current.status !== 'succeeded') logger.warn({ paymentId: row.id, status: current.status }, 'success callback after a final state; ignored');
        return current;
      }
      case 'failed':
      case 'cancelled': {
        const closed = await moves.claim(row.id, ['pending'], event.status, { ...ref, failure_reason: event.status });
        return closed ?? (await load(row.id)) ?? row;
      }
    }
  }

  async function withdrawal(id: string): Promise<PaymentRow> {
    const row = await load(id);
    if (!row || row.direction !== 'withdrawal') throw notFound('No such withdrawal');
    return row;
  }

  /**
   * Asks the provider to pay an approved withdrawal out (idempotent by payment id) and
   * settles the answer in one transaction; a pending answer leaves it approved for the
   * recovery job to ask again.
   */
  async function payOut(row: PaymentRow, payer: PaymentProvider): Promise<PaymentRow> {
    const payout = await payer.createWithdrawal({ paymentId: row.id, amount: row.amount, currency: row.currency, method: row.method });
    const ref = { provider_ref: payout.providerRef };
    let settled: PaymentRow | undefined;
    if (payout.status === 'succeeded') {
      settled = await moves.paidOut(row, ref);
      if (settled) logger.info({ paymentId: row.id }, 'withdrawal paid out');
    } else if (payout.status === 'failed' || payout.status === 'cancelled') {
      settled = await moves.payoutFailed(row, ref);
      if (settled) logger.warn({ paymentId: row.id }, 'payout refused by the provider, money returned');
    } else {
      return row;
    }
    return settled ?? (await withdrawal(row.id));
  }

  const invalidState = (row: PaymentRow, action: string) =>
    new AppError(409, PaymentErrorCode.invalidState, `Cannot ${action} a withdrawal that is ${PUBLIC_STATUS[row.status]}`, {
      status: PUBLIC_STATUS[row.status],
    });

  return {
    available: provider !== null,
    createDeposit: (input) => create('deposit', input),
    createWithdrawal: (input) => create('withdrawal', input),

    async receiveCallback(providerName, signature, rawBody) {
      const event = provider && providerName === provider.name ? provider.verifyCallback(signature, rawBody) : null;
      if (!event) throw new AppError(401, PaymentErrorCode.badSignature, 'The callback signature does not verify');
      return toPayment(await applyEvent(event));
    },

    async approveWithdrawal(id) {
      const payer = live();
      let row = await withdrawal(id);
      if (row.status === 'new') row = await holdOrFail(row);
      if (row.status === 'awaiting_approval') row = (await moves.claim(id, ['awaiting_approval'], 'approved')) ?? (await withdrawal(id));
      if (row.status === 'succeeded') return toOps(row);
      if (row.status !== 'approved') throw invalidState(row, 'approve');
      // Approved (now, or by an earlier call that did not finish): pay out.
      const paid = await payOut(row, payer);
      logger.info({ paymentId: id, status: paid.status }, 'withdrawal approved');
      return toOps(paid);
    },

    async rejectWithdrawal(id) {
      let row = await withdrawal(id);
      if (row.status === 'new') row = await holdOrFail(row);
      if (row.status === 'awaiting_approval') row = (await moves.reject(row)) ?? (await withdrawal(id));
      if (row.status !== 'rejected') throw invalidState(row, 'reject');
      logger.info({ paymentId: id }, 'withdrawal rejected, money returned');
      return toOps(row);
    },

    async listWithdrawals(status, limit) {
      const rows = await db
        .selectFrom('payments')
        .selectAll()
        .where('direction', '=', 'withdrawal')
        .where('status', 'in', INTERNAL_STATUSES[status])
        .orderBy('created_at')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map(toOps);
    },

    async history(userId, { limit, before }) {
      const cursor = before === undefined ? null : decodeHistoryCursor(before);
      let query = db.selectFrom('payments').selectAll().where('user_id', '=', userId);
      if (cursor) {
        query = query.where((eb) =>
          eb.or([eb('created_at', '<', cursor.at), eb.and([eb('created_at', '=', cursor.at), eb('id', '<', cursor.id)])]),
        );
      }
      const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit + 1).execute();
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        payments: page.map(toPayment),
        nextCursor: rows.length > limit && last ? encodeHistoryCursor(last) : null,
        accounts: await accountsFor(userId),
        available: provider !== null,
      };
    },

    async get(userId, id) {
      const row = await load(id);
      if (!row || row.user_id !== userId) throw notFound('No such payment');
      return toPayment(row);
    },

    forProvider: async (id) => (await load(id)) ?? null,

    async expireDeposit(id, at) {
      if (!isUuid(id)) return false;
      const expired = await db
        .updateTable('payments')
        .set({ status: 'expired', failure_reason: 'expired', updated_at: at })
        .where('id', '=', id)
        .where('direction', '=', 'deposit')
        .where('status', '=', 'pending')
        .where('created_at', '<=', new Date(at.getTime() - depositTtlMs))
        .executeTakeFirst();
      const done = expired.numUpdatedRows === 1n;
      if (done) logger.info({ paymentId: id }, 'deposit expired unconfirmed');
      return done;
    },

    async expireStaleDeposits(at) {
      const rows = await db
        .updateTable('payments')
        .set({ status: 'expired', failure_reason: 'expired', updated_at: at })
        .where('direction', '=', 'deposit')
        .where('status', '=', 'pending')
        .where('created_at', '<=', new Date(at.getTime() - depositTtlMs))
        .returning('id')
        .execute();
      if (rows.length > 0) logger.info({ payments: rows.map((r) => r.id) }, 'deposits expired unconfirmed');
      return rows.length;
    },

    async recover(at, graceMs = RECOVERY_GRACE_MS) {
      const report: RecoveryReport = { depositsCredited: 0, withdrawalsHeld: 0, payoutsFinished: 0, holdsReturned: 0 };
      const quiet = new Date(at.getTime() - graceMs);
      const stuck = (direction: PaymentRow['direction'], status: PaymentRow['status']) =>
        db
          .selectFrom('payments')
          .selectAll()
          .where('direction', '=', direction)
          .where('status', '=', status)
          .where('updated_at', '<=', quiet)
          .orderBy('updated_at')
          .limit(RECOVERY_BATCH)
          .execute();

      for (const row of await stuck('deposit', 'settling')) if (await moves.creditDeposit(row, {})) report.depositsCredited++;
      for (const row of await stuck('withdrawal', 'new')) if ((await holdOrFail(row)).status !== 'new') report.withdrawalsHeld++;
      if (provider) {
        for (const row of await stuck('withdrawal', 'approved')) {
          try {
            if ((await payOut(row, provider)).status !== 'approved') report.payoutsFinished++;
          } catch (error) {
            logger.warn({ err: error, paymentId: row.id }, 'payout not finished; the next pass tries again');
          }
        }
      }
      // Ended without a payout, but the money still on hold (older code marked first, posted second).
      const held = await db
        .selectFrom('payments as p')
        .selectAll('p')
        .where('p.direction', '=', 'withdrawal')
        .where('p.status', 'in', ['rejected', 'failed'])
        .where('p.updated_at', '<=', quiet)
        .where(sql<boolean>`exists (select 1 from ledger_transactions t where t.idempotency_key = 'payment:' || p.id || ':hold')`)
        .where(sql<boolean>`not exists (select 1 from ledger_transactions t where t.idempotency_key = 'payment:' || p.id || ':return')`)
        .limit(RECOVERY_BATCH)
        .execute();
      for (const row of held) {
        await moves.returnHeld(row);
        report.holdsReturned++;
      }
      const total = report.depositsCredited + report.withdrawalsHeld + report.payoutsFinished + report.holdsReturned;
      if (total > 0) logger.warn({ ...report }, 'payments recovered after an interruption');
      return report;
    },

    reconcile: () => reconcilePayments(db),
  };

  /** The player's payment accounts; the main account is opened (get-or-create) in the registration currency. */
  async function accountsFor(userId: string): Promise<PaymentAccount[]> {
    let accounts = await ledger.accountsOf(userId);
    if (!accounts.some((a) => a.kind === 'player-main')) {
      const user = await db.selectFrom('users').select('currency').where('id', '=', userId).executeTakeFirst();
      if (user && isCurrencyCode(user.currency)) {
        await ledger.openPlayerAccount({ ownerId: userId, type: 'main', currency: user.currency });
        accounts = await ledger.accountsOf(userId);
      }
    }
    return accounts
      .filter((a) => (a.kind === 'player-main' || a.kind === 'player-currency') && isCurrencyCode(a.currency))
      .map((a) => ({
        id: a.id,
        type: a.kind === 'player-main' ? 'main' : 'currency',
        currency: a.currency,
        balance: minorToDecimal(a.balance, a.currency as CurrencyCode),
      }));
  }
}
