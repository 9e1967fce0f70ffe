import { sql, type Kysely } from 'kysely';

/**
 * Each listable game's list row, precomputed (issue 14, decision 0026): the line writer
 * rewrites a game's row in the same transaction as the prices, scoreboard or state it
 * changes, so a listing is one indexed read of ready JSON instead of a join over games,
 * champs, teams and a search of every game's markets for its main lines.
 *
 * - A row exists while the game is in a section: `section` `line` (not started) or `live`
 *   (in play or at a break); a finished or cancelled game has none. A line game whose start
 *   has passed keeps its row; the list queries' `starts_at > now` leaves it out.
 * - The columns are what the lists filter and sort by (sport and champ positions copied
 *   from `sports` and `champs` so the order is an index's); `card` is the game as a list
 *   shows it (contracts `GameCard`), serialised, sent as it is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('line_list_rows')
    .addColumn('game_id', 'integer', (col) => col.primaryKey().references('games.id').onDelete('cascade'))
    .addColumn('section', 'text', (col) => col.notNull().check(sql`section in ('line', 'live')`))
    .addColumn('sport_id', 'smallint', (col) => col.notNull())
    .addColumn('sport_order', 'smallint', (col) => col.notNull())
    .addColumn('champ_id', 'integer', (col) => col.notNull())
    .addColumn('champ_order', 'integer', (col) => col.notNull())
    .addColumn('starts_at', 'timestamptz', (col) => col.notNull())
    .addColumn('status', 'smallint', (col) => col.notNull())
    .addColumn('period', 'smallint', (col) => col.notNull())
    .addColumn('is_top', 'boolean', (col) => col.notNull())
    .addColumn('card', 'text', (col) => col.notNull())
    .execute();
  // The listing of a section (all sports), of one sport, and of one champ, each in list order.
  await db.schema
    .createIndex('line_list_rows_section_idx')
    .on('line_list_rows')
    .columns(['section', 'sport_order', 'champ_order', 'champ_id', 'starts_at', 'game_id'])
    .execute();
  await db.schema
    .createIndex('line_list_rows_sport_idx')
    .on('line_list_rows')
    .columns(['section', 'sport_id', 'champ_order', 'champ_id', 'starts_at', 'game_id'])
    .execute();
  await db.schema.createIndex('line_list_rows_champ_idx').on('line_list_rows').columns(['champ_id', 'section', 'starts_at']).execute();
  // Top games: the operator's picks first, then the top competitions', soonest first.
  await db.schema
    .createIndex('line_list_rows_top_idx')
    .on('line_list_rows')
    .expression(sql`section, is_top desc, champ_order, starts_at, game_id`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('line_list_rows').execute();
}
