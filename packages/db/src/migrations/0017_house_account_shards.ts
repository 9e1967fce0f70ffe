import { sql, type Kysely } from 'kysely';

/**
 * House accounts in shards (decision 0015). Every movement of a player has a house account
 * on its other side, and the ledger locks both rows until its transaction commits; with one
 * house row per kind and currency, every bet, payment and casino round of the site would
 * queue on that one row. Each house account is now `shard` 0 … N − 1 of its kind and
 * currency: a movement takes the shard its key hashes to, so concurrent movements spread
 * over N rows, and the house's balance is the sum of its shards. Player accounts are shard 0.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('ledger_accounts')
    .addColumn('shard', 'smallint', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`alter table ledger_accounts add constraint ledger_accounts_shard
    check (shard >= 0 and (owner_id is null or shard = 0))`.execute(db);
  await db.schema.dropIndex('ledger_accounts_house').execute();
  await db.schema
    .createIndex('ledger_accounts_house')
    .on('ledger_accounts')
    .columns(['kind', 'currency', 'shard'])
    .unique()
    .where(sql.ref('owner_id'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('ledger_accounts_house').execute();
  await db.schema
    .createIndex('ledger_accounts_house')
    .on('ledger_accounts')
    .columns(['kind', 'currency'])
    .unique()
    .where(sql.ref('owner_id'), 'is', null)
    .execute();
  await sql`alter table ledger_accounts drop constraint ledger_accounts_shard`.execute(db);
  await db.schema.alterTable('ledger_accounts').dropColumn('shard').execute();
}
