import { sql, type Kysely } from 'kysely';

/**
 * The vip bet's review and the resettlement of a corrected result (issue 11, decision 0016).
 *
 * Vip: a coupon asked as a vip bet above the max waits in the new status `review` with the
 * whole asked stake held (`coupon:{id}:stake`, as any coupon). `vip_asked_amount` is that
 * stake, `vip_counter_amount` the operator's counter-offer, `review_deadline` when the one
 * whose turn it is (operator, then the player for a counter) runs out of time, and
 * `vip_decision` what happened (accepted, declined, countered, timed_out, counter_accepted,
 * counter_declined, counter_timed_out).
 *
 * Resettlement: `settlement_version` is 1 once the sweep paid a coupon (`coupon:{id}:payout`);
 * each correction of a result that changes what it pays adds a row here and moves the version
 * on, posting `coupon:{id}:payout:v{n}:reverse` and `coupon:{id}:payout:v{n+1}`. The update of
 * the version is guarded by the version read, so two runs post once. What a reversal could not
 * take from the player's balance is `debt`, owed on the new house account kind
 * `house-receivables` (decision 0016).
 */
const STATUS_CHECK = 'coupons_status_check';
const KIND_CHECK = 'ledger_accounts_kind_check';

/** The quoted values of an `x in (…)` check as it is now (earlier migrations may have added to it). */
async function checkValues(db: Kysely<unknown>, table: string, name: string): Promise<string[]> {
  const { rows } = await sql<{ def: string }>`
    select pg_get_constraintdef(c.oid) as def from pg_constraint c
    where c.conname = ${name} and c.conrelid = ${table}::regclass`.execute(db);
  const def = rows[0]?.def;
  if (!def) throw new Error(`no constraint ${name} on ${table}`);
  return [...def.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
}

async function setCheck(db: Kysely<unknown>, table: string, name: string, column: string, values: readonly string[]): Promise<void> {
  const list = sql.join(values.map((v) => sql.lit(v)));
  await sql`alter table ${sql.table(table)} drop constraint ${sql.id(name)}`.execute(db);
  await sql`alter table ${sql.table(table)} add constraint ${sql.id(name)} check (${sql.ref(column)} in (${list}))`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const statuses = await checkValues(db, 'coupons', STATUS_CHECK);
  await setCheck(db, 'coupons', STATUS_CHECK, 'status', [...new Set([...statuses, 'review'])]);
  const kinds = await checkValues(db, 'ledger_accounts', KIND_CHECK);
  await setCheck(db, 'ledger_accounts', KIND_CHECK, 'kind', [...new Set([...kinds, 'house-receivables'])]);

  await db.schema
    .alterTable('coupons')
    .addColumn('vip_asked_amount', 'bigint', (col) => col.check(sql`vip_asked_amount > 0`))
    .addColumn('vip_counter_amount', 'bigint', (col) => col.check(sql`vip_counter_amount > 0`))
    .addColumn('review_deadline', 'timestamptz')
    .addColumn('vip_decision', 'text', (col) =>
      col.check(sql`vip_decision in ('accepted', 'declined', 'countered', 'timed_out', 'counter_accepted', 'counter_declined', 'counter_timed_out')`),
    )
    .addColumn('settlement_version', 'smallint', (col) => col.notNull().defaultTo(1))
    .execute();
  // A coupon in review has what the operator needs to decide and a deadline.
  await sql`alter table coupons add constraint coupons_review_whole check (
    status <> 'review' or (vip_asked_amount is not null and review_deadline is not null))`.execute(db);
  // The queue of the operators and the time-out sweep.
  await db.schema.createIndex('coupons_review').on('coupons').column('review_deadline').where(sql.ref('status'), '=', 'review').execute();

  await db.schema
    .createTable('coupon_resettlements')
    .addColumn('coupon_id', 'uuid', (col) => col.notNull().references('coupons.id').onDelete('cascade'))
    .addColumn('version', 'smallint', (col) => col.notNull().check(sql`version >= 2`))
    .addColumn('game_id', 'integer')
    .addColumn('previous_payout', 'bigint', (col) => col.notNull().check(sql`previous_payout >= 0`))
    .addColumn('payout', 'bigint', (col) => col.notNull().check(sql`payout >= 0`))
    .addColumn('debt', 'bigint', (col) => col.notNull().defaultTo(0).check(sql`debt >= 0`))
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('coupon_resettlements_pkey', ['coupon_id', 'version'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('coupon_resettlements').execute();
  await db.schema.dropIndex('coupons_review').execute();
  await sql`alter table coupons drop constraint coupons_review_whole`.execute(db);
  await db.schema
    .alterTable('coupons')
    .dropColumn('settlement_version')
    .dropColumn('vip_decision')
    .dropColumn('review_deadline')
    .dropColumn('vip_counter_amount')
    .dropColumn('vip_asked_amount')
    .execute();
  await sql`delete from coupons where status = 'review'`.execute(db);
  const statuses = await checkValues(db, 'coupons', STATUS_CHECK);
  await setCheck(db, 'coupons', STATUS_CHECK, 'status', statuses.filter((s) => s !== 'review'));
  await sql`delete from ledger_entries where account_id in (select id from ledger_accounts where kind = 'house-receivables')`.execute(db);
  await sql`delete from ledger_accounts where kind = 'house-receivables'`.execute(db);
  const kinds = await checkValues(db, 'ledger_accounts', KIND_CHECK);
  await setCheck(db, 'ledger_accounts', KIND_CHECK, 'kind', kinds.filter((k) => k !== 'house-receivables'));
}
