/**
 * Our game server (issue 13, decision 0023): the remote game studio's API under `/rgs/v1`, its
 * app under `/rgs/app/`, and the site's round history under `/web-api/casino/v1/rounds`.
 *
 * - `POST /rgs/v1/sessions { token }` redeems a launch token once (through the signed wallet
 *   contract) → 201 `{ sessionId, url }`, url = `/rgs/app/#session=<id>` (the iframe's src);
 *   a bad, expired or used token → 404 `launch_token_invalid`.
 * - The session id is a bearer secret: every other `/rgs/v1` call carries `x-rgs-session: <id>`
 *   (401 `rgs_session_invalid` without one or with an unknown or expired one). No cookie, no CSRF.
 * - `GET /rgs/v1/session` → `RgsSessionView`; `POST /rgs/v1/play` (the body is the session
 *   engine's play request, `RGS_PLAY_SCHEMAS[engine]`) → `{ round, balance }`;
 *   `PUT /rgs/v1/fairness/client-seed`, `POST /rgs/v1/fairness/rotate`, `GET /rgs/v1/rounds`.
 * - Errors `{ code, message }`: 400 `invalid_request` (schema) / `invalid_play` (the game refuses
 *   the move), 404 `game_not_found`, 409 `round_in_progress` (a deal or a rotation while a
 *   round is open) / `no_open_round` / `round_busy` (two moves of one round at once),
 *   422 `stake_out_of_range`, and the wallet's money refusals with their own code
 *   (422 `insufficient_funds`, `self_excluded`, the limits codes; 403 `play_not_allowed`).
 * - Money: whole minor units as decimal strings. Demo rounds use fun money (100000 = 1,000.00)
 *   kept in the session, never the ledger.
 */
import { z } from 'zod';
import { ENGINES, type Engine } from '@betsite/domain';
import { MinorUnitsSchema, CasinoModeSchema } from './casino-wallet.ts';
import { ApiErrorSchema } from './errors.ts';
import type { ApiOperation } from './operations.ts';
import { text } from './text.ts';

const RGS = '/rgs/v1';
export const RGS_API = {
  sessions: `${RGS}/sessions`,
  session: `${RGS}/session`,
  play: `${RGS}/play`,
  clientSeed: `${RGS}/fairness/client-seed`,
  rotate: `${RGS}/fairness/rotate`,
  rounds: `${RGS}/rounds`,
  /** The games' app (static); the host opens `${app}#session=<id>`. */
  app: '/rgs/app/',
  /** The site's side, the logged-in player's real-money rounds. */
  siteRounds: '/web-api/casino/v1/rounds',
  siteRound: '/web-api/casino/v1/rounds/:id',
} as const;

export const RGS_SESSION_HEADER = 'x-rgs-session';
/** Demo sessions start with 1,000.00 of fun money. */
export const RGS_DEMO_BALANCE = '100000';

export const RgsErrorCode = {
  sessionInvalid: 'rgs_session_invalid',
  launchTokenInvalid: 'launch_token_invalid',
  gameNotFound: 'game_not_found',
  invalidPlay: 'invalid_play',
  stakeOutOfRange: 'stake_out_of_range',
  roundInProgress: 'round_in_progress',
  noOpenRound: 'no_open_round',
  roundBusy: 'round_busy',
  roundNotFound: 'round_not_found',
  walletUnavailable: 'wallet_unavailable',
} as const;

export const RgsEngineSchema = z.enum(ENGINES);
export type RgsEngine = z.infer<typeof RgsEngineSchema>;

export const CreateRgsSessionRequestSchema = z.object({ token: text().min(1).max(400) }).strict();
export type CreateRgsSessionRequest = z.infer<typeof CreateRgsSessionRequestSchema>;
export const CreatedRgsSessionSchema = z.object({ sessionId: text(), url: text() });
export type CreatedRgsSession = z.infer<typeof CreatedRgsSessionSchema>;

/** What the player sees before a round: the hash of the server seed, their client seed, the next nonce. */
export const RgsFairnessSchema = z.object({ serverSeedHash: text(), clientSeed: text(), nonce: z.number().int().nonnegative() });
export type RgsFairness = z.infer<typeof RgsFairnessSchema>;

export const RoundStatusSchema = z.enum(['open', 'settled', 'rolled_back']);
export const RoundViewSchema = z.object({
  id: z.uuid(),
  gameId: text(),
  engine: text(),
  mode: CasinoModeSchema,
  currency: text(),
  /** Everything staked (a blackjack double or split adds to it). */
  stake: MinorUnitsSchema,
  win: MinorUnitsSchema,
  status: RoundStatusSchema,
  /** ISO 8601. */
  createdAt: text(),
  settledAt: text().nullable(),
  /**
   * Solo engines: the player's seed pair and the round's nonce. A bet on a shared round
   * (decision 0025, engines crash-live, tv-roulette, tv-keno, bingo-90, virtual-*): the shared
   * round's own seeds — clientSeed `engine:room:roundNo`, nonce 0 — the same for every bet on
   * the round; a bingo bet's tickets come from the ticket seed in its `input` instead.
   */
  fairness: z.object({
    serverSeedHash: text(),
    /** Null until the seed is rotated (a shared round: until it is settled or void); then anyone can replay the round (`replayRound`). */
    serverSeed: text().nullable(),
    clientSeed: text(),
    nonce: z.number().int().nonnegative(),
  }),
  /**
   * Solo: `{ actions: [...] }`, every play request of the round in order (`RoundInput` of the
   * domain). Shared: `{ round: { id, roundNo, room, closesAt }, ...the bet's selection }`.
   */
  input: z.unknown(),
  /**
   * What the player may see (an open round hides what is still to come); null for a refused
   * round. Shared: null while open (crash: `{ cashedOutAt }` once cashed out), then
   * `{ status, cashedOutAt, ...the engine's result: crash point, pocket, keno draw, bingo
   * tickets and wins, score or finishing order }` (a void bet: `{ reason }`).
   */
  outcome: z.unknown(),
});
export type RoundView = z.infer<typeof RoundViewSchema>;

export const RgsSessionViewSchema = z.object({
  gameId: text(),
  engine: text(),
  mode: CasinoModeSchema,
  currency: text(),
  language: text(),
  balance: MinorUnitsSchema,
  minStake: MinorUnitsSchema,
  maxStake: MinorUnitsSchema,
  fairness: RgsFairnessSchema,
  /** A multi-step round in progress (blackjack, video poker, mines), to resume. */
  open: RoundViewSchema.nullable(),
  /** The engine's paytable and rules for the UI (`engineRules` of the domain). */
  rules: z.unknown(),
});
export type RgsSessionView = z.infer<typeof RgsSessionViewSchema>;

const Stake = MinorUnitsSchema.refine((v) => v !== '0', 'stake must be more than 0');
const int = z.number().int();

export const SlotPlaySchema = z.object({ action: z.literal('spin'), stake: Stake }).strict();
export const RouletteBetKindSchema = z.enum(['straight', 'split', 'street', 'trio', 'corner', 'first_four', 'six_line', 'column', 'dozen', 'red', 'black', 'odd', 'even', 'low', 'high']);
export const RoulettePlaySchema = z
  .object({ action: z.literal('spin'), bets: z.array(z.object({ kind: RouletteBetKindSchema, numbers: z.array(int.min(0).max(36)).max(6), stake: Stake }).strict()).min(1).max(50) })
  .strict();
export const KenoPlaySchema = z.object({ action: z.literal('draw'), stake: Stake, picks: z.array(int.min(1).max(80)).min(1).max(10) }).strict();
/** target in hundredths: under 100–9800 (win when roll < target), over 200–9900 (win when roll ≥ target); roll 0–9999. */
export const DicePlaySchema = z.object({ action: z.literal('roll'), stake: Stake, target: int.min(100).max(9900), over: z.boolean() }).strict();
/** Solo crash: the cash-out target in hundredths (101 = 1.01× … 1000000 = 10000×), set before the round. */
export const CrashPlaySchema = z.object({ action: z.literal('bet'), stake: Stake, cashOutAt: int.min(101).max(1_000_000) }).strict();
export const ScratchPlaySchema = z.object({ action: z.literal('buy'), stake: Stake }).strict();
export const BlackjackPlaySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('deal'), stake: Stake }).strict(),
  z.object({ action: z.enum(['hit', 'stand', 'double', 'split']) }).strict(),
]);
/** Cards are 0–51 (video poker: rank = card % 13, 0 = two … 12 = ace; suit = ⌊card / 13⌋). */
export const VideoPokerPlaySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('deal'), stake: Stake }).strict(),
  z.object({ action: z.literal('draw'), hold: z.array(z.boolean()).length(5) }).strict(),
]);
/** Cells 0–24, row by row on the 5×5 field. */
export const MinesPlaySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('start'), stake: Stake, mines: int.min(1).max(24) }).strict(),
  z.object({ action: z.literal('reveal'), cell: int.min(0).max(24) }).strict(),
  z.object({ action: z.literal('cashout') }).strict(),
]);

/** The play request of each engine (`POST /rgs/v1/play` validates with the session's). */
export const RGS_PLAY_SCHEMAS: Readonly<Record<Engine, z.ZodType>> = {
  'fruit-fiesta': SlotPlaySchema,
  'pharaohs-gold': SlotPlaySchema,
  'neon-nights': SlotPlaySchema,
  'european-roulette': RoulettePlaySchema,
  keno: KenoPlaySchema,
  dice: DicePlaySchema,
  crash: CrashPlaySchema,
  scratch: ScratchPlaySchema,
  blackjack: BlackjackPlaySchema,
  'jacks-or-better': VideoPokerPlaySchema,
  mines: MinesPlaySchema,
};
export type SlotPlay = z.infer<typeof SlotPlaySchema>;
export type RoulettePlay = z.infer<typeof RoulettePlaySchema>;
export type KenoPlay = z.infer<typeof KenoPlaySchema>;
export type DicePlay = z.infer<typeof DicePlaySchema>;
export type CrashPlay = z.infer<typeof CrashPlaySchema>;
export type ScratchPlay = z.infer<typeof ScratchPlaySchema>;
export type BlackjackPlay = z.infer<typeof BlackjackPlaySchema>;
export type VideoPokerPlay = z.infer<typeof VideoPokerPlaySchema>;
export type MinesPlay = z.infer<typeof MinesPlaySchema>;
/** Any solo engine's play request. */
export type RgsPlayRequest = SlotPlay | RoulettePlay | KenoPlay | DicePlay | CrashPlay | ScratchPlay | BlackjackPlay | VideoPokerPlay | MinesPlay;
/** For the docs and for a client that does not know the engine: any of them. */
export const RgsPlayRequestSchema = z.union([
  SlotPlaySchema, RoulettePlaySchema, KenoPlaySchema, DicePlaySchema, CrashPlaySchema, ScratchPlaySchema, BlackjackPlaySchema, VideoPokerPlaySchema, MinesPlaySchema,
]);

export const RgsPlayAnswerSchema = z.object({ round: RoundViewSchema, balance: MinorUnitsSchema });
export type RgsPlayAnswer = z.infer<typeof RgsPlayAnswerSchema>;

export const ClientSeedRequestSchema = z.object({ clientSeed: text().trim().min(1).max(64).regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces') }).strict();
export type ClientSeedRequest = z.infer<typeof ClientSeedRequestSchema>;
export const RotateAnswerSchema = z.object({
  revealed: z.object({ serverSeed: text(), serverSeedHash: text(), clientSeed: text(), /** The last nonce used on it; -1 when none was. */ lastNonce: int.min(-1) }),
  next: RgsFairnessSchema,
});
export type RotateAnswer = z.infer<typeof RotateAnswerSchema>;

export const RoundsQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(20),
    /** A round id: rounds older than it (pagination, newest first). */
    before: z.uuid().optional(),
  })
  .strict();
export type RoundsQuery = z.infer<typeof RoundsQuerySchema>;
export const RoundsAnswerSchema = z.object({ rounds: z.array(RoundViewSchema) });
export type RoundsAnswer = z.infer<typeof RoundsAnswerSchema>;
export const RoundParamsSchema = z.object({ id: z.uuid() }).strict();

const SESSION = `Carries \`${RGS_SESSION_HEADER}: <sessionId>\` (401 rgs_session_invalid otherwise).`;
const ERR = ApiErrorSchema;

/** The game server's API as /docs shows it. */
export const RGS_OPERATIONS: readonly ApiOperation[] = [
  {
    method: 'POST', path: RGS_API.sessions, summary: 'Open a game session with a launch token', tag: 'rgs', auth: 'public',
    description: 'Redeems the one-time launch token (404 launch_token_invalid when bad, expired or used); the answer\'s sessionId is a bearer secret.',
    body: CreateRgsSessionRequestSchema, responses: { 201: CreatedRgsSessionSchema, 400: ERR, 404: ERR },
  },
  { method: 'GET', path: RGS_API.session, summary: 'The game session: balance, stakes, fairness, open round, rules', description: SESSION, tag: 'rgs', auth: 'public', responses: { 200: RgsSessionViewSchema, 401: ERR } },
  {
    method: 'POST', path: RGS_API.play, summary: 'Play: a round or the next move of the open round', tag: 'rgs', auth: 'public',
    description: `${SESSION} The body is the session engine's play request. Money refusals pass through from the wallet with their code.`,
    body: RgsPlayRequestSchema, responses: { 200: RgsPlayAnswerSchema, 400: ERR, 401: ERR, 403: ERR, 409: ERR, 422: ERR },
  },
  { method: 'PUT', path: RGS_API.clientSeed, summary: 'Set the client seed', description: SESSION, tag: 'rgs', auth: 'public', body: ClientSeedRequestSchema, responses: { 200: RgsFairnessSchema, 400: ERR, 401: ERR, 409: ERR } },
  { method: 'POST', path: RGS_API.rotate, summary: 'Reveal the server seed and start a new one', description: `${SESSION} 409 round_in_progress while a round is open.`, tag: 'rgs', auth: 'public', responses: { 200: RotateAnswerSchema, 401: ERR, 409: ERR } },
  { method: 'GET', path: RGS_API.rounds, summary: "The session player's rounds of this game", description: SESSION, tag: 'rgs', auth: 'public', query: RoundsQuerySchema, responses: { 200: RoundsAnswerSchema, 400: ERR, 401: ERR } },
  { method: 'GET', path: RGS_API.siteRounds, summary: 'My casino rounds (real money, newest first)', tag: 'casino', auth: 'player', query: RoundsQuerySchema, responses: { 200: RoundsAnswerSchema, 400: ERR, 401: ERR } },
  { method: 'GET', path: RGS_API.siteRound, summary: 'One of my casino rounds', tag: 'casino', auth: 'player', params: RoundParamsSchema, responses: { 200: RoundViewSchema, 400: ERR, 401: ERR, 404: ERR } },
];
