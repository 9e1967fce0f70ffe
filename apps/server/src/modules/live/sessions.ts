/**
 * Private topics end with the session: every `sessionCheckMs` this node asks the database,
 * in one query per 500 connections, which of its connections' sessions are still live
 * (not revoked, not expired); the others lose their private subscriptions. Logout, "log out
 * everywhere" and expiry are all caught this way without the auth module knowing about
 * sockets (decision 0009).
 */
import type { Kysely } from 'kysely';
import type { Database } from '@betsite/db';
import type { LiveConnection } from './connection.ts';

const CHUNK = 500;

export async function endDeadSessions(db: Kysely<Database>, now: Date, connections: Iterable<LiveConnection>): Promise<number> {
  const byHash = new Map<string, LiveConnection[]>();
  for (const connection of connections) {
    const hash = connection.user?.tokenHash;
    if (!hash) continue;
    const list = byHash.get(hash);
    if (list) list.push(connection);
    else byHash.set(hash, [connection]);
  }
  const hashes = [...byHash.keys()];
  const live = new Set<string>();
  for (let i = 0; i < hashes.length; i += CHUNK) {
    const rows = await db
      .selectFrom('sessions')
      .select('token_hash')
      .where('token_hash', 'in', hashes.slice(i, i + CHUNK))
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .execute();
    for (const row of rows) live.add(row.token_hash);
  }
  let ended = 0;
  for (const [hash, list] of byHash) {
    if (live.has(hash)) continue;
    for (const connection of list) {
      // The connection may have changed hands while the query ran.
      if (connection.user?.tokenHash !== hash) continue;
      connection.endSession();
      ended++;
    }
  }
  return ended;
}
