/**
 * Each listable game's list row (`line_list_rows`, decision 0026): the game as a list shows
 * it (a `GameCard`: its fields, scoreboard and main markets with their prices), serialised,
 * with the columns the lists filter and sort by.
 *
 * Kept by the line writer: every write names the games it touched (`LineChanges`), and
 * before the transaction commits their rows are computed again from the tables — the same
 * query the lists used to run per request — so a row is never older than its prices and a
 * crash leaves both or neither. A game leaving the sections (finished, cancelled) loses its
 * row.
 *
 * Two nodes may write one game at once (an operator's change on one, the feed on the
 * other): the refresh first locks the games' rows, so the second waits for the first to
 * commit and then reads both changes (each statement reads what is committed when it starts).
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@betsite/db';
import { GAME_STATUS, isGameInPlay } from '@betsite/domain';
import { gamesQuery, withMarkets } from './queries.ts';
import { lockGames } from './store.ts';

type Db = Kysely<Database> | Transaction<Database>;

const OPEN = [GAME_STATUS.notStarted, GAME_STATUS.live, GAME_STATUS.break];

/** Games per refresh statement group (keeps `in (…)` lists and upserts moderate). */
const CHUNK = 500;

/** Computes the rows of these games again from the catalogue (inside the caller's transaction). */
export async function refreshListRows(db: Db, gameIds: Iterable<number>): Promise<void> {
  const ids = [...new Set(gameIds)];
  for (let i = 0; i < ids.length; i += CHUNK) await refreshChunk(db, ids.slice(i, i + CHUNK));
}

async function refreshChunk(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await lockGames(db, ids);
  const rows = await gamesQuery(db)
    .select(['s.sort_order as sport_order', 'c.sort_order as champ_order'])
    .where('g.id', 'in', ids)
    .where('g.status', 'in', OPEN)
    .execute();
  const cards = await withMarkets(db, rows);
  const open = new Set(rows.map((r) => r.id));
  const gone = ids.filter((id) => !open.has(id));
  if (gone.length > 0) await db.deleteFrom('line_list_rows').where('game_id', 'in', gone).execute();
  if (rows.length === 0) return;
  await db
    .insertInto('line_list_rows')
    .values(
      rows.map((row, i) => ({
        game_id: row.id,
        section: isGameInPlay(row.status) ? ('live' as const) : ('line' as const),
        sport_id: row.sport_id,
        sport_order: row.sport_order,
        champ_id: row.champ_id,
        champ_order: row.champ_order,
        starts_at: row.starts_at,
        status: row.status,
        period: row.period,
        is_top: row.is_top,
        card: JSON.stringify(cards[i]),
      })),
    )
    .onConflict((oc) =>
      oc.column('game_id').doUpdateSet((eb) => ({
        section: eb.ref('excluded.section'),
        sport_id: eb.ref('excluded.sport_id'),
        sport_order: eb.ref('excluded.sport_order'),
        champ_id: eb.ref('excluded.champ_id'),
        champ_order: eb.ref('excluded.champ_order'),
        starts_at: eb.ref('excluded.starts_at'),
        status: eb.ref('excluded.status'),
        period: eb.ref('excluded.period'),
        is_top: eb.ref('excluded.is_top'),
        card: eb.ref('excluded.card'),
      })),
    )
    .execute();
}

/**
 * Rows for the open games that have none (a database from before migration 0029), and
 * rows again for every open game when the sports' order or names changed with the code.
 * Run at start, before serving.
 */
export async function ensureListRows(db: Kysely<Database>, { all = false }: { all?: boolean } = {}): Promise<number> {
  let query = db.selectFrom('games as g').select('g.id').where('g.status', 'in', OPEN);
  if (!all) query = query.where((eb) => eb.not(eb.exists(eb.selectFrom('line_list_rows as r').select('r.game_id').whereRef('r.game_id', '=', 'g.id'))));
  const ids = (await query.execute()).map((r) => r.id);
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    await db.transaction().execute((trx) => refreshChunk(trx, chunk));
  }
  return ids.length;
}
