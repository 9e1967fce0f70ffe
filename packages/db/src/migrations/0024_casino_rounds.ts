import { sql, type Kysely } from 'kysely';

/**
 * The seamless wallet between a game server and the site (issue 13, decision 0022).
 *
 * `casino_rounds`: one row per provider round of real money (provider, its round id, the
 * player and the ledger account charged, game, currency, mode, status open → settled |
 * rolled_back, what was staked and won). Its state changes in the same transaction as the
 * money it moves (decision 0013); a round is locked (`for update`) by every call on it.
 *
 * `casino_wallet_transactions`: one row per provider transaction id (debit, credit,
 * rollback), unique per provider, with the answer given (HTTP status and body) so a replay
 * answers the same. A rollback of a debit never seen stores a tombstone row under the debit's
 * id (answer 409 transaction_rolled_back), so the debit arriving late is refused.
 *
 * `casino_launch_tokens`: signed one-time launch tokens a game server redeems once.
 *
 * New house account kind `house-casino` (sharded by round, decision 0015).
 */
const KIND_CHECK = 'ledger_accounts_kind_check';

async function kindValues(db: Kysely<unknown>): Promise<string[]> {
  const { rows } = await sql<{ def: string }>`
    select pg_get_constraintdef(c.oid) as def from pg_constraint c
    where c.conname = ${KIND_CHECK} and c.conrelid = 'ledger_accounts'::regclass`.execute(db);
  const def = rows[0]?.def;
  if (!def) throw new Error(`no constraint ${KIND_CHECK}`);
  return [...def.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
}

async function setKinds(db: Kysely<unknown>, values: readonly string[]): Promise<void> {
  const list = sql.join(values.map((v) => sql.lit(v)));
  await sql`alter table ledger_accounts drop constraint ${sql.id(KIND_CHECK)}`.execute(db);
  await sql`alter table ledger_accounts add constraint ${sql.id(KIND_CHECK)} check (kind in (${list}))`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await setKinds(db, [...new Set([...(await kindValues(db)), 'house-casino'])]);

  await db.schema
    .createTable('casino_rounds')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('round_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id'))
    .addColumn('account_id', 'uuid', (col) => col.notNull().references('ledger_accounts.id'))
    .addColumn('game_id', 'text', (col) => col.notNull())
    .addColumn('currency', 'char(3)', (col) => col.notNull())
    .addColumn('mode', 'text', (col) => col.notNull().defaultTo('real').check(sql`mode in ('real', 'demo')`))
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('open', 'settled', 'rolled_back')`))
    .addColumn('stake_total', 'bigint', (col) => col.notNull().defaultTo(0).check(sql`stake_total >= 0`))
    .addColumn('win_total', 'bigint', (col) => col.notNull().defaultTo(0).check(sql`win_total >= 0`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .addUniqueConstraint('casino_rounds_provider_round', ['provider', 'round_id'])
    .execute();
  // The recovery job's scan: open rounds by age.
  await db.schema.createIndex('casino_rounds_open').on('casino_rounds').column('updated_at').where(sql.ref('status'), '=', 'open').execute();
  await db.schema.createIndex('casino_rounds_user').on('casino_rounds').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('casino_wallet_transactions')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('tx_id', 'text', (col) => col.notNull())
    .addColumn('round_id', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('debit', 'credit', 'rollback')`))
    .addColumn('amount', 'bigint', (col) => col.notNull().check(sql`amount >= 0`))
    // Identifies the request: a reused id with another body is refused (null: a tombstone).
    .addColumn('request_hash', 'text')
    // A rollback: the debit it names.
    .addColumn('reference_tx_id', 'text')
    // A debit: when its stake went back (a rollback or the recovery job), once.
    .addColumn('rolled_back_at', 'timestamptz')
    .addColumn('status_code', 'smallint', (col) => col.notNull())
    .addColumn('answer', 'jsonb', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addUniqueConstraint('casino_wallet_transactions_provider_tx', ['provider', 'tx_id'])
    .execute();
  await db.schema.createIndex('casino_wallet_transactions_round').on('casino_wallet_transactions').columns(['provider', 'round_id']).execute();

  await db.schema
    .createTable('casino_launch_tokens')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('user_id', 'uuid', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('game_id', 'text', (col) => col.notNull())
    .addColumn('currency', 'char(3)', (col) => col.notNull())
    .addColumn('mode', 'text', (col) => col.notNull().check(sql`mode in ('real', 'demo')`))
    .addColumn('language', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    // Real money needs a player.
    .addCheckConstraint('casino_launch_tokens_real_player', sql`mode <> 'real' or user_id is not null`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('casino_launch_tokens').execute();
  await db.schema.dropTable('casino_wallet_transactions').execute();
  await db.schema.dropTable('casino_rounds').execute();
  await sql`delete from ledger_entries where account_id in (select id from ledger_accounts where kind = 'house-casino')`.execute(db);
  await sql`delete from ledger_accounts where kind = 'house-casino'`.execute(db);
  await setKinds(db, (await kindValues(db)).filter((k) => k !== 'house-casino'));
}
