/**
 * A feed batch's statements (feed-batch.ts): the opening one checks the lease's fence and
 * locks the batch's games, committing without waiting for the disk only when asked, writes
 * the prices given (nothing when the fence refuses) and reads the newest list cards; the
 * prices of many games' markets and outcomes are written in one statement, and a row
 * already as given is left as it was.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { createDb, type Database } from '@betsite/db';
import { describeEachDb } from '@betsite/db/testing';
import { SimulatedFeed, type FeedGameSnapshot, type FeedMarketOdds } from '@betsite/feed';
import { openBatch, writeOdds } from './feed-batch.ts';
import { FeedLease, LeaseLostError } from './lease.ts';
import { refreshListRows } from './list-rows.ts';
import { coefOf, priceOf } from './rows.ts';
import { ensureSports, upsertCatalogue, upsertGame } from './store.ts';

/** A game id no game has. */
const NO_GAME = 2_000_000_000;

/** Saturday 15 March 2025, 10:00 UTC: several sports are playing. */
const SATURDAY = Date.UTC(2025, 2, 15, 10, 0, 0);

interface Loaded {
  games: { id: number; snapshot: FeedGameSnapshot }[];
}

async function loadGames(db: Kysely<Database>, count: number): Promise<Loaded> {
  const feed = new SimulatedFeed({ seed: 3, clock: { now: () => SATURDAY }, days: 1 });
  await ensureSports(db);
  const ids = await upsertCatalogue(db, feed.name, await feed.catalogue());
  const snapshot = await feed.snapshot();
  const games: Loaded['games'] = [];
  for (const game of snapshot.games.slice(0, count)) {
    const refs = { champId: ids.champs.get(game.game.champId)!, homeTeamId: ids.teams.get(game.game.homeTeamId)!, awayTeamId: ids.teams.get(game.game.awayTeamId)! };
    const { id } = await upsertGame(db, feed.name, game.game, game.markets, refs);
    games.push({ id, snapshot: game });
  }
  return { games };
}

async function pricesOf(db: Kysely<Database>, gameIds: readonly number[]) {
  const rows = await db.selectFrom('outcomes').select(['game_id', 'key', 'price', 'blocked', sql<string>`xmin::text`.as('version')]).where('game_id', 'in', gameIds).execute();
  return new Map(rows.map((r) => [`${r.game_id}|${r.key}`, r]));
}

describeEachDb('feed batch statements', (ctx) => {
  let loaded: Loaded;
  beforeAll(async () => {
    loaded = await loadGames(ctx.db, 3);
  });

  it("writes many games' markets and outcomes in one statement, leaving rows already as given", async () => {
    const [a, b] = loaded.games;
    const ids = [a!.id, b!.id];
    const before = await pricesOf(ctx.db, ids);
    // Game a: its first market blocked and every price moved; game b: its second market sent as it is.
    const [moved, same] = [a!.snapshot.markets[0]!, b!.snapshot.markets[1]!];
    const movedOdds: FeedMarketOdds = { key: moved.key, blocked: true, outcomes: moved.outcomes.map((o, i) => ({ key: o.key, blocked: i === 0, coef: coefOf(priceOf(o.coef) + 10 + i) })) };
    const sameOdds: FeedMarketOdds = { key: same.key, blocked: same.blocked, outcomes: same.outcomes.map((o) => ({ key: o.key, blocked: o.blocked, coef: o.coef })) };
    await ctx.db.transaction().execute((trx) =>
      writeOdds(trx, [
        { gameId: a!.id, markets: [movedOdds] },
        { gameId: b!.id, markets: [sameOdds] },
      ]),
    );

    const after = await pricesOf(ctx.db, ids);
    for (const [i, outcome] of movedOdds.outcomes.entries()) {
      const row = after.get(`${a!.id}|${outcome.key}`);
      expect(row).toMatchObject({ price: priceOf(moved.outcomes[i]!.coef) + 10 + i, blocked: i === 0 });
      expect(row?.version).not.toBe(before.get(`${a!.id}|${outcome.key}`)?.version);
    }
    // Unchanged rows keep their version: nothing was written to them.
    for (const outcome of sameOdds.outcomes) expect(after.get(`${b!.id}|${outcome.key}`)).toEqual(before.get(`${b!.id}|${outcome.key}`));
    const untouched = [...before].filter(([key]) => !movedOdds.outcomes.some((o) => key === `${a!.id}|${o.key}`));
    for (const [key, row] of untouched) expect(after.get(key)).toEqual(row);
    const markets = await ctx.db.selectFrom('markets').select(['game_id', 'key', 'blocked']).where('game_id', 'in', ids).where('key', 'in', [moved.key, same.key]).execute();
    expect(markets.find((m) => m.game_id === a!.id && m.key === moved.key)?.blocked).toBe(true);
    expect(markets.find((m) => m.game_id === b!.id && m.key === same.key)?.blocked).toBe(same.blocked);
  });

  it('writes nothing for no markets', async () => {
    const before = await pricesOf(ctx.db, [loaded.games[2]!.id]);
    await ctx.db.transaction().execute((trx) => writeOdds(trx, [{ gameId: loaded.games[2]!.id, markets: [] }]));
    expect(await pricesOf(ctx.db, [loaded.games[2]!.id])).toEqual(before);
  });

  it('commits without waiting for the disk only when the batch is not durable', async () => {
    const mode = (durable: boolean) =>
      ctx.db.transaction().execute(async (trx) => {
        await openBatch(trx, { fence: null, gameIds: [], durable });
        return (await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(trx)).rows[0]?.synchronous_commit;
      });
    expect(await mode(false)).toBe('off');
    expect(await mode(true)).toBe('on');
  });

  it("refuses the batch under a fence the lease has moved past, and passes under the holder's", async () => {
    const first = new FeedLease(ctx.db, 'batch-test', 60_000);
    expect(await first.acquire()).toBe(true);
    const held = first.fence(() => undefined);
    const gameIds = loaded.games.map((g) => g.id);
    await ctx.db.transaction().execute((trx) => openBatch(trx, { fence: held, gameIds, durable: false }));
    // The lease expires and another node takes it over: the first node's fence is stale.
    await ctx.db.updateTable('feed_cursors').set({ lease_until: new Date(Date.now() - 1000) }).where('provider', '=', 'batch-test').execute();
    const second = new FeedLease(ctx.db, 'batch-test', 60_000);
    expect(await second.acquire()).toBe(true);
    await expect(ctx.db.transaction().execute((trx) => openBatch(trx, { fence: held, gameIds, durable: false }))).rejects.toBeInstanceOf(LeaseLostError);
    await ctx.db.transaction().execute((trx) => openBatch(trx, { fence: second.fence(() => undefined), gameIds, durable: false }));
  });

  it('writes the prices given with the opening, and answers the list cards of the games asked for', async () => {
    const [a, b] = loaded.games;
    await refreshListRows(ctx.db, [a!.id, b!.id]);
    const market = a!.snapshot.markets.find((m, i) => i > 0 && m.outcomes.every((o) => o.coef > 1 && o.coef < 100))!;
    const odds: FeedMarketOdds = { key: market.key, blocked: false, outcomes: market.outcomes.map((o, i) => ({ key: o.key, blocked: false, coef: coefOf(priceOf(o.coef) + 20 + i) })) };
    const cards = await ctx.db.transaction().execute((trx) => openBatch(trx, { fence: null, gameIds: [a!.id], durable: false, odds: [{ gameId: a!.id, markets: [odds] }], cardsOf: [b!.id, a!.id, NO_GAME] }));
    const rows = await ctx.db.selectFrom('line_list_rows').select(['game_id', 'card']).where('game_id', 'in', [a!.id, b!.id]).execute();
    expect(cards).toEqual(new Map([...rows.map((r) => [r.game_id, r.card] as const), [NO_GAME, null]]));
    const after = await pricesOf(ctx.db, [a!.id]);
    for (const [i, outcome] of odds.outcomes.entries()) expect(after.get(`${a!.id}|${outcome.key}`)?.price).toBe(priceOf(market.outcomes[i]!.coef) + 20 + i);
  });

  it('writes nothing of a batch refused by the fence', async () => {
    const first = new FeedLease(ctx.db, 'refused-test', 60_000);
    expect(await first.acquire()).toBe(true);
    const stale = first.fence(() => undefined);
    await ctx.db.updateTable('feed_cursors').set({ lease_until: new Date(Date.now() - 1000) }).where('provider', '=', 'refused-test').execute();
    expect(await new FeedLease(ctx.db, 'refused-test', 60_000).acquire()).toBe(true);
    const [, , c] = loaded.games;
    const before = await pricesOf(ctx.db, [c!.id]);
    const market = c!.snapshot.markets.find((m) => m.outcomes.every((o) => o.coef > 1 && o.coef < 100))!;
    const odds: FeedMarketOdds = { key: market.key, blocked: true, outcomes: market.outcomes.map((o) => ({ key: o.key, blocked: true, coef: coefOf(priceOf(o.coef) + 30) })) };
    await expect(ctx.db.transaction().execute((trx) => openBatch(trx, { fence: stale, gameIds: [c!.id], durable: false, odds: [{ gameId: c!.id, markets: [odds] }] }))).rejects.toBeInstanceOf(LeaseLostError);
    expect(await pricesOf(ctx.db, [c!.id])).toEqual(before);
  });

  if (ctx.kind === 'postgres') {
    describe('on PostgreSQL, with a second connection', () => {
      it('reads the newest card of a game, even one committed while it waited for the game', async () => {
        const [a] = loaded.games;
        await refreshListRows(ctx.db, [a!.id]);
        const other = await createDb({ databaseUrl: ctx.handle.url! });
        try {
          let release!: () => void;
          const held = new Promise<void>((resolve) => (release = resolve));
          let written!: () => void;
          const changed = new Promise<void>((resolve) => (written = resolve));
          const marker = JSON.stringify({ id: a!.id, changedBy: 'another node' });
          // Another node's change of the game: the game locked, its card written, not yet committed.
          const change = other.db.transaction().execute(async (trx) => {
            await sql`select id from games where id = ${a!.id} for no key update`.execute(trx);
            await sql`update line_list_rows set card = ${marker} where game_id = ${a!.id}`.execute(trx);
            written();
            await held;
          });
          await changed;
          const opening = ctx.db.transaction().execute((trx) => openBatch(trx, { fence: null, gameIds: [a!.id], durable: false, cardsOf: [a!.id] }));
          await new Promise((resolve) => setTimeout(resolve, 150));
          release();
          await change;
          expect((await opening).get(a!.id)).toBe(marker);
        } finally {
          await other.close();
        }
      });

      it("locks the batch's games and the lease row until the transaction ends", async () => {
        const lease = new FeedLease(ctx.db, 'lock-test', 60_000);
        expect(await lease.acquire()).toBe(true);
        const other = await createDb({ databaseUrl: ctx.handle.url! });
        try {
          const [a, b, c] = loaded.games.map((g) => g.id);
          const free = async () => ({
            games: (await sql<{ id: number }>`select id from games where id in (${a}, ${b}, ${c}) for no key update skip locked`.execute(other.db)).rows.map((r) => r.id).sort((x, y) => x - y),
            lease: (await sql<{ provider: string }>`select provider from feed_cursors where provider = 'lock-test' for update skip locked`.execute(other.db)).rows.length,
          });
          await ctx.db.transaction().execute(async (trx) => {
            await openBatch(trx, { fence: lease.fence(() => undefined), gameIds: [c!, a!, a!], durable: false });
            expect(await free()).toEqual({ games: [b], lease: 0 });
          });
          expect(await free()).toEqual({ games: [a!, b!, c!].sort((x, y) => x - y), lease: 1 });
        } finally {
          await other.close();
        }
      });
    });
  }
});
