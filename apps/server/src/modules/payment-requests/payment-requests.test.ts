import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiErrorSchema,
  OpsPaymentRequestListSchema,
  OpsPaymentRequestSchema,
  PAYMENT_REQUEST_LIMITS,
  PaymentRequestDetailSchema,
  PaymentRequestListSchema,
  PaymentTopicListSchema,
  PaymentTopicTransactionsSchema,
  type PaymentRequestDetail,
} from '@betsite/contracts';
import type { PaymentsTable } from '@betsite/db';
import { describeEachDb } from '@betsite/db/testing';
import { buildTestApp, opsHeaders } from '../../testing.ts';
import { createClock } from '../../lib/clock.ts';
import { createLedger } from '../ledger/ledger.ts';
import { REQUESTS_PER_DAY } from './service.ts';

const BASE = '/web-api/office/v1/payment';
const OPS = '/ops-api/v1/payment-requests';
const TOPIC = { depositNotCredited: 1, withdrawalDelayed: 2, withdrawalRejected: 3, wrongAmount: 4, other: 5 } as const;
const SUB = { chargedNotCredited: 101, stuckProcessing: 102, awaitingApprovalLong: 201, paymentMethods: 501 } as const;
const MESSAGE = 'I paid 25 EUR an hour ago and my balance did not change.';

interface Player {
  userId: string;
  token: string;
  accountId: string;
  headers: Record<string, string>;
}

describeEachDb('payment requests API', (t) => {
  let app: FastifyInstance;
  const clock = createClock({ fake: true });

  beforeAll(async () => {
    app = await buildTestApp(t.handle, { clock });
  });
  afterAll(() => app.close());

  async function player(): Promise<Player> {
    const { id: userId } = await t.db
      .insertInto('users')
      .values({ email: `${randomUUID()}@example.com`, password_hash: 'x', registration_type: 'full_reg', country: 'DE', currency: 'EUR', language: 'en' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { token } = await app.sessions.create(userId, { remember: false });
    const main = await createLedger(t.db, clock).openPlayerAccount({ ownerId: userId, type: 'main', currency: 'EUR' });
    return { userId, token, accountId: main.id, headers: { 'x-auth': token } };
  }

  /** A payment of the player's in a given state (the money side does not matter here). */
  let tick = 0;
  async function payment(who: Player, direction: 'deposit' | 'withdrawal', status: PaymentsTable['status']): Promise<string> {
    // Distinct times, so "newest first" is well defined.
    const at = new Date(clock.now() + ++tick);
    const { id } = await t.db
      .insertInto('payments')
      .values({
        user_id: who.userId,
        account_id: who.accountId,
        direction,
        method: 'card',
        currency: 'EUR',
        amount: 2500n,
        status,
        provider: 'sandbox',
        return_language: 'en',
        idempotency_key: randomUUID(),
        request_hash: 'x',
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  const call = (options: InjectOptions) => app.inject(options);
  const get = (url: string, who: Player | null) => call({ url, headers: who?.headers ?? {} });
  const post = (url: string, who: Player | null, payload: unknown, key: string | null = randomUUID()) =>
    call({ method: 'POST', url, headers: { ...(who?.headers ?? {}), ...(key === null ? {} : { 'idempotency-key': key }) }, payload: payload as Record<string, unknown> });
  const open = (who: Player, body: Record<string, unknown>, key?: string) => post(`${BASE}/requests`, who, body, key);
  const error = (res: LightMyRequestResponse) => [res.statusCode, ApiErrorSchema.parse(res.json()).code];
  const detail = (res: LightMyRequestResponse, status = 201): PaymentRequestDetail => {
    expect(res.statusCode, res.body).toBe(status);
    return PaymentRequestDetailSchema.parse(res.json());
  };
  const ops = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    call({ method, url, headers: opsHeaders, ...(payload ? { payload } : {}) });

  describe('topics', () => {
    it('lists the topics with their sub-topics in the asked language, English by default and as fallback', async () => {
      const p = await player();
      const en = PaymentTopicListSchema.parse((await get(`${BASE}/topics`, p)).json()).topics;
      expect(en.map((x) => [x.id, x.code, x.transaction])).toEqual([
        [1, 'deposit_not_credited', 'required'],
        [2, 'withdrawal_delayed', 'required'],
        [3, 'withdrawal_rejected', 'required'],
        [4, 'wrong_amount', 'required'],
        [5, 'other', 'optional'],
      ]);
      expect(en[0]).toMatchObject({ name: 'Deposit not credited', subtopics: expect.arrayContaining([{ id: 101, code: 'charged_not_credited', name: expect.any(String) }]) });
      expect(en[2]!.subtopics).toEqual([]);
      const ru = PaymentTopicListSchema.parse((await get(`${BASE}/topics?lang=RU`, p)).json()).topics;
      expect(ru[0]!.name).toBe('Депозит не зачислен');
      const de = PaymentTopicListSchema.parse((await get(`${BASE}/topics?lang=de`, p)).json()).topics;
      expect(de[0]!.name).toBe('Deposit not credited');
      expect((await get(`${BASE}/topics?lang=english`, p)).statusCode).toBe(400);
      expect(error(await get(`${BASE}/topics`, null))).toEqual([401, 'unauthorized']);
    });

    it('hides a topic an operator switched off', async () => {
      const p = await player();
      await t.db.updateTable('payment_request_topics').set({ active: false }).where('id', '=', TOPIC.withdrawalRejected).execute();
      try {
        const topics = PaymentTopicListSchema.parse((await get(`${BASE}/topics`, p)).json()).topics;
        expect(topics.map((x) => x.id)).not.toContain(TOPIC.withdrawalRejected);
        expect((await get(`${BASE}/topics/${TOPIC.withdrawalRejected}/transactions`, p)).statusCode).toBe(404);
        expect(error(await open(p, { topicId: TOPIC.withdrawalRejected, transactionId: await payment(p, 'withdrawal', 'rejected'), message: MESSAGE }))).toEqual([404, 'not_found']);
      } finally {
        await t.db.updateTable('payment_request_topics').set({ active: true }).where('id', '=', TOPIC.withdrawalRejected).execute();
      }
    });
  });

  describe('transactions of a topic', () => {
    it('lists only the player’s own payments the topic is about, newest first', async () => {
      const p = await player();
      const other = await player();
      const pending = await payment(p, 'deposit', 'pending');
      const failed = await payment(p, 'deposit', 'failed');
      const expired = await payment(p, 'deposit', 'expired');
      const settling = await payment(p, 'deposit', 'settling');
      const credited = await payment(p, 'deposit', 'succeeded');
      const waiting = await payment(p, 'withdrawal', 'awaiting_approval');
      const rejected = await payment(p, 'withdrawal', 'rejected');
      await payment(other, 'deposit', 'pending');

      const list = async (topicId: number | string) => {
        const res = await get(`${BASE}/topics/${topicId}/transactions`, p);
        expect(res.statusCode, res.body).toBe(200);
        return PaymentTopicTransactionsSchema.parse(res.json()).transactions.map((x) => x.id);
      };
      // "Deposit not credited": deposits still pending (settling shows as pending), failed, cancelled or expired.
      expect(await list(TOPIC.depositNotCredited)).toEqual([settling, expired, failed, pending]);
      expect(await list(TOPIC.withdrawalDelayed)).toEqual([waiting]);
      expect(await list(TOPIC.withdrawalRejected)).toEqual([rejected]);
      expect(await list(TOPIC.wrongAmount)).toEqual([credited]);
      expect(await list(TOPIC.other)).toEqual([rejected, waiting, credited, settling, expired, failed, pending]);

      for (const topicId of ['999', '0', 'abc', '1.5', '-1']) {
        expect(error(await get(`${BASE}/topics/${topicId}/transactions`, p)), topicId).toEqual([404, 'not_found']);
      }
      expect(error(await get(`${BASE}/topics/1/transactions`, null))).toEqual([401, 'unauthorized']);
    });
  });

  describe('opening a request', () => {
    it('opens a request about a payment under a topic and sub-topic; a retry with the same key answers the same request', async () => {
      const p = await player();
      const paymentId = await payment(p, 'deposit', 'pending');
      const key = randomUUID();
      const body = { topicId: TOPIC.depositNotCredited, subTopicId: SUB.chargedNotCredited, transactionId: paymentId, message: `  ${MESSAGE}  ` };
      const created = detail(await open(p, body, key));
      expect(created).toMatchObject({
        status: 'open',
        topic: { id: 1, code: 'deposit_not_credited', name: 'Deposit not credited' },
        subTopic: { id: 101, code: 'charged_not_credited' },
        transactionId: paymentId,
        closedAt: null,
        messages: [{ author: 'player', body: MESSAGE }],
        transaction: { id: paymentId, direction: 'deposit', amount: '25.00', status: 'pending' },
      });
      expect(created.number).toBeGreaterThan(100_000);
      expect(detail(await open(p, body, key))).toEqual(created);
      expect(error(await open(p, { ...body, message: `${MESSAGE}!` }, key))).toEqual([409, 'idempotency_conflict']);
      const rows = await t.db.selectFrom('payment_requests').select('id').where('user_id', '=', p.userId).execute();
      expect(rows).toHaveLength(1);
      // Without a transaction, under a topic that allows it; names in the asked language.
      const general = detail(await post(`${BASE}/requests?lang=ru`, p, { topicId: TOPIC.other, subTopicId: SUB.paymentMethods, message: 'Which cards do you accept for deposits?' }));
      expect(general).toMatchObject({ transactionId: null, transaction: null, topic: { name: 'Другой вопрос по платежам' }, subTopic: { name: 'Способы оплаты' } });
    });

    it('refuses malformed requests (400), missing keys, visitors and cookie requests without the CSRF header', async () => {
      const p = await player();
      const paymentId = await payment(p, 'deposit', 'pending');
      const valid = { topicId: TOPIC.depositNotCredited, transactionId: paymentId, message: MESSAGE };
      for (const body of [
        { ...valid, message: 'short' },
        { ...valid, message: '          ' },
        { ...valid, message: 'x'.repeat(PAYMENT_REQUEST_LIMITS.messageMax + 1) },
        { ...valid, topicId: '1' },
        { ...valid, topicId: 0 },
        { ...valid, subTopicId: 1.5 },
        { ...valid, transactionId: 'not-an-id' },
        { ...valid, extra: true },
        { transactionId: paymentId, message: MESSAGE },
      ]) {
        expect(error(await open(p, body)), JSON.stringify(body)).toEqual([400, 'invalid_request']);
      }
      expect(error(await post(`${BASE}/requests`, p, valid, null))).toEqual([400, 'idempotency_key_required']);
      expect(error(await post(`${BASE}/requests`, null, valid))).toEqual([401, 'unauthorized']);
      const cookie = { cookie: `user_token=${p.token}`, 'idempotency-key': randomUUID() };
      expect(error(await call({ method: 'POST', url: `${BASE}/requests`, headers: cookie, payload: valid }))).toEqual([403, 'csrf']);
      const withProof = await call({ method: 'POST', url: `${BASE}/requests`, headers: { ...cookie, 'x-requested-with': 'XMLHttpRequest' }, payload: valid });
      expect(withProof.statusCode).toBe(201);
    });

    it('checks the topic, sub-topic and transaction: 404 for what is not the player’s, 422 for what does not fit', async () => {
      const p = await player();
      const other = await player();
      const pending = await payment(p, 'deposit', 'pending');
      const credited = await payment(p, 'deposit', 'succeeded');
      const theirs = await payment(other, 'deposit', 'pending');

      expect(error(await open(p, { topicId: 99, transactionId: pending, message: MESSAGE }))).toEqual([404, 'not_found']);
      expect(error(await open(p, { topicId: TOPIC.depositNotCredited, subTopicId: SUB.awaitingApprovalLong, transactionId: pending, message: MESSAGE }))).toEqual([422, 'subtopic_mismatch']);
      expect(error(await open(p, { topicId: TOPIC.depositNotCredited, subTopicId: 999, transactionId: pending, message: MESSAGE }))).toEqual([422, 'subtopic_mismatch']);
      expect(error(await open(p, { topicId: TOPIC.depositNotCredited, message: MESSAGE }))).toEqual([422, 'transaction_required']);
      expect(error(await open(p, { topicId: TOPIC.depositNotCredited, transactionId: null, message: MESSAGE }))).toEqual([422, 'transaction_required']);
      expect(error(await open(p, { topicId: TOPIC.depositNotCredited, transactionId: credited, message: MESSAGE }))).toEqual([422, 'transaction_not_eligible']);
      expect(error(await open(p, { topicId: TOPIC.withdrawalDelayed, transactionId: pending, message: MESSAGE }))).toEqual([422, 'transaction_not_eligible']);
      // Another player's payment and one that does not exist look the same.
      for (const transactionId of [theirs, randomUUID()]) {
        const res = await open(p, { topicId: TOPIC.depositNotCredited, transactionId, message: MESSAGE });
        expect(error(res)).toEqual([404, 'not_found']);
        expect(res.body).not.toContain(other.userId);
      }
      expect(await t.db.selectFrom('payment_requests').select('id').where('user_id', '=', p.userId).execute()).toEqual([]);
    });

    it('allows one request at a time about a payment, also under concurrent submits; closing it allows a new one', async () => {
      const p = await player();
      const paymentId = await payment(p, 'deposit', 'failed');
      const body = { topicId: TOPIC.depositNotCredited, transactionId: paymentId, message: MESSAGE };
      const results = await Promise.all(Array.from({ length: 5 }, () => open(p, body)));
      const accepted = results.filter((r) => r.statusCode === 201);
      expect(accepted).toHaveLength(1);
      const first = detail(accepted[0]!);
      for (const refused of results.filter((r) => r.statusCode !== 201)) {
        expect(error(refused)).toEqual([409, 'request_exists']);
        expect(ApiErrorSchema.parse(refused.json()).details).toEqual({ requestId: first.id, number: first.number });
      }
      // Under another topic too: it is the same payment.
      expect(error(await open(p, { ...body, topicId: TOPIC.other }))).toEqual([409, 'request_exists']);
      detail(await post(`${BASE}/requests/${first.id}/close`, p, {}), 200);
      const second = detail(await open(p, body));
      expect(second.id).not.toBe(first.id);
    });

    it(`limits a player to ${PAYMENT_REQUEST_LIMITS.maxOpen} requests in progress and ${REQUESTS_PER_DAY} new ones a day`, async () => {
      const p = await player();
      const question = { topicId: TOPIC.other, message: 'A question about payment methods.' };
      const ids: string[] = [];
      for (let i = 0; i < PAYMENT_REQUEST_LIMITS.maxOpen; i++) ids.push(detail(await open(p, question)).id);
      expect(error(await open(p, question))).toEqual([422, 'too_many_open_requests']);
      // Another player is not affected.
      detail(await open(await player(), question));
      for (const id of ids) detail(await post(`${BASE}/requests/${id}/close`, p, {}), 200);
      for (let i = PAYMENT_REQUEST_LIMITS.maxOpen; i < REQUESTS_PER_DAY; i++) {
        const { id } = detail(await open(p, question));
        detail(await post(`${BASE}/requests/${id}/close`, p, {}), 200);
      }
      expect(error(await open(p, question))).toEqual([429, 'too_many_requests']);
      clock.advance!(24 * 3600);
      // (The session has lapsed by then: log in again.)
      const { token } = await app.sessions.create(p.userId, { remember: false });
      detail(await open({ ...p, headers: { 'x-auth': token } }, question));
    });
  });

  describe('the limits under concurrency', () => {
    it(`opens exactly ${PAYMENT_REQUEST_LIMITS.maxOpen} of 50 concurrent submits; the rest are refused`, async () => {
      const p = await player();
      const question = { topicId: TOPIC.other, message: 'A question about payment methods.' };
      const results = await Promise.all(Array.from({ length: 50 }, () => open(p, question)));
      const accepted = results.filter((r) => r.statusCode === 201);
      expect(accepted).toHaveLength(PAYMENT_REQUEST_LIMITS.maxOpen);
      for (const refused of results.filter((r) => r.statusCode !== 201)) expect(error(refused)).toEqual([422, 'too_many_open_requests']);
      const rows = await t.db.selectFrom('payment_requests').select('id').where('user_id', '=', p.userId).where('status', '<>', 'closed').execute();
      expect(rows).toHaveLength(PAYMENT_REQUEST_LIMITS.maxOpen);
    });

    it('answers concurrent retries of one submit with the one request they made', async () => {
      const p = await player();
      const question = { topicId: TOPIC.other, message: 'A question about payment methods.' };
      const key = randomUUID();
      const results = await Promise.all(Array.from({ length: 20 }, () => open(p, question, key)));
      const ids = new Set(results.map((r) => detail(r).id));
      expect(ids.size).toBe(1);
      expect(await t.db.selectFrom('payment_requests').select('id').where('user_id', '=', p.userId).execute()).toHaveLength(1);
    });
  });

  describe('the player’s requests', () => {
    it('lists their own requests newest first, in pages, and shows one with its messages; others’ are 404', async () => {
      const p = await player();
      const other = await player();
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        ids.push(detail(await open(p, { topicId: TOPIC.other, message: `Question number ${i} about payments` })).id);
        clock.advance!(1);
      }
      const theirs = detail(await open(other, { topicId: TOPIC.other, message: 'Their own question about payments' }));

      const page1 = PaymentRequestListSchema.parse((await get(`${BASE}/requests?limit=2`, p)).json());
      expect(page1.requests.map((r) => r.id)).toEqual([ids[2], ids[1]]);
      const page2 = PaymentRequestListSchema.parse((await get(`${BASE}/requests?limit=2&before=${page1.nextCursor!}`, p)).json());
      expect(page2.requests.map((r) => r.id)).toEqual([ids[0]]);
      expect(page2.nextCursor).toBeNull();
      const ru = PaymentRequestListSchema.parse((await get(`${BASE}/requests?lang=ru`, p)).json());
      expect(ru.requests[0]!.topic.name).toBe('Другой вопрос по платежам');

      const one = detail(await get(`${BASE}/requests/${ids[0]!}`, p), 200);
      expect(one.messages.map((m) => [m.author, m.body])).toEqual([['player', 'Question number 0 about payments']]);
      for (const id of [theirs.id, randomUUID(), 'nope']) {
        expect(error(await get(`${BASE}/requests/${id}`, p)), id).toEqual([404, 'not_found']);
        expect(error(await post(`${BASE}/requests/${id}/messages`, p, { message: 'Hello?' })), id).toEqual([404, 'not_found']);
        expect(error(await post(`${BASE}/requests/${id}/close`, p, {})), id).toEqual([404, 'not_found']);
      }
      expect(detail(await get(`${BASE}/requests/${theirs.id}`, other), 200).status).toBe('open');
      expect(error(await get(`${BASE}/requests`, null))).toEqual([401, 'unauthorized']);
      expect(error(await get(`${BASE}/requests/${ids[0]!}`, null))).toEqual([401, 'unauthorized']);
      for (const query of ['limit=0', 'limit=101', 'before=garbage', 'status=open']) {
        expect(error(await get(`${BASE}/requests?${query}`, p)), query).toEqual([400, 'invalid_request']);
      }
    });

    it('talks it through: the operator answers, the player replies (reopening it), either closes it', async () => {
      const p = await player();
      const paymentId = await payment(p, 'withdrawal', 'awaiting_approval');
      const request = detail(await open(p, { topicId: TOPIC.withdrawalDelayed, subTopicId: SUB.awaitingApprovalLong, transactionId: paymentId, message: 'My withdrawal has been waiting for two days.' }));

      const queue = OpsPaymentRequestListSchema.parse((await ops('GET', OPS)).json()).requests;
      expect(queue.find((r) => r.id === request.id)).toMatchObject({ userId: p.userId, status: 'open', topic: { code: 'withdrawal_delayed' } });

      const answered = OpsPaymentRequestSchema.parse((await ops('POST', `${OPS}/${request.id}/answer`, { message: 'We are checking it and will pay out today.' })).json());
      expect(answered).toMatchObject({ status: 'answered', userId: p.userId, transaction: { id: paymentId, status: 'awaiting_approval' } });
      const seen = detail(await get(`${BASE}/requests/${request.id}`, p), 200);
      expect(seen.status).toBe('answered');
      expect(seen.messages.map((m) => m.author)).toEqual(['player', 'operator']);
      expect(OpsPaymentRequestListSchema.parse((await ops('GET', `${OPS}?status=answered`)).json()).requests.map((r) => r.id)).toContain(request.id);

      const key = randomUUID();
      const replied = detail(await post(`${BASE}/requests/${request.id}/messages`, p, { message: 'Thank you!' }, key));
      expect(replied.status).toBe('open');
      expect(detail(await post(`${BASE}/requests/${request.id}/messages`, p, { message: 'Thank you!' }, key))).toEqual(replied);
      expect(error(await post(`${BASE}/requests/${request.id}/messages`, p, { message: 'Something else' }, key))).toEqual([409, 'idempotency_conflict']);
      expect(replied.messages.map((m) => [m.author, m.body])).toEqual([
        ['player', 'My withdrawal has been waiting for two days.'],
        ['operator', 'We are checking it and will pay out today.'],
        ['player', 'Thank you!'],
      ]);
      for (const body of [{ message: '' }, { message: '   ' }, { text: 'hi' }, { message: 'hi', extra: 1 }]) {
        expect(error(await post(`${BASE}/requests/${request.id}/messages`, p, body)), JSON.stringify(body)).toEqual([400, 'invalid_request']);
      }
      expect(error(await post(`${BASE}/requests/${request.id}/messages`, p, { message: 'hi' }, null))).toEqual([400, 'idempotency_key_required']);

      const closed = OpsPaymentRequestSchema.parse((await ops('POST', `${OPS}/${request.id}/answer`, { message: 'Paid out. Closing the request.', close: true })).json());
      expect(closed).toMatchObject({ status: 'closed', closedAt: expect.any(String) });
      expect(error(await post(`${BASE}/requests/${request.id}/messages`, p, { message: 'One more thing' }))).toEqual([409, 'request_closed']);
      expect(error(await ops('POST', `${OPS}/${request.id}/answer`, { message: 'Late' }))).toEqual([409, 'request_closed']);
      // Closing again is fine and changes nothing.
      const again = detail(await post(`${BASE}/requests/${request.id}/close`, p, {}), 200);
      expect(again.closedAt).toBe(closed.closedAt);
      expect(again.messages).toHaveLength(4);
    });

    it('lets the player close their own request', async () => {
      const p = await player();
      const request = detail(await open(p, { topicId: TOPIC.other, message: 'Never mind, I found the answer.' }));
      const closed = detail(await post(`${BASE}/requests/${request.id}/close`, p, {}), 200);
      expect(closed).toMatchObject({ status: 'closed', closedAt: new Date(clock.now()).toISOString() });
      expect(OpsPaymentRequestListSchema.parse((await ops('GET', `${OPS}?status=open`)).json()).requests.map((r) => r.id)).not.toContain(request.id);
    });
  });

  describe('the operator’s queue', () => {
    it('needs the ops token and answers 404 for unknown requests, 400 for bad input', async () => {
      const p = await player();
      const request = detail(await open(p, { topicId: TOPIC.other, message: 'A question for the operator.' }));
      for (const headers of [{}, { authorization: 'Bearer wrong-token-0123456789' }, p.headers]) {
        expect((await call({ url: OPS, headers })).statusCode).toBe(401);
        expect((await call({ url: `${OPS}/${request.id}`, headers })).statusCode).toBe(401);
        expect((await call({ method: 'POST', url: `${OPS}/${request.id}/answer`, headers, payload: { message: 'x' } })).statusCode).toBe(401);
        expect((await call({ method: 'POST', url: `${OPS}/${request.id}/close`, headers })).statusCode).toBe(401);
      }
      for (const id of [randomUUID(), 'nope']) {
        expect(error(await ops('GET', `${OPS}/${id}`))).toEqual([404, 'not_found']);
        expect(error(await ops('POST', `${OPS}/${id}/answer`, { message: 'Hello' }))).toEqual([404, 'not_found']);
        expect(error(await ops('POST', `${OPS}/${id}/close`))).toEqual([404, 'not_found']);
      }
      expect(error(await ops('GET', `${OPS}?status=waiting`))).toEqual([400, 'invalid_request']);
      for (const body of [{}, { message: '' }, { message: 'ok', close: 'yes' }]) {
        expect(error(await ops('POST', `${OPS}/${request.id}/answer`, body)), JSON.stringify(body)).toEqual([400, 'invalid_request']);
      }
      const shown = OpsPaymentRequestSchema.parse((await ops('GET', `${OPS}/${request.id}`)).json());
      expect(shown).toMatchObject({ id: request.id, userId: p.userId, status: 'open', messages: [{ author: 'player' }] });
      const closed = OpsPaymentRequestSchema.parse((await ops('POST', `${OPS}/${request.id}/close`)).json());
      expect(closed.status).toBe('closed');
      expect(detail(await get(`${BASE}/requests/${request.id}`, p), 200).status).toBe('closed');
    });

    it('lists open requests oldest first', async () => {
      const p = await player();
      const older = detail(await open(p, { topicId: TOPIC.other, message: 'The older question of the two.' }));
      clock.advance!(1);
      const newer = detail(await open(p, { topicId: TOPIC.other, message: 'The newer question of the two.' }));
      const ids = OpsPaymentRequestListSchema.parse((await ops('GET', `${OPS}?limit=500`)).json()).requests.map((r) => r.id);
      expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id));
    });
  });
});
