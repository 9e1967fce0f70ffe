/**
 * The answers a node keeps (kept-answers.ts, decision 0033): a game's page or a listing is
 * sent again only while the rows it was built from are the versions it was built from —
 * whoever writes them, the writer or a statement past it — and it is byte for byte the
 * answer built afresh.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { describeEachDb } from '@betsite/db/testing';
import { SPORT } from '@betsite/domain';
import { GameResponseSchema, GamesResponseSchema, LINE_API_BASE, type GameDetail } from '@betsite/contracts';
import { buildTestApp, opsHeaders } from '../../testing.ts';
import { detailFromTables } from './testing.ts';
import { KeptAnswers } from './kept-answers.ts';
import { gameDetailJson, gamesJson, isListMarketKey, NO_HIDDEN } from './queries.ts';

/** Answers that count how often one was built (`set`). */
class CountedTexts extends KeptAnswers {
  built = 0;
  constructor() {
    super(16);
  }
  override set(key: string, version: string, body: Buffer): Buffer {
    this.built++;
    return super.set(key, version, body);
  }
}

describeEachDb('a game page with kept markets', (t) => {
  let app: FastifyInstance;
  let game: GameDetail;
  let other: GameDetail;

  beforeAll(async () => {
    app = await buildTestApp(t.handle);
    const create = async (home: string, away: string) => {
      const res = await app.inject({ method: 'POST', url: '/ops-api/v1/games', headers: opsHeaders, payload: { sportId: SPORT.football, champName: 'Kept League', home, away } });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return GameResponseSchema.parse(res.json()).game;
    };
    game = await create('Kept Home', 'Kept Away');
    other = await create('Other Home', 'Other Away');
  });
  afterAll(async () => {
    await app.close();
  });

  /** The page as the route answers it, checked against the tables byte for byte. */
  const page = async (texts: KeptAnswers, gameId = game.id) => {
    const text = (await gameDetailJson(t.db, gameId, texts))!.toString();
    expect(text).toBe(JSON.stringify({ game: await detailFromTables(t.db, gameId) }));
    return GameResponseSchema.parse(JSON.parse(text)).game;
  };
  // A market no list shows (a period's total): its change leaves the list row as it was.
  const unlisted = () => game.markets.find((m) => !isListMarketKey(m.key) && m.outcomes.length >= 2)!;

  it('builds a page once and sends it again while its rows stay; a lock is no change', async () => {
    const texts = new CountedTexts();
    await page(texts);
    await page(texts);
    expect(texts.built).toBe(1);
    await t.db.transaction().execute(async (trx) => {
      await trx.selectFrom('games').select('id').where('id', '=', game.id).forUpdate().execute();
      await trx.selectFrom('line_list_rows').select('game_id').where('game_id', '=', game.id).forUpdate().execute();
      await trx.selectFrom('outcomes').select('key').where('game_id', '=', game.id).forUpdate().execute();
      await trx.selectFrom('markets').select('key').where('game_id', '=', game.id).forUpdate().execute();
    });
    await page(texts);
    expect(texts.built).toBe(1);
    // Another game's text is its own.
    await page(texts, other.id);
    await page(texts);
    expect(texts.built).toBe(2);
  });

  it('builds a page again after any write to the game, its list row, markets or outcomes, through the writer or past it', async () => {
    const texts = new CountedTexts();
    await page(texts);
    const market = unlisted();
    const [first, second] = market.outcomes;

    // Through the operators' API (the writer).
    const res = await app.inject({ method: 'PATCH', url: `/ops-api/v1/games/${game.id}/odds`, headers: opsHeaders, payload: { outcomes: [{ key: first!.key, coef: 3.21 }] } });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect((await page(texts)).markets.find((m) => m.key === market.key)!.outcomes[0]!.coef).toBe(3.21);
    expect(texts.built).toBe(2);

    // Past the writer: a price, the same price written again, a market blocked, an outcome removed and put back.
    await t.db.updateTable('outcomes').set({ price: 4321 }).where('game_id', '=', game.id).where('key', '=', second!.key).execute();
    expect((await page(texts)).markets.find((m) => m.key === market.key)!.outcomes[1]!.coef).toBe(4.321);
    await t.db.updateTable('outcomes').set({ price: 4321 }).where('game_id', '=', game.id).where('key', '=', second!.key).execute();
    await page(texts);
    await t.db.updateTable('markets').set({ blocked: true }).where('game_id', '=', game.id).where('key', '=', market.key).execute();
    expect((await page(texts)).markets.find((m) => m.key === market.key)!.blocked).toBe(true);
    const removed = await t.db.deleteFrom('outcomes').where('game_id', '=', game.id).where('key', '=', second!.key).returningAll().executeTakeFirstOrThrow();
    expect((await page(texts)).markets.find((m) => m.key === market.key)!.outcomes).toHaveLength(market.outcomes.length - 1);
    await t.db.insertInto('outcomes').values({ ...removed, score: removed.score === null ? null : JSON.stringify(removed.score) }).execute();
    expect((await page(texts)).markets.find((m) => m.key === market.key)!.outcomes).toHaveLength(market.outcomes.length);
    expect(texts.built).toBe(7);

    // A write that is rolled back changes nothing.
    await t.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('outcomes').set({ price: 9999 }).where('game_id', '=', game.id).execute();
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await page(texts);
    expect(texts.built).toBe(7);

    // The game's own row (its result and format are on the page) and its list row (the card).
    await t.db.updateTable('games').set({ format: JSON.stringify({ ...game.format, periodMinutes: 40 }) }).where('id', '=', game.id).execute();
    expect((await page(texts)).format).toMatchObject({ periodMinutes: 40 });
    await sql`update line_list_rows set card = card where game_id = ${game.id}`.execute(t.db);
    await page(texts);
    expect(texts.built).toBe(9);
  });

  it('sends a listing again while its count and the rows of its page stay', async () => {
    const texts = new CountedTexts();
    const query = { section: 'line' as const, sportId: SPORT.football, filter: 0 as const, limit: 50, offset: 0 };
    const listing = async () => {
      const body = (await gamesJson(t.db, query, app.clock.now(), NO_HIDDEN, texts, 'football')).toString();
      expect(body).toBe((await gamesJson(t.db, query, app.clock.now(), NO_HIDDEN)).toString());
      return GamesResponseSchema.parse(JSON.parse(body));
    };
    const first = await listing();
    expect(first.games.map((g) => g.id)).toEqual(expect.arrayContaining([game.id, other.id]));
    await listing();
    await t.db.transaction().execute(async (trx) => {
      await trx.selectFrom('line_list_rows').select('game_id').forUpdate().execute();
    });
    await listing();
    expect(texts.built).toBe(1);
    // A card patched (a list market's price, through the writer).
    const listed = game.markets.find((m) => m.key.startsWith('1x2:'))!;
    const res = await app.inject({ method: 'PATCH', url: `/ops-api/v1/games/${game.id}/odds`, headers: opsHeaders, payload: { outcomes: [{ key: listed.outcomes[0]!.key, coef: 5.55 }] } });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect((await listing()).games.find((g) => g.id === game.id)!.markets.find((m) => m.key === listed.key)!.outcomes[0]!.coef).toBe(5.55);
    expect(texts.built).toBe(2);
    // A game leaves the list (past the writer): the count and the page change.
    const row = await t.db.deleteFrom('line_list_rows').where('game_id', '=', other.id).returningAll().executeTakeFirstOrThrow();
    expect((await listing()).total).toBe(first.total - 1);
    await t.db.insertInto('line_list_rows').values(row).execute();
    expect((await listing()).total).toBe(first.total);
    expect(texts.built).toBe(4);
  });

  it('answers through the route: the same bytes, and the next price at once', async () => {
    const url = `${LINE_API_BASE}/games/${game.id}`;
    const first = await app.inject({ url });
    expect(first.body).toBe(JSON.stringify({ game: await detailFromTables(t.db, game.id) }));
    expect((await app.inject({ url })).body).toBe(first.body);
    const key = unlisted().outcomes[0]!.key;
    await sql`update outcomes set price = price + 7 where game_id = ${game.id} and key = ${key}`.execute(t.db);
    const next = await app.inject({ url });
    expect(next.body).not.toBe(first.body);
    expect(next.body).toBe(JSON.stringify({ game: await detailFromTables(t.db, game.id) }));
  });
});

describe('KeptAnswers', () => {
  it('keeps the games asked for last, up to its size', () => {
    const texts = new KeptAnswers(2);
    const body = (text: string) => Buffer.from(text);
    texts.set('1', 'a', body('one'));
    texts.set('2', 'b', body('two'));
    expect(texts.get('1')).toEqual({ version: 'a', body: body('one') });
    texts.set('3', 'c', body('three'));
    expect(texts.get('2')).toBeUndefined();
    expect(texts.get('1')?.body.toString()).toBe('one');
    expect(texts.get('3')?.body.toString()).toBe('three');
    expect(texts.size).toBe(2);
    const none = new KeptAnswers(0);
    expect(none.set('1', 'a', body('one')).toString()).toBe('one');
    expect(none.get('1')).toBeUndefined();
  });
});
