/**
 * `balance.changed` on the bus whenever a movement touching a player account is posted:
 * the ledger wrapped, not changed. Every module that moves money posts through the
 * observed ledger (`app.ledger`), so the header of every node hears about it.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@betsite/db';
import { announce, type Bus, type BusLogger } from '../../lib/bus.ts';
import type { Ledger } from '../ledger/ledger.ts';

declare module '../../lib/bus.ts' {
  interface BusTopics {
    /** A player account's balance moved; `newBalance` in minor units, integer text (bigint is not JSON). */
    'balance.changed': { userId: string; accountId: string; newBalance: string };
  }
}

export function observeLedger(ledger: Ledger, db: Kysely<Database>, bus: Bus, logger: BusLogger): Ledger {
  return {
    ...ledger,
    async post(movement) {
      const posted = await ledger.post(movement);
      if (posted.replayed || posted.entries.length === 0) return posted;
      // After the commit: a failure to announce must not look like a failed movement.
      try {
        const owners = await db
          .selectFrom('ledger_accounts')
          .select(['id', 'owner_id'])
          .where('id', 'in', posted.entries.map((e) => e.accountId))
          .where('owner_id', 'is not', null)
          .execute();
        const ownerOf = new Map(owners.map((o) => [o.id, o.owner_id]));
        for (const entry of posted.entries) {
          const userId = ownerOf.get(entry.accountId);
          if (!userId) continue;
          await announce(bus, logger, 'balance.changed', { userId, accountId: entry.accountId, newBalance: String(entry.balanceAfter) });
        }
      } catch (err) {
        logger.warn({ err, transactionId: posted.id }, 'balance.changed not announced');
      }
      return posted;
    },
  };
}
