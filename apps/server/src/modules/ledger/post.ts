/**
 * Posting a movement: one statement, `ledger_post_many` (a database function, migration 0030),
 * in its own transaction or the caller's, that either writes the whole double-entry
 * transaction and its balances, or nothing. What needs no database (double entry, the request
 * hash) is checked here first.
 *
 * Order inside the function:
 * 1. Insert the transaction rows with `ON CONFLICT (idempotency_key) DO NOTHING`. The unique
 *    key decides between concurrent deliveries of one request: PostgreSQL makes the second
 *    wait for the first to commit, then inserts nothing, and we answer the stored movement
 *    (a replay) or refuse a key reused for different content. If the first rolls back
 *    (insufficient funds), the second goes ahead as the original.
 * 2. Lock the accounts `FOR NO KEY UPDATE` in id order, so movements over the same accounts
 *    queue instead of deadlocking, and check currency and funds against the locked balances.
 *    Not `FOR UPDATE`: that also conflicts with the key-share locks which inserting rows that
 *    reference an account takes (a payment, an entry), so two units that each inserted such a
 *    row for one player before posting would wait for each other — a deadlock (decision 0013).
 * 3. Write each balance and entry (the entry with the balance after it), movement after movement.
 * A refusal is raised with its own SQLSTATE (the transaction rolls back) and thrown here as
 * the ledger's error.
 */
import type { Kysely, Selectable } from 'kysely';
import { minor, type Minor } from '@betsite/domain';
import { runPrepared, type Database, type JsonObject, type LedgerEntriesTable } from '@betsite/db';
import { IdempotencyConflictError, InsufficientFundsError, InvalidMovementError } from './errors.ts';
import { checkMovement, requestHash, type Movement } from './movement.ts';

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

/**
 * Posts `movements` in one statement: on `db`, in its own transaction (all or nothing); on a
 * caller's transaction, together with the state change written in it (decision 0013), where a
 * refusal throws and the caller's whole transaction rolls back. Several movements are the
 * settlement of a batch of coupons: each still all or nothing. Answers them in the order
 * given; a key posted before is a replay.
 */
export async function postMany(db: Kysely<Database>, now: Date, movements: readonly Movement[]): Promise<PostedTransaction[]> {
  if (movements.length === 0) return [];
  const payload = movements.map(movementPayload);
  if (new Set(movements.map((m) => m.idempotencyKey)).size !== movements.length) throw new InvalidMovementError('an idempotency key appears twice in one batch');
  try {
    const { rows } = await runPrepared<{ posted: PostedJson[] }>(db, POST_MANY, [now, JSON.stringify(payload)]);
    return rows[0]!.posted.map(fromJson);
  } catch (error) {
    throw ledgerError(error);
  }
}

const POST_MANY = 'select ledger_post_many($1::timestamptz, $2::jsonb) as posted';

/** A movement checked and hashed, as `ledger_post_many` (migration 0030) takes it. */
export interface MovementPayload {
  key: string;
  kind: string;
  hash: string;
  metadata: JsonObject;
  entries: [string, string][];
}

/** Checks `movement` (double entry, keys, amounts) and puts it in the form the database function takes. */
export function movementPayload(movement: Movement): MovementPayload {
  const entries = checkMovement(movement);
  return {
    key: movement.idempotencyKey,
    kind: movement.kind,
    hash: requestHash(movement.kind, entries),
    metadata: movement.metadata ?? {},
    entries: entries.map((e) => [e.accountId, String(e.amount)]),
  };
}

/** A posted transaction as `ledger_post_many` answers it: bigints as text, times as ISO text. */
export interface PostedJson {
  id: string;
  key: string;
  kind: string;
  createdAt: string;
  metadata: JsonObject;
  replayed: boolean;
  entries: { id: string; accountId: string; amount: string; balanceAfter: string; createdAt: string }[];
}

export function fromJson(json: PostedJson): PostedTransaction {
  return {
    id: json.id,
    idempotencyKey: json.key,
    kind: json.kind,
    metadata: json.metadata,
    createdAt: new Date(json.createdAt),
    entries: json.entries.map((e) => ({
      id: BigInt(e.id),
      transactionId: json.id,
      accountId: e.accountId,
      amount: minor(BigInt(e.amount)),
      balanceAfter: minor(BigInt(e.balanceAfter)),
      createdAt: new Date(e.createdAt),
    })),
    replayed: json.replayed,
  };
}

/** The ledger's refusal a database error stands for (SQLSTATE LG001–LG003, migration 0030), or the error itself. */
export function ledgerError(error: unknown): unknown {
  if (typeof error !== 'object' || error === null) return error;
  const { code, detail, message } = error as { code?: string; detail?: string; message?: string };
  if (code === 'LG001') {
    const { accountId, balance, requested } = JSON.parse(detail ?? '{}') as { accountId: string; balance: string; requested: string };
    return new InsufficientFundsError(accountId, BigInt(balance), BigInt(requested));
  }
  if (code === 'LG002') return new IdempotencyConflictError(detail ?? '');
  if (code === 'LG003') return new InvalidMovementError(message ?? 'invalid movement');
  return error;
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
