/**
 * Topic `balance` (issue 3, SPEC §3 balance-change event): private to the connection's
 * player. Snapshot: the accounts answer of `GET /web-api/office/v1/accounts`. Deltas:
 * `{ account_id, new_balance, entry_id }` for every ledger post touching one of their accounts.
 *
 * The source is the accounts module's `balance.changed`, which the bus already brings to
 * every node, so each node numbers it for its own subscribers (`node` sequencing): no
 * second trip through Redis, and no node has to be elected to republish it.
 */
import type { FastifyInstance } from 'fastify';
import { LIVE_BALANCE_TOPIC, type AccountsResponse, type LiveBalanceDelta } from '@betsite/contracts';
import type { Unsubscribe } from '../../lib/bus.ts';
import type { LiveHub } from './hub.ts';

export async function registerBalanceTopic(app: FastifyInstance, hub: LiveHub): Promise<Unsubscribe> {
  hub.registerFamily<Record<string, never>>({
    name: LIVE_BALANCE_TOPIC,
    access: 'private',
    sequencing: 'node',
    parse: (args) => (args.length === 0 ? {} : null),
    snapshot: async (_params, user): Promise<AccountsResponse> => {
      if (!user) throw new Error('balance snapshot without a player');
      return app.accounts.overview(user.userId);
    },
  });
  return app.bus.subscribe('balance.changed', ({ userId, accountId, newBalance, entryId }) => {
    const delta: LiveBalanceDelta = { account_id: accountId, new_balance: newBalance, entry_id: entryId };
    hub.deliverLocal(LIVE_BALANCE_TOPIC, delta, { userId });
  });
}
