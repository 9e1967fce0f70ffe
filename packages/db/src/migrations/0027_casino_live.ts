import { sql, type Kysely } from 'kysely';

/**
 * Shared casino rounds (issue 13, decision 0025): crash-live, bingo-90 rooms, TV roulette and
 * keno, virtual football and race — one round for every player.
 *
 * `casino_shared_rounds`: a round of an engine (and room), numbered; its server seed (kept
 * secret until the round is over: the API shows only its sha256 before), the public client
 * seed, the public parameters bets are priced on (a virtual match's teams and odds), times,
 * state open → running (crash) → settled | void, and the drawn result. A scheduler on any
 * node claims due rounds with `for update skip locked` and a lease (`lease_until`), so one
 * node at a time settles a round, and another takes over if it dies.
 *
 * `casino_shared_bets`: a player's bet on a round, through a game-server session: stake,
 * selection, status open → won | lost | void (decided under the bet's row lock), and what it
 * paid; `paid_at` once the wallet confirmed the money. Real money moves through the
 * seamless wallet (one wallet round per bet), demo money in the session's fun balance.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('casino_shared_rounds')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('engine', 'text', (col) => col.notNull())
    .addColumn('room', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('round_no', 'bigint', (col) => col.notNull())
    .addColumn('server_seed', 'text', (col) => col.notNull())
    .addColumn('server_seed_hash', 'text', (col) => col.notNull())
    .addColumn('client_seed', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull().check(sql`state in ('open', 'running', 'settled', 'void')`))
    .addColumn('params', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('result', 'jsonb')
    .addColumn('opens_at', 'timestamptz', (col) => col.notNull())
    .addColumn('closes_at', 'timestamptz', (col) => col.notNull())
    // Crash: when it crashes — secret until it has.
    .addColumn('ends_at', 'timestamptz', (col) => col.notNull())
    .addColumn('settled_at', 'timestamptz')
    // A node settling the round holds it until then (its wallet calls run outside a transaction).
    .addColumn('lease_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addUniqueConstraint('casino_shared_rounds_number', ['engine', 'room', 'round_no'])
    .execute();
  // The scheduler's scan: rounds not yet over, by the time they are due.
  await db.schema.createIndex('casino_shared_rounds_due').on('casino_shared_rounds').column('closes_at').where(sql.ref('state'), 'in', ['open', 'running']).execute();

  await db.schema
    .createTable('casino_shared_bets')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('round_id', 'uuid', (col) => col.notNull().references('casino_shared_rounds.id'))
    .addColumn('session_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'uuid', (col) => col.references('users.id'))
    .addColumn('game_id', 'text', (col) => col.notNull())
    .addColumn('mode', 'text', (col) => col.notNull().check(sql`mode in ('real', 'demo')`))
    .addColumn('currency', 'char(3)', (col) => col.notNull())
    .addColumn('stake', 'bigint', (col) => col.notNull().check(sql`stake > 0`))
    .addColumn('selection', 'jsonb', (col) => col.notNull())
    // Crash: the manual cash-out taken (hundredths).
    .addColumn('cashed_out_at', 'integer')
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('open', 'won', 'lost', 'void')`))
    .addColumn('win', 'bigint', (col) => col.check(sql`win >= 0`))
    .addColumn('outcome', 'jsonb')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    // When the outcome was decided (status won | lost | void) and when the wallet confirmed
    // its money (the credit or the rollback): a decided bet not yet paid is paid again, idempotently.
    .addColumn('settled_at', 'timestamptz')
    .addColumn('paid_at', 'timestamptz')
    .addCheckConstraint('casino_shared_bets_real_player', sql`mode <> 'real' or user_id is not null`)
    .execute();
  await db.schema.createIndex('casino_shared_bets_round').on('casino_shared_bets').columns(['round_id', 'status']).execute();
  await db.schema.createIndex('casino_shared_bets_unpaid').on('casino_shared_bets').column('settled_at').where(sql.ref('paid_at'), 'is', null).execute();
  await db.schema.createIndex('casino_shared_bets_session').on('casino_shared_bets').columns(['session_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('casino_shared_bets').execute();
  await db.schema.dropTable('casino_shared_rounds').execute();
}
