/** Test helpers of the line module. */
import type { Kysely } from 'kysely';
import type { Database } from '@betsite/db';
import type { GameDetail } from '@betsite/contracts';
import { gamesQuery } from './queries.ts';
import { detailOf, marketsOf } from './rows.ts';

/** A game's page mapped from the tables as it was before the database built its text: its row, every market and outcome, then `detailOf`. */
export async function detailFromTables(db: Kysely<Database>, gameId: number): Promise<GameDetail> {
  const row = await gamesQuery(db).where('g.id', '=', gameId).executeTakeFirstOrThrow();
  const [markets, outcomes] = await Promise.all([
    db.selectFrom('markets').select(['game_id', 'key', 'type', 'group_id', 'scope', 'param', 'name', 'blocked']).where('game_id', '=', gameId).orderBy('sort_order').execute(),
    db
      .selectFrom('outcomes')
      .select(['game_id', 'key', 'market_key', 'type_id', 'kind', 'line', 'score', 'name', 'price', 'blocked', 'status'])
      .where('game_id', '=', gameId)
      .orderBy('sort_order')
      .execute(),
  ]);
  return detailOf(row, marketsOf(markets, outcomes));
}
