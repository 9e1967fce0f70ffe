import { sql, type Kysely } from 'kysely';

/**
 * Player account preferences (SPEC §3 Account, §4 account change/delete, §9 user_hide_balance):
 * - `account_preferences`: which of the player's accounts is active (null: the main account)
 *   and whether the header hides the balance (SPEC default true);
 * - `account_closures`: additional currency accounts the player removed. Ledger accounts are
 *   never deleted (their entries reference them); a closed account is hidden while its
 *   balance is zero and reopened when the player adds that currency again.
 *
 * Registration now opens a player's main and bonus accounts, so a player's ledger accounts
 * go with the player (`on delete cascade`, like sessions). A player whose accounts have
 * entries still cannot be deleted: entries reference their accounts without cascade, so
 * money history is never lost.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_accounts drop constraint ledger_accounts_owner_id_fkey`.execute(db);
  await sql`alter table ledger_accounts add constraint ledger_accounts_owner_id_fkey
    foreign key (owner_id) references users(id) on delete cascade`.execute(db);

  await db.schema
    .createTable('account_preferences')
    .addColumn('user_id', 'uuid', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('active_account_id', 'uuid', (col) => col.references('ledger_accounts.id').onDelete('set null'))
    .addColumn('hide_balance', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('account_closures')
    .addColumn('account_id', 'uuid', (col) => col.primaryKey().references('ledger_accounts.id').onDelete('cascade'))
    .addColumn('closed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_closures').execute();
  await db.schema.dropTable('account_preferences').execute();
  await sql`alter table ledger_accounts drop constraint ledger_accounts_owner_id_fkey`.execute(db);
  await sql`alter table ledger_accounts add constraint ledger_accounts_owner_id_fkey foreign key (owner_id) references users(id)`.execute(db);
}
