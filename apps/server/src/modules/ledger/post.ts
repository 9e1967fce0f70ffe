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
  return (await postManyWithin(trx, now, [movement]))[0]!;
}

/**
 * Posts several movements inside the caller's transaction with as many statements as one
 * (the settlement of a batch of coupons): each movement still all or nothing, together with
 * the caller's state change. Answers them in the order given; a key posted before is a replay.
 */
export async function postManyWithin(trx: Transaction<Database>, now: Date, movements: readonly Movement[]): Promise<PostedTransaction[]> {
  if (movements.length === 0) return [];
  const checked = movements.map((movement) => {
    const entries = checkMovement(movement);
    return { movement, entries, hash: requestHash(movement.kind, entries) };
  });
  if (new Set(movements.map((m) => m.idempotencyKey)).size !== movements.length) throw new InvalidMovementError('an idempotency key appears twice in one batch');
  const inserted = await trx
    .insertInto('ledger_transactions')
    .values(
      checked.map(({ movement, hash }) => ({
        idempotency_key: movement.idempotencyKey,
        kind: movement.kind,
        request_hash: hash,
        metadata: JSON.stringify(movement.metadata ?? {}),
        created_at: now,
      })),
    )
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returningAll()
    .execute();
  const byKey = new Map(inserted.map((t) => [t.idempotency_key, t]));
  const fresh = checked.filter((c) => byKey.has(c.movement.idempotencyKey));

  const planned = await lockAndPlan(trx, fresh.map((c) => c.entries));
  const rows = planned.length === 0 ? [] : await writeEntries(trx, now, fresh, byKey, planned);
  const posted: PostedTransaction[] = [];
  for (const { movement, hash } of checked) {
    const transaction = byKey.get(movement.idempotencyKey);
    posted.push(transaction ? toPosted(transaction, rows.filter((r) => r.transaction_id === transaction.id), false) : await replay(trx, movement.idempotencyKey, hash));
  }
  return posted;
}

/** Every balance in one statement (a round trip fewer per account on the hottest path), then every entry in one. */
async function writeEntries(
  trx: Transaction<Database>,
  now: Date,
  fresh: readonly { movement: Movement }[],
  byKey: ReadonlyMap<string, Selectable<LedgerTransactionsTable>>,
  planned: readonly (readonly PlannedEntry[])[],
): Promise<Selectable<LedgerEntriesTable>[]> {
  const last = new Map<string, bigint>();
  for (const entry of planned.flat()) last.set(entry.accountId, entry.balanceAfter);
  const balances = [...last].map(([accountId, balance]) => sql`(${accountId}::uuid, ${balance}::bigint)`);
  await sql`update ledger_accounts as a set balance = v.balance from (values ${sql.join(balances)}) as v(id, balance) where a.id = v.id`.execute(trx);
  return trx
    .insertInto('ledger_entries')
    .values(
      fresh.flatMap(({ movement }, i) =>
        planned[i]!.map(({ accountId, amount, balanceAfter }) => ({
          transaction_id: byKey.get(movement.idempotencyKey)!.id,
          account_id: accountId,
          amount,
          balance_after: balanceAfter,
          created_at: now,
        })),
      ),
    )
    .returningAll()
    .execute();
}

interface PlannedEntry extends CheckedEntry {
  balanceAfter: bigint;
}

/**
 * Locks the accounts of all the movements in id order and plans each entry's balance after
 * it (movement after movement), refusing unknown accounts, mixed currencies in a movement,
 * and a debit that would take a non-negative account below zero.
 */
async function lockAndPlan(trx: Transaction<Database>, movements: readonly (readonly CheckedEntry[])[]): Promise<PlannedEntry[][]> {
  if (movements.length === 0) return [];
  const locked = await trx
    .selectFrom('ledger_accounts')
    .select(['id', 'currency', 'balance', 'allow_negative'])
    .where('id', 'in', [...new Set(movements.flat().map((e) => e.accountId))])
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
  const accounts = new Map(locked.map((a) => [a.id, a]));
  const balances = new Map(locked.map((a) => [a.id, a.balance]));
  return movements.map((entries) => {
    const unknown = entries.find((e) => !accounts.has(e.accountId));
    if (unknown) throw new InvalidMovementError(`unknown account ${unknown.accountId}`);
    const currencies = new Set(entries.map((e) => accounts.get(e.accountId)!.currency));
    if (currencies.size > 1) throw new InvalidMovementError(`one movement mixes currencies ${[...currencies].join(', ')}`);
    return entries.map(({ accountId, amount }) => {
      const account = accounts.get(accountId)!;
      const balance = balances.get(accountId)!;
      const balanceAfter = balance + amount;
      if (balanceAfter < 0n && !account.allow_negative) throw new InsufficientFundsError(accountId, balance, -amount);
      balances.set(accountId, balanceAfter);
      return { accountId, amount, balanceAfter };
    });
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
