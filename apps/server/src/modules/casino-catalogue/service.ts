/**
 * The casino catalogue (issue 13, decision 0024): what the lobby lists, a player's favorites
 * and recently played games, the launch check, and the operator's writes.
 *
 * Visible: enabled and not hidden in the request's country (a request without a known country
 * sees every enabled game). A game that is not visible is answered like an unknown one.
 * Titles and descriptions come in the asked language, English when the game has none in it.
 */
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '@betsite/db';
import {
  CasinoErrorCode,
  isSharedEngine,
  type CasinoCategoryCount,
  type CasinoEngine,
  type CasinoGameDetail,
  type CasinoGameTile,
  type CasinoLobby,
  type CasinoMy,
  type CasinoOpsCategory,
  type CasinoOpsCategoryInputSchema,
  type CasinoOpsGame,
  type CasinoOpsGameInputSchema,
  type CasinoOpsProvider,
  type CasinoOpsProviderInputSchema,
  type CasinoProviderCount,
  type CasinoLobbyFilter,
} from '@betsite/contracts';
import type { z } from 'zod';
import { AppError, sqlState } from '../../lib/errors.ts';
import type { ServerClock } from '../../lib/clock.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';

export const RECENT_KEPT = 20;
export const DEFAULT_LANGUAGE = 'en';
export const LOBBY_DEFAULT_LIMIT = 100;
/**
 * The same lobby question (filters, language, country) within this many ms shares one answer:
 * the lobby page asks on every render. An operator's write on this node clears it; other nodes
 * see it within this time. Measured on the process's own clock, not the (possibly fake) app clock.
 */
export const LOBBY_CACHE_MS = 2000;

export type LobbyFilter = CasinoLobbyFilter;

type GameInput = z.output<typeof CasinoOpsGameInputSchema>;
type CategoryInput = z.output<typeof CasinoOpsCategoryInputSchema>;
type ProviderInput = z.output<typeof CasinoOpsProviderInputSchema>;

/** What the launch path asks of the catalogue (casino-wallet's `games` option). */
export interface LaunchGames {
  /** 404 game_not_found unless visible in `country`; 422 demo_not_allowed for a demo of a real-money-only game. */
  check(gameId: string, mode: 'real' | 'demo', country: string | null): Promise<void>;
  /** Records a launch in the player's recently played (the last 20 kept). */
  played(userId: string, gameId: string): Promise<void>;
}

export const gameNotFound = () => new AppError(404, CasinoErrorCode.gameNotFound, 'No such game');

/** The columns a lobby tile and an operator's view of a game show alike. */
type GameColumns = Pick<OpsRow, 'provider_id' | 'category_id' | 'subcategories' | 'art_motif' | 'art_color1' | 'art_color2' | 'engine' | 'rtp_bp' | 'volatility' | 'min_stake' | 'max_stake' | 'demo' | 'is_new' | 'popular'>;
function gameFieldsOf(r: GameColumns) {
  return {
    provider: r.provider_id,
    category: r.category_id,
    subcategories: r.subcategories,
    art: { motif: r.art_motif, colors: [r.art_color1, r.art_color2] as [string, string] },
    engine: r.engine as CasinoEngine,
    rtp: rtpText(r.rtp_bp),
    volatility: r.volatility,
    minStake: r.min_stake.toString(),
    maxStake: r.max_stake.toString(),
    demo: r.demo,
    isNew: r.is_new,
    popular: r.popular,
    shared: isSharedEngine(r.engine),
  };
}

/** 9619 → "96.19". */
export function rtpText(bp: number): string {
  return `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;
}
/** "96.19" → 9619 (the contract allows two decimals only). */
export function rtpBasisPoints(rtp: string): number {
  const [whole = '0', frac = '00'] = rtp.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/** Every title lowercased, one per line: what `q` is looked for in (lowercased the same way, here, not by the database's locale). */
export function searchTextOf(titles: Record<string, string>): string {
  return Object.values(titles)
    .map((t) => t.toLowerCase())
    .join('\n');
}

type Db = Kysely<Database>;

export function createCasinoCatalogue({ db, clock, lobbyCacheMs = LOBBY_CACHE_MS }: { db: Db; clock: ServerClock; lobbyCacheMs?: number }) {
  const lobbies = new TtlCache<CasinoLobby>(lobbyCacheMs, 1000);
  const changed = () => lobbies.clear();
  /** Visible in `country`: enabled, and not hidden there. */
  const visible = (country: string | null): Expression<SqlBool> =>
    country === null ? sql<SqlBool>`g.enabled` : sql<SqlBool>`g.enabled and not (g.hidden_countries @> ${JSON.stringify([country])}::jsonb)`;
  const inCategory = (category: string): Expression<SqlBool> =>
    sql<SqlBool>`(g.category_id = ${category} or g.subcategories @> ${JSON.stringify([category])}::jsonb)`;
  const matches = (q: string): Expression<SqlBool> => sql<SqlBool>`position(${q.toLowerCase()} in g.search_text) > 0`;
  const titleIn = (lang: string) => sql<string>`coalesce(g.titles->>${lang}, g.titles->>'en', g.id)`;

  const tiles = (lang: string) =>
    db
      .selectFrom('casino_games as g')
      .innerJoin('casino_providers as p', 'p.id', 'g.provider_id')
      .select([
        'g.id',
        'g.provider_id',
        'p.name as provider_name',
        'g.category_id',
        'g.subcategories',
        titleIn(lang).as('title'),
        'g.art_motif',
        'g.art_color1',
        'g.art_color2',
        'g.engine',
        'g.rtp_bp',
        'g.volatility',
        'g.min_stake',
        'g.max_stake',
        'g.demo',
        'g.is_new',
        'g.popular',
      ]);
  type TileRow = Awaited<ReturnType<ReturnType<typeof tiles>['execute']>>[number];
  const tileOf = (r: TileRow): CasinoGameTile => ({ id: r.id, providerName: r.provider_name, title: r.title, ...gameFieldsOf(r) });

  const opsGameOf = (r: OpsRow): CasinoOpsGame => ({
    id: r.id,
    titles: r.titles,
    descriptions: r.descriptions,
    popularity: r.popularity,
    hiddenCountries: r.hidden_countries,
    enabled: r.enabled,
    createdAt: r.created_at.getTime(),
    ...gameFieldsOf(r),
  });

  async function lobby(filter: LobbyFilter, country: string | null): Promise<CasinoLobby> {
    const lang = filter.lang ?? DEFAULT_LANGUAGE;
    const sort = filter.sort ?? 'popular';
    const where = (opts: { category: boolean; provider: boolean }) => {
      const parts: Expression<SqlBool>[] = [visible(country)];
      if (filter.q) parts.push(matches(filter.q));
      if (opts.category && filter.category) parts.push(inCategory(filter.category));
      if (opts.provider && filter.provider) parts.push(sql<SqlBool>`g.provider_id = ${filter.provider}`);
      return sql<SqlBool>`${sql.join(parts, sql` and `)}`;
    };
    const all = where({ category: true, provider: true });
    let page = tiles(lang).where(all);
    page =
      sort === 'new'
        ? page.orderBy('g.created_at', 'desc').orderBy('g.id')
        : sort === 'az'
          ? page.orderBy(sql`lower(${titleIn(lang)})`).orderBy('g.id')
          : page.orderBy('g.popularity').orderBy('g.id');
    const [rows, total, categories, providers] = await Promise.all([
      page
        .limit(filter.limit ?? LOBBY_DEFAULT_LIMIT)
        .offset(filter.offset ?? 0)
        .execute(),
      db
        .selectFrom('casino_games as g')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where(all)
        .executeTakeFirstOrThrow(),
      categoryCounts(lang, where({ category: false, provider: true })),
      providerCounts(where({ category: true, provider: false })),
    ]);
    return { games: rows.map(tileOf), total: Number(total.n), categories, providers };
  }

  /** Every category with the games of `where` in it (its own or as a subcategory). */
  async function categoryCounts(lang: string, where: Expression<SqlBool>): Promise<CasinoCategoryCount[]> {
    const { rows } = await sql<{ id: string; title: string; n: string }>`
      select c.id, coalesce(c.titles->>${lang}, c.titles->>'en', c.id) as title,
        (select count(*) from casino_games g where ${where} and (g.category_id = c.id or g.subcategories @> jsonb_build_array(c.id))) as n
      from casino_categories c order by c.position, c.id`.execute(db);
    return rows.map((r) => ({ id: r.id, title: r.title, count: Number(r.n) }));
  }

  async function providerCounts(where: Expression<SqlBool>): Promise<CasinoProviderCount[]> {
    const { rows } = await sql<{ id: string; name: string; n: string }>`
      select p.id, p.name, (select count(*) from casino_games g where ${where} and g.provider_id = p.id) as n
      from casino_providers p order by p.position, p.id`.execute(db);
    return rows.map((r) => ({ id: r.id, name: r.name, count: Number(r.n) }));
  }

  async function visibleGame(gameId: string, country: string | null) {
    return db.selectFrom('casino_games as g').select(['g.id', 'g.demo']).where('g.id', '=', gameId).where(visible(country)).executeTakeFirst();
  }

  return {
    async lobby(filter: LobbyFilter, country: string | null): Promise<CasinoLobby> {
      const key = JSON.stringify([filter.category, filter.provider, filter.q?.toLowerCase(), filter.sort, filter.limit, filter.offset, filter.lang, country]);
      const cached = lobbies.get(key, performance.now());
      if (cached) return cached;
      const answer = await lobby(filter, country);
      lobbies.set(key, answer, performance.now());
      return answer;
    },

    async game(gameId: string, lang: string | undefined, country: string | null): Promise<CasinoGameDetail> {
      const language = lang ?? DEFAULT_LANGUAGE;
      const row = await tiles(language)
        .select(sql<string>`coalesce(g.descriptions->>${language}, g.descriptions->>'en', '')`.as('description'))
        .where('g.id', '=', gameId)
        .where(visible(country))
        .executeTakeFirst();
      if (!row) throw gameNotFound();
      return { ...tileOf(row), description: row.description };
    },

    async providers(country: string | null): Promise<CasinoProviderCount[]> {
      return providerCounts(visible(country));
    },

    async my(userId: string, lang: string | undefined, country: string | null): Promise<CasinoMy> {
      const language = lang ?? DEFAULT_LANGUAGE;
      const [favorites, recent] = await Promise.all([
        tiles(language)
          .innerJoin('casino_favorites as f', 'f.game_id', 'g.id')
          .where('f.user_id', '=', userId)
          .where(visible(country))
          .orderBy('f.created_at', 'desc')
          .orderBy('g.id')
          .execute(),
        tiles(language)
          .innerJoin('casino_recent as r', 'r.game_id', 'g.id')
          .where('r.user_id', '=', userId)
          .where(visible(country))
          .orderBy('r.played_at', 'desc')
          .orderBy('g.id')
          .limit(RECENT_KEPT)
          .execute(),
      ]);
      return { favorites: favorites.map(tileOf), recent: recent.map(tileOf) };
    },

    /** Idempotent; a game the player cannot see is not found. */
    async addFavorite(userId: string, gameId: string, country: string | null): Promise<void> {
      if (!(await visibleGame(gameId, country))) throw gameNotFound();
      try {
        await db
          .insertInto('casino_favorites')
          .values({ user_id: userId, game_id: gameId, created_at: new Date(clock.now()) })
          .onConflict((oc) => oc.columns(['user_id', 'game_id']).doNothing())
          .execute();
      } catch (error) {
        // The game deleted in between.
        if (sqlState(error) === '23503') throw gameNotFound();
        throw error;
      }
    },

    /** Idempotent; only an unknown game is not found (a favorite of a game hidden since can still go). */
    async removeFavorite(userId: string, gameId: string): Promise<void> {
      const game = await db.selectFrom('casino_games').select('id').where('id', '=', gameId).executeTakeFirst();
      if (!game) throw gameNotFound();
      await db.deleteFrom('casino_favorites').where('user_id', '=', userId).where('game_id', '=', gameId).execute();
    },

    launch: {
      async check(gameId, mode, country) {
        const game = await visibleGame(gameId, country);
        if (!game) throw gameNotFound();
        if (mode === 'demo' && !game.demo) throw new AppError(422, CasinoErrorCode.demoNotAllowed, 'This game is played for real money only');
      },
      async played(userId, gameId) {
        await db
          .insertInto('casino_recent')
          .values({ user_id: userId, game_id: gameId, played_at: new Date(clock.now()) })
          .onConflict((oc) => oc.columns(['user_id', 'game_id']).doUpdateSet({ played_at: (eb) => eb.ref('excluded.played_at') }))
          .execute();
        // Keeps the last RECENT_KEPT launches.
        await sql`delete from casino_recent where user_id = ${userId} and game_id not in (
            select game_id from casino_recent where user_id = ${userId} order by played_at desc, game_id limit ${RECENT_KEPT})`.execute(db);
      },
    } satisfies LaunchGames,

    // ------------------------------------------------------------ operator

    async opsGames(): Promise<CasinoOpsGame[]> {
      const rows = await db.selectFrom('casino_games').selectAll().orderBy('popularity').orderBy('id').execute();
      return rows.map(opsGameOf);
    },

    /** A game as stored, whatever its visibility (null when unknown): the game server reads its engine and stakes here. */
    async gameById(gameId: string): Promise<CasinoOpsGame | null> {
      const row = await db.selectFrom('casino_games').selectAll().where('id', '=', gameId).executeTakeFirst();
      return row ? opsGameOf(row) : null;
    },

    /** Creates or replaces a game (its creation time kept). */
    async putGame(id: string, input: GameInput): Promise<CasinoOpsGame> {
      const [provider, category] = await Promise.all([
        db.selectFrom('casino_providers').select('id').where('id', '=', input.provider).executeTakeFirst(),
        db.selectFrom('casino_categories').select('id').where('id', '=', input.category).executeTakeFirst(),
      ]);
      if (!provider) throw new AppError(422, CasinoErrorCode.providerNotFound, `No provider ${input.provider}`);
      if (!category) throw new AppError(422, CasinoErrorCode.categoryNotFound, `No category ${input.category}`);
      const values = gameValues(input);
      try {
        const row = await db
          .insertInto('casino_games')
          .values({ id, ...values, created_at: new Date(clock.now()) })
          .onConflict((oc) => oc.column('id').doUpdateSet(values))
          .returningAll()
          .executeTakeFirstOrThrow();
        changed();
        return opsGameOf(row);
      } catch (error) {
        // The provider or category deleted in between.
        if (sqlState(error) === '23503') throw new AppError(422, CasinoErrorCode.providerNotFound, 'The provider or category is gone');
        throw error;
      }
    },

    /** Its favorites and recently played entries go with it. */
    async deleteGame(id: string): Promise<boolean> {
      const res = await db.deleteFrom('casino_games').where('id', '=', id).executeTakeFirst();
      changed();
      return res.numDeletedRows > 0n;
    },

    async putCategory(id: string, input: CategoryInput): Promise<CasinoOpsCategory> {
      const values = { titles: JSON.stringify(input.titles), position: input.position };
      const row = await db
        .insertInto('casino_categories')
        .values({ id, ...values, created_at: new Date(clock.now()) })
        .onConflict((oc) => oc.column('id').doUpdateSet(values))
        .returning(['id', 'titles', 'position'])
        .executeTakeFirstOrThrow();
      changed();
      return row;
    },

    async putProvider(id: string, input: ProviderInput): Promise<CasinoOpsProvider> {
      const values = { name: input.name, position: input.position };
      const row = await db
        .insertInto('casino_providers')
        .values({ id, ...values, created_at: new Date(clock.now()) })
        .onConflict((oc) => oc.column('id').doUpdateSet(values))
        .returning(['id', 'name', 'position'])
        .executeTakeFirstOrThrow();
      changed();
      return row;
    },
  };
}

/** A casino_games row as selected. */
type OpsRow = {
  id: string;
  provider_id: string;
  category_id: string;
  subcategories: string[];
  titles: Record<string, string>;
  descriptions: Record<string, string>;
  art_motif: string;
  art_color1: string;
  art_color2: string;
  engine: string;
  rtp_bp: number;
  volatility: 'low' | 'medium' | 'high';
  min_stake: bigint;
  max_stake: bigint;
  demo: boolean;
  is_new: boolean;
  popular: boolean;
  popularity: number;
  hidden_countries: string[];
  enabled: boolean;
  created_at: Date;
};

/** A game's columns from the operator's (or the seed's) input. */
export function gameValues(input: GameInput) {
  return {
    provider_id: input.provider,
    category_id: input.category,
    subcategories: JSON.stringify(input.subcategories),
    titles: JSON.stringify(input.titles),
    descriptions: JSON.stringify(input.descriptions),
    search_text: searchTextOf(input.titles),
    art_motif: input.art.motif,
    art_color1: input.art.colors[0],
    art_color2: input.art.colors[1],
    engine: input.engine,
    rtp_bp: rtpBasisPoints(input.rtp),
    volatility: input.volatility,
    min_stake: BigInt(input.minStake),
    max_stake: BigInt(input.maxStake),
    demo: input.demo,
    is_new: input.isNew,
    popular: input.popular,
    popularity: input.popularity,
    hidden_countries: JSON.stringify([...new Set(input.hiddenCountries)]),
    enabled: input.enabled,
  };
}

export type CasinoCatalogue = ReturnType<typeof createCasinoCatalogue>;
