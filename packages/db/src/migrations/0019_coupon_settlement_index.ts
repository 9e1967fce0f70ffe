import { sql, type Kysely } from 'kysely';

/**
 * The settlement sweep asks, for accepted coupons, whether any selection is still open
 * (`not exists … where coupon_id = c.id and status < 0`). Open selections by coupon answer
 * that from a small index that shrinks as games settle, instead of the whole selections table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('coupon_selections_open_coupon').on('coupon_selections').column('coupon_id').where(sql.ref('status'), '<', 0).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('coupon_selections_open_coupon').execute();
}
