import { sql, type Kysely } from 'kysely';

/**
 * The double-entry ledger (ARCHITECTURE "Money"). Amounts are bigint minor units. An
 * account's `balance` is the running sum of its entries, kept on the row so a movement can
 * lock it (`FOR UPDATE`) and check it; `balance_after` on each entry records that sum.
 * House accounts (no owner) are the other side of player movements and may go negative
 * (money arriving from a payment provider comes "from outside").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ledger_accounts')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('owner_id', 'uuid', (col) => col.references('users.id'))
    .addColumn('kind', 'text', (col) =>
      col
        .notNull()
        .check(
          sql`kind in ('player-main', 'player-bonus', 'player-currency', 'house-cash', 'house-payments', 'house-bets', 'house-bonus')`,
        ),
    )
    /** SPEC §3 Account type of player accounts: 0 main, 4 bonus, 9 currency account. */
    .addColumn('spec_type', 'smallint')
    .addColumn('currency', 'char(3)', (col) => col.notNull().check(sql`currency ~ '^[A-Z]{3}$'`))
    .addColumn('balance', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('allow_negative', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // The last line of defence: even a buggy movement cannot overdraw a player.
    .addCheckConstraint('ledger_accounts_non_negative', sql`allow_negative or balance >= 0`)
    .addCheckConstraint(
      'ledger_accounts_player_or_house',
      sql`case when kind like 'house-%'
        then owner_id is null and spec_type is null
        else owner_id is not null and not allow_negative
          and spec_type = case kind when 'player-main' then 0 when 'player-bonus' then 4 else 9 end
        end`,
    )
    .execute();

  await db.schema
    .createIndex('ledger_accounts_player')
    .on('ledger_accounts')
    .columns(['owner_id', 'kind', 'currency'])
    .unique()
    .where(sql.ref('owner_id'), 'is not', null)
    .execute();
  // A player has one main account, in the registration currency (SPEC §3).
  await db.schema
    .createIndex('ledger_accounts_one_main')
    .on('ledger_accounts')
    .column('owner_id')
    .unique()
    .where(sql.ref('kind'), '=', 'player-main')
    .execute();
  // One house account per kind and currency, so get-or-create can rely on ON CONFLICT.
  await db.schema
    .createIndex('ledger_accounts_house')
    .on('ledger_accounts')
    .columns(['kind', 'currency'])
    .unique()
    .where(sql.ref('owner_id'), 'is', null)
    .execute();

  await db.schema
    .createTable('ledger_transactions')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // The unique constraint decides between concurrent retries of one request.
    .addColumn('idempotency_key', 'text', (col) => col.notNull().unique())
    .addColumn('kind', 'text', (col) => col.notNull())
    // Hash of the movement, so a key reused for a different movement is refused, not replayed.
    .addColumn('request_hash', 'text', (col) => col.notNull())
    .addColumn('metadata', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('transaction_id', 'uuid', (col) => col.notNull().references('ledger_transactions.id'))
    .addColumn('account_id', 'uuid', (col) => col.notNull().references('ledger_accounts.id'))
    .addColumn('amount', 'bigint', (col) => col.notNull().check(sql`amount <> 0`))
    .addColumn('balance_after', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  // An account's history page by page (newest first, by id), and statements by period.
  await db.schema.createIndex('ledger_entries_account').on('ledger_entries').columns(['account_id', 'id']).execute();
  await db.schema.createIndex('ledger_entries_account_time').on('ledger_entries').columns(['account_id', 'created_at']).execute();
  await db.schema.createIndex('ledger_entries_transaction').on('ledger_entries').column('transaction_id').execute();

  // Double entry enforced by the database too: at commit, every transaction that got
  // entries must sum to zero, whatever code wrote them.
  await sql`
    create function ledger_transaction_balanced() returns trigger language plpgsql as $$
    begin
      if (select sum(amount) from ledger_entries where transaction_id = new.transaction_id) <> 0 then
        raise exception 'ledger transaction % does not sum to zero', new.transaction_id
          using errcode = 'check_violation', constraint = 'ledger_entries_balanced';
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create constraint trigger ledger_entries_balanced after insert on ledger_entries
    deferrable initially deferred for each row execute function ledger_transaction_balanced()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ledger_entries').execute();
  await sql`drop function ledger_transaction_balanced()`.execute(db);
  await db.schema.dropTable('ledger_transactions').execute();
  await db.schema.dropTable('ledger_accounts').execute();
}
