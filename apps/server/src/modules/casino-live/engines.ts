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
  settleKeno,
  settleRoulette,
  SHARED_EPOCH_MS,
  FOOTBALL_MARKETS,
  VIRTUAL_RTP,
  footballFixture,
  footballPickWins,
  playFootball,
  raceFixture,
  racePickWins,
  runRace,
  virtualPayout,
  type FootballPick,
  BINGO_POOL_PERCENT,
  BINGO_TIERS,
  bingoTickets,
  bingoTicketWin,
  drawBingo,
  settleBingoPool,
  KENO_PAYTABLE,
  CRASH_LIVE,
  EUROPEAN_ROULETTE,
  type FairSeeds,
  type RouletteBetKind,
  type SharedSchedule,
} from '@betsite/domain';
import { BINGO_ROOMS, type VirtualFootballPlay, type VirtualRacePlay, type Bingo90Play, type CrashLivePlay, type SharedEngineId, type TvKenoPlay, type TvRoulettePlay } from '@betsite/contracts';
import type { JsonObject } from '@betsite/db';

export type Timing = { kind: 'scheduled'; schedule: SharedSchedule } | { kind: 'chained'; betMs: number };

/** A bet as stored: what it is on (JSON), its money and crash's cash-out. */
export interface StoredBet {
  id: string;
  mode: 'real' | 'demo';
  currency: string;
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
  /**
   * Games whose prizes depend on every bet (bingo's pools): the draw completed with what the
   * bets of the round won, stored with the round before any bet is decided.
   */
  complete?(result: JsonObject, bets: readonly StoredBet[], params: JsonObject): JsonObject;
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
    const s = settleRoulette(bets, Number(result.pocket));
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
    const s = settleKeno(minor(bet.stake), picks, drawn);
    return { win: s.payout, outcome: { drawn, picks, hits: s.hits, multiplierMilli: String(s.multiplierMilli) } };
  },
  rules: () => ({ paytable: Object.fromEntries(Object.entries(KENO_PAYTABLE).map(([k, v]) => [k, { rtp: v.rtp, milli: [...v.milli] }])), periodMs: TV_KENO_SCHEDULE.periodMs, betMs: TV_KENO_SCHEDULE.betMs }),
};

/** Bingo: a round every 3 minutes, 90 s of ticket sales, then the calls (one a second at most). */
const BINGO_SCHEDULE: SharedSchedule = { epochMs: SHARED_EPOCH_MS, periodMs: 180_000, betMs: 90_000 };
const poolKey = (bet: Pick<StoredBet, 'mode' | 'currency'>) => `${bet.mode}:${bet.currency.trim()}`;
const ticketKey = (betId: string, i: number) => `${betId}:${i}`;
const priceOf = (params: JsonObject): bigint => BigInt(Number(params.price ?? 0));

const bingo90: SharedEngine = {
  id: 'bingo-90',
  rooms: Object.keys(BINGO_ROOMS),
  timing: { kind: 'scheduled', schedule: BINGO_SCHEDULE },
  params: (_roundNo, room) => ({ price: BINGO_ROOMS[room as keyof typeof BINGO_ROOMS] ?? 0 }),
  draw: (seeds) => ({ order: drawBingo(fairRng(seeds)) }),
  readBet(play, params) {
    const p = play as Bingo90Play;
    return { stake: priceOf(params) * BigInt(p.tickets), selection: { room: p.room, tickets: p.tickets, ticketSeed: p.ticketSeed } };
  },
  complete(result, bets, params) {
    const order = result.order as number[];
    const price = minor(priceOf(params));
    const groups = new Map<string, StoredBet[]>();
    for (const bet of bets) groups.set(poolKey(bet), [...(groups.get(poolKey(bet)) ?? []), bet]);
    const pools: JsonObject = {};
    let calls = 0;
    for (const [key, group] of groups) {
      const tickets = group.flatMap((bet) => bingoTickets(String(bet.selection.ticketSeed), Number(bet.selection.tickets)).map((ticket, i) => ({ key: ticketKey(bet.id, i), ticket })));
      const pool = settleBingoPool(order, tickets, price);
      calls = Math.max(calls, pool.calls);
      pools[key] = {
        tickets: pool.tickets, stakes: String(pool.stakes), pool: String(pool.pool), calls: pool.calls,
        tiers: pool.tiers.map((t) => ({ tier: t.tier, call: t.call, winners: [...t.winners], prize: String(t.prize) })),
      };
    }
    return { ...result, calls, pools };
  },
  settle(bet, result) {
    const pool = ((result.pools ?? {}) as JsonObject)[poolKey(bet)] as { tiers: { tier: string; call: number; winners: string[]; prize: string }[] } | undefined;
    const count = Number(bet.selection.tickets);
    const tiers = (pool?.tiers ?? []).map((t) => ({ ...t, prize: minor(BigInt(t.prize)) }));
    const wins = Array.from({ length: count }, (_, i) => tiers.filter((t) => t.winners.includes(ticketKey(bet.id, i))).map((t) => ({ ticket: i, tier: t.tier, call: t.call, prize: String(t.prize) }))).flat();
    const win = Array.from({ length: count }, (_, i) => bingoTicketWin({ tiers: tiers.map((t) => ({ ...t, tier: t.tier as (typeof BINGO_TIERS)[number]['id'] })) }, ticketKey(bet.id, i))).reduce((s, w) => s + w, 0n);
    return { win, outcome: { tickets: bingoTickets(String(bet.selection.ticketSeed), count), wins } };
  },
  rules: () => ({
    rtp: Number(BINGO_POOL_PERCENT) / 100, rooms: BINGO_ROOMS, maxTickets: 6, periodMs: BINGO_SCHEDULE.periodMs, betMs: BINGO_SCHEDULE.betMs,
    tiers: BINGO_TIERS.map((t) => ({ id: t.id, lines: t.lines, percent: Number(t.percent) })),
  }),
};

/** Virtual sports: an event every two minutes, 95 s of bets, then a 25 s show. */
const VIRTUAL_SCHEDULE: SharedSchedule = { epochMs: SHARED_EPOCH_MS, periodMs: 120_000, betMs: 95_000 };
const oddsIn = (params: JsonObject, key: string, pick: string): number => Number(((params[key] ?? {}) as JsonObject)[pick] ?? 0);

const virtualFootball: SharedEngine = {
  id: 'virtual-football',
  rooms: [''],
  timing: { kind: 'scheduled', schedule: VIRTUAL_SCHEDULE },
  params: (roundNo, room) => {
    const f = footballFixture(room, roundNo);
    return { home: f.home, away: f.away, homeGoals: f.homeGoals, awayGoals: f.awayGoals, odds: { ...f.odds }, probabilities: { ...f.probabilities } };
  },
  draw: (seeds, params) => {
    const r = playFootball({ homeGoals: Number(params.homeGoals), awayGoals: Number(params.awayGoals) }, fairRng(seeds));
    return { home: r.home, away: r.away, goals: r.goals.map((g) => ({ minute: g.minute, side: g.side })) };
  },
  readBet(play, params) {
    const p = play as VirtualFootballPlay;
    if (!(FOOTBALL_MARKETS[p.market] as readonly string[]).includes(p.pick)) return `${p.pick} is not a selection of ${p.market}`;
    return { stake: BigInt(p.stake), selection: { market: p.market, pick: p.pick, odds: oddsIn(params, 'odds', p.pick) } };
  },
  settle(bet, result) {
    const pick = bet.selection.pick as FootballPick;
    const won = footballPickWins(pick, { home: Number(result.home), away: Number(result.away) });
    return { win: virtualPayout(minor(bet.stake), Number(bet.selection.odds), won), outcome: { home: Number(result.home), away: Number(result.away), won } };
  },
  rules: () => ({ rtp: VIRTUAL_RTP, periodMs: VIRTUAL_SCHEDULE.periodMs, betMs: VIRTUAL_SCHEDULE.betMs, markets: { '1x2': [...FOOTBALL_MARKETS['1x2']], total: [...FOOTBALL_MARKETS.total] } }),
};

const virtualRace: SharedEngine = {
  id: 'virtual-race',
  rooms: [''],
  timing: { kind: 'scheduled', schedule: VIRTUAL_SCHEDULE },
  params: (roundNo, room) => ({ runners: raceFixture(room, roundNo).runners.map((r) => ({ ...r, odds: { ...r.odds } })) }),
  draw: (seeds, params) => ({ order: runRace((params.runners as { weight: number }[]).map((r) => r.weight), fairRng(seeds)) }),
  readBet(play, params) {
    const p = play as VirtualRacePlay;
    const runner = (params.runners as { number: number; odds: Record<string, number> }[]).find((r) => r.number === p.runner);
    if (!runner) return 'no such runner';
    return { stake: BigInt(p.stake), selection: { market: p.market, runner: p.runner, odds: runner.odds[p.market] ?? 0 } };
  },
  settle(bet, result) {
    const order = result.order as number[];
    const won = racePickWins(bet.selection.market as 'win' | 'top3', Number(bet.selection.runner), order);
    return { win: virtualPayout(minor(bet.stake), Number(bet.selection.odds), won), outcome: { order, won } };
  },
  rules: () => ({ rtp: VIRTUAL_RTP, periodMs: VIRTUAL_SCHEDULE.periodMs, betMs: VIRTUAL_SCHEDULE.betMs, markets: ['win', 'top3'] }),
};

export const SHARED_ENGINES: Readonly<Record<string, SharedEngine>> = {
  'crash-live': crashLive,
  'tv-roulette': tvRoulette,
  'tv-keno': tvKeno,
  'bingo-90': bingo90,
  'virtual-football': virtualFootball,
  'virtual-race': virtualRace,
};

export function sharedEngine(id: string): SharedEngine | null {
  return Object.hasOwn(SHARED_ENGINES, id) ? (SHARED_ENGINES[id] as SharedEngine) : null;
}
