import { sql, type Kysely } from 'kysely';

const KINDS = `'player-main', 'player-bonus', 'player-currency', 'house-cash', 'house-payments', 'house-bets', 'house-bonus'`;

/**
 * Payments (issue 3): deposits and withdrawals through a payment provider. The money moves
 * in the ledger (idempotency keys `payment:{id}:settle|hold|payout|return`); this table
 * holds the request, its state and the provider's reference. A withdrawal's money waits on
 * the new house account kind `house-payments-hold` until an operator approves or rejects it.
 *
 * Internal states beyond the API's: `new` (withdrawal row written, hold not yet posted),
 * `settling` (a deposit's success claimed, credit being posted), `approved` (payout under way).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_accounts drop constraint ledger_accounts_kind_check`.execute(db);
  await sql`alter table ledger_accounts add constraint ledger_accounts_kind_check
    check (kind in (${sql.raw(KINDS)}, 'house-payments-hold'))`.execute(db);

  await db.schema
    .createTable('payments')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id'))
    .addColumn('account_id', 'uuid', (col) => col.notNull().references('ledger_accounts.id'))
    .addColumn('direction', 'text', (col) => col.notNull().check(sql`direction in ('deposit', 'withdrawal')`))
    .addColumn('method', 'text', (col) => col.notNull().check(sql`method in ('card', 'ewallet')`))
    .addColumn('currency', 'char(3)', (col) => col.notNull())
    .addColumn('amount', 'bigint', (col) => col.notNull().check(sql`amount > 0`))
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .check(
          sql`status in ('new', 'pending', 'settling', 'awaiting_approval', 'approved', 'succeeded', 'failed', 'cancelled', 'rejected')`,
        ),
    )
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('provider_ref', 'text')
    .addColumn('redirect_url', 'text')
    .addColumn('return_language', 'char(2)', (col) => col.notNull())
    // The client's Idempotency-Key and a hash of what it asked, so a retry answers the same payment.
    .addColumn('idempotency_key', 'text', (col) => col.notNull())
    .addColumn('request_hash', 'text', (col) => col.notNull())
    .addColumn('failure_reason', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('payments_idempotency', ['user_id', 'idempotency_key'])
    .execute();

  // The player's history (newest first, keyset pages) and the operator's queue.
  await db.schema.createIndex('payments_user_history').on('payments').columns(['user_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('payments_queue').on('payments').columns(['direction', 'status', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payments').execute();
  await sql`delete from ledger_entries where account_id in (select id from ledger_accounts where kind = 'house-payments-hold')`.execute(db);
  await sql`delete from ledger_accounts where kind = 'house-payments-hold'`.execute(db);
  await sql`alter table ledger_accounts drop constraint ledger_accounts_kind_check`.execute(db);
  await sql`alter table ledger_accounts add constraint ledger_accounts_kind_check check (kind in (${sql.raw(KINDS)}))`.execute(db);
}
