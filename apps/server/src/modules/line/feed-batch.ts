/**
 * The statements of a feed batch's transaction, few on purpose (decision 0034): the live
 * deltas of a batch leave after its COMMIT, and the next batch waits for this one, so every
 * round trip (PostgreSQL) or statement run on the event loop (PGlite) is paid by each price
 * change on its way to the sockets.
 *
 * - `openBatch`: one statement where there were three. It commits without waiting for the
 *   disk where asked, checks the lease's fence (the lease row locked, as `LeaseFence.verify`
 *   does) and locks the batch's games, in id order (store.ts `lockGames`). The lease row
 *   comes first, as it did.
 * - `writeOdds`: the prices and blocked flags of many games' markets and outcomes in one
 *   statement (the markets' update a CTE of the outcomes' update), with the values as arrays,
 *   so its text and its parameters are the same few whatever the batch holds.
 */
import { sql, type Transaction } from 'kysely';
import type { Database } from '@betsite/db';
import type { FeedMarketOdds } from '@betsite/feed';
import type { LeaseFence } from './lease.ts';
import { priceOf } from './rows.ts';

export interface BatchOpening {
  /** Under a lease: its fence, checked here (null: started by hand, as tests do). */
  fence: LeaseFence | null;
  /** The games the batch writes: locked for the transaction, in id order. */
  gameIds: readonly number[];
  /** False: COMMIT does not wait for the write-ahead log to reach the disk (prices the provider's snapshot restores). */
  durable: boolean;
}

/** First in a feed batch's transaction: throws `LeaseLostError` (nothing written) when the lease passed to another node. */
export async function openBatch(trx: Transaction<Database>, { fence, gameIds, durable }: BatchOpening): Promise<void> {
  const ids = [...new Set(gameIds)].sort((a, b) => a - b);
  // Scalar subqueries run in the order written: the lease row is locked before the games.
  const { rows } = await sql<{ generation: unknown }>`select
      ${durable ? sql`null` : sql`set_config('synchronous_commit', 'off', true)`} as commit_mode,
      ${fence ? fence.lockedGeneration : sql`null`} as generation,
      (select count(*) from (select id from games where id = any(${ids}::int[]) order by id for no key update) as g) as locked`.execute(trx);
  fence?.confirm(rows[0]?.generation);
}

export interface GameOdds {
  gameId: number;
  markets: readonly FeedMarketOdds[];
}

/** New prices and blocked flags of whole markets (every outcome of each market given); a row already as given is not written. */
export async function writeOdds(trx: Transaction<Database>, changes: readonly GameOdds[]): Promise<void> {
  const markets = { game: [] as number[], key: [] as string[], blocked: [] as boolean[] };
  const outcomes = { game: [] as number[], key: [] as string[], price: [] as number[], blocked: [] as boolean[] };
  for (const { gameId, markets: list } of changes) {
    for (const market of list) {
      markets.game.push(gameId);
      markets.key.push(market.key);
      markets.blocked.push(market.blocked);
      for (const outcome of market.outcomes) {
        outcomes.game.push(gameId);
        outcomes.key.push(outcome.key);
        outcomes.price.push(priceOf(outcome.coef));
        outcomes.blocked.push(outcome.blocked);
      }
    }
  }
  if (markets.game.length === 0) return;
  await sql`with changed_markets as (
      update markets as m set blocked = v.blocked
        from unnest(${markets.game}::int[], ${markets.key}::text[], ${markets.blocked}::boolean[]) as v(game_id, key, blocked)
       where m.game_id = v.game_id and m.key = v.key and m.blocked <> v.blocked)
    update outcomes as o set price = v.price, blocked = v.blocked
      from unnest(${outcomes.game}::int[], ${outcomes.key}::text[], ${outcomes.price}::int[], ${outcomes.blocked}::boolean[]) as v(game_id, key, price, blocked)
     where o.game_id = v.game_id and o.key = v.key and (o.price <> v.price or o.blocked <> v.blocked)`.execute(trx);
}
