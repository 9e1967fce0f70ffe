import { sql, type Kysely } from 'kysely';

/**
 * Coupons (issue 11, SPEC §3 "Coupon to submit", "Coupon bet", "Coupon bet status"): a placed
 * bet slip and its selections. The coupon id is the client's (SPEC `id`) and the idempotency
 * key of the placement: a retry with the same id and body answers the stored coupon; the
 * same id with another body is refused (`request_hash`). The stake moves on the ledger in
 * the same transaction as these rows (decision 0013: `coupon:{id}:stake`), the payout when
 * the coupon settles (`coupon:{id}:payout`); both use the house-bets shard of the coupon id
 * (decision 0015).
 *
 * States: `pending` (a live coupon waiting its acceptance delay; the stake is already held on
 * the player's side), `accepted`, `refused` (the stake returned), `settled` (payout posted,
 * possibly 0), `sold` (cashed out). `plan` keeps what the coupon maths needs to settle it
 * (amounts per bet or block, bankers, blocks, lobby, the system value) as the domain wrote it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('coupons')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id'))
    .addColumn('account_id', 'uuid', (col) => col.notNull().references('ledger_accounts.id'))
    .addColumn('currency', 'char(3)', (col) => col.notNull())
    .addColumn('type_id', 'smallint', (col) => col.notNull().check(sql`type_id between 0 and 9`))
    .addColumn('system_value', 'smallint')
    .addColumn('amount', 'bigint', (col) => col.notNull().check(sql`amount > 0`))
    .addColumn('unit_stake', 'bigint', (col) => col.notNull())
    .addColumn('lines', 'integer', (col) => col.notNull())
    // Thousandths; bigint: an express of long odds multiplies past 2^31 (3 selections at 1000 → 10^12).
    .addColumn('coef', 'bigint', (col) => col.notNull())
    .addColumn('possible_win', 'bigint', (col) => col.notNull())
    .addColumn('change_coef_action', 'smallint', (col) => col.notNull().check(sql`change_coef_action between 0 and 2`))
    .addColumn('exact_coef', 'integer')
    .addColumn('drop_on_score_change', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('is_live', 'boolean', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('pending', 'accepted', 'refused', 'settled', 'sold')`))
    .addColumn('payout', 'bigint')
    .addColumn('refusal', 'jsonb')
    .addColumn('plan', 'jsonb', (col) => col.notNull())
    .addColumn('request_hash', 'text', (col) => col.notNull())
    .addColumn('accept_at', 'timestamptz')
    .addColumn('settled_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // My bets (newest first, keyset pages) and the open coupons the settlement and acceptance jobs look at.
  await db.schema.createIndex('coupons_user_history').on('coupons').columns(['user_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('coupons_open').on('coupons').columns(['status', 'accept_at']).where(sql.ref('status'), 'in', sql`('pending', 'accepted')`).execute();

  await db.schema
    .createTable('coupon_selections')
    .addColumn('coupon_id', 'uuid', (col) => col.notNull().references('coupons.id').onDelete('cascade'))
    .addColumn('position', 'smallint', (col) => col.notNull())
    .addColumn('game_id', 'integer', (col) => col.notNull())
    .addColumn('outcome_key', 'text', (col) => col.notNull())
    .addColumn('coef', 'integer', (col) => col.notNull().check(sql`coef between 1000 and 1000000`))
    .addColumn('block_id', 'smallint')
    .addColumn('is_banker', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('is_live', 'boolean', (col) => col.notNull())
    // The score when placed: a live selection with drop-on-score-change is refused if it moved during the delay.
    .addColumn('score_home', 'integer')
    .addColumn('score_away', 'integer')
    // SPEC §3 coupon bet status: −2 not calculated … 6 half lose half win.
    .addColumn('status', 'smallint', (col) => col.notNull().defaultTo(-2).check(sql`status between -2 and 6`))
    .addPrimaryKeyConstraint('coupon_selections_pkey', ['coupon_id', 'position'])
    .execute();
  // When a game settles: its selections still waiting, and so their coupons.
  await db.schema
    .createIndex('coupon_selections_open_game')
    .on('coupon_selections')
    .columns(['game_id', 'outcome_key'])
    .where(sql.ref('status'), '<', 0)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('coupon_selections').execute();
  await db.schema.dropTable('coupons').execute();
}
