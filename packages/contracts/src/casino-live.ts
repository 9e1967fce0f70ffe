/**
 * Shared casino rounds (issue 13, decision 0025): crash-live, bingo-90 rooms, TV roulette and
 * keno, virtual football and race — one round for every player, on a public schedule.
 *
 * - Bets go through the game server's own `POST /rgs/v1/play` (header `x-rgs-session`) of a
 *   session whose engine is shared: the body is `SHARED_PLAY_SCHEMAS[engine]`; the answer is
 *   the game server's `{ round, balance }` with `round` the bet as a `RoundView` (its id is the
 *   bet's; `input.round` names the shared round; `outcome` is null until it is settled).
 *   Errors `{code, message}`: 400 `invalid_request` (schema) / `invalid_play` (the game refuses:
 *   a bet not on the table), 409 `betting_closed` (the round no longer takes bets),
 *   `no_open_bet` / `already_cashed_out` / `round_not_running` (crash cash-out), 422
 *   `stake_out_of_range`, and the wallet's money refusals with their own code.
 * - `GET /web-api/casino/v1/shared/:engine?room=` (public) → `SharedSchedule`: the current and
 *   next rounds with their committed seed hashes, and the last results with revealed seeds.
 * - Live topic `casino:<engine>` (`casino:bingo-90:<room>` for bingo): snapshot
 *   `SharedSnapshot`, then deltas `SharedDelta` (a round or a bet in its new state, replacing
 *   the one with the same id).
 */
import { z } from 'zod';
import { MinorUnitsSchema } from './casino-wallet.ts';
import { ApiErrorSchema } from './errors.ts';
import type { ApiOperation } from './operations.ts';
import { text } from './text.ts';

export const CASINO_LIVE_API = {
  schedule: '/web-api/casino/v1/shared/:engine',
} as const;
export const casinoSharedPath = (engine: string) => `/web-api/casino/v1/shared/${engine}`;

/** The live topic family; `casino:crash-live`, `casino:tv-roulette`, `casino:bingo-90:<room>`. */
export const LIVE_CASINO_FAMILY = 'casino';
export const casinoLiveTopic = (engine: string, room = '') => (room ? `${LIVE_CASINO_FAMILY}:${engine}:${room}` : `${LIVE_CASINO_FAMILY}:${engine}`);

export const CasinoLiveErrorCode = {
  bettingClosed: 'betting_closed',
  noOpenBet: 'no_open_bet',
  alreadyCashedOut: 'already_cashed_out',
  roundNotRunning: 'round_not_running',
  invalidPlay: 'invalid_play',
  stakeOutOfRange: 'stake_out_of_range',
  engineNotFound: 'engine_not_found',
  alreadyBet: 'already_bet',
} as const;

/** European roulette's bet kinds (the domain's `RouletteBetKind`). */
const RouletteKindSchema = z.enum(['straight', 'split', 'street', 'trio', 'corner', 'first_four', 'six_line', 'column', 'dozen', 'red', 'black', 'odd', 'even', 'low', 'high']);
const Stake = MinorUnitsSchema.refine((v) => v !== '0', 'stake must be more than 0');
const int = z.number().int();
/** The round the player saw taking bets; a bet for a round already closed is refused (409 betting_closed) rather than moved to the next. Default: the earliest open round. */
const RoundRef = { roundId: z.uuid().optional() };

/** Crash-live: a bet on the next run with an optional automatic cash-out (hundredths, 1.01×–10000×); `cashout` takes the multiplier now. */
export const CrashLivePlaySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('bet'), stake: Stake, autoCashOut: int.min(101).max(1_000_000).nullable().default(null), ...RoundRef }).strict(),
  z.object({ action: z.literal('cashout') }).strict(),
]);
/** TV roulette: European roulette's bets on the next scheduled spin. */
export const TvRoulettePlaySchema = z
  .object({ action: z.literal('bet'), ...RoundRef, bets: z.array(z.object({ kind: RouletteKindSchema, numbers: z.array(int.min(0).max(36)).max(6), stake: Stake }).strict()).min(1).max(50) })
  .strict();
/** TV keno: 1–10 picks of 1–80 on the next scheduled draw, keno's paytable. */
export const TvKenoPlaySchema = z.object({ action: z.literal('bet'), stake: Stake, picks: z.array(int.min(1).max(80)).min(1).max(10), ...RoundRef }).strict();

/** Bingo 90 rooms by ticket price (minor units): one draw per room and round. */
export const BINGO_ROOMS = { bronze: 10, silver: 50, gold: 100 } as const;
export const BingoRoomSchema = z.enum(['bronze', 'silver', 'gold']);
/** Bingo 90: 1–6 tickets in a room, made from the player's own ticket seed (shown before the draw). */
export const Bingo90PlaySchema = z
  .object({
    action: z.literal('bet'),
    room: BingoRoomSchema,
    tickets: int.min(1).max(6),
    ticketSeed: text().min(1).max(64).regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces'),
    ...RoundRef,
  })
  .strict();

/** Virtual football: full time 1X2 or total goals over/under 2.5, at the fixture's odds. */
export const VirtualFootballPlaySchema = z
  .object({ action: z.literal('bet'), market: z.enum(['1x2', 'total']), pick: z.enum(['home', 'draw', 'away', 'over', 'under']), stake: Stake, ...RoundRef })
  .strict();
/** Virtual race: runner 1–8 to win or to finish in the first three, at the fixture's odds. */
export const VirtualRacePlaySchema = z.object({ action: z.literal('bet'), market: z.enum(['win', 'top3']), runner: int.min(1).max(8), stake: Stake, ...RoundRef }).strict();

export const SHARED_PLAY_SCHEMAS = {
  'crash-live': CrashLivePlaySchema,
  'tv-roulette': TvRoulettePlaySchema,
  'tv-keno': TvKenoPlaySchema,
  'bingo-90': Bingo90PlaySchema,
  'virtual-football': VirtualFootballPlaySchema,
  'virtual-race': VirtualRacePlaySchema,
} as const;
export type SharedEngineId = keyof typeof SHARED_PLAY_SCHEMAS;
export type CrashLivePlay = z.infer<typeof CrashLivePlaySchema>;
export type TvRoulettePlay = z.infer<typeof TvRoulettePlaySchema>;
export type TvKenoPlay = z.infer<typeof TvKenoPlaySchema>;
export type Bingo90Play = z.infer<typeof Bingo90PlaySchema>;
export type VirtualFootballPlay = z.infer<typeof VirtualFootballPlaySchema>;
export type VirtualRacePlay = z.infer<typeof VirtualRacePlaySchema>;

export const SharedRoundStateSchema = z.enum(['open', 'running', 'settled', 'void']);
/** A shared round as everyone sees it: the seed only once it is over; crash's end only once it crashed. */
export const SharedRoundSchema = z.object({
  id: z.uuid(),
  engine: text(),
  room: text(),
  roundNo: int,
  state: SharedRoundStateSchema,
  serverSeedHash: text(),
  clientSeed: text(),
  /** Revealed once the round is settled or void. */
  serverSeed: text().nullable(),
  /** ISO 8601: bets open, bets close (the draw; crash: the run starts), the next round opens (crash: when it crashed, once it has). */
  opensAt: text(),
  closesAt: text(),
  endsAt: text().nullable(),
  /** Public parameters bets are priced on (virtual sports: the match and its odds). */
  params: z.unknown(),
  /** The draw, once settled: crash `{point, durationMs}`, roulette `{pocket}`, keno `{drawn}`. */
  result: z.unknown().nullable(),
});
export type SharedRound = z.infer<typeof SharedRoundSchema>;

/** A bet as every player sees it (crash's live list): no player, no target. */
export const SharedPublicBetSchema = z.object({
  id: z.uuid(),
  roundId: z.uuid(),
  /** A short tag of the player (not their id). */
  player: text(),
  stake: MinorUnitsSchema,
  currency: text(),
  mode: z.enum(['real', 'demo']),
  status: z.enum(['open', 'won', 'lost', 'void']),
  /** Crash: the multiplier cashed out at (hundredths). */
  cashedOutAt: int.nullable(),
  win: MinorUnitsSchema.nullable(),
});
export type SharedPublicBet = z.infer<typeof SharedPublicBetSchema>;

export const SharedScheduleSchema = z.object({
  engine: text(),
  room: text(),
  /** The server's time (ISO) when answered: clients align their countdown with it. */
  now: text(),
  current: SharedRoundSchema.nullable(),
  next: SharedRoundSchema.nullable(),
  /** The last settled rounds, newest first, seeds revealed. */
  history: z.array(SharedRoundSchema),
});
export type SharedSchedule = z.infer<typeof SharedScheduleSchema>;

export const SharedSnapshotSchema = SharedScheduleSchema.extend({
  /** The current round's bets (crash). */
  bets: z.array(SharedPublicBetSchema),
});
export type SharedSnapshot = z.infer<typeof SharedSnapshotSchema>;

export const SharedDeltaSchema = z.union([
  z.object({ kind: z.literal('round'), now: text(), round: SharedRoundSchema }),
  z.object({ kind: z.literal('bet'), bet: SharedPublicBetSchema }),
]);
export type SharedDelta = z.infer<typeof SharedDeltaSchema>;

export const SharedScheduleParamsSchema = z.object({ engine: text().max(40) }).strict();
export const SharedScheduleQuerySchema = z.object({ room: text().max(40).optional() }).strict();

export const CASINO_LIVE_OPERATIONS: readonly ApiOperation[] = [
  {
    method: 'GET', path: CASINO_LIVE_API.schedule, summary: 'A shared casino game: current and next rounds (seed hashes), last results (seeds revealed)', tag: 'casino', auth: 'public',
    description: 'Engines crash-live, tv-roulette, tv-keno, virtual-football, virtual-race; bingo-90 takes ?room=bronze|silver|gold. 404 engine_not_found. Live: topic casino:<engine>[:<room>].',
    params: SharedScheduleParamsSchema, query: SharedScheduleQuerySchema, responses: { 200: SharedScheduleSchema, 404: ApiErrorSchema },
  },
];
