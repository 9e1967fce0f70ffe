import { sql, type Kysely } from 'kysely';

/**
 * The site's casino history reads a player's real-money shared bets newest first, paged by
 * (created_at, id) (decisions 0023 and 0025): an index in that order, real money only, so a
 * page is a short index range rather than a scan of every player's bets.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('casino_shared_bets_player')
    .on('casino_shared_bets')
    .columns(['user_id', 'created_at', 'id'])
    .where(sql.ref('mode'), '=', 'real')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('casino_shared_bets_player').execute();
}
