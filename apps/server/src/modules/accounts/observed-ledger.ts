/**
 * `balance.changed` on the bus whenever a movement touching a player account is posted:
 * the ledger wrapped, not changed. Every module that moves money posts through the
 * observed ledger (`app.ledger`), so the header of every node hears about it.
 *
 * Announced only after the commit (a unit's posts when the unit commits), each with the
 * ledger entry id: entry ids grow with every posting on an account, so a browser that hears
 * two changes out of order (from two nodes) keeps the newer.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@betsite/db';
import { announce, type Bus, type BusLogger } from '../../lib/bus.ts';
import type { Ledger } from '../ledger/ledger.ts';
import type { PostedTransaction } from '../ledger/post.ts';

declare module '../../lib/bus.ts' {
  interface BusTopics {
    /**
     * A player account's balance moved; `newBalance` in minor units and `entryId` (the ledger
     * entry that moved it), both integer text (bigint is not JSON).
     */
    'balance.changed': { userId: string; accountId: string; newBalance: string; entryId: string };
  }
}

/** Accounts whose owner is remembered (an account's owner never changes); the map starts over past it. */
const OWNERS_KEPT = 100_000;

export function observeLedger(ledger: Ledger, db: Kysely<Database>, bus: Bus, logger: BusLogger): Ledger {
  // Account id → owner (null: a house account). Saves a query after every posting.
  const owners = new Map<string, string | null>();

  async function ownersOf(accountIds: readonly string[]): Promise<Map<string, string | null>> {
    const unknown = accountIds.filter((id) => !owners.has(id));
    if (unknown.length > 0) {
      const rows = await db.selectFrom('ledger_accounts').select(['id', 'owner_id']).where('id', 'in', unknown).execute();
      if (owners.size + rows.length > OWNERS_KEPT) owners.clear();
      for (const row of rows) owners.set(row.id, row.owner_id);
    }
    return owners;
  }

  /** After the commit: a failure to announce must not look like a failed movement. */
  async function announcePosted(posted: readonly PostedTransaction[]): Promise<void> {
    const fresh = posted.filter((p) => !p.replayed && p.entries.length > 0);
    if (fresh.length === 0) return;
    try {
      const ownerOf = await ownersOf([...new Set(fresh.flatMap((p) => p.entries.map((e) => e.accountId)))]);
      for (const entry of fresh.flatMap((p) => p.entries)) {
        const userId = ownerOf.get(entry.accountId);
        if (!userId) continue;
        await announce(bus, logger, 'balance.changed', {
          userId,
          accountId: entry.accountId,
          newBalance: String(entry.balanceAfter),
          entryId: String(entry.id),
        });
      }
    } catch (err) {
      logger.warn({ err, transactionIds: fresh.map((p) => p.id) }, 'balance.changed not announced');
    }
  }

  return {
    ...ledger,
    async post(movement) {
      const posted = await ledger.post(movement);
      await announcePosted([posted]);
      return posted;
    },
    async unit(work) {
      const posted: PostedTransaction[] = [];
      const result = await ledger.unit((unit) =>
        work({
          ...unit,
          post: async (movement) => {
            const one = await unit.post(movement);
            posted.push(one);
            return one;
          },
          postMany: async (movements) => {
            const many = await unit.postMany(movements);
            posted.push(...many);
            return many;
          },
          adopt: (made) => posted.push(...made),
        }),
      );
      await announcePosted(posted);
      return result;
    },
    async statement(work) {
      let posted: readonly PostedTransaction[] = [];
      const result = await ledger.statement(async (db, now) => {
        const done = await work(db, now);
        posted = done.posted;
        return done;
      });
      await announcePosted(posted);
      return result;
    },
  };
}
