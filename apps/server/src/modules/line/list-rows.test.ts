/**
 * The list rows (list-rows.ts) are what the old per-request query computed: after every
 * kind of write — a game made, prices, flags, suspensions, a score, a result, the feed's
 * batches — each open game's row equals the card computed afresh from the tables, and a
 * game's detail (one query, markets built as JSON by the database) equals the detail
 * mapped from its rows as before.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { describeEachDb } from '@betsite/db/testing';
import type { Database } from '@betsite/db';
import { GAME_STATUS, SPORT } from '@betsite/domain';
import { SimulatedFeed, openingMarkets, type FeedEvent, type FeedGameSnapshot, type FeedListener, type FeedMarketOdds, type FeedProvider } from '@betsite/feed';
import { GameResponseSchema, GamesResponseSchema, LINE_API_BASE, type GameCard, type GameDetail, type OpsCreateGame } from '@betsite/contracts';
import { createClock, type ServerClock } from '../../lib/clock.ts';
import { buildTestApp, opsHeaders } from '../../testing.ts';
import { detailFromTables } from './testing.ts';
import { ensureListRows, refreshListRows } from './list-rows.ts';
import { gameDetail, gamesQuery, isListMarketKey, mainMarkets } from './queries.ts';
import { cardOf, marketsOf, type GameRow } from './rows.ts';

const OPEN = [GAME_STATUS.notStarted, GAME_STATUS.live, GAME_STATUS.break];
const HOUR = 3_600_000;

/**
 * The old list query's cards (before list rows): candidate markets with their spreads from
 * a subquery each, the main ones chosen, then their markets and outcomes read by pairs.
 */
async function cardsAsBefore(db: Kysely<Database>, rows: readonly GameRow[]): Promise<GameCard[]> {
  const candidates = await db
    .selectFrom('markets as m')
    .select([
      'm.game_id',
      'm.key',
      'm.type',
      'm.scope',
      'm.blocked',
      sql<number>`coalesce((select max(o.price) - min(o.price) from outcomes o where o.game_id = m.game_id and o.market_key = m.key), 0)`.as('spread'),
    ])
    .where('m.game_id', 'in', rows.map((r) => r.id))
    .where('m.type', 'in', ['1x2', 'winner', 'total', 'handicap'])
    .where('m.scope', '!~', '^p[0-9]+$')
    .execute();
  const chosen = rows.flatMap((row) => mainMarkets(candidates.filter((c) => c.game_id === row.id), row.sport_id));
  if (chosen.length === 0) return rows.map((row) => cardOf(row, []));
  const pairs = sql.join(chosen.map((c) => sql`(${c.game_id}::int, ${c.key}::text)`));
  const [markets, outcomes] = await Promise.all([
    db
      .selectFrom('markets as m')
      .where(sql<boolean>`(m.game_id, m.key) in (values ${pairs})`)
      .select(['m.game_id', 'm.key', 'm.type', 'm.group_id', 'm.scope', 'm.param', 'm.name', 'm.blocked'])
      .orderBy('m.game_id')
      .orderBy('m.sort_order')
      .execute(),
    db
      .selectFrom('outcomes as o')
      .where(sql<boolean>`(o.game_id, o.market_key) in (values ${pairs})`)
      .select(['o.game_id', 'o.key', 'o.market_key', 'o.type_id', 'o.kind', 'o.line', 'o.score', 'o.name', 'o.price', 'o.blocked', 'o.status'])
      .orderBy('o.game_id')
      .orderBy('o.sort_order')
      .execute(),
  ]);
  return rows.map((row) =>
    cardOf(
      row,
      marketsOf(
        markets.filter((m) => m.game_id === row.id),
        outcomes.filter((o) => o.game_id === row.id),
      ),
    ),
  );
}

/** Every open game's card computed afresh by the old list query, by game id. */
async function freshCards(db: Kysely<Database>): Promise<Map<number, GameCard>> {
  const rows = await gamesQuery(db).where('g.status', 'in', OPEN).execute();
  const cards = await cardsAsBefore(db, rows);
  return new Map(cards.map((card) => [card.id, card]));
}

/** The stored rows, their cards parsed, by game id. */
async function storedRows(db: Kysely<Database>) {
  const rows = await db.selectFrom('line_list_rows').selectAll().execute();
  return new Map(rows.map((r) => [r.game_id, { ...r, card: JSON.parse(r.card) as GameCard }]));
}

/** Every open game has a row, no other game has one, and each row is its fresh card with matching columns. */
async function expectRowsFresh(db: Kysely<Database>) {
  const [fresh, stored] = await Promise.all([freshCards(db), storedRows(db)]);
  expect([...stored.keys()].sort((a, b) => a - b)).toEqual([...fresh.keys()].sort((a, b) => a - b));
  const orders = await db
    .selectFrom('games as g')
    .innerJoin('sports as s', 's.id', 'g.sport_id')
    .innerJoin('champs as c', 'c.id', 'g.champ_id')
    .select(['g.id', 's.sort_order as sport_order', 'c.sort_order as champ_order', 'g.period'])
    .where('g.status', 'in', OPEN)
    .execute();
  for (const { id, sport_order, champ_order, period } of orders) {
    const row = stored.get(id)!;
    const card = fresh.get(id)!;
    expect(row.card, `game ${id}`).toEqual(card);
    expect({ ...row, card: undefined }).toEqual({
      game_id: id,
      section: card.isLive ? 'live' : 'line',
      sport_id: card.sportId,
      sport_order,
      champ_id: card.champId,
      champ_order,
      starts_at: new Date(card.startsAt),
      status: card.status,
      period,
      is_top: card.isTop,
      card: undefined,
    });
  }
  return fresh.size;
}

/**
 * A feed of a few live football games whose list markets' prices are set by hand
 * (`emit`), for price changes the simulated feed makes only now and then: a main line
 * moving off even money, another line passing it, blocked lines, a market sent in part.
 */
class PricesFeed implements FeedProvider {
  readonly name = 'rows-prices';
  private readonly listeners = new Set<FeedListener>();
  private seq = 0;
  readonly games: FeedGameSnapshot[];

  constructor(count: number, startsAt: number) {
    this.games = Array.from({ length: count }, (_, i) => {
      const game = {
        id: `rp-${i}`,
        sportId: SPORT.football,
        champId: 'rp-league',
        homeTeamId: `rp-team-${2 * i}`,
        awayTeamId: `rp-team-${2 * i + 1}`,
        home: `Prices Home ${i}`,
        away: `Prices Away ${i}`,
        startsAt,
        format: { periods: 2, periodMinutes: 45 },
      };
      return { game, markets: openingMarkets(game, { seed: i + 1 }), live: null, suspended: false };
    });
  }

  async catalogue() {
    return {
      sports: [{ id: SPORT.football, slug: 'football', name: 'Football', isCyber: false }],
      countries: [{ id: 'rp', name: 'Pricesland', code: 'WORLD' }],
      champs: [{ id: 'rp-league', sportId: SPORT.football, countryId: 'rp', name: 'Prices League', order: 5 }],
      teams: this.games.flatMap(({ game }) => [
        { id: game.homeTeamId, sportId: SPORT.football, countryId: 'rp', name: game.home },
        { id: game.awayTeamId, sportId: SPORT.football, countryId: 'rp', name: game.away },
      ]),
    };
  }

  async snapshot() {
    return { seq: this.seq, at: this.games[0]!.game.startsAt, games: structuredClone(this.games), results: [] };
  }

  subscribe(listener: FeedListener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start() {}
  stop() {}

  emit(gameIndex: number, markets: FeedMarketOdds[], at: number) {
    const event: FeedEvent = { type: 'odds', seq: ++this.seq, at, gameId: this.games[gameIndex]!.game.id, markets };
    for (const listener of this.listeners) listener(event);
  }
}

describeEachDb('line list rows', (t) => {
  let app: FastifyInstance;
  let clock: ServerClock;

  const ops = async (method: 'POST' | 'PATCH', url: string, payload: unknown) => {
    const res = await app.inject({ method, url: `/ops-api/v1/games${url}`, headers: opsHeaders, payload: payload as InjectOptions['payload'] });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res;
  };
  const create = async (body: OpsCreateGame): Promise<GameDetail> => GameResponseSchema.parse((await ops('POST', '', body)).json()).game;
  /** A game's page, checked to be the old mapping's detail serialised, byte for byte (key order too). */
  const page = async (id: number) => {
    const res = await app.inject({ url: `${LINE_API_BASE}/games/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe(JSON.stringify({ game: await detailFromTables(t.db, id) }));
    return GameResponseSchema.parse(res.json()).game;
  };

  beforeAll(async () => {
    clock = createClock({ fake: true });
    app = await buildTestApp(t.handle, { clock });
  });
  afterAll(async () => {
    await app.close();
  });

  describe('operator changes', () => {
    let line: GameDetail, live: GameDetail, tennis: GameDetail;

    beforeAll(async () => {
      line = await create({ sportId: SPORT.football, champName: 'Rows League', home: 'Rows Home', away: 'Rows Away' });
      live = await create({ sportId: SPORT.football, champId: line.champId, home: 'Rows Live Home', away: 'Rows Live Away', live: true });
      tennis = await create({ sportId: SPORT.tennis, champName: 'Rows Open', home: 'Rows Player A', away: 'Rows Player B', startsAt: clock.now() + 2 * HOUR });
    });

    it('a game made has its row at once, equal to the old query, and a page equal to the old mapping', async () => {
      expect(await expectRowsFresh(t.db)).toBeGreaterThanOrEqual(3);
      for (const game of [line, live, tennis]) {
        expect(await page(game.id)).toEqual(await detailFromTables(t.db, game.id));
        expect(await gameDetail(t.db, game.id)).toEqual(await detailFromTables(t.db, game.id));
      }
      const res = await app.inject({ url: `${LINE_API_BASE}/games?section=line&sportId=${SPORT.football}&limit=50` });
      const listed = GamesResponseSchema.parse(res.json());
      const fresh = await freshCards(t.db);
      expect(listed.games.map((g) => g.id)).toContain(line.id);
      for (const card of listed.games) expect(card).toEqual(fresh.get(card.id));
      // The stored cards joined as they are: the answer is the fresh cards serialised, byte for byte.
      expect(res.body).toBe(JSON.stringify({ total: listed.total, games: listed.games.map((g) => fresh.get(g.id)) }));
    });

    it('stays right after price changes, including one that makes another line the main total', async () => {
      const totals = line.markets.filter((m) => m.type === 'total' && m.scope === 'match');
      const listedTotal = (await freshCards(t.db)).get(line.id)!.markets.find((m) => m.type === 'total')!;
      const other = totals.find((m) => m.key !== listedTotal.key)!;
      // The other line at even money, the listed one far from it: the list must switch.
      await ops('PATCH', `/${line.id}/odds`, {
        outcomes: [
          ...other.outcomes.map((o) => ({ key: o.key, coef: 1.9 })),
          { key: listedTotal.outcomes[0]!.key, coef: 1.2 },
          { key: listedTotal.outcomes[1]!.key, coef: 4.5 },
        ],
      });
      await expectRowsFresh(t.db);
      expect((await storedRows(t.db)).get(line.id)!.card.markets.find((m) => m.type === 'total')!.key).toBe(other.key);
      expect(await page(line.id)).toEqual(await detailFromTables(t.db, line.id));
    });

    it('stays right after flags, suspensions of markets and of the game, and a score', async () => {
      await ops('PATCH', `/${tennis.id}`, { isTop: true, liveInLive: true });
      await expectRowsFresh(t.db);
      expect((await storedRows(t.db)).get(tennis.id)).toMatchObject({ is_top: true, card: { isTop: true, liveInLive: true } });

      const oneXTwo = line.markets.find((m) => m.type === '1x2')!;
      await ops('POST', `/${line.id}/suspend`, { markets: [oneXTwo.key] });
      await expectRowsFresh(t.db);
      await ops('POST', `/${live.id}/suspend`, {});
      await expectRowsFresh(t.db);
      expect((await storedRows(t.db)).get(live.id)!.card.suspended).toBe(true);
      await ops('POST', `/${live.id}/resume`, {});

      // A line game goes live with a score: it moves to the live section.
      await ops('POST', `/${line.id}/score`, { score: { home: 1, away: 0 } });
      await expectRowsFresh(t.db);
      expect((await storedRows(t.db)).get(line.id)).toMatchObject({ section: 'live', card: { isLive: true, live: { score: { home: 1, away: 0 } } } });
      expect(await page(line.id)).toEqual(await detailFromTables(t.db, line.id));
    });

    it('settlement removes the row (a finished game is in no list) and its page keeps the result', async () => {
      await ops('POST', `/${live.id}/finish`, { score: { home: 2, away: 2 }, periods: [{ home: 1, away: 1 }, { home: 1, away: 1 }] });
      await expectRowsFresh(t.db);
      expect((await storedRows(t.db)).has(live.id)).toBe(false);
      const finished = await page(live.id);
      expect(finished).toEqual(await detailFromTables(t.db, live.id));
      expect(finished.result?.score).toEqual({ home: 2, away: 2 });
      const listed = GamesResponseSchema.parse((await app.inject({ url: `${LINE_API_BASE}/games?section=live&limit=50` })).json());
      expect(listed.games.map((g) => g.id)).not.toContain(live.id);
    });

    it('a write past the writer is mended by a refresh; rows missing at start are made', async () => {
      await t.db.updateTable('champs').set({ sort_order: 1 }).where('id', '=', tennis.champId).execute();
      await refreshListRows(t.db, [tennis.id]);
      await expectRowsFresh(t.db);
      await t.db.deleteFrom('line_list_rows').execute();
      expect(await ensureListRows(t.db)).toBeGreaterThanOrEqual(2);
      await expectRowsFresh(t.db);
      expect(await ensureListRows(t.db)).toBe(0);
    });
  });

  it('price batches that keep, patch or move the main lines (patched without reading the tables where the card tells): every row is fresh after each', async () => {
    const now = clock.now();
    const feed = new PricesFeed(3, now + 2 * HOUR);
    const fed = await buildTestApp(t.handle, { clock, line: { feed } });
    try {
      await fed.line.ingester?.start();
      await expectRowsFresh(t.db);
      // A seeded walk: each batch sets a few list markets of the games to prices near even
      // money (lines overtake each other), far from it, blocked, or only some outcomes.
      let state = 12345;
      const random = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
      const listMarkets = feed.games.map((g) => g.markets.filter((m) => isListMarketKey(m.key)));
      const mains = new Set<string>();
      for (let batch = 0; batch < 40; batch++) {
        for (let n = 1 + Math.floor(random() * 4); n > 0; n--) {
          const gameIndex = Math.floor(random() * feed.games.length);
          const markets = listMarkets[gameIndex]!;
          // The 1X2 (always shown) a third of the time, else any line.
          const market = random() < 0.3 ? markets.find((m) => m.key.startsWith('1x2:'))! : markets[Math.floor(random() * markets.length)]!;
          const roll = random();
          const coef = () => Math.round((roll < 0.5 ? 1.85 + random() * 0.2 : 1.2 + random() * 4) * 1000) / 1000;
          const outcomes = market.outcomes.map((o) => ({ key: o.key, coef: coef(), blocked: random() < 0.05 }));
          feed.emit(gameIndex, [{ key: market.key, blocked: roll > 0.93, outcomes: roll > 0.88 && roll <= 0.93 ? outcomes.slice(0, 1) : outcomes }], now);
        }
        await fed.line.ingester?.settled();
        await expectRowsFresh(t.db);
        for (const [id, row] of await storedRows(t.db)) for (const m of row.card.markets) if (m.type === 'total') mains.add(`${id}|${m.key}`);
      }
      // Every way was taken: main totals changed hands, cards were patched with their lines
      // kept or chosen again, and left alone.
      expect(mains.size).toBeGreaterThan(feed.games.length);
      const { patched, linesChosen, unchanged } = fed.line.writer.listRows;
      expect(Math.min(patched - linesChosen, linesChosen, unchanged), JSON.stringify(fed.line.writer.listRows)).toBeGreaterThan(5);
    } finally {
      await fed.close();
    }
  }, 60_000);

  it('the feed: after the snapshot and after batches of prices, scores and results, every row is fresh', async () => {
    // A Saturday afternoon (games in play) on a clock of its own.
    let now = Date.UTC(2025, 2, 15, 15, 0, 0);
    const feedClock: ServerClock = { fake: true, now: () => now, advance: (seconds) => void (now += seconds * 1000) };
    const feed = new SimulatedFeed({ seed: 11, clock: feedClock, speed: 60, days: 1, sports: [SPORT.football, SPORT.tableTennis] });
    const fed = await buildTestApp(t.handle, { clock: feedClock, line: { feed } });
    try {
      await fed.line.ingester?.start();
      await fed.line.ingester?.settled();
      expect(await expectRowsFresh(t.db)).toBeGreaterThan(10);
      // An hour at speed 60: prices move, games start, some end.
      for (let i = 0; i < 60; i++) {
        feedClock.advance?.(60);
        feed.tick();
        await fed.line.ingester?.settled();
      }
      const finished = await t.db.selectFrom('games').select('id').where('status', '=', GAME_STATUS.finished).where('provider', '=', feed.name).execute();
      expect(finished.length).toBeGreaterThan(0);
      await expectRowsFresh(t.db);
      const someLive = await t.db.selectFrom('line_list_rows').select('game_id').where('section', '=', 'live').executeTakeFirstOrThrow();
      expect(await gameDetail(t.db, someLive.game_id)).toEqual(await detailFromTables(t.db, someLive.game_id));
    } finally {
      await fed.close();
    }
  }, 120_000);
});
