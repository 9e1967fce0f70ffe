/**
 * Posting a movement: one SQL transaction (its own, or the caller's) that either writes the
 * whole double-entry transaction and its balances, or nothing.
 *
 * Order inside the transaction:
 * 1. Insert the transaction row with `ON CONFLICT (idempotency_key) DO NOTHING`. The unique
 *    key decides between concurrent deliveries of one request: PostgreSQL makes the second
 *    wait for the first to commit, then inserts nothing, and we answer the stored movement
 *    (a replay) or refuse a key reused for different content. If the first rolls back
 *    (insufficient funds), the second goes ahead as the original.
 * 2. Lock the accounts `FOR NO KEY UPDATE` in id order, so movements over the same accounts
 *    queue instead of deadlocking, and check currency and funds against the locked balances.
 *    Not `FOR UPDATE`: that also conflicts with the key-share locks which inserting rows that
 *    reference an account takes (a payment, an entry), so two units that each inserted such a
 *    row for one player before posting would wait for each other — a deadlock (decision 0013).
 * 3. Write the balances (one statement) and the entries (each with the balance after it).
 */
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { minor, type Minor } from '@betsite/domain';
import type { Database, JsonObject, LedgerEntriesTable, LedgerTransactionsTable } from '@betsite/db';
import { IdempotencyConflictError, InsufficientFundsError, InvalidMovementError } from './errors.ts';
import { checkMovement, requestHash, type CheckedEntry, type Movement } from './movement.ts';

export interface LedgerEntry {
  id: bigint;
  transactionId: string;
  accountId: string;
  amount: Minor;
  balanceAfter: Minor;
  createdAt: Date;
}

export interface PostedTransaction {
  id: string;
  idempotencyKey: string;
  kind: string;
  metadata: JsonObject;
  createdAt: Date;
  /** In the order of the movement's entries (entry ids are assigned in that order). */
  entries: LedgerEntry[];
  /** True when the key had been posted before: nothing moved this time. */
  replayed: boolean;
}

export async function postMovement(db: Kysely<Database>, now: Date, movement: Movement): Promise<PostedTransaction> {
  return db.transaction().execute((trx) => postWithin(trx, now, movement));
}

/**
 * Posts inside the caller's transaction, so a state change written in the same transaction
 * commits with the money it moves, or neither does (decision 0013). A refusal throws and the
 * caller's whole transaction rolls back.
 */
export async function postWithin(trx: Transaction<Database>, now: Date, movement: Movement): Promise<PostedTransaction> {
  const entries = checkMovement(movement);
  const hash = requestHash(movement.kind, entries);
  const transaction = await trx
    .insertInto('ledger_transactions')
    .values({
      idempotency_key: movement.idempotencyKey,
      kind: movement.kind,
      request_hash: hash,
      metadata: JSON.stringify(movement.metadata ?? {}),
      created_at: now,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!transaction) return replay(trx, movement.idempotencyKey, hash);

  const planned = await lockAndPlan(trx, entries);
  // Every balance in one statement (a round trip fewer per account on the hottest path).
  const balances = planned.map(({ accountId, balanceAfter }) => sql`(${accountId}::uuid, ${balanceAfter}::bigint)`);
  await sql`update ledger_accounts as a set balance = v.balance from (values ${sql.join(balances)}) as v(id, balance) where a.id = v.id`.execute(trx);
  const rows = await trx
    .insertInto('ledger_entries')
    .values(
      planned.map(({ accountId, amount, balanceAfter }) => ({
        transaction_id: transaction.id,
        account_id: accountId,
        amount,
        balance_after: balanceAfter,
        created_at: now,
      })),
    )
    .returningAll()
    .execute();
  return toPosted(transaction, rows, false);
}

interface PlannedEntry extends CheckedEntry {
  balanceAfter: bigint;
}

/**
 * Locks the accounts in id order and plans each entry's balance after it, refusing unknown
 * accounts, mixed currencies, and a debit that would take a non-negative account below zero.
 */
async function lockAndPlan(trx: Transaction<Database>, entries: readonly CheckedEntry[]): Promise<PlannedEntry[]> {
  const locked = await trx
    .selectFrom('ledger_accounts')
    .select(['id', 'currency', 'balance', 'allow_negative'])
    .where('id', 'in', entries.map((e) => e.accountId))
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
  const currencies = new Set(locked.map((a) => a.currency));
  if (currencies.size > 1) throw new InvalidMovementError(`one movement mixes currencies ${[...currencies].join(', ')}`);
  const accounts = new Map(locked.map((a) => [a.id, a]));
  return entries.map(({ accountId, amount }) => {
    const account = accounts.get(accountId);
    if (!account) throw new InvalidMovementError(`unknown account ${accountId}`);
    const balanceAfter = account.balance + amount;
    if (balanceAfter < 0n && !account.allow_negative) throw new InsufficientFundsError(accountId, account.balance, -amount);
    return { accountId, amount, balanceAfter };
  });
}

/** The stored movement of `key` when it is the same movement, else a conflict. */
async function replay(trx: Transaction<Database>, key: string, hash: string): Promise<PostedTransaction> {
  const transaction = await trx.selectFrom('ledger_transactions').selectAll().where('idempotency_key', '=', key).executeTakeFirstOrThrow();
  if (transaction.request_hash !== hash) throw new IdempotencyConflictError(key);
  const rows = await trx.selectFrom('ledger_entries').selectAll().where('transaction_id', '=', transaction.id).execute();
  return toPosted(transaction, rows, true);
}

function toPosted(transaction: Selectable<LedgerTransactionsTable>, rows: Selectable<LedgerEntriesTable>[], replayed: boolean): PostedTransaction {
  return {
    id: transaction.id,
    idempotencyKey: transaction.idempotency_key,
    kind: transaction.kind,
    metadata: transaction.metadata,
    createdAt: transaction.created_at,
    entries: byId(rows).map(toEntry),
    replayed,
  };
}

/** RETURNING promises no order; ids follow the order the entries were given in. */
function byId(rows: Selectable<LedgerEntriesTable>[]): Selectable<LedgerEntriesTable>[] {
  return rows.sort((a, b) => (a.id < b.id ? -1 : 1));
}

export function toEntry(row: Selectable<LedgerEntriesTable>): LedgerEntry {
  return {
    id: row.id,
    transactionId: row.transaction_id,
    accountId: row.account_id,
    amount: minor(row.amount),
    balanceAfter: minor(row.balance_after),
    createdAt: row.created_at,
  };
}
