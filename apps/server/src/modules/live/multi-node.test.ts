/**
 * Two nodes on one database and one bus (Redis when reachable, as in production; and a
 * shared in-process bus): a delta published on either reaches clients on both, numbered
 * in one sequence; a client resumes on the other node; a ledger post on one node reaches
 * the player's socket on the other.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '@betsite/db';
import { describeEachDb } from '@betsite/db/testing';
import { AccountsResponseSchema, FastRegistrationResponseSchema, type LiveServerMessage } from '@betsite/contracts';
import { createMemoryBus } from '../../lib/bus.ts';
import { buildTestApp, redisAvailable, TEST_REDIS_URL as REDIS_URL } from '../../testing.ts';
import { LiveTestClient, listenForLive } from './testing.ts';

const withRedis = await redisAvailable();

interface Node {
  app: FastifyInstance;
  url: string;
}

const seqOf = (message: LiveServerMessage, type: 'snapshot' | 'delta' | 'resumed') => {
  if (message.type !== type) throw new Error(`expected ${type}, got ${JSON.stringify(message)}`);
  return message.seq;
};

function scenarios(nodes: () => [Node, Node]) {
  const clients: LiveTestClient[] = [];
  const open = async (node: Node, headers: Record<string, string> = {}) => {
    const client = await LiveTestClient.open(node.url, { headers });
    clients.push(client);
    return client;
  };
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
  });
  const topic = () => `test:n${randomUUID().slice(0, 8)}`;

  it('delivers a delta published on node A to a client on node B', async () => {
    const [a, b] = nodes();
    const name = topic();
    const client = await open(b);
    client.send({ type: 'subscribe', topic: name });
    const seq = seqOf(await client.next(), 'snapshot');
    expect(await a.app.live.publish(name, { from: 'A' })).toBe(seq + 1);
    expect(await client.next()).toEqual({ type: 'delta', topic: name, seq: seq + 1, data: { from: 'A' } });
  });

  it('numbers deltas published on both nodes in one sequence, in order, to clients on both', async () => {
    const [a, b] = nodes();
    const name = topic();
    const onA = await open(a);
    const onB = await open(b);
    onA.send({ type: 'subscribe', topic: name });
    onB.send({ type: 'subscribe', topic: name });
    const seq = seqOf(await onA.next(), 'snapshot');
    expect(seqOf(await onB.next(), 'snapshot')).toBe(seq);
    await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? a : b).app.live.publish(name, { i })));
    for (const client of [onA, onB]) {
      const deltas = await client.take(40);
      expect(deltas.map((d) => seqOf(d, 'delta'))).toEqual(Array.from({ length: 40 }, (_, i) => seq + 1 + i));
    }
  });

  it('resumes on the other node from the deltas it kept, without a gap', async () => {
    const [a, b] = nodes();
    const name = topic();
    const watcherOnB = await open(b); // node B follows the topic too, so it keeps its recent deltas
    watcherOnB.send({ type: 'subscribe', topic: name });
    seqOf(await watcherOnB.next(), 'snapshot');
    const onA = await open(a);
    onA.send({ type: 'subscribe', topic: name });
    const seq = seqOf(await onA.next(), 'snapshot');
    await a.app.live.publish(name, { n: 1 });
    expect(seqOf(await onA.next(), 'delta')).toBe(seq + 1);
    await onA.close();
    await a.app.live.publish(name, { n: 2 });
    await b.app.live.publish(name, { n: 3 });
    await watcherOnB.take(3);

    const resumed = await open(b);
    resumed.send({ type: 'subscribe', topic: name, fromSeq: seq + 1 });
    expect(await resumed.take(3)).toEqual([
      { type: 'resumed', topic: name, seq: seq + 1 },
      { type: 'delta', topic: name, seq: seq + 2, data: { n: 2 } },
      { type: 'delta', topic: name, seq: seq + 3, data: { n: 3 } },
    ]);
  });

  it("sends a player's balance delta for a ledger post on node A to their socket on node B", async () => {
    const [a, b] = nodes();
    const registered = await a.app.inject({
      method: 'POST',
      url: '/web-api/registration/v1/fast',
      remoteAddress: `10.11.0.${Math.floor(Math.random() * 250) + 1}`,
      payload: { currency: 'EUR', country: 'DE', language: 'en', bonusChoice: 0 },
    });
    const { token } = FastRegistrationResponseSchema.parse(registered.json());
    const client = await open(b, { 'x-auth': token });
    client.send({ type: 'subscribe', topic: 'balance' });
    const snapshot = await client.next();
    const seq = seqOf(snapshot, 'snapshot');
    const accountId = AccountsResponseSchema.parse(snapshot.type === 'snapshot' ? snapshot.data : null).balance.id;

    const house = await a.app.ledger.houseAccount('house-cash', 'EUR');
    await a.app.ledger.post({ idempotencyKey: `mn-${randomUUID()}`, kind: 'deposit', entries: [{ accountId, amount: 250n }, { accountId: house.id, amount: -250n }] });
    expect(await client.next()).toEqual({ type: 'delta', topic: 'balance', seq: seq + 1, data: { account_id: accountId, new_balance: '250', entry_id: expect.stringMatching(/^\d+$/) } });
  });
}

describeEachDb('live on two nodes', (t) => {
  let second: DbHandle;
  beforeAll(async () => {
    second = t.handle.url ? await createDb({ databaseUrl: t.handle.url }) : t.handle;
  });
  afterAll(async () => {
    if (second !== t.handle) await second.close();
  });

  const start = async (db: DbHandle, options: Parameters<typeof buildTestApp>[1]): Promise<Node> => {
    const app = await buildTestApp(db, { ...options, auth: { rateLimits: { registration: 1000 } } });
    return { app, url: await listenForLive(app) };
  };

  describe.skipIf(!withRedis)('on a Redis bus', () => {
    let nodes: [Node, Node];
    beforeAll(async () => {
      nodes = [await start(t.handle, { env: { REDIS_URL } }), await start(second, { env: { REDIS_URL } })];
      expect(nodes[0].app.bus.kind).toBe('redis');
    });
    afterAll(async () => {
      await Promise.all(nodes.map((node) => node.app.close()));
    });
    scenarios(() => nodes);
  });

  describe('on a shared in-process bus', () => {
    const bus = createMemoryBus({ warn: () => undefined, error: () => undefined });
    let nodes: [Node, Node];
    beforeAll(async () => {
      nodes = [await start(t.handle, { bus }), await start(second, { bus })];
    });
    afterAll(async () => {
      await Promise.all(nodes.map((node) => node.app.close()));
      await bus.close();
    });
    scenarios(() => nodes);
  });
});
