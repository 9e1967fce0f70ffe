import { sql, type Kysely } from 'kysely';

/**
 * The casino catalogue (issue 13, decision 0024).
 *
 * `casino_providers`, `casino_categories`: the lobby's provider filter and category tabs
 * (category titles per language, jsonb `{ en: …, ru: … }`).
 *
 * `casino_games`: one row per game the lobby lists — provider, category, subcategories
 * (jsonb array of category ids), titles and descriptions per language (jsonb), the generated
 * art (motif and two colours), the game server's engine, RTP in basis points (9619 = 96.19%),
 * volatility, stakes in minor units, demo allowed, new/popular flags, popularity rank (lower
 * first), countries where hidden (jsonb array of ISO codes), enabled. `search_text` is every
 * title lowercased, kept by the service on write, so search as you type is one `position()`.
 *
 * `casino_favorites`: a player's favorite games; `casino_recent`: the games a player launched
 * (one row per game, `played_at` the last launch), trimmed to the last 20 by the service.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('casino_providers')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(100))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('casino_categories')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('titles', 'jsonb', (col) => col.notNull().check(sql`jsonb_typeof(titles) = 'object'`))
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(100))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('casino_games')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('provider_id', 'text', (col) => col.notNull().references('casino_providers.id'))
    .addColumn('category_id', 'text', (col) => col.notNull().references('casino_categories.id'))
    .addColumn('subcategories', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`).check(sql`jsonb_typeof(subcategories) = 'array'`))
    .addColumn('titles', 'jsonb', (col) => col.notNull().check(sql`jsonb_typeof(titles) = 'object'`))
    .addColumn('descriptions', 'jsonb', (col) => col.notNull().check(sql`jsonb_typeof(descriptions) = 'object'`))
    .addColumn('search_text', 'text', (col) => col.notNull())
    .addColumn('art_motif', 'text', (col) => col.notNull())
    .addColumn('art_color1', 'text', (col) => col.notNull())
    .addColumn('art_color2', 'text', (col) => col.notNull())
    .addColumn('engine', 'text', (col) => col.notNull())
    .addColumn('rtp_bp', 'integer', (col) => col.notNull().check(sql`rtp_bp between 0 and 10000`))
    .addColumn('volatility', 'text', (col) => col.notNull().check(sql`volatility in ('low', 'medium', 'high')`))
    .addColumn('min_stake', 'bigint', (col) => col.notNull().check(sql`min_stake > 0`))
    .addColumn('max_stake', 'bigint', (col) => col.notNull())
    .addColumn('demo', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('is_new', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('popular', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('popularity', 'integer', (col) => col.notNull().defaultTo(1000))
    .addColumn('hidden_countries', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`).check(sql`jsonb_typeof(hidden_countries) = 'array'`))
    .addColumn('enabled', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addCheckConstraint('casino_games_stakes', sql`max_stake >= min_stake`)
    .execute();
  // The lobby: enabled games by category or provider in its sorts; subcategory filters by containment.
  await db.schema.createIndex('casino_games_lobby_popular').on('casino_games').columns(['popularity', 'id']).where(sql.ref('enabled'), '=', true).execute();
  await db.schema.createIndex('casino_games_lobby_new').on('casino_games').columns(['created_at', 'id']).where(sql.ref('enabled'), '=', true).execute();
  await db.schema.createIndex('casino_games_category').on('casino_games').columns(['category_id', 'popularity']).execute();
  await db.schema.createIndex('casino_games_provider').on('casino_games').columns(['provider_id', 'popularity']).execute();
  await db.schema.createIndex('casino_games_subcategories').on('casino_games').using('gin').column('subcategories').execute();

  await db.schema
    .createTable('casino_favorites')
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('game_id', 'text', (col) => col.notNull().references('casino_games.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('casino_favorites_pk', ['user_id', 'game_id'])
    .execute();
  await db.schema.createIndex('casino_favorites_user').on('casino_favorites').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('casino_recent')
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('game_id', 'text', (col) => col.notNull().references('casino_games.id').onDelete('cascade'))
    .addColumn('played_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('casino_recent_pk', ['user_id', 'game_id'])
    .execute();
  await db.schema.createIndex('casino_recent_user').on('casino_recent').columns(['user_id', 'played_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('casino_recent').execute();
  await db.schema.dropTable('casino_favorites').execute();
  await db.schema.dropTable('casino_games').execute();
  await db.schema.dropTable('casino_categories').execute();
  await db.schema.dropTable('casino_providers').execute();
}
