/**
 * The payments service: deposits through a provider's hosted page, withdrawals held until
 * an operator decides, the player's history. Money moves only through the ledger, each
 * step under its own idempotency key, so every step can be repeated safely:
 *
 * - `payment:{id}:settle`  house-payments → player (a deposit the provider confirmed)
 * - `payment:{id}:hold`    player → house-payments-hold (a withdrawal requested)
 * - `payment:{id}:payout`  house-payments-hold → house-payments (approved and paid out)
 * - `payment:{id}:return`  house-payments-hold → player (rejected, or the payout failed)
 *
 * The ledger posts in its own SQL transaction, so a payment's state changes are conditional
 * updates ("claims", `… where status = 'x'`) around the posting: of concurrent callbacks or
 * operator calls exactly one claims a step, and a step left half-done by a crash is finished
 * by repeating the same call (the posting replays, the state catches up).
 *
 * A deposit the provider never confirms expires after `depositTtlMs` (a scheduled job per
 * deposit, and a sweep behind it): no money moves, and a late success callback still credits
 * it — the provider took the money, so the player gets it. Without a provider (sandbox off,
 * none configured) deposits, withdrawals and payouts answer 503 `payments_unavailable`.
 */
import { createHash } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
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
import type { Database, PaymentsTable } from '@betsite/db';
import { AppError, notFound } from '../../lib/errors.ts';
import type { ServerClock } from '../../lib/clock.ts';
import { createLedger, type Ledger } from '../ledger/ledger.ts';
import { InsufficientFundsError } from '../ledger/errors.ts';
import { isUuid } from '../ledger/movement.ts';
import type { DepositLimitCheck } from './limits.ts';
import type { PaymentProvider, ProviderEvent } from './provider.ts';

export type PaymentRow = Selectable<PaymentsTable>;

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
  /** Finishes deposits whose crediting was interrupted (left `settling` for a minute); how many. */
  finishSettling(now: Date): Promise<number>;
}

/** Job kind of a deposit's expiry (payload `{ paymentId }`), scheduled when the deposit is created. */
export const EXPIRE_DEPOSIT_JOB = 'payments.expire-deposit';
/** A deposit not confirmed by the provider within this time expires. */
export const DEPOSIT_TTL_MS = 30 * 60_000;

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

  async function insertPayment(values: Omit<PaymentRow, 'id' | 'created_at' | 'updated_at' | 'provider_ref' | 'redirect_url' | 'failure_reason'>) {
    const at = now();
    return db
      .insertInto('payments')
      .values({ ...values, created_at: at, updated_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  /** Moves a payment from one of `from` to `to`; the row when this call made the move. */
  async function claim(id: string, from: PaymentRow['status'][], to: PaymentRow['status'], extra: Partial<Pick<PaymentRow, 'provider_ref' | 'failure_reason'>> = {}) {
    return db
      .updateTable('payments')
      .set({ status: to, updated_at: now(), ...extra })
      .where('id', '=', id)
      .where('status', 'in', from)
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

  /** Reserves a withdrawal's money on the hold account: one ledger movement, refused when the balance is short. */
  async function holdWithdrawal(row: PaymentRow): Promise<PaymentCreated> {
    if (row.status === 'new') {
      const hold = await ledger.houseAccount('house-payments-hold', row.currency as CurrencyCode);
      try {
        await ledger.post({
          idempotencyKey: `payment:${row.id}:hold`,
          kind: 'withdrawal-hold',
          entries: [
            { accountId: row.account_id, amount: -row.amount },
            { accountId: hold.id, amount: row.amount },
          ],
          metadata: { paymentId: row.id },
        });
      } catch (error) {
        // Refused: the request never existed (a retry with the same key may go through after a deposit).
        if (error instanceof InsufficientFundsError) await db.deleteFrom('payments').where('id', '=', row.id).where('status', '=', 'new').execute();
        throw error;
      }
      const held = (await claim(row.id, ['new'], 'awaiting_approval')) ?? (await load(row.id));
      if (!held) throw new Error(`payment ${row.id} vanished`);
      row = held;
    }
    return { paymentId: row.id, status: PUBLIC_STATUS[row.status], redirectUrl: withdrawalReturnUrl(row) };
  }

  async function create(direction: 'deposit' | 'withdrawal', input: CreatePaymentInput): Promise<PaymentCreated> {
    const { name: providerName } = live();
    const account = await paymentAccount(input.userId, input.accountId);
    const amount = parseAmount(input.amount, account.currency);
    const language = await returnLanguage(input.userId, input.language);
    const hash = requestHash(direction, account.id, amount, input.method, language);
    const drive = (row: PaymentRow) => (row.direction === 'deposit' ? startDeposit(row) : holdWithdrawal(row));

    const existing = await byKey(input.userId, input.idempotencyKey);
    if (existing) return drive(sameRequest(existing, hash));

    if (direction === 'deposit') {
      const decision = await depositLimits.check({ userId: input.userId, accountId: account.id, currency: account.currency, amount, now: now() });
      if (!decision.allowed) throw new AppError(422, PaymentErrorCode.depositLimit, decision.reason);
    }
    const inserted = await insertPayment({
      user_id: input.userId,
      account_id: account.id,
      direction,
      method: input.method,
      currency: account.currency,
      amount,
      status: direction === 'deposit' ? 'pending' : 'new',
      provider: providerName,
      return_language: language,
      idempotency_key: input.idempotencyKey,
      request_hash: hash,
    });
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

  /** Posts a claimed (`settling`) deposit's credit and marks it succeeded; repeating it is safe. */
  async function settle(current: PaymentRow): Promise<PaymentRow> {
    await credit(current);
    const settled = await claim(current.id, ['settling'], 'succeeded');
    if (settled) logger.info({ paymentId: current.id }, 'deposit credited');
    return settled ?? (await load(current.id)) ?? current;
  }

  async function credit(row: PaymentRow): Promise<void> {
    const house = await ledger.houseAccount('house-payments', row.currency as CurrencyCode);
    await ledger.post({
      idempotencyKey: `payment:${row.id}:settle`,
      kind: 'deposit',
      entries: [
        { accountId: house.id, amount: -row.amount },
        { accountId: row.account_id, amount: row.amount },
      ],
      metadata: { paymentId: row.id, provider: row.provider, providerRef: row.provider_ref },
    });
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
        // Claim the settlement; a repeat (or a crash after the claim) finds `settling` and finishes it.
        // An expired deposit is still credited: we stopped waiting, but the provider took the money.
        const claimed = await claim(row.id, ['pending', 'expired'], 'settling', ref);
        if (claimed && row.status === 'expired') logger.warn({ paymentId: row.id }, 'success callback after the deposit expired; crediting it');
        const current = claimed ?? (await load(row.id)) ?? row;
        if (current.status !== 'settling') {
          if (current.status !== 'succeeded') logger.warn({ paymentId: row.id, status: current.status }, 'success callback after a final state; ignored');
          return current;
        }
        return settle(current);
      }
      case 'failed':
      case 'cancelled': {
        const closed = await claim(row.id, ['pending'], event.status, { ...ref, failure_reason: event.status });
        return closed ?? (await load(row.id)) ?? row;
      }
    }
  }

  async function withdrawal(id: string): Promise<PaymentRow> {
    const row = await load(id);
    if (!row || row.direction !== 'withdrawal') throw notFound('No such withdrawal');
    return row;
  }

  async function returnToPlayer(row: PaymentRow): Promise<void> {
    const hold = await ledger.houseAccount('house-payments-hold', row.currency as CurrencyCode);
    await ledger.post({
      idempotencyKey: `payment:${row.id}:return`,
      kind: 'withdrawal-return',
      entries: [
        { accountId: hold.id, amount: -row.amount },
        { accountId: row.account_id, amount: row.amount },
      ],
      metadata: { paymentId: row.id },
    });
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
      if (row.status === 'awaiting_approval') row = (await claim(id, ['awaiting_approval'], 'approved')) ?? (await withdrawal(id));
      if (row.status === 'succeeded') return toOps(row);
      if (row.status !== 'approved') throw invalidState(row, 'approve');
      // Approved (now or by an earlier call that did not finish): pay out, idempotently by payment id.
      const payout = await payer.createWithdrawal({ paymentId: row.id, amount: row.amount, currency: row.currency, method: row.method });
      if (payout.status === 'succeeded') {
        const [hold, house] = await Promise.all([
          ledger.houseAccount('house-payments-hold', row.currency as CurrencyCode),
          ledger.houseAccount('house-payments', row.currency as CurrencyCode),
        ]);
        await ledger.post({
          idempotencyKey: `payment:${row.id}:payout`,
          kind: 'withdrawal',
          entries: [
            { accountId: hold.id, amount: -row.amount },
            { accountId: house.id, amount: row.amount },
          ],
          metadata: { paymentId: row.id, provider: payer.name, providerRef: payout.providerRef },
        });
        row = (await claim(id, ['approved'], 'succeeded', { provider_ref: payout.providerRef })) ?? (await withdrawal(id));
        logger.info({ paymentId: id }, 'withdrawal approved and paid out');
      } else if (payout.status === 'failed' || payout.status === 'cancelled') {
        await returnToPlayer(row);
        row = (await claim(id, ['approved'], 'failed', { provider_ref: payout.providerRef, failure_reason: 'payout_failed' })) ?? (await withdrawal(id));
      }
      return toOps(row);
    },

    async rejectWithdrawal(id) {
      let row = await withdrawal(id);
      if (row.status === 'awaiting_approval') row = (await claim(id, ['awaiting_approval'], 'rejected', { failure_reason: 'rejected' })) ?? (await withdrawal(id));
      if (row.status !== 'rejected') throw invalidState(row, 'reject');
      // Repeating the return is a replay: the money comes back once.
      await returnToPlayer(row);
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
      const cursor = before === undefined ? null : decodeCursor(before);
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
        nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
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

    async finishSettling(at) {
      const stuck = await db
        .selectFrom('payments')
        .selectAll()
        .where('direction', '=', 'deposit')
        .where('status', '=', 'settling')
        .where('updated_at', '<=', new Date(at.getTime() - 60_000))
        .orderBy('updated_at')
        .limit(100)
        .execute();
      for (const row of stuck) await settle(row);
      return stuck.length;
    },
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

function encodeCursor(row: PaymentRow): string {
  return Buffer.from(JSON.stringify([row.created_at.toISOString(), row.id])).toString('base64url');
}

function decodeCursor(text: string): { at: Date; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    if (typeof at === 'string' && typeof id === 'string' && isUuid(id) && !Number.isNaN(Date.parse(at))) return { at: new Date(at), id };
  } catch {
    // fall through
  }
  throw new AppError(400, 'invalid_request', 'Invalid history cursor', [{ path: 'query.before', message: 'Invalid cursor' }]);
}
