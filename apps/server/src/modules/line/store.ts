/**
 * Writing the catalogue: sports, a provider's countries, champs and teams, games with their
 * markets and outcomes, prices, scoreboards, suspensions and results. Every function takes
 * the transaction it runs in; callers (the feed ingester, the operator's changes) decide
 * what one transaction holds.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '@betsite/db';
import { GAME_STATUS, SPORTS, type GameFormat, type GameResult, type Score } from '@betsite/domain';
import type { FeedCatalogue, FeedGame, FeedLiveState, FeedMarket, FeedMarketOdds } from '@betsite/feed';
import { coefOf, liveExtraOf, liveStateOf, priceOf } from './rows.ts';
import type { LineLiveState } from '@betsite/contracts';

type Db = Kysely<Database> | Transaction<Database>;

const OVER = [GAME_STATUS.finished, GAME_STATUS.cancelled];

/** Rows per INSERT … VALUES (well under PostgreSQL's 65,535 parameters). */
const INSERT_CHUNK = 1_000;

async function inChunks<T>(items: readonly T[], run: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += INSERT_CHUNK) await run(items.slice(i, i + INSERT_CHUNK));
}

/** The domain's sports, kept in step with the code at every start; true when a row changed. */
export async function ensureSports(db: Db): Promise<boolean> {
  const changed = await db
    .insertInto('sports')
    .values(SPORTS.map((s, i) => ({ id: s.id, slug: s.slug, name: s.name, is_cyber: s.isCyber, sort_order: i + 1 })))
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet((eb) => ({ slug: eb.ref('excluded.slug'), name: eb.ref('excluded.name'), is_cyber: eb.ref('excluded.is_cyber'), sort_order: eb.ref('excluded.sort_order') }))
        .where(sql<boolean>`(sports.slug, sports.name, sports.is_cyber, sports.sort_order) is distinct from (excluded.slug, excluded.name, excluded.is_cyber, excluded.sort_order)`),
    )
    .returning('id')
    .execute();
  return changed.length > 0;
}

/** Our ids of a provider's catalogue items, by the provider's ids. */
export interface CatalogueIds {
  countries: Map<string, number>;
  champs: Map<string, number>;
  teams: Map<string, number>;
}

/** Upserts a provider's countries, champs and teams; answers our ids of all of them. */
export async function upsertCatalogue(db: Db, provider: string, catalogue: FeedCatalogue): Promise<CatalogueIds> {
  const countries = new Map<string, number>();
  await inChunks(catalogue.countries, async (chunk) => {
    const rows = await db
      .insertInto('countries')
      .values(chunk.map((c) => ({ provider, provider_id: c.id, name: c.name, code: c.code })))
      .onConflict((oc) => oc.columns(['provider', 'provider_id']).doUpdateSet((eb) => ({ name: eb.ref('excluded.name'), code: eb.ref('excluded.code') })))
      .returning(['id', 'provider_id'])
      .execute();
    for (const row of rows) countries.set(row.provider_id, row.id);
  });
  const countryOf = (id: string) => {
    const ours = countries.get(id);
    if (ours === undefined) throw new Error(`feed ${provider}: unknown country ${id}`);
    return ours;
  };
  const champs = new Map<string, number>();
  await inChunks(catalogue.champs, async (chunk) => {
    const rows = await db
      .insertInto('champs')
      .values(chunk.map((c) => ({ provider, provider_id: c.id, sport_id: c.sportId, country_id: countryOf(c.countryId), name: c.name, sort_order: c.order })))
      .onConflict((oc) =>
        oc.columns(['provider', 'provider_id']).doUpdateSet((eb) => ({ name: eb.ref('excluded.name'), sort_order: eb.ref('excluded.sort_order'), country_id: eb.ref('excluded.country_id') })),
      )
      .returning(['id', 'provider_id'])
      .execute();
    for (const row of rows) champs.set(row.provider_id, row.id);
  });
  const teams = new Map<string, number>();
  await inChunks(catalogue.teams, async (chunk) => {
    const rows = await db
      .insertInto('teams')
      .values(chunk.map((t) => ({ provider, provider_id: t.id, sport_id: t.sportId, country_id: countryOf(t.countryId), name: t.name })))
      .onConflict((oc) => oc.columns(['provider', 'provider_id']).doUpdateSet((eb) => ({ name: eb.ref('excluded.name') })))
      .returning(['id', 'provider_id'])
      .execute();
    for (const row of rows) teams.set(row.provider_id, row.id);
  });
  return { countries, champs, teams };
}

export interface GameRefs {
  champId: number;
  homeTeamId: number;
  awayTeamId: number;
}

export interface NewGameState {
  live?: FeedLiveState | null;
  liveAt?: number;
  suspended?: boolean;
  isTop?: boolean;
  liveInLive?: boolean;
}

/**
 * Inserts a provider's game with its markets; a game the provider sent before keeps its
 * row (and scoreboard) and takes the prices given. Answers our id and whether it is new.
 */
export async function upsertGame(
  db: Db,
  provider: string,
  game: FeedGame,
  markets: readonly FeedMarket[],
  refs: GameRefs,
  state: NewGameState = {},
): Promise<{ id: number; created: boolean }> {
  const inserted = await db
    .insertInto('games')
    .values({
      provider,
      provider_id: game.id,
      permanent_id: `${provider}:${game.id}`,
      sport_id: game.sportId,
      champ_id: refs.champId,
      home_team_id: refs.homeTeamId,
      away_team_id: refs.awayTeamId,
      starts_at: new Date(game.startsAt),
      format: JSON.stringify(game.format),
      is_top: state.isTop ?? false,
      live_in_live: state.liveInLive ?? false,
      suspended: state.suspended ?? false,
    })
    .onConflict((oc) => oc.columns(['provider', 'provider_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) {
    const existing = await db
      .updateTable('games')
      .set({ starts_at: new Date(game.startsAt), updated_at: new Date() })
      .where('provider', '=', provider)
      .where('provider_id', '=', game.id)
      .returning('id')
      .executeTakeFirstOrThrow();
    await applyOdds(db, existing.id, markets);
    return { id: existing.id, created: false };
  }
  const id = inserted.id;
  await db
    .insertInto('markets')
    .values(
      markets.map((m, i) => ({
        game_id: id,
        key: m.key,
        type: m.type,
        group_id: m.groupId,
        scope: m.scope,
        param: m.param ?? null,
        name: m.name,
        blocked: m.blocked,
        sort_order: i,
      })),
    )
    .execute();
  const outcomes = markets.flatMap((m) =>
    m.outcomes.map((o, i) => ({
      game_id: id,
      key: o.key,
      market_key: m.key,
      type_id: o.typeId,
      kind: o.kind,
      line: o.line ?? null,
      score: o.score ? JSON.stringify(o.score) : null,
      name: o.name,
      price: priceOf(o.coef),
      blocked: o.blocked,
      sort_order: i,
    })),
  );
  await inChunks(outcomes, (chunk) => db.insertInto('outcomes').values(chunk).execute());
  if (state.live) await applyLive(db, id, state.live, state.liveAt ?? game.startsAt);
  return { id, created: true };
}

/** New prices and blocked flags of whole markets (every outcome of each market given). */
export async function applyOdds(db: Db, gameId: number, markets: readonly FeedMarketOdds[]): Promise<void> {
  await applyOddsOfGames(db, [{ gameId, markets }]);
}

/**
 * Prices of many games' markets at once: two statements for any number of changes (a feed
 * batch's worth), instead of two per change.
 */
export async function applyOddsOfGames(db: Db, changes: readonly { gameId: number; markets: readonly FeedMarketOdds[] }[]): Promise<void> {
  const markets = changes.flatMap(({ gameId, markets: list }) => list.map((m) => ({ gameId, key: m.key, blocked: m.blocked })));
  const outcomes = changes.flatMap(({ gameId, markets: list }) => list.flatMap((m) => m.outcomes.map((o) => ({ gameId, ...o }))));
  await inChunks(markets, async (chunk) => {
    const values = sql.join(chunk.map((m) => sql`(${m.gameId}::int, ${m.key}::text, ${m.blocked}::boolean)`));
    await sql`update markets as m set blocked = v.blocked
      from (values ${values}) as v(game_id, key, blocked)
      where m.game_id = v.game_id and m.key = v.key and m.blocked <> v.blocked`.execute(db);
  });
  await inChunks(outcomes, async (chunk) => {
    const values = sql.join(chunk.map((o) => sql`(${o.gameId}::int, ${o.key}::text, ${priceOf(o.coef)}::int, ${o.blocked}::boolean)`));
    await sql`update outcomes as o set price = v.price, blocked = v.blocked
      from (values ${values}) as v(game_id, key, price, blocked)
      where o.game_id = v.game_id and o.key = v.key and (o.price <> v.price or o.blocked <> v.blocked)`.execute(db);
  });
}

/** Prices and blocked flags of single outcomes; answers the keys that exist. */
export async function setOutcomes(db: Db, gameId: number, outcomes: readonly { key: string; coef?: number; blocked?: boolean }[]): Promise<string[]> {
  const found: string[] = [];
  await inChunks(outcomes, async (chunk) => {
    const values = sql.join(chunk.map((o) => sql`(${o.key}::text, ${o.coef === undefined ? null : priceOf(o.coef)}::int, ${o.blocked ?? null}::boolean)`));
    const result = await sql<{ key: string }>`update outcomes as o
      set price = coalesce(v.price, o.price), blocked = coalesce(v.blocked, o.blocked)
      from (values ${values}) as v(key, price, blocked)
      where o.game_id = ${gameId} and o.key = v.key
      returning o.key`.execute(db);
    for (const row of result.rows) found.push(row.key);
  });
  return found;
}

/** Blocks or unblocks markets; answers the keys that exist. */
export async function setMarketsBlocked(db: Db, gameId: number, keys: readonly string[], blocked: boolean): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db.updateTable('markets').set({ blocked }).where('game_id', '=', gameId).where('key', 'in', keys).returning('key').execute();
  return rows.map((r) => r.key);
}

export async function setSuspended(db: Db, gameId: number, suspended: boolean): Promise<void> {
  await db.updateTable('games').set({ suspended, updated_at: new Date() }).where('id', '=', gameId).execute();
}

/** The scoreboard of a game in play (or its last state when it ends). */
export async function applyLive(db: Db, gameId: number, state: FeedLiveState, at: number): Promise<void> {
  await db
    .updateTable('games')
    .set({
      status: state.status,
      period: state.period,
      clock_seconds: Math.max(0, Math.round(state.clock.seconds)),
      clock_running: state.clock.running,
      clock_rate: state.clock.rate,
      clock_at: new Date(at),
      score_home: state.score.home,
      score_away: state.score.away,
      periods: JSON.stringify(state.periods),
      live_extra: JSON.stringify(liveExtraOf(state)),
      updated_at: new Date(),
    })
    .where('id', '=', gameId)
    // A late event never reopens a game that has its result.
    .where('status', 'not in', OVER)
    .execute();
}

/** Ends a game: its result, every market blocked, every outcome's settlement. */
export async function applyResult(db: Db, gameId: number, result: GameResult, settlements: readonly { key: string; status: number }[], at: number): Promise<void> {
  const status = result.phase === 'cancelled' ? GAME_STATUS.cancelled : GAME_STATUS.finished;
  await db
    .updateTable('games')
    .set({
      status,
      result: JSON.stringify(result),
      finished_at: new Date(at),
      suspended: false,
      clock_running: false,
      score_home: result.score.home,
      score_away: result.score.away,
      periods: JSON.stringify(result.periods),
      updated_at: new Date(),
    })
    .where('id', '=', gameId)
    .execute();
  await db.updateTable('markets').set({ blocked: true }).where('game_id', '=', gameId).execute();
  await inChunks(settlements, async (chunk) => {
    const values = sql.join(chunk.map((s) => sql`(${s.key}::text, ${s.status}::smallint)`));
    await sql`update outcomes as o set status = v.status, blocked = true
      from (values ${values}) as v(key, status)
      where o.game_id = ${gameId} and o.key = v.key`.execute(db);
  });
}

/** The scoreboard of a game that just ended, as the API tells it (clock stopped). */
export async function finalLive(db: Db, gameId: number): Promise<LineLiveState | null> {
  const row = await db
    .selectFrom('games')
    .select(['status', 'period', 'clock_seconds', 'clock_running', 'clock_rate', 'clock_at', 'score_home', 'score_away', 'periods', 'live_extra', 'starts_at', 'finished_at'])
    .where('id', '=', gameId)
    .executeTakeFirst();
  return row ? liveStateOf(row) : null;
}

/** What the writers need to know of a game before changing it (locked for the transaction). */
export interface GameHead {
  id: number;
  sportId: number;
  status: number;
  period: number;
  clockSeconds: number;
  format: GameFormat;
  score: Score;
  periods: Score[];
}

export async function lockGame(db: Db, gameId: number): Promise<GameHead | null> {
  const row = await db
    .selectFrom('games')
    .select(['id', 'sport_id', 'status', 'period', 'clock_seconds', 'format', 'score_home', 'score_away', 'periods'])
    .where('id', '=', gameId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    sportId: row.sport_id,
    status: row.status,
    period: row.period,
    clockSeconds: row.clock_seconds,
    format: row.format as unknown as GameFormat,
    score: { home: row.score_home, away: row.score_away },
    periods: Array.isArray(row.periods) ? (row.periods as unknown as Score[]) : [],
  };
}

/**
 * Locks games' rows for the transaction, in id order. Writers that change several games
 * take them first, before their markets and outcomes, as an operator's change does
 * (`lockGame`): two writers of one game then wait for each other instead of deadlocking.
 */
export async function lockGames(db: Db, gameIds: readonly number[]): Promise<void> {
  if (gameIds.length === 0) return;
  await db.selectFrom('games').select('id').where('id', 'in', gameIds).orderBy('id').forNoKeyUpdate().execute();
}

/** Outcome keys of a game (to settle them, or to check an operator's keys). */
export async function outcomeKeys(db: Db, gameId: number): Promise<string[]> {
  const rows = await db.selectFrom('outcomes').select('key').where('game_id', '=', gameId).orderBy('market_key').orderBy('sort_order').execute();
  return rows.map((r) => r.key);
}

/** The current prices of whole markets (for a delta that carries every outcome of a changed market). */
export async function marketsOdds(db: Db, gameId: number, marketKeys: readonly string[]): Promise<FeedMarketOdds[]> {
  if (marketKeys.length === 0) return [];
  const [markets, outcomes] = await Promise.all([
    db.selectFrom('markets').select(['key', 'blocked']).where('game_id', '=', gameId).where('key', 'in', marketKeys).orderBy('sort_order').execute(),
    db
      .selectFrom('outcomes')
      .select(['key', 'market_key', 'price', 'blocked'])
      .where('game_id', '=', gameId)
      .where('market_key', 'in', marketKeys)
      .orderBy('sort_order')
      .execute(),
  ]);
  return markets.map((m) => ({
    key: m.key,
    blocked: m.blocked,
    outcomes: outcomes.filter((o) => o.market_key === m.key).map((o) => ({ key: o.key, coef: coefOf(o.price), blocked: o.blocked })),
  }));
}

/** The market keys of outcome keys (`total:match@2.5/over` → `total:match@2.5`). */
export function marketKeyOf(outcomeKey: string): string {
  const slash = outcomeKey.lastIndexOf('/');
  return slash < 0 ? outcomeKey : outcomeKey.slice(0, slash);
}
