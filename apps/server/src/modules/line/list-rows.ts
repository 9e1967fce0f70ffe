/**
 * Each listable game's list row (`line_list_rows`, decision 0026): the game as a list shows
 * it (a `GameCard`: its fields, scoreboard and main markets with their prices), serialised,
 * with the columns the lists filter and sort by.
 *
 * Kept by the line writer: every write names the games it touched (`LineChanges`), and
 * before the transaction commits their rows are computed again from the tables — the same
 * query the lists used to run per request — so a row is never older than its prices and a
 * crash leaves both or neither. A game leaving the sections (finished, cancelled) loses its
 * row.
 *
 * A game whose only change is prices has its stored card patched instead when the card and
 * the new prices tell its main markets (list-row-prices.ts, decision 0030): one read of the
 * stored cards and one write of those that changed, instead of every candidate market and
 * outcome of the games read again.
 *
 * Two nodes may write one game at once (an operator's change on one, the feed on the
 * other): the refresh first locks the games' rows, so the second waits for the first to
 * commit and then reads both changes (each statement reads what is committed when it starts).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '@betsite/db';
import type { GameCard, LineMarket } from '@betsite/contracts';
import { GAME_STATUS, isGameInPlay } from '@betsite/domain';
import type { FeedMarketOdds } from '@betsite/feed';
import { cardWithPrices } from './list-row-prices.ts';
import { gamesQuery, LIST_MARKET_TYPES, mainMarkets, withMarkets, type MarketCandidate } from './queries.ts';
import { marketsOf } from './rows.ts';
import { lockGames } from './store.ts';

type Db = Kysely<Database> | Transaction<Database>;

const OPEN = [GAME_STATUS.notStarted, GAME_STATUS.live, GAME_STATUS.break];

/** Games per refresh statement group (keeps `in (…)` lists and upserts moderate). */
const CHUNK = 500;

/** Computes the rows of these games again from the catalogue (inside the caller's transaction). */
export async function refreshListRows(db: Db, gameIds: Iterable<number>): Promise<void> {
  const ids = [...new Set(gameIds)];
  for (let i = 0; i < ids.length; i += CHUNK) await refreshChunk(db, ids.slice(i, i + CHUNK));
}

/** What `updateListRows` did, in games. */
export interface ListRowsUpdate {
  /** Computed again whole from the tables. */
  recomputed: number;
  /** Cards given new prices (their main lines kept, or chosen again from the lines' spreads). */
  patched: number;
  /** Of those, the cards whose main lines were chosen again. */
  linesChosen: number;
  /** Price changes that left the card as it was (a line the list does not show). */
  unchanged: number;
}

/** What a write changed, as the list rows need it (`LineChanges`). */
export interface ListRowChanges {
  /** Games whose rows are computed again whole. */
  touched: ReadonlySet<number>;
  /** Changed markets a list may show, by game: these games' rows are patched where the card tells enough. */
  listPrices: ReadonlyMap<number, ReadonlyMap<string, FeedMarketOdds>>;
  /** Games the write locked already (in id order, before writing). */
  locked: ReadonlySet<number>;
  /** Cards the write read already under those locks (null: the game has no row); the others are read here. */
  storedCards?: ReadonlyMap<number, string | null>;
}

/**
 * The rows of a write's games (inside its transaction): `touched` computed again, and the
 * games with only price changes patched where the card tells enough, computed again where
 * it does not.
 */
export async function updateListRows(db: Db, { touched, listPrices: prices, locked, storedCards }: ListRowChanges): Promise<ListRowsUpdate> {
  const priced = [...prices.keys()].filter((id) => !touched.has(id));
  // Every game of the write at once, in id order (as refreshChunk and a feed batch lock them).
  const unlocked = [...new Set([...touched, ...priced])].filter((id) => !locked.has(id)).sort((a, b) => a - b);
  for (let i = 0; i < unlocked.length; i += CHUNK) await lockGames(db, unlocked.slice(i, i + CHUNK));
  const again = new Set(touched);
  const patched: { id: number; card: string }[] = [];
  let unchanged = 0;
  let linesChosen = 0;
  for (let i = 0; i < priced.length; i += CHUNK) {
    const ids = priced.slice(i, i + CHUNK);
    const unread = ids.filter((id) => !storedCards?.has(id));
    const rows = unread.length === 0 ? [] : await db.selectFrom('line_list_rows').select(['game_id', 'card']).where('game_id', 'in', unread).execute();
    const stored = new Map(rows.map((r) => [r.game_id, r.card]));
    for (const id of ids) {
      const card = storedCards?.get(id);
      if (card) stored.set(id, card);
    }
    const unsettled: GameCard[] = [];
    const cards: { id: number; card: GameCard }[] = [];
    for (const id of ids) {
      const text = stored.get(id);
      const next = text === undefined ? null : cardWithPrices(JSON.parse(text) as GameCard, prices.get(id)?.values() ?? []);
      if (!next) again.add(id);
      else {
        cards.push({ id, card: next.card });
        if (!next.settled) unsettled.push(next.card);
      }
    }
    const unknown = await chooseLines(db, unsettled);
    linesChosen += unsettled.length - unknown.size;
    for (const { id, card } of cards) {
      if (unknown.has(id)) {
        again.add(id);
        continue;
      }
      const text = JSON.stringify(card);
      if (text !== stored.get(id)) patched.push({ id, card: text });
      else unchanged++;
    }
  }
  for (let i = 0; i < patched.length; i += CHUNK) {
    const values = sql.join(patched.slice(i, i + CHUNK).map((p) => sql`(${p.id}::int, ${p.card}::text)`));
    await sql`update line_list_rows as r set card = v.card from (values ${values}) as v(game_id, card) where r.game_id = v.game_id`.execute(db);
  }
  const ids = [...again];
  for (let i = 0; i < ids.length; i += CHUNK) await refreshChunk(db, ids.slice(i, i + CHUNK), { locked: true });
  return { recomputed: ids.length, patched: patched.length, linesChosen, unchanged };
}

/**
 * The main lines of these cards chosen again (their `markets` replaced, in the game's
 * market order): every candidate market's spread is read in one aggregate, `mainMarkets`
 * chooses as it does for a whole row, and only a newly chosen market is read in full; the
 * markets the card shows already carry this write's prices. Answers the games it could not
 * complete (a market gone meanwhile): their rows are computed again whole.
 */
async function chooseLines(db: Db, cards: readonly GameCard[]): Promise<Set<number>> {
  if (cards.length === 0) return new Set();
  const candidates = await sql<MarketCandidate & { game_id: number }>`
    select m.game_id, m.key, m.type, m.scope, m.blocked, coalesce(max(o.price) - min(o.price), 0)::int as spread
      from markets m left join outcomes o on o.game_id = m.game_id and o.market_key = m.key
     where m.game_id in (${sql.join(cards.map((c) => c.id))}) and m.type in (${sql.join([...LIST_MARKET_TYPES])})
     group by m.game_id, m.key
     order by m.game_id, m.sort_order`.execute(db);
  const byGame = new Map<number, MarketCandidate[]>();
  for (const row of candidates.rows) {
    const list = byGame.get(row.game_id);
    if (list) list.push(row);
    else byGame.set(row.game_id, [row]);
  }
  const chosen = new Map(cards.map((card) => [card.id, mainMarkets(byGame.get(card.id) ?? [], card.sportId).map((m) => m.key)]));
  const missing = cards.flatMap((card) => {
    const shown = new Set(card.markets.map((m) => m.key));
    return (chosen.get(card.id) ?? []).filter((key) => !shown.has(key)).map((key) => ({ gameId: card.id, key }));
  });
  const fresh = new Map<string, LineMarket>();
  if (missing.length > 0) {
    const pairs = sql.join(missing.map((m) => sql`(${m.gameId}::int, ${m.key}::text)`));
    const [markets, outcomes] = await Promise.all([
      db
        .selectFrom('markets as m')
        .select(['m.game_id', 'm.key', 'm.type', 'm.group_id', 'm.scope', 'm.param', 'm.name', 'm.blocked'])
        .where(sql<boolean>`(m.game_id, m.key) in (values ${pairs})`)
        .execute(),
      db
        .selectFrom('outcomes as o')
        .select(['o.game_id', 'o.key', 'o.market_key', 'o.type_id', 'o.kind', 'o.line', 'o.score', 'o.name', 'o.price', 'o.blocked', 'o.status'])
        .where(sql<boolean>`(o.game_id, o.market_key) in (values ${pairs})`)
        .orderBy('o.game_id')
        .orderBy('o.sort_order')
        .execute(),
    ]);
    for (const market of markets) {
      const [line] = marketsOf([market], outcomes.filter((o) => o.game_id === market.game_id && o.market_key === market.key));
      if (line) fresh.set(`${market.game_id}|${market.key}`, line);
    }
  }
  const unknown = new Set<number>();
  for (const card of cards) {
    const shown = new Map(card.markets.map((m) => [m.key, m]));
    const markets = (chosen.get(card.id) ?? []).map((key) => shown.get(key) ?? fresh.get(`${card.id}|${key}`));
    if (markets.every((m) => m !== undefined)) card.markets = markets;
    else unknown.add(card.id);
  }
  return unknown;
}

async function refreshChunk(db: Db, ids: number[], { locked = false } = {}): Promise<void> {
  if (ids.length === 0) return;
  if (!locked) await lockGames(db, ids);
  const rows = await gamesQuery(db)
    .select(['s.sort_order as sport_order', 'c.sort_order as champ_order'])
    .where('g.id', 'in', ids)
    .where('g.status', 'in', OPEN)
    .execute();
  const cards = await withMarkets(db, rows);
  const open = new Set(rows.map((r) => r.id));
  const gone = ids.filter((id) => !open.has(id));
  if (gone.length > 0) await db.deleteFrom('line_list_rows').where('game_id', 'in', gone).execute();
  if (rows.length === 0) return;
  await db
    .insertInto('line_list_rows')
    .values(
      rows.map((row, i) => ({
        game_id: row.id,
        section: isGameInPlay(row.status) ? ('live' as const) : ('line' as const),
        sport_id: row.sport_id,
        sport_order: row.sport_order,
        champ_id: row.champ_id,
        champ_order: row.champ_order,
        starts_at: row.starts_at,
        status: row.status,
        period: row.period,
        is_top: row.is_top,
        card: JSON.stringify(cards[i]),
      })),
    )
    .onConflict((oc) =>
      oc.column('game_id').doUpdateSet((eb) => ({
        section: eb.ref('excluded.section'),
        sport_id: eb.ref('excluded.sport_id'),
        sport_order: eb.ref('excluded.sport_order'),
        champ_id: eb.ref('excluded.champ_id'),
        champ_order: eb.ref('excluded.champ_order'),
        starts_at: eb.ref('excluded.starts_at'),
        status: eb.ref('excluded.status'),
        period: eb.ref('excluded.period'),
        is_top: eb.ref('excluded.is_top'),
        card: eb.ref('excluded.card'),
      })),
    )
    .execute();
}

/**
 * Rows for the open games that have none (a database from before migration 0029), and
 * rows again for every open game when the sports' order or names changed with the code.
 * Run at start, before serving.
 */
export async function ensureListRows(db: Kysely<Database>, { all = false }: { all?: boolean } = {}): Promise<number> {
  let query = db.selectFrom('games as g').select('g.id').where('g.status', 'in', OPEN);
  if (!all) query = query.where((eb) => eb.not(eb.exists(eb.selectFrom('line_list_rows as r').select('r.game_id').whereRef('r.game_id', '=', 'g.id'))));
  const ids = (await query.execute()).map((r) => r.id);
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    await db.transaction().execute((trx) => refreshChunk(trx, chunk));
  }
  return ids.length;
}
