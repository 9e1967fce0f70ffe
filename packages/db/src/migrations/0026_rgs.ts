import { sql, type Kysely } from 'kysely';

/**
 * Our game server (issue 13, decision 0023).
 *
 * `rgs_sessions`: a game session opened with a launch token; known only by the SHA-256 of its
 * bearer id. Player (null in demo for a visitor), game and engine, currency, mode, language,
 * the stakes allowed (from the catalogue when the session opened), the fun balance of a demo
 * session, and its times.
 *
 * `rgs_seeds`: provably fair seeds, one live (unrevealed) seed per player and game in real
 * money, per session in demo: the server seed (secret until rotated), its hash, the client
 * seed, the next nonce. Each round takes the next nonce from its seed's row, so that row is
 * written by every round of one player's game (not by everyone's: no row common to all rounds).
 *
 * `rgs_rounds`: one row per round: the input (the player's actions in order), the view shown,
 * stake and win, status open → settled | rolled_back, the seed and nonce, and the wallet calls
 * made for it (`state`), so a round interrupted by a crash is finished or refunded on restart.
 * One open multi-step round per player and game (per session in demo).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rgs_sessions')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'uuid', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('game_id', 'text', (col) => col.notNull())
    .addColumn('engine', 'text', (col) => col.notNull())
    .addColumn('currency', 'char(3)', (col) => col.notNull())
    .addColumn('mode', 'text', (col) => col.notNull().check(sql`mode in ('real', 'demo')`))
    .addColumn('language', 'text', (col) => col.notNull())
    .addColumn('min_stake', 'bigint', (col) => col.notNull())
    .addColumn('max_stake', 'bigint', (col) => col.notNull())
    .addColumn('demo_balance', 'bigint', (col) => col.check(sql`demo_balance >= 0`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('last_seen_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addCheckConstraint('rgs_sessions_mode_money', sql`(mode = 'real' and user_id is not null and demo_balance is null) or (mode = 'demo' and demo_balance is not null)`)
    .execute();

  await db.schema
    .createTable('rgs_seeds')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'uuid', (col) => col.references('rgs_sessions.id').onDelete('cascade'))
    .addColumn('game_id', 'text', (col) => col.notNull())
    .addColumn('server_seed', 'text', (col) => col.notNull())
    .addColumn('server_seed_hash', 'text', (col) => col.notNull())
    .addColumn('client_seed', 'text', (col) => col.notNull())
    .addColumn('next_nonce', 'integer', (col) => col.notNull().defaultTo(0).check(sql`next_nonce >= 0`))
    .addColumn('revealed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    // Real money: the player's; demo: the session's.
    .addCheckConstraint('rgs_seeds_owner', sql`(user_id is null) <> (session_id is null)`)
    .execute();
  await db.schema
    .createIndex('rgs_seeds_live_player')
    .on('rgs_seeds')
    .columns(['user_id', 'game_id'])
    .unique()
    .where(sql<boolean>`revealed_at is null and user_id is not null`)
    .execute();
  await db.schema.createIndex('rgs_seeds_live_session').on('rgs_seeds').column('session_id').unique().where(sql<boolean>`revealed_at is null and session_id is not null`).execute();

  await db.schema
    .createTable('rgs_rounds')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('session_id', 'uuid', (col) => col.references('rgs_sessions.id').onDelete('set null'))
    .addColumn('user_id', 'uuid', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('game_id', 'text', (col) => col.notNull())
    .addColumn('engine', 'text', (col) => col.notNull())
    .addColumn('multi_step', 'boolean', (col) => col.notNull())
    .addColumn('mode', 'text', (col) => col.notNull().check(sql`mode in ('real', 'demo')`))
    .addColumn('currency', 'char(3)', (col) => col.notNull())
    .addColumn('stake', 'bigint', (col) => col.notNull().defaultTo(0).check(sql`stake >= 0`))
    .addColumn('win', 'bigint', (col) => col.notNull().defaultTo(0).check(sql`win >= 0`))
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('open', 'settled', 'rolled_back')`))
    .addColumn('seed_id', 'uuid', (col) => col.notNull().references('rgs_seeds.id'))
    .addColumn('nonce', 'integer', (col) => col.notNull())
    .addColumn('input', 'jsonb', (col) => col.notNull())
    // The wallet calls of the round: debits (confirmed or in flight) and the credit.
    .addColumn('state', 'jsonb', (col) => col.notNull())
    .addColumn('outcome', 'jsonb')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .addColumn('settled_at', 'timestamptz')
    .addUniqueConstraint('rgs_rounds_seed_nonce', ['seed_id', 'nonce'])
    .execute();
  await db.schema.createIndex('rgs_rounds_user').on('rgs_rounds').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('rgs_rounds_session').on('rgs_rounds').columns(['session_id', 'created_at']).execute();
  // Recovery: open rounds by age.
  await db.schema.createIndex('rgs_rounds_open').on('rgs_rounds').column('updated_at').where(sql.ref('status'), '=', 'open').execute();
  // One open multi-step round per player and game (real) or per session (demo).
  await db.schema
    .createIndex('rgs_rounds_open_player')
    .on('rgs_rounds')
    .columns(['user_id', 'game_id'])
    .unique()
    .where(sql<boolean>`status = 'open' and multi_step and mode = 'real'`)
    .execute();
  await db.schema.createIndex('rgs_rounds_open_session').on('rgs_rounds').column('session_id').unique().where(sql<boolean>`status = 'open' and multi_step and mode = 'demo'`).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rgs_rounds').execute();
  await db.schema.dropTable('rgs_seeds').execute();
  await db.schema.dropTable('rgs_sessions').execute();
}
