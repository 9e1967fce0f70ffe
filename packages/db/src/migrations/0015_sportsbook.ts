import { sql, type Kysely } from 'kysely';

/**
 * The sportsbook catalogue (issue 4): what the feed provides, persisted so that every node
 * answers the line API from the database and a restart loses nothing.
 *
 * - `sports`: the domain's sport ids (SPEC coupon bet `sportId`), seeded by the ingester.
 * - `countries`, `champs`, `teams`, `games`: our own integer ids (the ones in urls and bets)
 *   plus the provider's (`provider`, `provider_id`), unique together, so a game a provider
 *   re-sends is the same row.
 * - `games` holds the scoreboard (status, period, clock, scores per period as jsonb) and,
 *   once finished, the result and `finished_at`; `seq` is the provider's event number that
 *   last changed the row (events at or below it are already applied).
 * - `markets` and `outcomes` are keyed within their game by the domain's market and outcome
 *   keys (`total:match@2.5`, `total:match@2.5/over`); a price is stored as an integer in
 *   thousandths (`price` 1905 = 1.905; coefficients have 3 decimals), so no float or numeric
 *   string crosses the boundary. `status` is the outcome's settlement (SPEC §3 −2…6) once the
 *   game has a result.
 * - `feed_cursors`: per provider, the last event applied, and the lease of the node that
 *   ingests it (`owner`, `lease_until`): one node at a time writes a provider's events.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sports')
    .addColumn('id', 'smallint', (col) => col.primaryKey())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('is_cyber', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('sort_order', 'smallint', (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('countries')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('provider_id', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('code', 'text', (col) => col.notNull())
    .addUniqueConstraint('countries_provider_key', ['provider', 'provider_id'])
    .execute();

  await db.schema
    .createTable('champs')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('provider_id', 'text', (col) => col.notNull())
    .addColumn('sport_id', 'smallint', (col) => col.notNull().references('sports.id'))
    .addColumn('country_id', 'integer', (col) => col.notNull().references('countries.id'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(1000))
    .addUniqueConstraint('champs_provider_key', ['provider', 'provider_id'])
    .execute();
  await db.schema.createIndex('champs_sport_idx').on('champs').columns(['sport_id', 'sort_order']).execute();

  await db.schema
    .createTable('teams')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('provider_id', 'text', (col) => col.notNull())
    .addColumn('sport_id', 'smallint', (col) => col.notNull().references('sports.id'))
    .addColumn('country_id', 'integer', (col) => col.notNull().references('countries.id'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addUniqueConstraint('teams_provider_key', ['provider', 'provider_id'])
    .execute();

  await db.schema
    .createTable('games')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('provider_id', 'text', (col) => col.notNull())
    // SPEC coupon bet gamePermanentId: stable across providers' re-issues of the fixture.
    .addColumn('permanent_id', 'text', (col) => col.notNull())
    .addColumn('sport_id', 'smallint', (col) => col.notNull().references('sports.id'))
    .addColumn('champ_id', 'integer', (col) => col.notNull().references('champs.id'))
    .addColumn('home_team_id', 'integer', (col) => col.notNull().references('teams.id'))
    .addColumn('away_team_id', 'integer', (col) => col.notNull().references('teams.id'))
    .addColumn('starts_at', 'timestamptz', (col) => col.notNull())
    .addColumn('format', 'jsonb', (col) => col.notNull())
    // GAME_STATUS: 1 not started, 2 live, 3 break, 4 finished, 5 cancelled.
    .addColumn('status', 'smallint', (col) => col.notNull().defaultTo(1).check(sql`status between 1 and 5`))
    .addColumn('period', 'smallint', (col) => col.notNull().defaultTo(0))
    .addColumn('clock_seconds', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('clock_running', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('clock_rate', 'real', (col) => col.notNull().defaultTo(1))
    .addColumn('clock_at', 'timestamptz')
    .addColumn('score_home', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('score_away', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('periods', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    // Tennis point, server, running stats (FeedLiveState's optional parts), null before the start.
    .addColumn('live_extra', 'jsonb')
    .addColumn('live_in_live', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('suspended', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('is_top', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('result', 'jsonb')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('seq', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('games_provider_key', ['provider', 'provider_id'])
    .execute();
  await db.schema.createIndex('games_status_idx').on('games').columns(['status', 'sport_id', 'starts_at']).execute();
  await db.schema.createIndex('games_champ_idx').on('games').columns(['champ_id', 'starts_at']).execute();
  await db.schema.createIndex('games_home_idx').on('games').column('home_team_id').execute();
  await db.schema.createIndex('games_away_idx').on('games').column('away_team_id').execute();
  await db.schema.createIndex('games_finished_idx').on('games').columns(['finished_at']).execute();

  await db.schema
    .createTable('markets')
    .addColumn('game_id', 'integer', (col) => col.notNull().references('games.id').onDelete('cascade'))
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('group_id', 'smallint', (col) => col.notNull())
    .addColumn('scope', 'text', (col) => col.notNull())
    .addColumn('param', 'real')
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('blocked', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('sort_order', 'smallint', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('markets_pkey', ['game_id', 'key'])
    .execute();

  await db.schema
    .createTable('outcomes')
    .addColumn('game_id', 'integer', (col) => col.notNull())
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('market_key', 'text', (col) => col.notNull())
    .addColumn('type_id', 'smallint', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('line', 'real')
    .addColumn('score', 'jsonb')
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('price', 'integer', (col) => col.notNull().check(sql`price between 1000 and 1000000`))
    .addColumn('blocked', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('status', 'smallint', (col) => col.check(sql`status between -2 and 6`))
    .addColumn('sort_order', 'smallint', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('outcomes_pkey', ['game_id', 'key'])
    .addForeignKeyConstraint('outcomes_market_fkey', ['game_id', 'market_key'], 'markets', ['game_id', 'key'], (fk) => fk.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('outcomes_market_idx').on('outcomes').columns(['game_id', 'market_key']).execute();

  await db.schema
    .createTable('feed_cursors')
    .addColumn('provider', 'text', (col) => col.primaryKey())
    .addColumn('seq', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('owner', 'text')
    .addColumn('lease_until', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['feed_cursors', 'outcomes', 'markets', 'games', 'teams', 'champs', 'countries', 'sports']) {
    await db.schema.dropTable(table).execute();
  }
}
