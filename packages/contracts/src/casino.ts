/**
 * The casino catalogue (issue 13, decision 0024): games, categories and providers as the
 * lobby shows them, the player's favorites and recently played games, and the operator's
 * catalogue endpoints.
 *
 *   GET    /web-api/casino/v1/lobby              the visible games, filtered, sorted and paged
 *   GET    /web-api/casino/v1/games/:gameId      one game with its description (404 game_not_found)
 *   GET    /web-api/casino/v1/my                 favorites and recently played (session)
 *   PUT    /web-api/casino/v1/favorites/:gameId  add a favorite (session + CSRF) → 204
 *   DELETE /web-api/casino/v1/favorites/:gameId  remove a favorite (session + CSRF) → 204
 *   GET    /web-api/casino/v1/providers          providers with their visible game counts
 *   GET    /ops-api/v1/casino/games              every game, as stored (operator)
 *   GET|PUT|DELETE /ops-api/v1/casino/games/:id  one game (PUT creates or replaces)
 *   PUT    /ops-api/v1/casino/categories/:id     a category's titles and position
 *   PUT    /ops-api/v1/casino/providers/:id      a provider's name and position
 *
 * Visibility: a game is shown when it is enabled and not hidden in the request's country
 * (the trusted country header); a hidden game is answered like an unknown one (404), and its
 * launch too. Titles come in the asked language (`lang`), English when it has none.
 * Money (stakes) is integer minor units as decimal strings; RTP a percentage with two decimals.
 */
import { z } from 'zod';
import { ApiErrorSchema } from './errors.ts';
import type { ApiOperation } from './operations.ts';
import { text } from './text.ts';
import { CasinoGameIdSchema, CasinoProviderSchema, MinorUnitsSchema } from './casino-wallet.ts';

const BASE = '/web-api/casino/v1';
const OPS = '/ops-api/v1/casino';

export const CASINO_API = {
  base: BASE,
  lobby: `${BASE}/lobby`,
  game: `${BASE}/games/:gameId`,
  my: `${BASE}/my`,
  favorite: `${BASE}/favorites/:gameId`,
  providers: `${BASE}/providers`,
  opsGames: `${OPS}/games`,
  opsGame: `${OPS}/games/:id`,
  opsCategory: `${OPS}/categories/:id`,
  opsProvider: `${OPS}/providers/:id`,
} as const;

/** A path with its `:name` parameters filled in (URI-encoded). */
export function casinoPath(path: string, params: Record<string, string>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

export const CasinoErrorCode = {
  gameNotFound: 'game_not_found',
  demoNotAllowed: 'demo_not_allowed',
  /** Ops: a game names a provider or category that does not exist. */
  providerNotFound: 'provider_not_found',
  categoryNotFound: 'category_not_found',
} as const;

/**
 * The lobby's categories (SPEC §2 casino sections). A game has one category and may list
 * others as subcategories; a `category` filter matches either.
 */
export const CASINO_CATEGORIES = [
  'slots',
  'roulette',
  'card-games',
  'video-poker',
  'poker',
  'keno',
  'bingo',
  'scratchcards',
  'crash-games',
  'fast-games',
  'tvgames',
  'virtualsports',
  'skill-games',
  'live',
] as const;
export type CasinoCategoryId = (typeof CASINO_CATEGORIES)[number];

/** Engines of our game server: the RGS dispatches a session on its game's engine. */
export const CASINO_SOLO_ENGINES = [
  'fruit-fiesta',
  'pharaohs-gold',
  'neon-nights',
  'european-roulette',
  'blackjack',
  'jacks-or-better',
  'keno',
  'dice',
  'mines',
  'scratch',
  'crash',
] as const;
/** Engines whose rounds are shared by every player on a schedule (crash, bingo rooms, TV draws, virtual sports). */
export const CASINO_SHARED_ENGINES = ['crash-live', 'bingo-90', 'tv-roulette', 'tv-keno', 'virtual-football', 'virtual-race'] as const;
export const CASINO_ENGINES = [...CASINO_SOLO_ENGINES, ...CASINO_SHARED_ENGINES] as const;
export type CasinoEngine = (typeof CASINO_ENGINES)[number];
export const CasinoEngineSchema = z.enum(CASINO_ENGINES);
export function isSharedEngine(engine: string): boolean {
  return (CASINO_SHARED_ENGINES as readonly string[]).includes(engine);
}

/** Category and subcategory ids: lowercase words joined by dashes. */
export const CasinoSlugSchema = text().regex(/^[a-z0-9-]{1,40}$/, 'an id: 1 to 40 of a-z 0-9 -');
export const CasinoLanguageSchema = text().regex(/^[a-z]{2}$/, 'a language like en');
export const CasinoVolatilitySchema = z.enum(['low', 'medium', 'high']);
export type CasinoVolatility = z.infer<typeof CasinoVolatilitySchema>;
/** RTP as a percentage with two decimals: "96.19". */
export const CasinoRtpSchema = text().regex(/^(100\.00|\d{1,2}\.\d{2})$/, 'an RTP like 96.19');
const ColorSchema = text().regex(/^#[0-9a-f]{6}$/, "a colour like '#1a2b3c'");

/** Our generated thumbnail art: a motif the web draws as SVG, in two colours. */
export const CasinoArtSchema = z
  .object({
    /** fruit, pyramid, neon, wheel, cards, poker, balls, dice, gem, rocket, ticket, bingo, football, horse, tv, fish, dragon… */
    motif: text().regex(/^[a-z-]{1,30}$/, 'a motif: 1 to 30 of a-z -'),
    colors: z.tuple([ColorSchema, ColorSchema]),
  })
  .strict();
export type CasinoArt = z.infer<typeof CasinoArtSchema>;

/** What a lobby tile and the operator's view of a game show alike. */
const GameFacts = {
  provider: CasinoProviderSchema,
  category: CasinoSlugSchema,
  subcategories: z.array(CasinoSlugSchema),
  art: CasinoArtSchema,
  engine: CasinoEngineSchema,
  rtp: CasinoRtpSchema,
  volatility: CasinoVolatilitySchema,
  minStake: MinorUnitsSchema,
  maxStake: MinorUnitsSchema,
  /** Whether a demo (fun money) launch is allowed. */
  demo: z.boolean(),
  isNew: z.boolean(),
  popular: z.boolean(),
  /** A scheduled round shared by every player (crash-live, bingo, TV games, virtual sports). */
  shared: z.boolean(),
};

export const CasinoGameTileSchema = z.object({
  id: CasinoGameIdSchema,
  providerName: text(),
  /** In the asked language, English when the game has no title in it. */
  title: text(),
  ...GameFacts,
});
export type CasinoGameTile = z.infer<typeof CasinoGameTileSchema>;

export const CasinoGameDetailSchema = CasinoGameTileSchema.extend({
  /** In the asked language, English fallback. */
  description: text(),
});
export type CasinoGameDetail = z.infer<typeof CasinoGameDetailSchema>;

export const CasinoCategoryCountSchema = z.object({ id: CasinoSlugSchema, title: text(), count: z.number().int() });
export type CasinoCategoryCount = z.infer<typeof CasinoCategoryCountSchema>;
export const CasinoProviderCountSchema = z.object({ id: CasinoProviderSchema, name: text(), count: z.number().int() });
export type CasinoProviderCount = z.infer<typeof CasinoProviderCountSchema>;

// ---------------------------------------------------------------- the public lobby

export const CASINO_SORTS = ['popular', 'new', 'az'] as const;
export const CasinoSortSchema = z.enum(CASINO_SORTS);
export type CasinoSort = z.infer<typeof CasinoSortSchema>;
export const CASINO_LOBBY_PAGE_MAX = 500;

/** An empty query value counts as absent (`?q=` from a search box). */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
const LangQuery = { lang: optional(CasinoLanguageSchema) };

export const CasinoLobbyQuerySchema = z
  .object({
    /** A category id, matching a game's category or one of its subcategories. */
    category: optional(CasinoSlugSchema),
    provider: optional(CasinoProviderSchema),
    /** Search as you type: part of a title in any language, case-insensitive, 2 to 64 characters. */
    q: optional(text().trim().min(2).max(64)),
    sort: optional(CasinoSortSchema),
    limit: optional(z.coerce.number().int().min(1).max(CASINO_LOBBY_PAGE_MAX)),
    offset: optional(z.coerce.number().int().min(0).max(100_000)),
    ...LangQuery,
  })
  .strict();
export type CasinoLobbyQuery = z.input<typeof CasinoLobbyQuerySchema>;
/** A lobby question as the server reads it (and the web asks it). */
export type CasinoLobbyFilter = z.output<typeof CasinoLobbyQuerySchema>;

/**
 * `games`: the page; `total`: all matches. `categories` count the visible games matching
 * `q` and `provider` per category (a game counts under its category and each subcategory that
 * is a category); `providers` count those matching `q` and `category` — so the tabs and the
 * provider filter show what picking them would give.
 */
export const CasinoLobbySchema = z.object({
  games: z.array(CasinoGameTileSchema),
  total: z.number().int(),
  categories: z.array(CasinoCategoryCountSchema),
  providers: z.array(CasinoProviderCountSchema),
});
export type CasinoLobby = z.infer<typeof CasinoLobbySchema>;

export const CasinoLangQuerySchema = z.object(LangQuery).strict();
export const CasinoGameParamsSchema = z.object({ gameId: CasinoGameIdSchema });

/** Favorites newest first; recent: the last 20 games launched, newest first. */
export const CasinoMySchema = z.object({ favorites: z.array(CasinoGameTileSchema), recent: z.array(CasinoGameTileSchema) });
export type CasinoMy = z.infer<typeof CasinoMySchema>;

export const CasinoProvidersSchema = z.object({ providers: z.array(CasinoProviderCountSchema) });
export type CasinoProviders = z.infer<typeof CasinoProvidersSchema>;

// ---------------------------------------------------------------- operator

const CountrySchema = text().regex(/^[A-Z]{2}$/, 'a country like DE');
/** Texts per language; English is required (the fallback). */
const PerLanguageSchema = (max: number) =>
  z
    .record(CasinoLanguageSchema, text().trim().min(1).max(max))
    .refine((v) => typeof v.en === 'string', { message: 'an English (en) text is required' });

export const CasinoOpsGameInputSchema = z
  .object({
    provider: CasinoProviderSchema,
    category: CasinoSlugSchema,
    subcategories: z.array(CasinoSlugSchema).max(20).default([]),
    titles: PerLanguageSchema(80),
    descriptions: PerLanguageSchema(2000),
    art: CasinoArtSchema,
    engine: CasinoEngineSchema,
    rtp: CasinoRtpSchema,
    volatility: CasinoVolatilitySchema,
    minStake: MinorUnitsSchema.refine((v) => v !== '0', 'must be more than 0'),
    maxStake: MinorUnitsSchema,
    demo: z.boolean(),
    isNew: z.boolean().default(false),
    popular: z.boolean().default(false),
    /** Lower first in the popular sort. */
    popularity: z.number().int().min(0).max(1_000_000).default(1000),
    hiddenCountries: z.array(CountrySchema).max(250).default([]),
    enabled: z.boolean().default(true),
  })
  .strict()
  .refine((g) => BigInt(g.minStake) <= BigInt(g.maxStake), { message: 'minStake must not exceed maxStake', path: ['maxStake'] });
export type CasinoOpsGameInput = z.input<typeof CasinoOpsGameInputSchema>;

export const CasinoOpsGameSchema = z.object({
  id: CasinoGameIdSchema,
  titles: z.record(text(), text()),
  descriptions: z.record(text(), text()),
  popularity: z.number().int(),
  hiddenCountries: z.array(text()),
  enabled: z.boolean(),
  /** Epoch milliseconds; the `new` sort is newest first. */
  createdAt: z.number().int(),
  ...GameFacts,
});
export type CasinoOpsGame = z.infer<typeof CasinoOpsGameSchema>;
export const CasinoOpsGamesSchema = z.object({ games: z.array(CasinoOpsGameSchema) });
export type CasinoOpsGames = z.infer<typeof CasinoOpsGamesSchema>;

export const CasinoOpsCategoryInputSchema = z
  .object({ titles: PerLanguageSchema(60), position: z.number().int().min(0).max(10_000).default(100) })
  .strict();
export type CasinoOpsCategoryInput = z.input<typeof CasinoOpsCategoryInputSchema>;
export const CasinoOpsCategorySchema = z.object({ id: CasinoSlugSchema, titles: z.record(text(), text()), position: z.number().int() });
export type CasinoOpsCategory = z.infer<typeof CasinoOpsCategorySchema>;

export const CasinoOpsProviderInputSchema = z
  .object({ name: text().trim().min(1).max(60), position: z.number().int().min(0).max(10_000).default(100) })
  .strict();
export type CasinoOpsProviderInput = z.input<typeof CasinoOpsProviderInputSchema>;
export const CasinoOpsProviderSchema = z.object({ id: CasinoProviderSchema, name: text(), position: z.number().int() });
export type CasinoOpsProvider = z.infer<typeof CasinoOpsProviderSchema>;
export const CasinoOpsGameParamsSchema = z.object({ id: CasinoGameIdSchema });
export const CasinoOpsCategoryParamsSchema = z.object({ id: CasinoSlugSchema });
export const CasinoOpsProviderParamsSchema = z.object({ id: CasinoProviderSchema });

// ---------------------------------------------------------------- docs

const E = ApiErrorSchema;
export const CASINO_OPERATIONS: readonly ApiOperation[] = [
  {
    method: 'GET', path: CASINO_API.lobby, summary: 'Casino lobby: games, category and provider counts', tag: 'casino', auth: 'public',
    description: 'Enabled games not hidden in the request country. `category` matches a category or subcategory; `q` a title in any language (2+ characters); sort popular (default), new, az; limit ≤ 500 (default 100).',
    query: CasinoLobbyQuerySchema, responses: { 200: CasinoLobbySchema, 400: E },
  },
  {
    method: 'GET', path: CASINO_API.game, summary: 'A casino game with its description', tag: 'casino', auth: 'public',
    query: CasinoLangQuerySchema, params: CasinoGameParamsSchema, responses: { 200: CasinoGameDetailSchema, 400: E, 404: E },
  },
  {
    method: 'GET', path: CASINO_API.my, summary: "The player's favorite and recently played games", tag: 'casino', auth: 'player',
    query: CasinoLangQuerySchema, responses: { 200: CasinoMySchema, 400: E, 401: E },
  },
  {
    method: 'PUT', path: CASINO_API.favorite, summary: 'Add a favorite game', tag: 'casino', auth: 'player',
    description: 'Idempotent. 404 game_not_found for an unknown or hidden game.',
    params: CasinoGameParamsSchema, responses: { 204: null, 400: E, 401: E, 403: E, 404: E },
  },
  {
    method: 'DELETE', path: CASINO_API.favorite, summary: 'Remove a favorite game', tag: 'casino', auth: 'player',
    description: 'Idempotent. 404 game_not_found for an unknown game.',
    params: CasinoGameParamsSchema, responses: { 204: null, 400: E, 401: E, 403: E, 404: E },
  },
  {
    method: 'GET', path: CASINO_API.providers, summary: 'Casino providers with their visible game counts', tag: 'casino', auth: 'public',
    query: CasinoLangQuerySchema, responses: { 200: CasinoProvidersSchema, 400: E },
  },
  {
    method: 'GET', path: CASINO_API.opsGames, summary: 'Every casino game as stored', tag: 'casino-ops', auth: 'operator',
    responses: { 200: CasinoOpsGamesSchema, 401: E },
  },
  {
    method: 'GET', path: CASINO_API.opsGame, summary: 'A casino game as stored', tag: 'casino-ops', auth: 'operator',
    params: CasinoOpsGameParamsSchema, responses: { 200: CasinoOpsGameSchema, 400: E, 401: E, 404: E },
  },
  {
    method: 'PUT', path: CASINO_API.opsGame, summary: 'Create or replace a casino game', tag: 'casino-ops', auth: 'operator',
    description: '422 provider_not_found / category_not_found when they do not exist.',
    params: CasinoOpsGameParamsSchema, body: CasinoOpsGameInputSchema, responses: { 200: CasinoOpsGameSchema, 400: E, 401: E, 422: E },
  },
  {
    method: 'DELETE', path: CASINO_API.opsGame, summary: 'Delete a casino game (its favorites and recent entries go with it)', tag: 'casino-ops', auth: 'operator',
    params: CasinoOpsGameParamsSchema, responses: { 204: null, 400: E, 401: E, 404: E },
  },
  {
    method: 'PUT', path: CASINO_API.opsCategory, summary: 'Create or replace a casino category', tag: 'casino-ops', auth: 'operator',
    params: CasinoOpsCategoryParamsSchema, body: CasinoOpsCategoryInputSchema, responses: { 200: CasinoOpsCategorySchema, 400: E, 401: E },
  },
  {
    method: 'PUT', path: CASINO_API.opsProvider, summary: 'Create or replace a casino provider', tag: 'casino-ops', auth: 'operator',
    params: CasinoOpsProviderParamsSchema, body: CasinoOpsProviderInputSchema, responses: { 200: CasinoOpsProviderSchema, 400: E, 401: E },
  },
];
