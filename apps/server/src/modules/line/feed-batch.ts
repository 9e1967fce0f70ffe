/**
 * The statements of a feed batch's transaction, few on purpose (decision 0034): the live
 * deltas of a batch leave after its COMMIT, and the next batch waits for this one, so every
 * round trip (PostgreSQL) or statement run on the event loop (PGlite) is paid by each price
 * change on its way to the sockets.
 *
 * - `openBatch`: one statement where there were five (decision 0048). It commits without
 *   waiting for the disk where asked, checks the lease's fence (the lease row locked, as
 *   `LeaseFence.verify` does), locks the batch's games in id order (store.ts `lockGames`),
 *   then writes the batch's prices and reads the list cards they change. Most batches are
 *   prices only: then it is the transaction's one statement before the list rows' patch.
 * - `writeOdds`: the same statement with prices only, for prices that must come after
 *   something else of the batch (a re-sent game, a result). The values go as arrays, so the
 *   text and the parameters are the same few whatever the batch holds.
 */
import { sql, type Transaction } from 'kysely';
import { runPrepared, type Database } from '@betsite/db';
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
  /** Prices to write once the games are locked (`writeOdds`, in the same statement). */
  odds?: readonly GameOdds[];
  /** Games whose stored list cards to read, locked after the games (list-rows.ts patches them). */
  cardsOf?: readonly number[];
}

/**
 * First in a feed batch's transaction: throws `LeaseLostError` (the transaction then rolls
 * back whatever the statement wrote) when the lease passed to another node. Answers the
 * stored cards of `cardsOf`: game id → the card's text, null for a game without a row.
 */
export async function openBatch(trx: Transaction<Database>, { fence, gameIds, durable, odds = [], cardsOf = [] }: BatchOpening): Promise<Map<number, string | null>> {
  const ids = [...new Set(gameIds)].sort((a, b) => a - b);
  const { markets, outcomes } = oddsColumns(odds);
  // Scalar subqueries run in the order written: the lease row is locked before the games.
  // Every row the updates write is joined to `opened`, so none is written before its locks
  // are held. The cards are read `for update`: the newest version of each, even one
  // committed while this statement waited for a game's lock.
  const compiled = sql<{ generation: unknown; cards: [number, string][] | null }>`
    with opened as materialized (
      select ${durable ? sql`null` : sql`set_config('synchronous_commit', 'off', true)`} as commit_mode,
             ${fence ? fence.lockedGeneration : sql`null`} as generation,
             (select count(*) from (select id from games where id = any(${ids}::int[]) order by id for no key update) as g) as locked),
    changed_markets as (
      update markets as m set blocked = v.blocked
        from opened, unnest(${markets.game}::int[], ${markets.key}::text[], ${markets.blocked}::boolean[]) as v(game_id, key, blocked)
       where m.game_id = v.game_id and m.key = v.key and m.blocked <> v.blocked),
    changed_outcomes as (
      update outcomes as o set price = v.price, blocked = v.blocked
        from opened, unnest(${outcomes.game}::int[], ${outcomes.key}::text[], ${outcomes.price}::int[], ${outcomes.blocked}::boolean[]) as v(game_id, key, price, blocked)
       where o.game_id = v.game_id and o.key = v.key and (o.price <> v.price or o.blocked <> v.blocked))
    select o.generation,
           (select json_agg(json_build_array(r.game_id, r.card) order by r.game_id)
              from (select game_id, card from line_list_rows where game_id = any(${[...new Set(cardsOf)]}::int[]) order by game_id for update) as r) as cards
      from opened as o`.compile(trx);
  // Its text is one of four (durable or not, fenced or not): a prepared statement.
  const { rows } = await runPrepared<{ generation: unknown; cards: [number, string][] | null }>(trx, compiled.sql, compiled.parameters);
  fence?.confirm(rows[0]?.generation);
  const stored = new Map<number, string | null>(cardsOf.map((id) => [id, null]));
  for (const [id, card] of rows[0]?.cards ?? []) stored.set(id, card);
  return stored;
}

export interface GameOdds {
  gameId: number;
  markets: readonly FeedMarketOdds[];
}

/** Prices as the columns `unnest` reads: one array per column, markets and outcomes apart. */
function oddsColumns(changes: readonly GameOdds[]) {
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
  return { markets, outcomes };
}

/**
 * New prices and blocked flags of whole markets (every outcome of each market given); a row
 * already as given is not written. Inside a batch whose games `openBatch` locked: its
 * statement, with no lock, fence, commit mode or card to add.
 */
export async function writeOdds(trx: Transaction<Database>, changes: readonly GameOdds[]): Promise<void> {
  if (changes.every((c) => c.markets.length === 0)) return;
  await openBatch(trx, { fence: null, gameIds: [], durable: true, odds: changes });
}
