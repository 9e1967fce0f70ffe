/**
 * The shared engines as the scheduler and the bets see them: how rounds follow each other,
 * what is public before the draw (`params`), the draw from the round's seeds (domain code,
 * so anyone replays it), how a bet is read and what it wins. Money is minor units (bigint).
 */
import {
  CRASH_BET_MS,
  crashTargetError,
  drawCrashLive,
  drawTvKeno,
  drawTvRoulette,
  fairRng,
  kenoPicksError,
  minor,
  rouletteBetsError,
  settleCrashLive,
  settleTvKeno,
  settleTvRoulette,
  SHARED_EPOCH_MS,
  KENO_PAYTABLE,
  CRASH_LIVE,
  EUROPEAN_ROULETTE,
  type FairSeeds,
  type RouletteBetKind,
  type SharedSchedule,
} from '@betsite/domain';
import type { CrashLivePlay, SharedEngineId, TvKenoPlay, TvRoulettePlay } from '@betsite/contracts';
import type { JsonObject } from '@betsite/db';

export type Timing = { kind: 'scheduled'; schedule: SharedSchedule } | { kind: 'chained'; betMs: number };

/** A bet as stored: what it is on (JSON) and the crash fields. */
export interface StoredBet {
  stake: bigint;
  selection: JsonObject;
  cashedOutAt: number | null;
}

export interface BetReading {
  stake: bigint;
  selection: JsonObject;
}

export interface SharedEngine {
  id: SharedEngineId;
  rooms: readonly string[];
  timing: Timing;
  /** Public before bets open (virtual sports: the match and its odds); {} when nothing. */
  params(roundNo: number, room: string): JsonObject;
  /** The draw: a pure function of the seeds (and the public params). */
  draw(seeds: FairSeeds, params: JsonObject): JsonObject;
  /** A valid `bet` play read into stake and selection, or why the game refuses it. */
  readBet(play: unknown, params: JsonObject): BetReading | string;
  settle(bet: StoredBet, result: JsonObject, params: JsonObject): { win: bigint; outcome: JsonObject };
  /** For the game UI (the session's `rules`). */
  rules(): JsonObject;
}

const none = (): JsonObject => ({});

const crashLive: SharedEngine = {
  id: 'crash-live',
  rooms: [''],
  timing: { kind: 'chained', betMs: CRASH_BET_MS },
  params: none,
  draw: (seeds) => ({ ...drawCrashLive(fairRng(seeds)) }),
  readBet(play) {
    const p = play as Extract<CrashLivePlay, { action: 'bet' }>;
    const error = crashTargetError(p.autoCashOut);
    if (error) return error;
    return { stake: BigInt(p.stake), selection: { autoCashOut: p.autoCashOut } };
  },
  settle(bet, result) {
    const auto = typeof bet.selection.autoCashOut === 'number' ? bet.selection.autoCashOut : null;
    const s = settleCrashLive(minor(bet.stake), Number(result.point), auto, bet.cashedOutAt);
    return { win: s.payout, outcome: { point: Number(result.point), cashedOutAt: s.cashedOutAt } };
  },
  rules: () => ({ rtp: CRASH_LIVE.rtp, minTarget: 101, maxTarget: 1_000_000, betMs: CRASH_BET_MS, growthPerMs: 0.00006 }),
};

/** TV games: a draw every minute, 45 s of bets then the draw's show (decision 0025). */
const TV_ROULETTE_SCHEDULE: SharedSchedule = { epochMs: SHARED_EPOCH_MS, periodMs: 60_000, betMs: 45_000 };
const TV_KENO_SCHEDULE: SharedSchedule = { epochMs: SHARED_EPOCH_MS, periodMs: 60_000, betMs: 40_000 };

const tvRoulette: SharedEngine = {
  id: 'tv-roulette',
  rooms: [''],
  timing: { kind: 'scheduled', schedule: TV_ROULETTE_SCHEDULE },
  params: none,
  draw: (seeds) => drawTvRoulette(fairRng(seeds)),
  readBet(play) {
    const p = play as TvRoulettePlay;
    const error = rouletteBetsError(p.bets);
    if (error) return error;
    const bets = p.bets.map((b) => ({ kind: b.kind, numbers: [...b.numbers], stake: b.stake }));
    return { stake: p.bets.reduce((sum, b) => sum + BigInt(b.stake), 0n), selection: { bets } };
  },
  settle(bet, result) {
    const bets = (bet.selection.bets as { kind: RouletteBetKind; numbers: number[]; stake: string }[]).map((b) => ({ kind: b.kind, numbers: b.numbers, stake: minor(BigInt(b.stake)) }));
    const s = settleTvRoulette(bets, Number(result.pocket));
    return { win: s.payout, outcome: { pocket: Number(result.pocket), bets: s.bets.map((b) => ({ kind: b.bet.kind, numbers: [...b.bet.numbers], stake: String(b.bet.stake), won: b.won, payout: String(b.payout) })) } };
  },
  rules: () => ({ rtp: EUROPEAN_ROULETTE.rtp, periodMs: TV_ROULETTE_SCHEDULE.periodMs, betMs: TV_ROULETTE_SCHEDULE.betMs }),
};

const tvKeno: SharedEngine = {
  id: 'tv-keno',
  rooms: [''],
  timing: { kind: 'scheduled', schedule: TV_KENO_SCHEDULE },
  params: none,
  draw: (seeds) => drawTvKeno(fairRng(seeds)),
  readBet(play) {
    const p = play as TvKenoPlay;
    const error = kenoPicksError(p.picks);
    if (error) return error;
    return { stake: BigInt(p.stake), selection: { picks: [...p.picks] } };
  },
  settle(bet, result) {
    const picks = bet.selection.picks as number[];
    const drawn = result.drawn as number[];
    const s = settleTvKeno(minor(bet.stake), picks, drawn);
    return { win: s.payout, outcome: { drawn, picks, hits: s.hits, multiplierMilli: String(s.multiplierMilli) } };
  },
  rules: () => ({ paytable: Object.fromEntries(Object.entries(KENO_PAYTABLE).map(([k, v]) => [k, { rtp: v.rtp, milli: [...v.milli] }])), periodMs: TV_KENO_SCHEDULE.periodMs, betMs: TV_KENO_SCHEDULE.betMs }),
};

export const SHARED_ENGINES: Readonly<Record<string, SharedEngine>> = {
  'crash-live': crashLive,
  'tv-roulette': tvRoulette,
  'tv-keno': tvKeno,
};

export function sharedEngine(id: string): SharedEngine | null {
  return Object.hasOwn(SHARED_ENGINES, id) ? (SHARED_ENGINES[id] as SharedEngine) : null;
}
