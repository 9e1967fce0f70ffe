/**
 * The sportsbook's line API (issue 4): `/web-api/line/v1/…` for pages, the live topics that
 * keep them current, and the operator's game endpoints under `/ops-api/v1/games`.
 *
 * Ids are ours (integers); times are epoch milliseconds; a coefficient is a decimal number
 * with at most 3 decimals (the browser formats it in the player's coefficient view, SPEC §9).
 * A market and an outcome are named within their game by the domain's keys
 * (`total:match@2.5`, `total:match@2.5/over`); a selection in the bet slip is
 * `{gameId}|{outcomeKey}` (`selectionId`).
 *
 * Sections: `line` = games not started yet; `live` = games in play (status 2 or 3).
 * Time filters (SPEC §3 main header): 0 all; 1 upcoming — line: starting within the next
 * 2 hours, live: games in play that started within the last 30 minutes; 2 first period and
 * 3 second period — live games in that period (line: as 0); 6 recommended — the top games
 * (`is_top`, else the top competitions' games first).
 */
import { z } from 'zod';
import { ApiErrorSchema } from './errors.ts';
import type { ApiOperation } from './operations.ts';
import { text } from './text.ts';

export const LINE_API_BASE = '/web-api/line/v1';

export const LINE_SECTIONS = ['line', 'live'] as const;
export const LineSectionSchema = z.enum(LINE_SECTIONS);
export type LineSection = z.infer<typeof LineSectionSchema>;

export const TIME_FILTERS = [0, 1, 2, 3, 6] as const;
export const TimeFilterSchema = z.coerce
  .number()
  .int()
  .refine((v): v is (typeof TIME_FILTERS)[number] => (TIME_FILTERS as readonly number[]).includes(v), 'Time filter must be 0, 1, 2, 3 or 6');
export type TimeFilter = (typeof TIME_FILTERS)[number];

/** How long "upcoming" reaches (filter 1). */
export const UPCOMING_LINE_MS = 2 * 3_600_000;
export const UPCOMING_LIVE_MS = 30 * 60_000;

/** Error codes of the line API and the operator's game endpoints. */
export const LineErrorCode = {
  gameNotFound: 'game_not_found',
  champNotFound: 'champ_not_found',
  teamNotFound: 'team_not_found',
  sportNotFound: 'sport_not_found',
  /** An operator change names a market or outcome the game does not have (422). */
  marketNotFound: 'market_not_found',
  outcomeNotFound: 'outcome_not_found',
  /** The game already has a result: no more odds, scores or suspensions (409). */
  gameFinished: 'game_finished',
} as const;
export type LineErrorCode = (typeof LineErrorCode)[keyof typeof LineErrorCode];

const IdSchema = z.coerce.number().int().min(1).max(2_147_483_647);
export const GameIdSchema = IdSchema;
export const SportIdParamSchema = z.coerce.number().int().min(1).max(999);

/** Scores: goals, points, games, rounds — never near this. */
export const MAX_SCORE = 10_000;
export const ScoreSchema = z.object({ home: z.number().int().min(0).max(MAX_SCORE), away: z.number().int().min(0).max(MAX_SCORE) });
/** An id in a JSON body: a number, not a numeric string (queries and paths coerce theirs). */
const BodyIdSchema = z.number().int().min(1).max(2_147_483_647);
/** Times operators may give: the year 2000 to the year 2100. */
const OpsTimeSchema = z.number().int().min(Date.UTC(2000, 0, 1)).max(Date.UTC(2100, 0, 1));
export type LineScore = z.infer<typeof ScoreSchema>;

/** A coefficient: 1.01 … 1000 with at most 3 decimals. */
export const CoefSchema = z
  .number()
  .min(1.001)
  .max(1000)
  .refine((c) => Math.abs(Math.round(c * 1000) - c * 1000) < 1e-6, 'At most 3 decimals');

export const OutcomeSchema = z.object({
  key: text(),
  /** Outcome type id (coupon bet `market.typeId`). */
  typeId: z.number().int(),
  /** Domain `OutcomeKind` (`home`, `over`, `score`…). */
  kind: text(),
  line: z.number().optional(),
  score: ScoreSchema.optional(),
  /** English label ("Over 2.5", "1", "2-1"); the browser may rename by the market-name setting. */
  name: text(),
  coef: z.number(),
  blocked: z.boolean(),
  /** Settlement (SPEC §3 −2…6) once the game has a result. */
  status: z.number().int().min(-2).max(6).optional(),
});
export type LineOutcome = z.infer<typeof OutcomeSchema>;

export const MarketSchema = z.object({
  key: text(),
  /** Domain `MarketType` (`1x2`, `total`, `handicap`…). */
  type: text(),
  /** Market group id (coupon bet `market.kind`). */
  groupId: z.number().int(),
  /** Domain `ScopeId` (`match`, `p1`…). */
  scope: text(),
  param: z.number().optional(),
  name: text(),
  blocked: z.boolean(),
  outcomes: z.array(OutcomeSchema),
});
export type LineMarket = z.infer<typeof MarketSchema>;

export const LiveStateSchema = z.object({
  /** The period in play or just finished (1-based). */
  period: z.number().int().min(0),
  clock: z.object({
    /** Game-clock seconds at `at` (football: elapsed match time; elsewhere elapsed time in the period). */
    seconds: z.number().int().min(0),
    running: z.boolean(),
    /** Game seconds per real second, to run the clock between updates. */
    rate: z.number(),
    at: z.number(),
  }),
  score: ScoreSchema,
  periods: z.array(ScoreSchema),
  point: z.object({ home: text(), away: text() }).optional(),
  server: z.enum(['home', 'away']).optional(),
  stats: z.record(text(), ScoreSchema).optional(),
});
export type LineLiveState = z.infer<typeof LiveStateSchema>;

export const TeamRefSchema = z.object({ id: z.number().int(), name: text() });

/** A game as lists show it: the scoreboard and its main markets (`markets`). */
export const GameCardSchema = z.object({
  id: z.number().int(),
  /** SPEC coupon bet gamePermanentId. */
  permanentId: text(),
  sportId: z.number().int(),
  sportSlug: text(),
  champId: z.number().int(),
  champName: text(),
  countryCode: text(),
  home: TeamRefSchema,
  away: TeamRefSchema,
  startsAt: z.number(),
  /** GAME_STATUS: 1 not started, 2 live, 3 break, 4 finished, 5 cancelled. */
  status: z.number().int().min(1).max(5),
  isLive: z.boolean(),
  isFinished: z.boolean(),
  liveInLive: z.boolean(),
  /** The whole game is suspended (a goal, a dangerous moment): every outcome is locked. */
  suspended: z.boolean(),
  isTop: z.boolean(),
  /** Null before the start. */
  live: LiveStateSchema.nullable(),
  /** How many markets the game page shows. */
  marketsCount: z.number().int(),
  markets: z.array(MarketSchema),
});
export type GameCard = z.infer<typeof GameCardSchema>;

export const GameResultSchema = z.object({
  score: ScoreSchema,
  periods: z.array(ScoreSchema),
  finishedAt: z.number(),
  cancelled: z.boolean(),
});

/** A game with all its markets (game page, `game:{id}` snapshot). */
export const GameDetailSchema = GameCardSchema.extend({
  format: z.object({ periods: z.number().int(), periodMinutes: z.number().optional(), setsToWin: z.number().int().optional() }),
  result: GameResultSchema.nullable(),
});
export type GameDetail = z.infer<typeof GameDetailSchema>;

export const SportCountSchema = z.object({
  id: z.number().int(),
  slug: text(),
  name: text(),
  isCyber: z.boolean(),
  /** Games in the section (after the time filter and the player's hidden sports). */
  count: z.number().int(),
});
export type SportCount = z.infer<typeof SportCountSchema>;

export const CountrySchema = z.object({ id: z.number().int(), name: text(), code: text() });

export const ChampItemSchema = z.object({
  id: z.number().int(),
  sportId: z.number().int(),
  name: text(),
  country: CountrySchema,
  order: z.number().int(),
  count: z.number().int(),
});
export type ChampItem = z.infer<typeof ChampItemSchema>;

export const TeamItemSchema = z.object({ id: z.number().int(), sportId: z.number().int(), name: text(), country: CountrySchema });
export type TeamItem = z.infer<typeof TeamItemSchema>;

export const ResultItemSchema = z.object({
  id: z.number().int(),
  sportId: z.number().int(),
  champId: z.number().int(),
  champName: text(),
  home: TeamRefSchema,
  away: TeamRefSchema,
  startsAt: z.number(),
  finishedAt: z.number(),
  /** 4 finished, 5 cancelled. */
  status: z.number().int(),
  score: ScoreSchema,
  periods: z.array(ScoreSchema),
});
export type ResultItem = z.infer<typeof ResultItemSchema>;

// ---------------------------------------------------------------- queries and answers

export const SportsQuerySchema = z.object({ section: LineSectionSchema, filter: TimeFilterSchema.default(0) }).strict();
export const SportsResponseSchema = z.object({ section: LineSectionSchema, sports: z.array(SportCountSchema) });
export type SportsResponse = z.infer<typeof SportsResponseSchema>;

export const ChampsQuerySchema = z
  .object({ section: LineSectionSchema, sportId: SportIdParamSchema, filter: TimeFilterSchema.default(0) })
  .strict();
export const ChampsResponseSchema = z.object({ champs: z.array(ChampItemSchema) });
export type ChampsResponse = z.infer<typeof ChampsResponseSchema>;

export const GAMES_PAGE_MAX = 200;
export const GamesQuerySchema = z
  .object({
    section: LineSectionSchema,
    sportId: SportIdParamSchema.optional(),
    champId: IdSchema.optional(),
    filter: TimeFilterSchema.default(0),
    limit: z.coerce.number().int().min(1).max(GAMES_PAGE_MAX).default(50),
    offset: z.coerce.number().int().min(0).max(100_000).default(0),
  })
  .strict();
export const GamesResponseSchema = z.object({ total: z.number().int(), games: z.array(GameCardSchema) });
export type GamesResponse = z.infer<typeof GamesResponseSchema>;

export const GameResponseSchema = z.object({ game: GameDetailSchema });
export type GameResponse = z.infer<typeof GameResponseSchema>;

export const TopQuerySchema = z
  .object({ section: LineSectionSchema, limit: z.coerce.number().int().min(1).max(50).default(10) })
  .strict();

export const SearchQuerySchema = z
  .object({ q: text().trim().min(2).max(64), limit: z.coerce.number().int().min(1).max(50).default(20) })
  .strict();
export const SearchResponseSchema = z.object({
  champs: z.array(ChampItemSchema),
  teams: z.array(TeamItemSchema),
  games: z.array(GameCardSchema),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

export const TeamResponseSchema = z.object({ team: TeamItemSchema, games: z.array(GameCardSchema), results: z.array(ResultItemSchema) });
export type TeamResponse = z.infer<typeof TeamResponseSchema>;

export const ChampResponseSchema = z.object({ champ: ChampItemSchema, games: z.array(GameCardSchema), results: z.array(ResultItemSchema) });
export type ChampResponse = z.infer<typeof ChampResponseSchema>;

/** SPEC results/{type(live|zone)}: `live` — games played in the live section; `zone` — every result. */
export const RESULT_TYPES = ['live', 'zone'] as const;
export const ResultsQuerySchema = z
  .object({
    type: z.enum(RESULT_TYPES).default('zone'),
    sportId: SportIdParamSchema.optional(),
    champId: IdSchema.optional(),
    /** A UTC day (2000–2099); default the last 24 hours. */
    date: z.iso
      .date()
      .refine((d) => d >= '2000-01-01' && d < '2100-01-01', 'A day from 2000-01-01 to 2099-12-31')
      .optional(),
    limit: z.coerce.number().int().min(1).max(GAMES_PAGE_MAX).default(100),
  })
  .strict();
export const ResultsResponseSchema = z.object({
  results: z.array(ResultItemSchema),
  /** Sports with results in the period, for the filter. */
  sports: z.array(SportCountSchema),
});
export type ResultsResponse = z.infer<typeof ResultsResponseSchema>;

// ---------------------------------------------------------------- live topics

/**
 * Topic `game:{gameId}` (public). Snapshot: `GameDetail`. Delta: what changed — the
 * scoreboard, the suspension, the changed markets with all their outcomes' prices, the result.
 */
export const LINE_GAME_FAMILY = 'game';
export const GameDeltaSchema = z.object({
  gameId: z.number().int(),
  status: z.number().int().optional(),
  isLive: z.boolean().optional(),
  isFinished: z.boolean().optional(),
  live: LiveStateSchema.nullable().optional(),
  suspended: z.boolean().optional(),
  markets: z
    .array(z.object({ key: text(), blocked: z.boolean(), outcomes: z.array(z.object({ key: text(), coef: z.number(), blocked: z.boolean() })) }))
    .optional(),
  result: GameResultSchema.nullable().optional(),
  /** Settlement statuses by outcome key, with the result. */
  settlements: z.record(text(), z.number().int()).optional(),
  /** Server time of the feed event (latency measurement, clock sync). */
  at: z.number(),
});
export type GameDelta = z.infer<typeof GameDeltaSchema>;

/**
 * Topic `section:{line|live}` (public). Snapshot: `{ sports: SportCount[] }` without any
 * player's hidden sports (the browser hides them). Delta: games that entered or left the
 * section and the sports whose count changed.
 */
export const LINE_SECTION_FAMILY = 'section';
export const SectionSnapshotSchema = z.object({ sports: z.array(SportCountSchema) });
export const SectionDeltaSchema = z.object({
  added: z.array(z.number().int()),
  removed: z.array(z.number().int()),
  counts: z.array(z.object({ sportId: z.number().int(), count: z.number().int() })),
  at: z.number(),
});
export type SectionDelta = z.infer<typeof SectionDeltaSchema>;

export function selectionId(gameId: number, outcomeKey: string): string {
  return `${gameId}|${outcomeKey}`;
}
export function parseSelectionId(id: string): { gameId: number; outcomeKey: string } | null {
  const bar = id.indexOf('|');
  const gameId = Number(id.slice(0, bar));
  if (bar < 1 || !Number.isInteger(gameId) || gameId < 1) return null;
  return { gameId, outcomeKey: id.slice(bar + 1) };
}

// ---------------------------------------------------------------- operator endpoints

const NameSchema = text().trim().min(1).max(100);

/** `POST /ops-api/v1/games`: a game of our own (provider `ops`), priced by the sport's pre-match model. */
export const OpsCreateGameSchema = z
  .object({
    sportId: z.number().int().min(1).max(999),
    /** An existing champ of the sport, or the name of one to create (country "World"). */
    champId: BodyIdSchema.optional(),
    champName: NameSchema.optional(),
    home: NameSchema,
    away: NameSchema,
    /** Default: in one hour (now when `live`). */
    startsAt: OpsTimeSchema.optional(),
    /** Start it in play at once (status 2, period 1, clock 0). */
    live: z.boolean().default(false),
    isTop: z.boolean().default(false),
    liveInLive: z.boolean().default(false),
  })
  .strict()
  .refine((v) => v.champId !== undefined || v.champName !== undefined, { message: 'champId or champName is required', path: ['champId'] });
export type OpsCreateGame = z.input<typeof OpsCreateGameSchema>;

/** `PATCH /ops-api/v1/games/{id}/odds`: new prices and blocked flags. */
export const OpsSetOddsSchema = z
  .object({
    outcomes: z
      .array(z.object({ key: text().min(1).max(128), coef: CoefSchema.optional(), blocked: z.boolean().optional() }).strict())
      .max(2000)
      .default([]),
  })
  .strict();
export type OpsSetOdds = z.input<typeof OpsSetOddsSchema>;

/** `POST /ops-api/v1/games/{id}/suspend` and `/resume`: the given markets, or the whole game when `markets` is absent. */
export const OpsSuspendSchema = z.object({ markets: z.array(text().min(1).max(128)).min(1).max(500).optional() }).strict();
export type OpsSuspend = z.input<typeof OpsSuspendSchema>;

/** `POST /ops-api/v1/games/{id}/score`: the scoreboard; puts a game not started in play. */
export const OpsScoreSchema = z
  .object({
    score: ScoreSchema,
    periods: z.array(ScoreSchema).max(20).optional(),
    period: z.number().int().min(1).max(20).optional(),
    /** 2 live (default), 3 break. */
    status: z.union([z.literal(2), z.literal(3)]).optional(),
    clockSeconds: z.number().int().min(0).max(100_000).optional(),
  })
  .strict();
export type OpsScore = z.input<typeof OpsScoreSchema>;

/** `POST /ops-api/v1/games/{id}/finish`: the result; every outcome is settled from it. */
export const OpsFinishSchema = z
  .object({
    score: ScoreSchema,
    periods: z.array(ScoreSchema).max(20).default([]),
    /** The game was cancelled or abandoned: every outcome is a forced return (3). */
    cancelled: z.boolean().default(false),
  })
  .strict();
export type OpsFinish = z.input<typeof OpsFinishSchema>;

/** `PATCH /ops-api/v1/games/{id}`: the operator's flags of a game (a top game of the home page, live-in-live). */
export const OpsGameFlagsSchema = z
  .object({ isTop: z.boolean().optional(), liveInLive: z.boolean().optional() })
  .strict()
  .refine((v) => v.isTop !== undefined || v.liveInLive !== undefined, { message: 'isTop or liveInLive is required' });
export type OpsGameFlags = z.input<typeof OpsGameFlagsSchema>;

export const OpsFinishResponseSchema = z.object({
  game: GameDetailSchema,
  settlements: z.record(text(), z.number().int()),
});

// ---------------------------------------------------------------- operations (OpenAPI)

const GameIdParamsSchema = z.object({ id: GameIdSchema }).strict();
const TopResponseSchema = z.object({ games: z.array(GameCardSchema) });
const notFound = { 404: ApiErrorSchema };
const invalid = { 400: ApiErrorSchema };

export const LINE_OPERATIONS: readonly ApiOperation[] = [
  {
    method: 'GET',
    path: `${LINE_API_BASE}/sports`,
    tag: 'line',
    auth: 'public',
    summary: 'Sports of a section with their game counts',
    description: 'A logged-in player\'s hidden sports (user config disallow_line_sport / disallow_live_sport) are left out.',
    query: SportsQuerySchema,
    responses: { 200: SportsResponseSchema, ...invalid },
  },
  {
    method: 'GET',
    path: `${LINE_API_BASE}/champs`,
    tag: 'line',
    auth: 'public',
    summary: 'Champs (leagues) of a sport with games in the section',
    query: ChampsQuerySchema,
    responses: { 200: ChampsResponseSchema, ...invalid, ...notFound },
  },
  {
    method: 'GET',
    path: `${LINE_API_BASE}/games`,
    tag: 'line',
    auth: 'public',
    summary: 'Games of a section, by sport or champ, with their main markets',
    query: GamesQuerySchema,
    responses: { 200: GamesResponseSchema, ...invalid, ...notFound },
  },
  {
    method: 'GET',
    path: `${LINE_API_BASE}/games/:id`,
    tag: 'line',
    auth: 'public',
    summary: 'A game with every market (live: subscribe to topic game:{id} for changes)',
    params: GameIdParamsSchema,
    responses: { 200: GameResponseSchema, ...invalid, ...notFound },
  },
  {
    method: 'GET',
    path: `${LINE_API_BASE}/top`,
    tag: 'line',
    auth: 'public',
    summary: 'Top games of a section (operator picks first, then the top competitions)',
    query: TopQuerySchema,
    responses: { 200: TopResponseSchema, ...invalid },
  },
  {
    method: 'GET',
    path: `${LINE_API_BASE}/search`,
    tag: 'line',
    auth: 'public',
    summary: 'Champs, teams and current games by name',
    query: SearchQuerySchema,
    responses: { 200: SearchResponseSchema, ...invalid },
  },
  {
    method: 'GET',
    path: `${LINE_API_BASE}/teams/:id`,
    tag: 'line',
    auth: 'public',
    summary: 'A team with its current games and latest results',
    params: GameIdParamsSchema,
    responses: { 200: TeamResponseSchema, ...invalid, ...notFound },
  },
  {
    method: 'GET',
    path: `${LINE_API_BASE}/champs/:id`,
    tag: 'line',
    auth: 'public',
    summary: 'A champ with its current games and latest results',
    params: GameIdParamsSchema,
    responses: { 200: ChampResponseSchema, ...invalid, ...notFound },
  },
  {
    method: 'GET',
    path: `${LINE_API_BASE}/results`,
    tag: 'line',
    auth: 'public',
    summary: 'Finished games of a day (default: the last 24 hours)',
    query: ResultsQuerySchema,
    responses: { 200: ResultsResponseSchema, ...invalid, ...notFound },
  },
  {
    method: 'POST',
    path: '/ops-api/v1/games',
    tag: 'operator',
    auth: 'operator',
    summary: 'Make a game (priced by the sport\'s model for two equal sides)',
    body: OpsCreateGameSchema,
    responses: { 201: GameResponseSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema },
  },
  {
    method: 'PATCH',
    path: '/ops-api/v1/games/:id',
    tag: 'operator',
    auth: 'operator',
    summary: 'Set a game\'s flags: a top game (home page first), live-in-live',
    params: GameIdParamsSchema,
    body: OpsGameFlagsSchema,
    responses: { 200: GameResponseSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema },
  },
  {
    method: 'PATCH',
    path: '/ops-api/v1/games/:id/odds',
    tag: 'operator',
    auth: 'operator',
    summary: 'Set prices and blocked flags of outcomes',
    params: GameIdParamsSchema,
    body: OpsSetOddsSchema,
    responses: { 200: GameResponseSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema, 422: ApiErrorSchema },
  },
  {
    method: 'POST',
    path: '/ops-api/v1/games/:id/suspend',
    tag: 'operator',
    auth: 'operator',
    summary: 'Suspend the given markets, or the whole game',
    params: GameIdParamsSchema,
    body: OpsSuspendSchema,
    responses: { 200: GameResponseSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema, 422: ApiErrorSchema },
  },
  {
    method: 'POST',
    path: '/ops-api/v1/games/:id/resume',
    tag: 'operator',
    auth: 'operator',
    summary: 'Resume the given markets, or the whole game',
    params: GameIdParamsSchema,
    body: OpsSuspendSchema,
    responses: { 200: GameResponseSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema, 422: ApiErrorSchema },
  },
  {
    method: 'POST',
    path: '/ops-api/v1/games/:id/score',
    tag: 'operator',
    auth: 'operator',
    summary: 'Post the scoreboard (puts a game not started in play)',
    params: GameIdParamsSchema,
    body: OpsScoreSchema,
    responses: { 200: GameResponseSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema },
  },
  {
    method: 'POST',
    path: '/ops-api/v1/games/:id/finish',
    tag: 'operator',
    auth: 'operator',
    summary: 'Finish a game with its result; every outcome is settled (SPEC §3 statuses)',
    params: GameIdParamsSchema,
    body: OpsFinishSchema,
    responses: { 200: OpsFinishResponseSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema },
  },
];
