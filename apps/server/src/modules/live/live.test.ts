/**
 * The live WebSocket on a real port with the `ws` client: snapshot then numbered deltas,
 * resuming without gaps, the protocol's errors and limits, and the private `balance` topic.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientOptions } from 'ws';
import { describeEachDb } from '@betsite/db/testing';
import {
  AccountsResponseSchema,
  FastRegistrationResponseSchema,
  LIVE_LIMITS,
  LiveBalanceDeltaSchema,
  LiveErrorCode,
  LiveOpsLoadResultSchema,
  LiveOpsPublishedSchema,
  type LiveServerMessage,
} from '@betsite/contracts';
import { buildTestApp, opsHeaders } from '../../testing.ts';
import { LiveTestClient, listenForLive } from './testing.ts';

let ipCounter = 0;
const nextIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

const snapshotOf = (message: LiveServerMessage) => {
  if (message.type !== 'snapshot') throw new Error(`expected a snapshot, got ${JSON.stringify(message)}`);
  return message;
};
const deltaOf = (message: LiveServerMessage) => {
  if (message.type !== 'delta') throw new Error(`expected a delta, got ${JSON.stringify(message)}`);
  return message;
};
const errorOf = (message: LiveServerMessage) => {
  if (message.type !== 'error') throw new Error(`expected an error, got ${JSON.stringify(message)}`);
  return message;
};

describeEachDb('live transport', (t) => {
  let app: FastifyInstance;
  let url: string;
  const clients: LiveTestClient[] = [];
  const open = async (options: ClientOptions = {}) => {
    const client = await LiveTestClient.open(url, options);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    app = await buildTestApp(t.handle, { auth: { rateLimits: { registration: 1000, login: 1000 } } });
    url = await listenForLive(app);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await app.close();
  });

  const uniqueTopic = () => `test:t${randomUUID().slice(0, 8)}`;

  describe('a public topic', () => {
    it('answers a snapshot, then every published delta with the next number', async () => {
      const topic = uniqueTopic();
      const client = await open();
      client.send({ type: 'subscribe', topic });
      const snapshot = snapshotOf(await client.next());
      expect(snapshot).toMatchObject({ topic, data: { name: topic.slice(5) } });
      expect(Number.isSafeInteger(snapshot.seq)).toBe(true);

      const first = await app.live.publish(topic, { price: '1.85' });
      const second = await app.live.publish(topic, { price: '1.90' });
      expect([first, second]).toEqual([snapshot.seq + 1, snapshot.seq + 2]);
      expect(await client.take(2)).toEqual([
        { type: 'delta', topic, seq: snapshot.seq + 1, data: { price: '1.85' } },
        { type: 'delta', topic, seq: snapshot.seq + 2, data: { price: '1.90' } },
      ]);
    });

    it('sends each delta to every subscriber of the topic and to no one else', async () => {
      const [topic, other] = [uniqueTopic(), uniqueTopic()];
      const [a, b, c] = [await open(), await open(), await open()];
      a.send({ type: 'subscribe', topic });
      b.send({ type: 'subscribe', topic });
      c.send({ type: 'subscribe', topic: other });
      const seq = snapshotOf(await a.next()).seq;
      expect(snapshotOf(await b.next()).seq).toBe(seq);
      snapshotOf(await c.next());
      await app.live.publish(topic, { n: 1 });
      expect(deltaOf(await a.next())).toMatchObject({ seq: seq + 1, data: { n: 1 } });
      expect(deltaOf(await b.next())).toMatchObject({ seq: seq + 1, data: { n: 1 } });
      await c.expectNothing();
    });

    it('stops after unsubscribe, and a second subscribe starts the topic over with a snapshot', async () => {
      const topic = uniqueTopic();
      const client = await open();
      client.send({ type: 'subscribe', topic });
      const seq = snapshotOf(await client.next()).seq;
      client.send({ type: 'subscribe', topic });
      expect(snapshotOf(await client.next()).seq).toBe(seq);
      client.send({ type: 'unsubscribe', topic });
      client.send({ type: 'unsubscribe', topic: uniqueTopic() }); // never subscribed: nothing to say
      await client.expectNothing(20);
      await app.live.publish(topic, { n: 1 });
      await client.expectNothing();
    });

    it('is published by the operator through the ops API (with the token only)', async () => {
      const topic = uniqueTopic();
      const client = await open();
      client.send({ type: 'subscribe', topic });
      const seq = snapshotOf(await client.next()).seq;
      const payload = { name: topic.slice(5), data: { hello: 'world' } };
      expect((await app.inject({ method: 'POST', url: '/ops-api/v1/live/publish', payload })).statusCode).toBe(401);
      const res = await app.inject({ method: 'POST', url: '/ops-api/v1/live/publish', headers: opsHeaders, payload });
      expect(res.statusCode).toBe(200);
      expect(LiveOpsPublishedSchema.parse(res.json())).toEqual({ topic, seq: seq + 1 });
      expect(deltaOf(await client.next())).toMatchObject({ seq: seq + 1, data: { hello: 'world' } });
      const bad = await app.inject({ method: 'POST', url: '/ops-api/v1/live/publish', headers: opsHeaders, payload: { name: 'no spaces allowed' } });
      expect(bad.statusCode).toBe(400);
    });

    it('runs an operator load and answers the numbers it published per topic', async () => {
      const prefix = `l${randomUUID().slice(0, 6)}-`;
      const client = await open();
      client.send({ type: 'subscribe', topic: `test:${prefix}0` });
      const seq = snapshotOf(await client.next()).seq;
      const res = await app.inject({ method: 'POST', url: '/ops-api/v1/live/load', headers: opsHeaders, payload: { prefix, topics: 2, perSecond: 100, seconds: 0.2 } });
      expect(res.statusCode).toBe(200);
      const result = LiveOpsLoadResultSchema.parse(res.json());
      expect(result.published).toBe(20);
      expect(result.ranges[`test:${prefix}0`]).toEqual([seq + 1, seq + 10]);
      const deltas = (await client.take(10)).map(deltaOf);
      expect(deltas.map((d) => d.seq)).toEqual(Array.from({ length: 10 }, (_, i) => seq + 1 + i));
      expect(deltas.map((d) => (d.data as { i: number }).i)).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16, 18]);
    });
  });

  describe('resuming after a reconnect', () => {
    it('answers the missed deltas after fromSeq, then the live ones, without a gap', async () => {
      const topic = uniqueTopic();
      const first = await open();
      first.send({ type: 'subscribe', topic });
      const start = snapshotOf(await first.next()).seq;
      await app.live.publish(topic, { n: 1 });
      const seen = deltaOf(await first.next()).seq;
      await first.close();

      for (const n of [2, 3, 4]) await app.live.publish(topic, { n });
      const second = await open();
      second.send({ type: 'subscribe', topic, fromSeq: seen });
      expect(await second.take(4)).toEqual([
        { type: 'resumed', topic, seq: start + 1 },
        { type: 'delta', topic, seq: start + 2, data: { n: 2 } },
        { type: 'delta', topic, seq: start + 3, data: { n: 3 } },
        { type: 'delta', topic, seq: start + 4, data: { n: 4 } },
      ]);
      await app.live.publish(topic, { n: 5 });
      expect(await second.next()).toEqual({ type: 'delta', topic, seq: start + 5, data: { n: 5 } });
    });

    it('answers just `resumed` when nothing was missed', async () => {
      const topic = uniqueTopic();
      const client = await open();
      client.send({ type: 'subscribe', topic });
      const seq = snapshotOf(await client.next()).seq;
      client.send({ type: 'unsubscribe', topic });
      client.send({ type: 'subscribe', topic, fromSeq: seq });
      expect(await client.next()).toEqual({ type: 'resumed', topic, seq });
      await client.expectNothing(20);
      await app.live.publish(topic, { n: 1 });
      expect(deltaOf(await client.next()).seq).toBe(seq + 1);
    });

    it('answers a fresh snapshot when fromSeq is older than the deltas kept, or from another counter', async () => {
      const topic = uniqueTopic();
      const client = await open();
      client.send({ type: 'subscribe', topic });
      const seq = snapshotOf(await client.next()).seq;
      client.send({ type: 'unsubscribe', topic });
      await client.expectNothing(20);
      // More than the ring keeps (256 by default).
      for (let n = 0; n < 300; n++) await app.live.publish(topic, { n });
      client.send({ type: 'subscribe', topic, fromSeq: seq });
      expect(snapshotOf(await client.next()).seq).toBe(seq + 300);
      await app.live.publish(topic, { n: 300 });
      expect(deltaOf(await client.next())).toMatchObject({ seq: seq + 301, data: { n: 300 } });

      for (const fromSeq of [seq + 1000, 0, 12345]) {
        client.send({ type: 'subscribe', topic, fromSeq });
        expect(snapshotOf(await client.next()).seq).toBe(seq + 301);
      }
    });

    it('answers a snapshot for a topic this node has not followed unless nothing was published since', async () => {
      const topic = uniqueTopic();
      const publisher = await app.live.publish(topic, { n: 1 }); // nobody here follows it
      const client = await open();
      client.send({ type: 'subscribe', topic, fromSeq: publisher - 1 });
      expect(snapshotOf(await client.next()).seq).toBe(publisher);
      client.send({ type: 'unsubscribe', topic });
      client.send({ type: 'subscribe', topic, fromSeq: publisher });
      expect(await client.next()).toEqual({ type: 'resumed', topic, seq: publisher });
    });
  });

  describe('bad input', () => {
    it('answers an error for every invalid message and keeps the connection', async () => {
      const client = await open();
      const cases: [unknown, string][] = [
        ['not json', LiveErrorCode.invalidMessage],
        ['[1,2]', LiveErrorCode.invalidMessage],
        [{ type: 'dance' }, LiveErrorCode.invalidMessage],
        [{ type: 'subscribe' }, LiveErrorCode.invalidMessage],
        [{ type: 'subscribe', topic: 'Bad Topic!' }, LiveErrorCode.invalidMessage],
        [{ type: 'subscribe', topic: 'test:x', fromSeq: -1 }, LiveErrorCode.invalidMessage],
        [{ type: 'subscribe', topic: 'test:x', fromSeq: 1.5 }, LiveErrorCode.invalidMessage],
        [{ type: 'subscribe', topic: 'test:x', extra: true }, LiveErrorCode.invalidMessage],
        [{ type: 'subscribe', topic: 'nosuchfamily:1' }, LiveErrorCode.unknownTopic],
        [{ type: 'subscribe', topic: 'test' }, LiveErrorCode.unknownTopic],
        [{ type: 'subscribe', topic: 'test:a:b' }, LiveErrorCode.unknownTopic],
        [{ type: 'subscribe', topic: `test:${'x'.repeat(200)}` }, LiveErrorCode.invalidMessage],
        [JSON.stringify({ type: 'ping', pad: 'x'.repeat(LIVE_LIMITS.maxMessageLength) }), LiveErrorCode.messageTooLarge],
      ];
      for (const [message, code] of cases) {
        client.send(message);
        const error = errorOf(await client.next());
        expect(error.code, JSON.stringify(message).slice(0, 80)).toBe(code);
        expect(error.message).toBeTruthy();
      }
      const unknown = errorOf((client.send({ type: 'subscribe', topic: 'nosuchfamily:1' }), await client.next()));
      expect(unknown.topic).toBe('nosuchfamily:1');
      client.socket.send(Buffer.from('{"type":"ping"}'), { binary: true });
      expect(errorOf(await client.next()).code).toBe(LiveErrorCode.invalidMessage);
      client.send({ type: 'ping' });
      expect(await client.next()).toEqual({ type: 'pong' });
    });

    it('closes the socket for a frame beyond the transport limit', async () => {
      const client = await open();
      client.send('x'.repeat(70 * 1024));
      expect((await client.closedByServer()).code).toBe(1009);
    });

    it(`holds at most ${LIVE_LIMITS.maxSubscriptions} topics per connection`, async () => {
      const client = await open();
      const prefix = `m${randomUUID().slice(0, 6)}`;
      for (let i = 0; i < LIVE_LIMITS.maxSubscriptions; i++) client.send({ type: 'subscribe', topic: `test:${prefix}${i}` });
      const answers = await client.take(LIVE_LIMITS.maxSubscriptions);
      expect(answers.every((m) => m.type === 'snapshot')).toBe(true);
      client.send({ type: 'subscribe', topic: `test:${prefix}-one-more` });
      expect(errorOf(await client.next())).toMatchObject({ code: LiveErrorCode.tooManySubscriptions, topic: `test:${prefix}-one-more` });
      // Replacing a held topic is not a new one; after an unsubscribe there is room again.
      client.send({ type: 'subscribe', topic: `test:${prefix}0` });
      expect(snapshotOf(await client.next()).topic).toBe(`test:${prefix}0`);
      client.send({ type: 'unsubscribe', topic: `test:${prefix}1` });
      client.send({ type: 'subscribe', topic: `test:${prefix}-one-more` });
      expect(snapshotOf(await client.next()).topic).toBe(`test:${prefix}-one-more`);
    });

    it('drops messages beyond the rate limit with an error', async () => {
      const client = await open();
      for (let i = 0; i < 400; i++) client.send({ type: 'ping' });
      const answers = await client.take(400);
      const limited = answers.filter((m) => m.type === 'error' && m.code === LiveErrorCode.rateLimited).length;
      expect(limited).toBeGreaterThan(0);
      expect(answers.filter((m) => m.type === 'pong').length).toBe(400 - limited);
    });
  });

  describe('heartbeat', () => {
    it('drops a socket that does not answer pings, and keeps one that does', async () => {
      const dead = await open({ autoPong: false });
      const alive = await open();
      const pinged = new Promise((resolve) => alive.socket.once('ping', resolve));
      await app.live.heartbeat();
      await pinged;
      // The pong frame went out before this message, so the server has seen it when it answers.
      alive.send({ type: 'ping' });
      expect(await alive.next()).toEqual({ type: 'pong' });
      await app.live.heartbeat();
      await dead.closedByServer();
      alive.send({ type: 'ping' });
      expect(await alive.next()).toEqual({ type: 'pong' });
    });

    it('pings many sockets a slice at a time, letting the event loop turn between slices', async () => {
      const many = await Promise.all(Array.from({ length: 300 }, () => open()));
      const pinged = many.map((client) => new Promise((resolve) => client.socket.once('ping', resolve)));
      // Queued before the heartbeat starts: it runs before the heartbeat settles only if the heartbeat gives the loop a turn.
      let turned = false;
      setImmediate(() => {
        turned = true;
      });
      await app.live.heartbeat();
      expect(turned).toBe(true);
      await Promise.all(pinged);
      await Promise.all(many.map((client) => client.close()));
    });
  });

  describe('the private balance topic', () => {
    const call = (options: InjectOptions) => app.inject({ remoteAddress: nextIp(), ...options });

    const newPlayer = async () => {
      const res = await call({ method: 'POST', url: '/web-api/registration/v1/fast', payload: { currency: 'RUB', country: 'DE', language: 'en', bonusChoice: 0 } });
      expect(res.statusCode).toBe(201);
      const { token, userId } = FastRegistrationResponseSchema.parse(res.json());
      const accounts = AccountsResponseSchema.parse((await call({ url: '/web-api/office/v1/accounts', headers: { 'x-auth': token } })).json());
      return { token, userId, accounts };
    };
    type Player = Awaited<ReturnType<typeof newPlayer>>;

    const credit = async (player: Player, amount: bigint) => {
      const house = await app.ledger.houseAccount('house-cash', 'RUB');
      return app.ledger.post({ idempotencyKey: `live-${randomUUID()}`, kind: 'deposit', entries: [{ accountId: player.accounts.balance.id, amount }, { accountId: house.id, amount: -amount }] });
    };

    const subscribeBalance = async (client: LiveTestClient) => {
      client.send({ type: 'subscribe', topic: 'balance' });
      const snapshot = snapshotOf(await client.next());
      return { seq: snapshot.seq, accounts: AccountsResponseSchema.parse(snapshot.data) };
    };

    let alice: Player;
    let bob: Player;
    beforeAll(async () => {
      [alice, bob] = [await newPlayer(), await newPlayer()];
    });

    it('is refused to a visitor, and takes no arguments (no way to name another player)', async () => {
      const client = await open();
      client.send({ type: 'subscribe', topic: 'balance' });
      expect(errorOf(await client.next())).toMatchObject({ code: LiveErrorCode.forbidden, topic: 'balance' });
      client.send({ type: 'subscribe', topic: `balance:${bob.userId}` });
      expect(errorOf(await client.next())).toMatchObject({ code: LiveErrorCode.unknownTopic });
    });

    it('gives a player (by X-Auth or cookie) their own accounts, then a delta per ledger post; never another player’s', async () => {
      const a = await open({ headers: { 'x-auth': alice.token } });
      const b = await open({ headers: { cookie: `user_token=${bob.token}` } });
      const snapA = await subscribeBalance(a);
      const snapB = await subscribeBalance(b);
      expect(snapA.accounts.balance.id).toBe(alice.accounts.balance.id);
      expect(snapB.accounts.balance.id).toBe(bob.accounts.balance.id);
      expect(snapA.accounts.all_accounts.map((x) => x.id)).toEqual(alice.accounts.all_accounts.map((x) => x.id));

      await credit(alice, 12_345n);
      const delta = deltaOf(await a.next());
      expect(delta).toMatchObject({ topic: 'balance', seq: snapA.seq + 1 });
      expect(LiveBalanceDeltaSchema.parse(delta.data)).toEqual({ account_id: alice.accounts.balance.id, new_balance: '12345', entry_id: expect.stringMatching(/^\d+$/) });
      await b.expectNothing();

      await credit(bob, 500n);
      expect(deltaOf(await b.next()).data).toEqual({ account_id: bob.accounts.balance.id, new_balance: '500', entry_id: expect.stringMatching(/^\d+$/) });
      await a.expectNothing();
    });

    it('accepts the session token in an auth message from a client without the cookie', async () => {
      const client = await open();
      client.send({ type: 'auth', token: 'A'.repeat(22) });
      expect(errorOf(await client.next()).code).toBe(LiveErrorCode.authFailed);
      client.send({ type: 'auth', token: alice.token });
      const snapshot = await subscribeBalance(client); // handled after the auth, in order
      expect(snapshot.accounts.balance.id).toBe(alice.accounts.balance.id);
      client.send({ type: 'auth', token: bob.token });
      expect(errorOf(await client.next()).code).toBe(LiveErrorCode.alreadyAuthenticated);
      await credit(bob, 1n);
      await client.expectNothing();
    });

    it('resumes on the same node without a gap', async () => {
      const first = await open({ headers: { 'x-auth': alice.token } });
      const { seq, accounts } = await subscribeBalance(first);
      await first.close();
      const before = BigInt(accounts.balance.moneyMinor);
      await credit(alice, 1n);
      await credit(alice, 2n);
      const second = await open({ headers: { 'x-auth': alice.token } });
      second.send({ type: 'subscribe', topic: 'balance', fromSeq: seq });
      const [resumed, d1, d2] = await second.take(3);
      expect(resumed).toEqual({ type: 'resumed', topic: 'balance', seq });
      const deltas = [deltaOf(d1!), deltaOf(d2!)];
      expect(deltas.map((d) => d.seq)).toEqual([seq + 1, seq + 2]);
      expect(deltas.map((d) => BigInt(LiveBalanceDeltaSchema.parse(d.data).new_balance) - before)).toEqual([1n, 3n]);
    });

    it('ends when the session is revoked (logout), and the connection stays usable as a visitor’s', async () => {
      const player = await newPlayer();
      const client = await open({ headers: { 'x-auth': player.token } });
      await subscribeBalance(client);
      const other = uniqueTopic();
      client.send({ type: 'subscribe', topic: other });
      snapshotOf(await client.next());

      expect(await app.live.checkSessions()).toBe(0);
      const logout = await call({ method: 'POST', url: '/web-api/auth/v1/disconnect', headers: { 'x-auth': player.token }, payload: {} });
      expect(logout.statusCode).toBe(200);
      expect(await app.live.checkSessions()).toBeGreaterThanOrEqual(1);
      expect(errorOf(await client.next())).toMatchObject({ code: LiveErrorCode.sessionEnded, topic: 'balance' });

      await credit(player, 10n);
      await client.expectNothing();
      client.send({ type: 'subscribe', topic: 'balance' });
      expect(errorOf(await client.next()).code).toBe(LiveErrorCode.forbidden);
      await app.live.publish(other, { still: 'here' });
      expect(deltaOf(await client.next()).data).toEqual({ still: 'here' });
    });

    it('refuses a cookie handshake from a foreign origin (cross-site WebSocket hijacking)', async () => {
      await expect(LiveTestClient.open(url, { headers: { cookie: `user_token=${alice.token}`, origin: 'https://evil.example' } })).rejects.toThrow(/403/);
      const same = await open({ headers: { cookie: `user_token=${alice.token}`, origin: new URL(url.replace(/^ws/, 'http')).origin } });
      expect((await subscribeBalance(same)).accounts.balance.id).toBe(alice.accounts.balance.id);
      // A visitor's handshake from anywhere may follow public topics.
      const visitor = await open({ headers: { origin: 'https://elsewhere.example' } });
      visitor.send({ type: 'ping' });
      expect(await visitor.next()).toEqual({ type: 'pong' });
    });
  });
});
