/**
 * Payment requests: a player's question about a payment problem, under a topic and
 * sub-topic, optionally about one of their own payments, and the conversation with an
 * operator. A player sees only their own requests and payments: anything else is 404,
 * whether it exists or not.
 *
 * Duplicates are refused three ways: a retried submit (same Idempotency-Key) answers the
 * same request; a second request about a payment while one is not closed is 409 with the
 * open one's id (a partial unique index, so concurrent submits cannot both get in); and a
 * player has at most `maxOpen` requests not closed and `perDay` new ones a day, counted and
 * inserted in one transaction under a lock of the player's row, so concurrent submits are
 * counted one after another and cannot get past the limits together.
 */
import { createHash } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import {
  PAYMENT_REQUEST_LIMITS,
  PaymentErrorCode,
  PaymentRequestErrorCode,
  type OpsPaymentRequest,
  type OpsPaymentRequestSummary,
  type Payment,
  type PaymentRequestDetail,
  type PaymentRequestList,
  type PaymentRequestStatus,
  type PaymentRequestSummary,
  type PaymentTopic,
} from '@betsite/contracts';
import type { Database, PaymentRequestsTable } from '@betsite/db';
import { AppError, notFound, sqlState } from '../../lib/errors.ts';
import type { ServerClock } from '../../lib/clock.ts';
import { isUuid } from '../ledger/movement.ts';
import { toPayment } from '../payments/index.ts';
import { createTopicCatalog, isEligible, nameIn, toPublicTopic, type Topic } from './topics.ts';

type RequestRow = Selectable<PaymentRequestsTable>;

/** New requests a player may open in 24 hours. */
export const REQUESTS_PER_DAY = 20;
const DAY_MS = 24 * 3600_000;
/** How many of a player's payments the transaction picker offers. */
const TRANSACTIONS_SHOWN = 50;

export interface CreateInput {
  userId: string;
  idempotencyKey: string;
  topicId: number;
  subTopicId?: number | null | undefined;
  transactionId?: string | null | undefined;
  message: string;
  language: string;
}

export interface PaymentRequestsService {
  topics(language: string): Promise<PaymentTopic[]>;
  /** The player's payments the topic is about, newest first; 404 for an unknown topic. */
  transactions(userId: string, topicId: number): Promise<Payment[]>;
  create(input: CreateInput): Promise<PaymentRequestDetail>;
  list(userId: string, page: { limit: number; before?: string | undefined; language: string }): Promise<PaymentRequestList>;
  get(userId: string, id: string, language: string): Promise<PaymentRequestDetail>;
  /** The player's reply; reopens an answered request. 409 when closed. */
  reply(userId: string, id: string, idempotencyKey: string, message: string, language: string): Promise<PaymentRequestDetail>;
  /** Closes the player's request (idempotent). */
  close(userId: string, id: string, language: string): Promise<PaymentRequestDetail>;
  queue(status: PaymentRequestStatus, limit: number): Promise<OpsPaymentRequestSummary[]>;
  opsGet(id: string): Promise<OpsPaymentRequest>;
  /** The operator's answer; `close` closes the request with it. 409 when closed. */
  answer(id: string, message: string, close: boolean, idempotencyKey: string | null): Promise<OpsPaymentRequest>;
  opsClose(id: string): Promise<OpsPaymentRequest>;
}

export interface PaymentRequestsDeps {
  db: Kysely<Database>;
  clock: ServerClock;
  logger: FastifyBaseLogger;
}

const requestHash = (input: CreateInput) =>
  createHash('sha256')
    .update(JSON.stringify([input.topicId, input.subTopicId ?? null, input.transactionId?.toLowerCase() ?? null, input.message]))
    .digest('hex');

export function createPaymentRequestsService({ db, clock, logger }: PaymentRequestsDeps): PaymentRequestsService {
  const catalog = createTopicCatalog(db);
  const now = () => new Date(clock.now());

  async function activeTopic(topicId: number): Promise<Topic> {
    const topic = (await catalog.all()).find((t) => t.id === topicId && t.active);
    if (!topic) throw notFound('No such topic');
    return topic;
  }

  async function ownPayment(userId: string, id: string) {
    const row = isUuid(id) ? await db.selectFrom('payments').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst() : undefined;
    if (!row) throw notFound('No such transaction');
    return row;
  }

  async function ownRequest(userId: string | null, id: string, executor: Kysely<Database> = db, lock = false): Promise<RequestRow> {
    if (!isUuid(id)) throw notFound('No such request');
    let query = executor.selectFrom('payment_requests').selectAll().where('id', '=', id);
    if (userId !== null) query = query.where('user_id', '=', userId);
    const row = await (lock ? query.forUpdate() : query).executeTakeFirst();
    if (!row) throw notFound('No such request');
    return row;
  }

  function summary(row: RequestRow, topics: Topic[], language: string): PaymentRequestSummary {
    const topic = topics.find((t) => t.id === row.topic_id);
    const sub = topic?.subtopics.find((s) => s.id === row.subtopic_id);
    const ref = (item: { id: number; code: string; names: Record<string, string> }) => ({ id: item.id, code: item.code, name: nameIn(item, language) });
    return {
      id: row.id,
      number: Number(row.number),
      status: row.status,
      topic: topic ? ref(topic) : { id: row.topic_id, code: 'unknown', name: String(row.topic_id) },
      subTopic: sub ? ref(sub) : null,
      transactionId: row.payment_id,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
      closedAt: row.closed_at?.toISOString() ?? null,
    };
  }

  async function detail(row: RequestRow, language: string): Promise<PaymentRequestDetail> {
    const [topics, messages, payment] = await Promise.all([
      catalog.all(),
      db.selectFrom('payment_request_messages').selectAll().where('request_id', '=', row.id).orderBy('id').execute(),
      row.payment_id ? db.selectFrom('payments').selectAll().where('id', '=', row.payment_id).executeTakeFirst() : Promise.resolve(undefined),
    ]);
    return {
      ...summary(row, topics, language),
      messages: messages.map((m) => ({ id: String(m.id), author: m.author, body: m.body, createdAt: m.created_at.toISOString() })),
      transaction: payment ? toPayment(payment) : null,
    };
  }

  const forOps = async (row: RequestRow): Promise<OpsPaymentRequest> => ({ ...(await detail(row, 'en')), userId: row.user_id });

  async function byKey(userId: string, key: string) {
    return db.selectFrom('payment_requests').selectAll().where('user_id', '=', userId).where('idempotency_key', '=', key).executeTakeFirst();
  }

  function sameRequest(row: RequestRow, hash: string): RequestRow {
    if (row.request_hash !== hash) throw new AppError(409, PaymentErrorCode.idempotencyConflict, 'The Idempotency-Key was already used for a different request');
    return row;
  }

  /** Refuses what does not fit the topic; 404 for a payment that is not the player's. */
  async function validate(input: CreateInput): Promise<void> {
    const topic = await activeTopic(input.topicId);
    if (input.subTopicId != null && !topic.subtopics.some((s) => s.id === input.subTopicId && s.active)) {
      throw new AppError(422, PaymentRequestErrorCode.subtopicMismatch, 'The sub-topic does not belong to this topic');
    }
    if (input.transactionId != null) {
      const payment = toPayment(await ownPayment(input.userId, input.transactionId));
      if (!isEligible(topic, payment)) {
        throw new AppError(422, PaymentRequestErrorCode.transactionNotEligible, 'This transaction does not fit the topic; choose another topic or transaction');
      }
    } else if (topic.transaction === 'required') {
      throw new AppError(422, PaymentRequestErrorCode.transactionRequired, 'Choose the transaction the request is about');
    }
  }

  /** The limits, read by `executor`: inside the insert's transaction, after the player's row is locked. */
  async function checkQuota(executor: Kysely<Database>, userId: string, at: Date): Promise<void> {
    const { open, today } = await executor
      .selectFrom('payment_requests')
      .select((eb) => [
        eb.fn.countAll<string>().filterWhere('status', '<>', 'closed').as('open'),
        eb.fn.countAll<string>().filterWhere('created_at', '>', new Date(at.getTime() - DAY_MS)).as('today'),
      ])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(open) >= PAYMENT_REQUEST_LIMITS.maxOpen) {
      throw new AppError(422, PaymentRequestErrorCode.tooManyOpen, `You have ${PAYMENT_REQUEST_LIMITS.maxOpen} requests in progress; close one or wait for our answer`);
    }
    if (Number(today) >= REQUESTS_PER_DAY) throw new AppError(429, 'too_many_requests', 'Too many requests today; try again tomorrow');
  }

  async function openAbout(paymentId: string): Promise<RequestRow | undefined> {
    return db.selectFrom('payment_requests').selectAll().where('payment_id', '=', paymentId).where('status', '<>', 'closed').executeTakeFirst();
  }

  async function insert(input: CreateInput, hash: string, paymentId: string | null): Promise<RequestRow | undefined> {
    const at = now();
    try {
      return await db.transaction().execute(async (trx) => {
        // One create of a player at a time (the users row, as saveDisallowedSports): the
        // count below sees every request committed before, so the limits hold under concurrency.
        await trx.selectFrom('users').select('id').where('id', '=', input.userId).forNoKeyUpdate().executeTakeFirst();
        // A retried submit that got in while we waited answers its request, not the quota.
        if (await trx.selectFrom('payment_requests').select('id').where('user_id', '=', input.userId).where('idempotency_key', '=', input.idempotencyKey).executeTakeFirst()) {
          return undefined;
        }
        await checkQuota(trx, input.userId, at);
        const row = await trx
          .insertInto('payment_requests')
          .values({
            user_id: input.userId,
            topic_id: input.topicId,
            subtopic_id: input.subTopicId ?? null,
            payment_id: paymentId,
            status: 'open',
            idempotency_key: input.idempotencyKey,
            request_hash: hash,
            created_at: at,
            updated_at: at,
          })
          .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
          .returningAll()
          .executeTakeFirst();
        if (row) await trx.insertInto('payment_request_messages').values({ request_id: row.id, author: 'player', body: input.message, created_at: at }).execute();
        return row;
      });
    } catch (error) {
      // The partial unique index: a request about this payment is open already.
      if (sqlState(error) === '23505' && paymentId) {
        const open = await openAbout(paymentId);
        if (open) throw requestExists(open);
      }
      throw error;
    }
  }

  const requestExists = (open: RequestRow) =>
    new AppError(409, PaymentRequestErrorCode.requestExists, `Request #${open.number} about this transaction is already in progress`, {
      requestId: open.id,
      number: Number(open.number),
    });

  /** Adds a message in one transaction with the request's new state; the locked row keeps a closed request closed. */
  async function addMessage(
    request: RequestRow,
    author: 'player' | 'operator',
    body: string,
    idempotencyKey: string | null,
    status: RequestRow['status'],
  ): Promise<RequestRow> {
    return db.transaction().execute(async (trx) => {
      const current = await ownRequest(null, request.id, trx, true);
      if (idempotencyKey !== null) {
        const earlier = await trx
          .selectFrom('payment_request_messages')
          .select(['body'])
          .where('request_id', '=', current.id)
          .where('idempotency_key', '=', idempotencyKey)
          .executeTakeFirst();
        if (earlier) {
          if (earlier.body !== body) throw new AppError(409, PaymentErrorCode.idempotencyConflict, 'The Idempotency-Key was already used for a different message');
          return current;
        }
      }
      if (current.status === 'closed') throw new AppError(409, PaymentRequestErrorCode.requestClosed, 'The request is closed');
      const at = now();
      await trx.insertInto('payment_request_messages').values({ request_id: current.id, author, body, idempotency_key: idempotencyKey, created_at: at }).execute();
      return trx
        .updateTable('payment_requests')
        .set({ status, updated_at: at, closed_at: status === 'closed' ? at : null })
        .where('id', '=', current.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  async function closeRequest(request: RequestRow, by: 'player' | 'operator'): Promise<RequestRow> {
    const at = now();
    const closed = await db
      .updateTable('payment_requests')
      .set({ status: 'closed', updated_at: at, closed_at: at })
      .where('id', '=', request.id)
      .where('status', '<>', 'closed')
      .returningAll()
      .executeTakeFirst();
    if (closed) logger.info({ requestId: request.id, by }, 'payment request closed');
    return closed ?? (await ownRequest(null, request.id));
  }

  return {
    async topics(language) {
      return (await catalog.all()).filter((t) => t.active).map((t) => toPublicTopic(t, language));
    },

    async transactions(userId, topicId) {
      const topic = await activeTopic(topicId);
      if (topic.transaction === 'none') return [];
      let query = db.selectFrom('payments').selectAll().where('user_id', '=', userId);
      if (topic.direction) query = query.where('direction', '=', topic.direction);
      // Public statuses are a function of internal ones, so filter after mapping (a player has few payments).
      const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(500).execute();
      return rows
        .map(toPayment)
        .filter((p) => isEligible(topic, p))
        .slice(0, TRANSACTIONS_SHOWN);
    },

    async create(input) {
      const hash = requestHash(input);
      const existing = await byKey(input.userId, input.idempotencyKey);
      if (existing) return detail(sameRequest(existing, hash), input.language);

      await validate(input);
      const paymentId = input.transactionId?.toLowerCase() ?? null;
      if (paymentId) {
        const open = await openAbout(paymentId);
        if (open) throw requestExists(open);
      }
      const inserted = await insert(input, hash, paymentId);
      // A concurrent submit with the same key got in first: answer its request.
      const row = inserted ?? (await byKey(input.userId, input.idempotencyKey));
      if (!row) throw new Error('payment request insert lost');
      if (inserted) logger.info({ requestId: row.id, topicId: row.topic_id, paymentId }, 'payment request opened');
      return detail(sameRequest(row, hash), input.language);
    },

    async list(userId, { limit, before, language }) {
      let query = db.selectFrom('payment_requests').selectAll().where('user_id', '=', userId);
      if (before !== undefined) query = query.where('number', '<', decodeCursor(before));
      // By number: increasing with every request, so pages are stable even for requests of the same millisecond.
      const [rows, topics] = await Promise.all([query.orderBy('number', 'desc').limit(limit + 1).execute(), catalog.all()]);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        requests: page.map((r) => summary(r, topics, language)),
        nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
      };
    },

    async get(userId, id, language) {
      return detail(await ownRequest(userId, id), language);
    },

    async reply(userId, id, idempotencyKey, message, language) {
      const request = await ownRequest(userId, id);
      // A player's reply puts the request back in the operator's queue.
      const row = await addMessage(request, 'player', message, idempotencyKey, 'open');
      return detail(row, language);
    },

    async close(userId, id, language) {
      return detail(await closeRequest(await ownRequest(userId, id), 'player'), language);
    },

    async queue(status, limit) {
      const [rows, topics] = await Promise.all([
        db
          .selectFrom('payment_requests')
          .selectAll()
          .where('status', '=', status)
          // Open ones oldest first (a queue); answered and closed ones newest first.
          .orderBy('updated_at', status === 'open' ? 'asc' : 'desc')
          .orderBy('id')
          .limit(limit)
          .execute(),
        catalog.all(),
      ]);
      return rows.map((r) => ({ ...summary(r, topics, 'en'), userId: r.user_id }));
    },

    async opsGet(id) {
      return forOps(await ownRequest(null, id));
    },

    async answer(id, message, close, idempotencyKey) {
      const request = await ownRequest(null, id);
      const row = await addMessage(request, 'operator', message, idempotencyKey, close ? 'closed' : 'answered');
      logger.info({ requestId: id, closed: row.status === 'closed' }, 'payment request answered');
      return forOps(row);
    },

    async opsClose(id) {
      return forOps(await closeRequest(await ownRequest(null, id), 'operator'));
    },
  };
}

function encodeCursor(row: RequestRow): string {
  return Buffer.from(`n${row.number}`).toString('base64url');
}

function decodeCursor(text: string): bigint {
  const match = /^n(\d{1,18})$/.exec(Buffer.from(text, 'base64url').toString('utf8'));
  if (match?.[1]) return BigInt(match[1]);
  throw new AppError(400, 'invalid_request', 'Invalid list cursor', [{ path: 'query.before', message: 'Invalid cursor' }]);
}
