/**
 * The sports a player hides from line and live (SPEC §3 disallow_line_sport /
 * disallow_live_sport, §6 "Sports can be blacklisted per user for line and live"), kept in
 * `user_disallowed_sports`. The line API reads the same rows (`hiddenSportsOf`).
 */
import type { Kysely } from 'kysely';
import type { Database } from '@betsite/db';
import type { DisallowedSports, DisallowedSportsResponse } from '@betsite/contracts';

declare module '../../lib/bus.ts' {
  interface BusTopics {
    /** What the line shows a player changed (the sports they hide): answers kept for them are stale. */
    'player-view.changed': { userId: string };
  }
}

const ascending = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);

/** The player's saved lists, sorted. */
export async function disallowedSportsOf(db: Kysely<Database>, userId: string): Promise<DisallowedSportsResponse> {
  const rows = await db.selectFrom('user_disallowed_sports').select(['market', 'sport_id']).where('user_id', '=', userId).orderBy('sport_id').execute();
  return {
    line: rows.filter((r) => r.market === 'line').map((r) => r.sport_id),
    live: rows.filter((r) => r.market === 'live').map((r) => r.sport_id),
  };
}

/**
 * Replaces both lists in one transaction. The player's row is locked first, so concurrent
 * saves of one player run one after another and the last one wins whole (without the lock
 * two saves could each delete the old rows and insert their own: a mix, or a key clash).
 * Null when there is no such player. `lists` are validated (known ids, no duplicates).
 */
export async function saveDisallowedSports(db: Kysely<Database>, userId: string, lists: DisallowedSports): Promise<DisallowedSportsResponse | null> {
  return db.transaction().execute(async (trx) => {
    const player = await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().executeTakeFirst();
    if (!player) return null;
    await trx.deleteFrom('user_disallowed_sports').where('user_id', '=', userId).execute();
    const rows = [
      ...lists.line.map((sport_id) => ({ user_id: userId, market: 'line' as const, sport_id })),
      ...lists.live.map((sport_id) => ({ user_id: userId, market: 'live' as const, sport_id })),
    ];
    if (rows.length > 0) await trx.insertInto('user_disallowed_sports').values(rows).execute();
    return { line: ascending(lists.line), live: ascending(lists.live) };
  });
}
