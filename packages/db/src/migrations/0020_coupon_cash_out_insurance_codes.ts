import { sql, type Kysely } from 'kysely';

/**
 * Coupon actions of issue 11 (SPEC §4 sell, insure; §3 isCouponLoadedFromCode).
 *
 * Insurance on the coupon row: the insured part of the stake (paid back if the coupon settles
 * paying nothing), the premium charged for it and when. All three are set together in the
 * transaction that posts the premium (`coupon:{id}:insurance`), once: a coupon is insured at
 * most once. Cash-out needs no column: the coupon becomes `sold` with `payout` = the offer.
 *
 * `coupon_codes`: a saved bet slip under a short code (domain coupon/short-code.ts), the draft
 * as the slip sent it (bets, type, system value); by a visitor (no user) or a player.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('coupons')
    .addColumn('insured_amount', 'bigint', (col) => col.check(sql`insured_amount > 0`))
    .addColumn('insurance_premium', 'bigint', (col) => col.check(sql`insurance_premium > 0`))
    .addColumn('insured_at', 'timestamptz')
    .execute();
  await sql`alter table coupons add constraint coupons_insurance_whole check (
    (insured_amount is null and insurance_premium is null and insured_at is null)
    or (insured_amount is not null and insurance_premium is not null and insured_at is not null))`.execute(db);

  await db.schema
    .createTable('coupon_codes')
    .addColumn('code', 'text', (col) => col.primaryKey())
    .addColumn('draft', 'jsonb', (col) => col.notNull())
    .addColumn('user_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('coupon_codes').execute();
  await sql`alter table coupons drop constraint coupons_insurance_whole`.execute(db);
  await db.schema.alterTable('coupons').dropColumn('insured_at').dropColumn('insurance_premium').dropColumn('insured_amount').execute();
}
