/**
 * Reading the catalogue for the line API: sections with their time filters (contracts
 * `line.ts`), the player's hidden sports, games as cards with their main markets or in full,
 * champs, teams, search and results.
 *
 * Sections: `line` — not started and starting later than now; `live` — in play or at a
 * break. A hidden sport is left out of the section it was hidden in (a started game of a
 * sport hidden from live is hidden everywhere it shows as live).
 */
import { sql, type ExpressionBuilder, type Kysely, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import { runPrepared, type Database } from '@betsite/db';
import { GAME_STATUS, SPORT } from '@betsite/domain';
import {
  UPCOMING_LINE_MS,
  UPCOMING_LIVE_MS,
  type ChampItem,
  type GameCard,
  type GameDetail,
  type LineMarket,
  type LineSection,
  type ResultItem,
  type SportCount,
  type TeamItem,
  type TimeFilter,
} from '@betsite/contracts';
import { disallowedSportsOf } from '../user-config/index.ts';
import { MARKETS_TEXT, MARKETS_VERSION } from './game-markets.ts';
import { KeptAnswers } from './kept-answers.ts';
import { cardOf, detailOf, marketsOf, resultItemOf, resultOf, type GameRow, type MarketRow } from './rows.ts';

/** Sports a player hid, per section (SPEC §3 disallow_line_sport / disallow_live_sport). */
export interface HiddenSports {
  line: readonly number[];
  live: readonly number[];
}

export const NO_HIDDEN: HiddenSports = { line: [], live: [] };

/** Champs at or above this position in their sport are "top competitions" (filter 6). */
export const TOP_CHAMP_ORDER = 2;

type DB = Kysely<Database> | Transaction<Database>;

/** A visitor hides nothing; a player what they saved (the user-config module owns the lists). */
export async function hiddenSportsOf(db: DB, userId: string | null | undefined): Promise<HiddenSports> {
  return userId ? disallowedSportsOf(db, userId) : NO_HIDDEN;
}

/** Games joined with what a card shows; callers add conditions and order. */
export function gamesQuery(db: DB) {
  return db
    .selectFrom('games as g')
    .innerJoin('sports as s', 's.id', 'g.sport_id')
    .innerJoin('champs as c', 'c.id', 'g.champ_id')
    .innerJoin('countries as co', 'co.id', 'c.country_id')
    .innerJoin('teams as ht', 'ht.id', 'g.home_team_id')
    .innerJoin('teams as at', 'at.id', 'g.away_team_id')
    .select([
      'g.id',
      'g.permanent_id',
      'g.sport_id',
      's.slug as sport_slug',
      'g.champ_id',
      'c.name as champ_name',
      'co.code as country_code',
      'g.home_team_id',
      'ht.name as home_name',
      'g.away_team_id',
      'at.name as away_name',
      'g.starts_at',
      'g.format',
      'g.status',
      'g.period',
      'g.clock_seconds',
      'g.clock_running',
      'g.clock_rate',
      'g.clock_at',
      'g.score_home',
      'g.score_away',
      'g.periods',
      'g.live_extra',
      'g.live_in_live',
      'g.suspended',
      'g.is_top',
      'g.result',
      'g.finished_at',
      sql<number>`(select count(*)::int from markets m where m.game_id = g.id)`.as('markets_count'),
    ]);
}

type GamesQuery = ReturnType<typeof gamesQuery>;

/**
 * Which list rows (list-rows.ts, as `r`) a section shows: a row exists only for a game in the
 * line or in play, so the section, its start and the player's hidden sports decide. SQL
 * rather than the query builder's expressions: a listing is little more than this condition,
 * and building it with the builder was ~7% of a listing's CPU (profiled).
 */
function rowInSection(section: LineSection, filter: TimeFilter, now: number, hidden: HiddenSports): RawBuilder<SqlBool> {
  const parts = [sql`r.section = ${section}`];
  if (section === 'line') {
    parts.push(sql`r.starts_at > ${new Date(now)}`);
    if (filter === 1) parts.push(sql`r.starts_at <= ${new Date(now + UPCOMING_LINE_MS)}`);
    if (hidden.line.length > 0) parts.push(sql`r.sport_id not in (${sql.join(hidden.line)})`);
  } else {
    if (filter === 1) parts.push(sql`r.starts_at >= ${new Date(now - UPCOMING_LIVE_MS)}`);
    if (filter === 2) parts.push(sql`r.period = 1`);
    if (filter === 3) parts.push(sql`r.period = 2`);
    if (hidden.live.length > 0) parts.push(sql`r.sport_id not in (${sql.join(hidden.live)})`);
  }
  if (filter === 6) parts.push(sql`(r.is_top or r.champ_order <= ${TOP_CHAMP_ORDER})`);
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

function rowInPlayOrLine(now: number, hidden: HiddenSports): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${rowInSection('line', 0, now, hidden)} or ${rowInSection('live', 0, now, hidden)})`;
}

// ---------------------------------------------------------------- markets

/** One period's scope (`p1`, `p2` …); every other scope is the whole game counted some way. */
const PERIOD_SCOPE = '^p[0-9]+$';
const PERIOD_SCOPE_PATTERN = new RegExp(PERIOD_SCOPE);
const isWholeScope = (scope: string) => !PERIOD_SCOPE_PATTERN.test(scope);
/** The market types `mainMarkets` chooses from (a list shows no other). */
export const LIST_MARKET_TYPES = ['1x2', 'winner', 'total', 'handicap'] as const;
const MAIN_TYPE_SET: ReadonlySet<string> = new Set(LIST_MARKET_TYPES);

/**
 * Whether a market (by its key, `<type>:<scope>[@<param>]`) is one a list row may show: a
 * price change of any other market leaves every list row as it was.
 */
export function isListMarketKey(key: string): boolean {
  const colon = key.indexOf(':');
  if (colon < 0) return false;
  const at = key.indexOf('@', colon);
  return MAIN_TYPE_SET.has(key.slice(0, colon)) && isWholeScope(key.slice(colon + 1, at < 0 ? undefined : at));
}
/** Which whole-game count a list shows a total or handicap of: goals of the match, games of a tennis match, … */
const SCOPE_PREFERENCE = ['match', 'periods-sum', 'regular', 'period-count'];
/** CS2 lists count maps, not the rounds of all maps (as the books show it). */
const SCOPE_PREFERENCE_BY_SPORT: Partial<Record<number, readonly string[]>> = { [SPORT.cs2]: ['match', 'period-count', 'periods-sum'] };
const scopeRank = (scope: string, sportId: number) => {
  const preference = SCOPE_PREFERENCE_BY_SPORT[sportId] ?? SCOPE_PREFERENCE;
  const rank = preference.indexOf(scope);
  return rank < 0 ? preference.length : rank;
};

/** What choosing a list row's markets needs to know of a market. */
export interface MarketCandidate {
  key: string;
  type: string;
  scope: string;
  blocked: boolean;
  /** Highest minus lowest price of its outcomes, in thousandths: 0 is even money. */
  spread: number;
}

/** How far a two-way market is from even money: the main line is the most balanced. */
const imbalance = (market: MarketCandidate) => market.spread + (market.blocked ? 1_000_000 : 0);

/**
 * The markets a list row shows: every whole-game result market (1X2, winner), the main
 * total and the main handicap — of the preferred count (goals of the match before sets of
 * a tennis match), the line closest to even money.
 */
export function mainMarkets<M extends MarketCandidate>(markets: readonly M[], sportId: number): M[] {
  const rank = (scope: string) => scopeRank(scope, sportId);
  const best = new Map<string, M>();
  const keep: M[] = [];
  for (const market of markets) {
    if (!isWholeScope(market.scope)) continue;
    if (market.type === '1x2' || market.type === 'winner') keep.push(market);
    else if (market.type === 'total' || market.type === 'handicap') {
      const current = best.get(market.type);
      const better =
        !current ||
        rank(market.scope) < rank(current.scope) ||
        (rank(market.scope) === rank(current.scope) && imbalance(market) < imbalance(current));
      if (better) best.set(market.type, market);
    }
  }
  const chosen = new Set([...keep, ...best.values()]);
  return markets.filter((m) => chosen.has(m));
}

type MarketEb = ExpressionBuilder<Database & { m: Database['markets'] }, 'm'>;
/** A market a list row may show (its key's counterpart is `isListMarketKey`): a whole-game result, total or handicap. */
const isCandidateMarket = (eb: MarketEb) => eb.and([eb('m.type', 'in', LIST_MARKET_TYPES), eb('m.scope', '!~', PERIOD_SCOPE)]);

/**
 * Games as list rows (what list-rows.ts stores): each game's candidate markets (whole-game
 * result, total and handicap markets) with their outcomes in two reads, the main ones chosen
 * here by their price spreads.
 */
export async function withMarkets(db: DB, rows: readonly GameRow[]): Promise<GameCard[]> {
  if (rows.length === 0) return [];
  const gameIds = rows.map((r) => r.id);
  const [markets, outcomes] = await Promise.all([
    db
      .selectFrom('markets as m')
      .select(['m.game_id', 'm.key', 'm.type', 'm.group_id', 'm.scope', 'm.param', 'm.name', 'm.blocked'])
      .where('m.game_id', 'in', gameIds)
      .where(isCandidateMarket)
      .orderBy('m.game_id')
      .orderBy('m.sort_order')
      .execute(),
    db
      .selectFrom('outcomes as o')
      .innerJoin('markets as m', (join) => join.onRef('m.game_id', '=', 'o.game_id').onRef('m.key', '=', 'o.market_key'))
      .select(['o.game_id', 'o.key', 'o.market_key', 'o.type_id', 'o.kind', 'o.line', 'o.score', 'o.name', 'o.price', 'o.blocked', 'o.status'])
      .where('o.game_id', 'in', gameIds)
      .where(isCandidateMarket)
      .orderBy('o.game_id')
      .orderBy('o.sort_order')
      .execute(),
  ]);
  const prices = new Map<string, { min: number; max: number }>();
  for (const o of outcomes) {
    const id = `${o.game_id}|${o.market_key}`;
    const range = prices.get(id);
    if (range) {
      range.min = Math.min(range.min, o.price);
      range.max = Math.max(range.max, o.price);
    } else prices.set(id, { min: o.price, max: o.price });
  }
  const spreadOf = (m: MarketRow) => {
    const range = prices.get(`${m.game_id}|${m.key}`);
    return range ? range.max - range.min : 0;
  };
  const sportOf = new Map(rows.map((r) => [r.id, r.sport_id]));
  const chosen = new Set<string>();
  for (const [gameId, list] of groupBy(markets, (m) => m.game_id)) {
    const candidates = list.map((m) => ({ key: m.key, type: m.type, scope: m.scope, blocked: m.blocked, spread: spreadOf(m) }));
    for (const main of mainMarkets(candidates, sportOf.get(gameId) ?? 0)) chosen.add(`${gameId}|${main.key}`);
  }
  const byGame = groupBy(
    markets.filter((m) => chosen.has(`${m.game_id}|${m.key}`)),
    (m) => m.game_id,
  );
  const outcomesByGame = groupBy(
    outcomes.filter((o) => chosen.has(`${o.game_id}|${o.market_key}`)),
    (o) => o.game_id,
  );
  return rows.map((row) => cardOf(row, marketsOf(byGame.get(row.id) ?? [], outcomesByGame.get(row.id) ?? [])));
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

// ---------------------------------------------------------------- reads

/** Sports with games in the section, with their counts (sports without games are left out). */
export async function sportCounts(db: DB, section: LineSection, filter: TimeFilter, now: number, hidden: HiddenSports): Promise<SportCount[]> {
  const rows = await db
    .selectFrom('line_list_rows as r')
    .innerJoin('sports as s', 's.id', 'r.sport_id')
    .select(['s.id', 's.slug', 's.name', 's.is_cyber', sql<number>`count(*)::int`.as('count')])
    .where(rowInSection(section, filter, now, hidden))
    .groupBy(['s.id', 's.slug', 's.name', 's.is_cyber', 's.sort_order'])
    .orderBy('s.sort_order')
    .execute();
  return rows.map((r) => ({ id: r.id, slug: r.slug, name: r.name, isCyber: r.is_cyber, count: r.count }));
}

/** Counts of the section (no filter, nobody's hidden sports) for the given sports, zeros included. */
export async function sectionCounts(db: DB, section: LineSection, now: number, sportIds: readonly number[]): Promise<{ sportId: number; count: number }[]> {
  if (sportIds.length === 0) return [];
  const counts = await sportCounts(db, section, 0, now, NO_HIDDEN);
  return sportIds.map((sportId) => ({ sportId, count: counts.find((c) => c.id === sportId)?.count ?? 0 }));
}

const champColumns = ['c.id', 'c.sport_id', 'c.name', 'c.sort_order', 'co.id as country_id', 'co.name as country_name', 'co.code as country_code'] as const;

interface ChampRow {
  id: number;
  sport_id: number;
  name: string;
  sort_order: number;
  country_id: number;
  country_name: string;
  country_code: string;
  count: number;
}

const champOf = (r: ChampRow): ChampItem => ({
  id: r.id,
  sportId: r.sport_id,
  name: r.name,
  country: { id: r.country_id, name: r.country_name, code: r.country_code },
  order: r.sort_order,
  count: r.count,
});

/** Champs of a sport with games in the section. */
export async function champsOf(db: DB, section: LineSection, sportId: number, filter: TimeFilter, now: number, hidden: HiddenSports): Promise<ChampItem[]> {
  const rows = await db
    .selectFrom('line_list_rows as r')
    .innerJoin('champs as c', 'c.id', 'r.champ_id')
    .innerJoin('countries as co', 'co.id', 'c.country_id')
    .select([...champColumns, sql<number>`count(*)::int`.as('count')])
    .where('r.sport_id', '=', sportId)
    .where(rowInSection(section, filter, now, hidden))
    .groupBy(['c.id', 'co.id'])
    .orderBy('c.sort_order')
    .orderBy('c.name')
    .execute();
  return rows.map(champOf);
}

/** Champs, each with the count of its games now in line or live; callers narrow and order. */
function champsWithCounts(db: DB, now: number, hidden: HiddenSports) {
  return db
    .selectFrom('champs as c')
    .innerJoin('countries as co', 'co.id', 'c.country_id')
    .select([
      ...champColumns,
      (eb) =>
        eb
          .selectFrom('line_list_rows as r')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('r.champ_id', '=', 'c.id')
          .where(rowInPlayOrLine(now, hidden))
          .as('count'),
    ]);
}

const countedChampOf = (row: Omit<ChampRow, 'count'> & { count: number | null }): ChampItem => champOf({ ...row, count: Number(row.count ?? 0) });

/** A champ with the count of its games in line and live; null when unknown. */
export async function champById(db: DB, champId: number, now: number, hidden: HiddenSports): Promise<ChampItem | null> {
  const row = await champsWithCounts(db, now, hidden).where('c.id', '=', champId).executeTakeFirst();
  return row ? countedChampOf(row) : null;
}

export interface GamesFilter {
  section: LineSection;
  sportId?: number | undefined;
  champId?: number | undefined;
  filter: TimeFilter;
  limit: number;
  offset: number;
}

/** A list's games as their rows store them: serialised `GameCard`s (list-rows.ts), sent as they are. */
export type CardsJson = readonly string[];

/**
 * A list's order: sport, champ, start. Within one sport the sport's position is the same for
 * every row, so it is left out and `line_list_rows_sport_idx` gives the order as it is read
 * (a limit then reads only its page, instead of sorting every row of the sport).
 */
const listOrder = (oneSport: boolean) =>
  [...(oneSport ? [] : ['sport_order' as const]), 'champ_order' as const, 'champ_id' as const, 'starts_at' as const, 'game_id' as const];

/** Nothing kept: every answer built (callers without a node's answers, such as tests). */
const NOTHING_KEPT = new KeptAnswers(0);

/**
 * A listing as the API answers it (a `GamesResponse`, serialised) in one indexed read: the
 * database joins the page's stored cards into one text (`card,card,…`), so the answer
 * crosses the driver as one value and no card is parsed or copied per game here. The
 * braces are added here: in SQL each `||` copied the ~75 KB text again (0.5 against 0.375 ms
 * of backend CPU).
 *
 * With `kept` (the routes keep listings on both databases), the statement first counts the
 * rows and lists the page's rows with their versions; when that is the version of the answer
 * `kept` holds for `key` (kept-answers.ts), the cards are not read and the kept answer is
 * sent. On PGlite this pays only because the server's PGlite thread keeps the statement
 * planned (decision 0047): planned each time it cost 2.4 ms kept and 5.5 ms not, against
 * 1.2 ms for the plain read. Without `kept` (callers without a node's answers: tests), one
 * plain read.
 */
export async function gamesJson(db: DB, query: GamesFilter, now: number, hidden: HiddenSports, kept = NOTHING_KEPT, key = ''): Promise<Buffer> {
  const where = [rowInSection(query.section, query.filter, now, hidden)];
  if (query.sportId !== undefined) where.push(sql`r.sport_id = ${query.sportId}`);
  if (query.champId !== undefined) where.push(sql`r.champ_id = ${query.champId}`);
  const rows = sql`from line_list_rows r where ${sql.join(where, sql` and `)}`;
  const order = listOrder(query.sportId !== undefined);
  const columns = sql.join(order.map((column) => sql.ref(`r.${column}`)));
  const inOrder = sql.join(order.map((column) => sql.ref(`p.${column}`)));
  const page = (what: RawBuilder<unknown>) => sql`(select ${what}, ${columns} ${rows} order by ${columns} limit ${query.limit} offset ${query.offset}) p`;
  if (kept.capacity <= 0) {
    const {
      rows: [plain],
    } = await sql<{ total: number; cards: string }>`
      select (select count(*)::int ${rows}) as total, coalesce(string_agg(p.card, ',' order by ${inOrder}), '') as cards from ${page(sql`r.card`)}`.execute(db);
    return Buffer.from(`{"total":${plain!.total},"games":[${plain!.cards}]}`);
  }
  const was = kept.get(key);
  const version = was?.version ?? '';
  const compiled = sql<{ total: number; kept: boolean; version: string | null; cards: string | null }>`
    select v.total, v.version = ${version} as kept, case when v.version = ${version} then null else v.version end as version,
           case when v.version = ${version} then null else (select coalesce(string_agg(p.card, ',' order by ${inOrder}), '') from ${page(sql`r.card`)}) end as cards
      from (select t.total, t.total::text || '|' || coalesce((select string_agg(p.game_id::text || ':' || p.x::text, ',' order by ${inOrder}) from ${page(sql`r.xmin as x`)}), '') as version
              from (select count(*)::int as total ${rows}) t offset 0) v`.compile(db);
  const {
    rows: [row],
  } = await runPrepared<{ total: number; kept: boolean; version: string | null; cards: string | null }>(db, compiled.sql, compiled.parameters);
  if (row!.kept && was) return was.body;
  return kept.set(key, row!.version!, Buffer.from(`{"total":${row!.total},"games":[${row!.cards}]}`));
}

/** The cards of these games, in the order given (games without a row, no longer listed, left out). */
async function cardsOf(db: DB, gameIds: readonly number[]): Promise<CardsJson> {
  if (gameIds.length === 0) return [];
  const rows = await db.selectFrom('line_list_rows').select(['game_id', 'card']).where('game_id', 'in', gameIds).execute();
  const byId = new Map(rows.map((r) => [r.game_id, r.card]));
  return gameIds.flatMap((id) => byId.get(id) ?? []);
}

/** A game with every market; null when unknown. */
export async function gameDetail(db: DB, gameId: number): Promise<GameDetail | null> {
  const row = await gamesQuery(db).select(sql.raw<string | null>(MARKETS_TEXT).as('markets')).where('g.id', '=', gameId).executeTakeFirst();
  return row ? detailOf(row, JSON.parse(`[${row.markets ?? ''}]`) as LineMarket[]) : null;
}

/**
 * A game's page (`gameDetailJson`): the version of the rows it is built from (the game, its
 * list row, its markets and outcomes) and, when that is not the version of the answer the
 * node keeps (`$2`), its list row's card, the fields a card lacks and its markets' text.
 * `offset 0` keeps the version one value: pulled up, it was computed again at each of its
 * uses (0.9 against 0.5 ms).
 */
const GAME_DETAIL = `select v.version = $2 as kept, case when v.version = $2 then null else v.version end as version,
       case when v.version = $2 then null else r.card end as card,
       case when v.version = $2 then null else g.format end as format,
       case when v.version = $2 then null else g.result end as result, g.finished_at,
       case when v.version = $2 then null else ${MARKETS_TEXT} end as markets
  from games g left join line_list_rows r on r.game_id = g.id
  cross join lateral (select g.xmin::text || ';' || coalesce(r.xmin::text, '') || ';' || ${MARKETS_VERSION} as version offset 0) v
 where g.id = $1`;

/** The same without a version (nothing kept: PGlite, where the version cost about what it saved). */
const GAME_DETAIL_PLAIN = `select false as kept, null as version, r.card, g.format, g.result, g.finished_at, ${MARKETS_TEXT} as markets
  from games g left join line_list_rows r on r.game_id = g.id
 where g.id = $1`;

type GameDetailRow = Pick<GameRow, 'format' | 'result' | 'finished_at'> & { kept: boolean; version: string | null; card: string | null; markets: string | null };

/** The card's `"markets"` (its last key: `cardOf`); names are escaped in JSON, so the text can be in no string. */
const CARD_MARKETS = ',"markets":[';

/**
 * `{"game": …}` of a game, serialised; null when unknown. An open game's detail is its list
 * row's card (written with its prices, decision 0026) with every market instead of the
 * main ones, and its format and result: one prepared statement reads the game, its row and
 * its markets' text — or, when `kept` holds the answer built from the same rows, only that
 * they are the same (decision 0033) — and the answer is the card's text cut before its
 * markets with the rest appended: no card parsed or written again. A game in no list
 * (over) is read from the catalogue (its names are not in the version: not kept). With
 * nothing to keep (PGlite), the statement reads no version.
 */
export async function gameDetailJson(db: DB, gameId: number, kept = NOTHING_KEPT): Promise<Buffer | null> {
  const was = kept.get(String(gameId));
  const {
    rows: [row],
  } = await (kept.capacity > 0 ? runPrepared<GameDetailRow>(db, GAME_DETAIL, [gameId, was?.version ?? '']) : runPrepared<GameDetailRow>(db, GAME_DETAIL_PLAIN, [gameId]));
  if (!row) return null;
  if (row.kept && was) return was.body;
  const markets = `[${row.markets ?? ''}]`;
  const cut = row.card?.lastIndexOf(CARD_MARKETS) ?? -1;
  if (row.card && cut > 0 && row.card.endsWith(']}')) {
    const tail = `,"format":${JSON.stringify(row.format)},"result":${JSON.stringify(resultOf(row))}}`;
    return kept.set(String(gameId), row.version!, Buffer.from(`{"game":${row.card.slice(0, cut)},"markets":${markets}${tail}}`));
  }
  const over = await gamesQuery(db).where('g.id', '=', gameId).executeTakeFirst();
  if (!over) return null;
  // Names are escaped in JSON, so `"markets":[]` unescaped can only be the key of the empty list.
  return Buffer.from(`{"game":${JSON.stringify(detailOf(over, [])).replace('"markets":[]', () => `"markets":${markets}`)}}`);
}

/** Top games of a section: the operator's picks first, then the top competitions', soonest first. */
export async function topGames(db: DB, section: LineSection, limit: number, now: number, hidden: HiddenSports): Promise<CardsJson> {
  const rows = await db
    .selectFrom('line_list_rows as r')
    .select('r.card')
    .where(rowInSection(section, 0, now, hidden))
    .orderBy('r.is_top', 'desc')
    .orderBy('r.champ_order')
    .orderBy('r.starts_at')
    .orderBy('r.game_id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.card);
}

/** Games of a champ or team now in line or live, soonest first. */
async function currentGames(db: DB, now: number, hidden: HiddenSports, where: (q: GamesQuery) => GamesQuery, limit = 50): Promise<CardsJson> {
  const rows = await where(gamesQuery(db))
    .innerJoin('line_list_rows as r', 'r.game_id', 'g.id')
    .where(rowInPlayOrLine(now, hidden))
    .clearSelect()
    .select('g.id')
    .orderBy('g.status', 'desc')
    .orderBy('g.starts_at')
    .orderBy('g.id')
    .limit(limit)
    .execute();
  return cardsOf(db, rows.map((r) => r.id));
}

async function recentResults(db: DB, where: (q: GamesQuery) => GamesQuery, limit = 20): Promise<ResultItem[]> {
  const rows = await where(gamesQuery(db))
    .where('g.status', 'in', [GAME_STATUS.finished, GAME_STATUS.cancelled])
    .orderBy('g.finished_at', 'desc')
    .orderBy('g.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(resultItemOf);
}

export async function champPage(db: DB, champId: number, now: number, hidden: HiddenSports) {
  const champ = await champById(db, champId, now, hidden);
  if (!champ) return null;
  const [games, results] = await Promise.all([
    currentGames(db, now, hidden, (q) => q.where('g.champ_id', '=', champId)),
    recentResults(db, (q) => q.where('g.champ_id', '=', champId)),
  ]);
  return { champ, games, results };
}

export async function teamPage(db: DB, teamId: number, now: number, hidden: HiddenSports) {
  const row = await db
    .selectFrom('teams as t')
    .innerJoin('countries as co', 'co.id', 't.country_id')
    .select(['t.id', 't.sport_id', 't.name', 'co.id as country_id', 'co.name as country_name', 'co.code as country_code'])
    .where('t.id', '=', teamId)
    .executeTakeFirst();
  if (!row) return null;
  const team: TeamItem = { id: row.id, sportId: row.sport_id, name: row.name, country: { id: row.country_id, name: row.country_name, code: row.country_code } };
  const ofTeam = (q: GamesQuery) => q.where((eb) => eb.or([eb('g.home_team_id', '=', teamId), eb('g.away_team_id', '=', teamId)]));
  const [games, results] = await Promise.all([currentGames(db, now, hidden, ofTeam), recentResults(db, ofTeam)]);
  return { team, games, results };
}

/** `%` and `_` typed by the player are letters, not wildcards. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function search(db: DB, q: string, limit: number, now: number, hidden: HiddenSports) {
  const pattern = likePattern(q);
  const [champRows, teamRows, gameRows] = await Promise.all([
    champsWithCounts(db, now, hidden)
      .where('c.name', 'ilike', pattern)
      .orderBy('c.sort_order')
      .orderBy('c.name')
      .limit(limit)
      .execute(),
    db
      .selectFrom('teams as t')
      .innerJoin('countries as co', 'co.id', 't.country_id')
      .select(['t.id', 't.sport_id', 't.name', 'co.id as country_id', 'co.name as country_name', 'co.code as country_code'])
      .where('t.name', 'ilike', pattern)
      .orderBy('t.name')
      .limit(limit)
      .execute(),
    gamesQuery(db)
      .innerJoin('line_list_rows as r', 'r.game_id', 'g.id')
      .where(rowInPlayOrLine(now, hidden))
      .where((eb) => eb.or([eb('ht.name', 'ilike', pattern), eb('at.name', 'ilike', pattern), eb('c.name', 'ilike', pattern)]))
      .clearSelect()
      .select('g.id')
      .orderBy('g.status', 'desc')
      .orderBy('g.starts_at')
      .orderBy('g.id')
      .limit(limit)
      .execute(),
  ]);
  return {
    champs: champRows.map(countedChampOf),
    teams: teamRows.map((r): TeamItem => ({ id: r.id, sportId: r.sport_id, name: r.name, country: { id: r.country_id, name: r.country_name, code: r.country_code } })),
    games: await cardsOf(db, gameRows.map((r) => r.id)),
  };
}

export interface ResultsFilter {
  type: 'live' | 'zone';
  sportId?: number | undefined;
  champId?: number | undefined;
  /** `YYYY-MM-DD` (UTC); default the last 24 hours. */
  date?: string | undefined;
  limit: number;
}

const DAY_MS = 86_400_000;

/** Finished and cancelled games of a day (or the last 24 hours), latest first, and the sports that have some. */
export async function results(db: DB, query: ResultsFilter, now: number): Promise<{ results: ResultItem[]; sports: SportCount[] }> {
  const from = query.date ? Date.parse(`${query.date}T00:00:00Z`) : now - DAY_MS;
  const to = query.date ? from + DAY_MS : now + 1;
  const inWindow = (q: GamesQuery) => {
    let out = q
      .where('g.status', 'in', query.type === 'live' ? [GAME_STATUS.finished] : [GAME_STATUS.finished, GAME_STATUS.cancelled])
      .where('g.finished_at', '>=', new Date(from))
      .where('g.finished_at', '<', new Date(to));
    // Played in the live section: it had a period in play.
    if (query.type === 'live') out = out.where('g.period', '>', 0);
    if (query.champId !== undefined) out = out.where('g.champ_id', '=', query.champId);
    return out;
  };
  const bySport = (q: GamesQuery) => (query.sportId === undefined ? q : q.where('g.sport_id', '=', query.sportId));
  const [rows, sports] = await Promise.all([
    bySport(inWindow(gamesQuery(db)))
      .orderBy('s.sort_order')
      .orderBy('c.sort_order')
      .orderBy('c.id')
      .orderBy('g.finished_at', 'desc')
      .orderBy('g.id', 'desc')
      .limit(query.limit)
      .execute(),
    inWindow(gamesQuery(db))
      .clearSelect()
      .select(['s.id', 's.slug', 's.name', 's.is_cyber', 's.sort_order', sql<number>`count(*)::int`.as('count')])
      .groupBy(['s.id', 's.slug', 's.name', 's.is_cyber', 's.sort_order'])
      .orderBy('s.sort_order')
      .execute(),
  ]);
  return {
    results: rows.map(resultItemOf),
    sports: sports.map((r) => ({ id: r.id, slug: r.slug, name: r.name, isCyber: r.is_cyber, count: r.count })),
  };
}
