import { sql, type Kysely } from 'kysely';

/**
 * Payment requests (issue 3, SPEC §2 office payment/requests): a player's question about a
 * payment problem under a topic and sub-topic (seeded below; ids are the `{topicId}` and
 * `{subTopicId}` of the office urls), optionally about one of their payments, with the
 * messages between player and operator.
 *
 * Also: deposits gain the state `expired` (the provider never confirmed them in time; the
 * job runner sets it, no money moves).
 */
const STATUSES = `'new', 'pending', 'settling', 'awaiting_approval', 'approved', 'succeeded', 'failed', 'cancelled', 'rejected'`;

interface TopicSeed {
  id: number;
  code: string;
  names: Record<string, string>;
  transaction: 'required' | 'optional' | 'none';
  direction: 'deposit' | 'withdrawal' | null;
  /** Public payment statuses the topic is about (empty: any). */
  statuses: string[];
  subtopics: { id: number; code: string; names: Record<string, string> }[];
}

const PAYMENT_REQUEST_TOPICS: TopicSeed[] = [
  {
    id: 1,
    code: 'deposit_not_credited',
    names: { en: 'Deposit not credited', ru: 'Депозит не зачислен' },
    transaction: 'required',
    direction: 'deposit',
    statuses: ['pending', 'failed', 'cancelled', 'expired'],
    subtopics: [
      { id: 101, code: 'charged_not_credited', names: { en: 'Money was taken but the balance did not change', ru: 'Деньги списаны, а баланс не изменился' } },
      { id: 102, code: 'stuck_processing', names: { en: 'The payment has been processing for too long', ru: 'Платёж слишком долго обрабатывается' } },
      { id: 103, code: 'payment_page_error', names: { en: 'The payment page showed an error', ru: 'Страница оплаты показала ошибку' } },
    ],
  },
  {
    id: 2,
    code: 'withdrawal_delayed',
    names: { en: 'Withdrawal delayed', ru: 'Задержка вывода' },
    transaction: 'required',
    direction: 'withdrawal',
    statuses: ['awaiting_approval', 'pending', 'succeeded'],
    subtopics: [
      { id: 201, code: 'awaiting_approval_long', names: { en: 'Waiting for approval for too long', ru: 'Слишком долго ждёт одобрения' } },
      { id: 202, code: 'completed_not_received', names: { en: 'Completed, but the money has not arrived', ru: 'Выполнен, но деньги не пришли' } },
    ],
  },
  {
    id: 3,
    code: 'withdrawal_rejected',
    names: { en: 'Withdrawal rejected', ru: 'Вывод отклонён' },
    transaction: 'required',
    direction: 'withdrawal',
    statuses: ['rejected', 'failed'],
    subtopics: [],
  },
  {
    id: 4,
    code: 'wrong_amount',
    names: { en: 'Wrong amount', ru: 'Неверная сумма' },
    transaction: 'required',
    direction: null,
    statuses: ['succeeded'],
    subtopics: [
      { id: 401, code: 'less_than_paid', names: { en: 'Less was credited than I paid', ru: 'Зачислено меньше, чем я заплатил' } },
      { id: 402, code: 'unexpected_fee', names: { en: 'A fee I did not expect', ru: 'Неожиданная комиссия' } },
    ],
  },
  {
    id: 5,
    code: 'other',
    names: { en: 'Other payment question', ru: 'Другой вопрос по платежам' },
    transaction: 'optional',
    direction: null,
    statuses: [],
    subtopics: [
      { id: 501, code: 'payment_methods', names: { en: 'Payment methods', ru: 'Способы оплаты' } },
      { id: 502, code: 'limits', names: { en: 'Deposit and withdrawal limits', ru: 'Лимиты пополнения и вывода' } },
      { id: 503, code: 'something_else', names: { en: 'Something else', ru: 'Другое' } },
    ],
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payments drop constraint payments_status_check`.execute(db);
  await sql`alter table payments add constraint payments_status_check check (status in (${sql.raw(STATUSES)}, 'expired'))`.execute(db);

  await db.schema
    .createTable('payment_request_topics')
    .addColumn('id', 'smallint', (col) => col.primaryKey().check(sql`id > 0`))
    .addColumn('code', 'text', (col) => col.notNull().unique().check(sql`code ~ '^[a-z0-9_]{1,50}$'`))
    // Language code → name; English is the fallback.
    .addColumn('names', 'jsonb', (col) => col.notNull().check(sql`names ? 'en'`))
    .addColumn('transaction_mode', 'text', (col) => col.notNull().check(sql`transaction_mode in ('required', 'optional', 'none')`))
    .addColumn('direction', 'text', (col) => col.check(sql`direction in ('deposit', 'withdrawal')`))
    .addColumn('statuses', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`).check(sql`jsonb_typeof(statuses) = 'array'`))
    .addColumn('position', 'smallint', (col) => col.notNull().defaultTo(0))
    .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
    .execute();

  await db.schema
    .createTable('payment_request_subtopics')
    .addColumn('id', 'smallint', (col) => col.primaryKey().check(sql`id > 0`))
    .addColumn('topic_id', 'smallint', (col) => col.notNull().references('payment_request_topics.id'))
    .addColumn('code', 'text', (col) => col.notNull().check(sql`code ~ '^[a-z0-9_]{1,50}$'`))
    .addColumn('names', 'jsonb', (col) => col.notNull().check(sql`names ? 'en'`))
    .addColumn('position', 'smallint', (col) => col.notNull().defaultTo(0))
    .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
    .addUniqueConstraint('payment_request_subtopics_code', ['topic_id', 'code'])
    .execute();

  await sql`create sequence payment_request_number_seq start with 100001`.execute(db);
  await db.schema
    .createTable('payment_requests')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('number', 'bigint', (col) => col.notNull().unique().defaultTo(sql`nextval('payment_request_number_seq')`))
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id'))
    .addColumn('topic_id', 'smallint', (col) => col.notNull().references('payment_request_topics.id'))
    .addColumn('subtopic_id', 'smallint', (col) => col.references('payment_request_subtopics.id'))
    .addColumn('payment_id', 'uuid', (col) => col.references('payments.id'))
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('open', 'answered', 'closed')`))
    // The client's Idempotency-Key and a hash of what it asked, so a retried submit answers the same request.
    .addColumn('idempotency_key', 'text', (col) => col.notNull())
    .addColumn('request_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('closed_at', 'timestamptz')
    .addUniqueConstraint('payment_requests_idempotency', ['user_id', 'idempotency_key'])
    .addCheckConstraint('payment_requests_closed_at', sql`(status = 'closed') = (closed_at is not null)`)
    .execute();
  // The player's list (newest first by number, keyset pages), the operator's queue.
  await db.schema.createIndex('payment_requests_user').on('payment_requests').columns(['user_id', 'number']).execute();
  await db.schema.createIndex('payment_requests_queue').on('payment_requests').columns(['status', 'updated_at']).execute();
  // One request at a time about a payment: a second one while the first is not closed is refused.
  await db.schema
    .createIndex('payment_requests_one_open_per_payment')
    .on('payment_requests')
    .column('payment_id')
    .unique()
    .where(sql.ref('status'), '<>', 'closed')
    .execute();

  await db.schema
    .createTable('payment_request_messages')
    // Increasing: the order of the conversation, even for messages written in the same millisecond.
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('request_id', 'uuid', (col) => col.notNull().references('payment_requests.id').onDelete('cascade'))
    .addColumn('author', 'text', (col) => col.notNull().check(sql`author in ('player', 'operator')`))
    .addColumn('body', 'text', (col) => col.notNull().check(sql`length(body) between 1 and 4000`))
    // A player's reply carries its Idempotency-Key, so a retried reply is stored once.
    .addColumn('idempotency_key', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('payment_request_messages_idempotency', ['request_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('payment_request_messages_thread').on('payment_request_messages').columns(['request_id', 'id']).execute();

  for (const [position, topic] of PAYMENT_REQUEST_TOPICS.entries()) {
    await sql`insert into payment_request_topics (id, code, names, transaction_mode, direction, statuses, position)
      values (${topic.id}, ${topic.code}, ${JSON.stringify(topic.names)}::jsonb, ${topic.transaction}, ${topic.direction},
              ${JSON.stringify(topic.statuses)}::jsonb, ${position})`.execute(db);
    for (const [subPosition, sub] of topic.subtopics.entries()) {
      await sql`insert into payment_request_subtopics (id, topic_id, code, names, position)
        values (${sub.id}, ${topic.id}, ${sub.code}, ${JSON.stringify(sub.names)}::jsonb, ${subPosition})`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_request_messages').execute();
  await db.schema.dropTable('payment_requests').execute();
  await sql`drop sequence payment_request_number_seq`.execute(db);
  await db.schema.dropTable('payment_request_subtopics').execute();
  await db.schema.dropTable('payment_request_topics').execute();
  // Expired deposits become what they were to the player before: pending ones the provider gave up on.
  await sql`update payments set status = 'cancelled', failure_reason = 'expired' where status = 'expired'`.execute(db);
  await sql`alter table payments drop constraint payments_status_check`.execute(db);
  await sql`alter table payments add constraint payments_status_check check (status in (${sql.raw(STATUSES)}))`.execute(db);
}
