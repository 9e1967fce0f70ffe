/**
 * Bets on shared rounds: placing one (the stake taken at bet time), crash's cash-out, and
 * settlement in two steps so money moves exactly once:
 *
 * 1. decide — under the bet's row lock, `open` becomes `won | lost | void` with its win;
 *    nothing else can change it after that (a cash-out and the crash race for this lock);
 * 2. pay — the wallet's credit (the win, 0 for a loss) or rollback (void), whose transaction
 *    ids are the bet's own, so a retry after a crash or by another node answers the same;
 *    then `paid_at`. A decided bet without `paid_at` is paid again by the scheduler.
 *
 * A bet whose debit never reached the wallet (the node died between the insert and the
 * debit, or the debit is still in flight as the round closes) gets `round_not_found` on its
 * credit: it is then rolled back, which leaves a tombstone, so a debit arriving later is
 * refused (409 transaction_rolled_back) — the stake is never taken for a bet that cannot win.
 * Demo bets move the session's fun balance in the same transaction as their decision.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { manualCashOut, sharedSeeds } from '@betsite/domain';
import { CasinoLiveErrorCode, SHARED_PLAY_SCHEMAS, type SharedPublicBet } from '@betsite/contracts';
import type { Database, JsonObject } from '@betsite/db';
import type { ServerClock } from '../../lib/clock.ts';
import type { HistorySource } from '../rgs/index.ts';
import { AppError } from '../../lib/errors.ts';
import { parseRequest } from '../../lib/validate.ts';
import { sharedEngine, type SharedEngine, type StoredBet } from './engines.ts';
import { bettableRound, jsonOf, publicBet, type BetRow, type RoundRow } from './rounds.ts';
import type { SharedWallet } from './wallet.ts';

/** The game-server session a bet comes through (the RGS's `rgs_sessions` row). */
export interface SharedSession {
  /** The session row's id (not its bearer token). */
  id: string;
  playerId: string | null;
  gameId: string;
  engine: string;
  mode: 'real' | 'demo';
  currency: string;
  minStake: bigint;
  maxStake: bigint;
}

/** Demo money: the session's fun balance, moved inside the caller's transaction. */
export interface FunMoney {
  /** Takes `amount`; null when the balance is short. */
  take(trx: Kysely<Database>, sessionId: string, amount: bigint): Promise<bigint | null>;
  give(trx: Kysely<Database>, sessionId: string, amount: bigint): Promise<bigint>;
  balance(sessionId: string): Promise<bigint>;
}

/** The game server's RoundView of a bet (the brief's shape, `packages/contracts/src/rgs.ts`). */
export interface BetView {
  id: string;
  gameId: string;
  engine: string;
  mode: 'real' | 'demo';
  currency: string;
  stake: string;
  win: string;
  status: 'open' | 'settled' | 'rolled_back';
  createdAt: string;
  settledAt: string | null;
  fairness: { serverSeedHash: string; serverSeed: string | null; clientSeed: string; nonce: number };
  input: unknown;
  outcome: unknown;
}

export interface PlayAnswer {
  round: BetView;
  balance: string;
}

export interface BetsDeps {
  db: Kysely<Database>;
  clock: ServerClock;
  wallet: SharedWallet | null;
  fun: FunMoney | null;
  logger: FastifyBaseLogger;
  /** A bet changed: the live topic hears of it (crash's public list). */
  onBet(round: RoundRow, bet: SharedPublicBet): void;
}

export function betView(bet: BetRow, round: RoundRow, engine: string): BetView {
  const over = round.state === 'settled' || round.state === 'void';
  const decided = bet.status !== 'open';
  return {
    id: bet.id,
    gameId: bet.game_id,
    engine,
    mode: bet.mode,
    currency: bet.currency.trim(),
    stake: String(bet.stake),
    win: String(bet.win ?? 0n),
    status: bet.status === 'open' ? 'open' : bet.status === 'void' ? 'rolled_back' : 'settled',
    createdAt: bet.created_at.toISOString(),
    settledAt: bet.settled_at?.toISOString() ?? null,
    fairness: { serverSeedHash: round.server_seed_hash, serverSeed: over ? round.server_seed : null, clientSeed: round.client_seed, nonce: 0 },
    input: { round: { id: round.id, roundNo: Number(round.round_no), room: round.room, closesAt: round.closes_at.toISOString() }, ...jsonOf(bet.selection) },
    outcome: decided ? { status: bet.status, cashedOutAt: bet.cashed_out_at, ...jsonOf(bet.outcome) } : bet.cashed_out_at !== null ? { cashedOutAt: bet.cashed_out_at } : null,
  };
}

const closed = () => new AppError(409, CasinoLiveErrorCode.bettingClosed, 'This round takes no more bets');

export const storedBet = (row: BetRow): StoredBet => ({ id: row.id, mode: row.mode, currency: row.currency.trim(), stake: row.stake, selection: jsonOf(row.selection), cashedOutAt: row.cashed_out_at });

export function createBets(deps: BetsDeps) {
  const { db, clock, logger } = deps;

  async function balanceOf(session: SharedSession, fromWallet?: string): Promise<string> {
    if (session.mode === 'demo') return String(deps.fun ? await deps.fun.balance(session.id) : 0n);
    return fromWallet ?? '0';
  }

  async function place(session: SharedSession, engine: SharedEngine, play: Record<string, unknown>): Promise<PlayAnswer> {
    const room = typeof play.room === 'string' ? play.room : '';
    const round = await bettableRound(db, engine.id, room, typeof play.roundId === 'string' ? play.roundId : undefined);
    const now = clock.now();
    if (!round || round.state !== 'open' || now >= round.closes_at.getTime()) throw closed();
    const reading = engine.readBet(play, jsonOf(round.params));
    if (typeof reading === 'string') throw new AppError(400, CasinoLiveErrorCode.invalidPlay, reading);
    if (reading.stake < session.minStake || reading.stake > session.maxStake) {
      throw new AppError(422, CasinoLiveErrorCode.stakeOutOfRange, `The stake must be ${session.minStake} to ${session.maxStake}`);
    }
    if (session.mode === 'real' && (!deps.wallet || !session.playerId)) throw new AppError(503, 'wallet_unavailable', 'Real money is not available');
    if (session.mode === 'demo' && !deps.fun) throw new AppError(503, 'wallet_unavailable', 'Demo money is not available');

    const id = randomUUID();
    const inserted = await db.transaction().execute(async (trx) => {
      // The round's row, shared-locked: the scheduler cannot claim it while the bet goes in.
      const locked = await trx.selectFrom('casino_shared_rounds').select(['state', 'closes_at', 'lease_until']).where('id', '=', round.id).forShare().executeTakeFirst();
      if (!locked || locked.state !== 'open' || clock.now() >= locked.closes_at.getTime() || (locked.lease_until && locked.lease_until.getTime() > clock.now())) throw closed();
      if (engine.id === 'crash-live') {
        // One bet per session and crash round: two at once queue here, the second sees the first.
        await sql`select pg_advisory_xact_lock(hashtext(${`${round.id}:${session.id}`}))`.execute(trx);
        const mine = await trx.selectFrom('casino_shared_bets').select('id').where('round_id', '=', round.id).where('session_id', '=', session.id).executeTakeFirst();
        if (mine) throw new AppError(409, CasinoLiveErrorCode.alreadyBet, 'One bet per crash round');
      }
      let fun: bigint | null = null;
      if (session.mode === 'demo') {
        fun = await deps.fun!.take(trx, session.id, reading.stake);
        if (fun === null) throw new AppError(422, 'insufficient_funds', 'Not enough fun money');
      }
      const row = await trx
        .insertInto('casino_shared_bets')
        .values({
          id, round_id: round.id, session_id: session.id, user_id: session.playerId, game_id: session.gameId, mode: session.mode, currency: session.currency,
          stake: reading.stake, selection: JSON.stringify(reading.selection), status: 'open', created_at: new Date(clock.now()),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { row, fun };
    });

    let balance: string;
    if (session.mode === 'real') {
      const debit = await deps.wallet!.debit({ playerId: session.playerId!, currency: session.currency, gameId: session.gameId, betId: id, amount: reading.stake });
      if (!debit.ok && debit.code === 'wallet_unavailable') {
        // No answer: the stake may or may not be taken. The bet stays; at settlement its credit
        // (stake taken) or rollback (not taken: a tombstone) makes it whole either way.
        throw new AppError(503, debit.code, 'The wallet did not answer; the bet is settled or refunded with its round');
      }
      if (!debit.ok) {
        // Refused: the bet never was (unless settlement already decided it, which then rolls it back).
        await db.deleteFrom('casino_shared_bets').where('id', '=', id).where('status', '=', 'open').execute();
        if (debit.code === 'transaction_rolled_back') throw closed();
        throw new AppError(debit.status, debit.code, debit.message);
      }
      balance = debit.answer.balance;
    } else balance = String(inserted.fun);
    deps.onBet(round, publicBet(inserted.row));
    return { round: betView(inserted.row, round, engine.id), balance };
  }

  async function cashOut(session: SharedSession): Promise<PlayAnswer> {
    const bet = await db
      .selectFrom('casino_shared_bets as b')
      .innerJoin('casino_shared_rounds as r', 'r.id', 'b.round_id')
      .select('b.id')
      .where('b.session_id', '=', session.id)
      .where('r.engine', '=', 'crash-live')
      .where('r.state', 'in', ['open', 'running'])
      .orderBy('r.round_no', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!bet) throw new AppError(409, CasinoLiveErrorCode.noOpenBet, 'No bet in this round');
    const engine = sharedEngine('crash-live')!;
    const decided = await db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('casino_shared_bets').selectAll().where('id', '=', bet.id).forUpdate().executeTakeFirstOrThrow();
      const round = await trx.selectFrom('casino_shared_rounds').selectAll().where('id', '=', row.round_id).executeTakeFirstOrThrow();
      if (row.status !== 'open' || row.cashed_out_at !== null) throw new AppError(409, CasinoLiveErrorCode.alreadyCashedOut, 'This bet is already settled');
      const now = clock.now();
      const elapsed = now - round.closes_at.getTime();
      if (elapsed < 0 || now >= round.ends_at.getTime()) throw new AppError(409, CasinoLiveErrorCode.roundNotRunning, elapsed < 0 ? 'The run has not started' : 'The round has crashed');
      const draw = engine.draw(sharedSeeds(round.server_seed, round.engine, round.room, Number(round.round_no)), {});
      const m = manualCashOut(Number(draw.point), elapsed);
      if (m === null) throw new AppError(409, CasinoLiveErrorCode.roundNotRunning, 'The multiplier is still 1.00×');
      const auto = jsonOf(row.selection).autoCashOut;
      if (typeof auto === 'number' && auto <= m) throw new AppError(409, CasinoLiveErrorCode.alreadyCashedOut, 'The automatic cash-out came first');
      const { win, outcome } = engine.settle({ ...storedBet(row), cashedOutAt: m }, draw, {});
      let fun: bigint | null = null;
      if (row.mode === 'demo') fun = await deps.fun!.give(trx, row.session_id, win);
      const updated = await trx
        .updateTable('casino_shared_bets')
        .set({ cashed_out_at: m, status: 'won', win, outcome: JSON.stringify(outcome), settled_at: new Date(now), ...(row.mode === 'demo' ? { paid_at: new Date(now) } : {}) })
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { row: updated, round, fun };
    });
    const paid = decided.row.mode === 'real' ? await pay(decided.row) : null;
    deps.onBet(decided.round, publicBet(decided.row));
    return { round: betView(decided.row, decided.round, engine.id), balance: decided.row.mode === 'demo' ? String(decided.fun) : await balanceOf(session, paid ?? undefined) };
  }

  /** The wallet call of a decided real-money bet, then `paid_at`; answers the balance, null if it must be retried. */
  async function pay(bet: BetRow): Promise<string | null> {
    const wallet = deps.wallet;
    if (!wallet || !bet.user_id) return null;
    const who = { playerId: bet.user_id, currency: bet.currency.trim(), betId: bet.id };
    let result = bet.status === 'void' ? await wallet.rollback(who) : await wallet.credit({ ...who, gameId: bet.game_id, amount: bet.win ?? 0n });
    if (!result.ok && result.code === 'round_not_found') {
      // The stake never arrived: roll the debit back (a tombstone refuses it if it comes late).
      result = await wallet.rollback(who);
      if (result.ok) {
        await db.updateTable('casino_shared_bets').set({ status: 'void', win: null, outcome: JSON.stringify({ reason: 'stake_not_taken' }) }).where('id', '=', bet.id).execute();
      }
    } else if (!result.ok && result.code === 'round_rolled_back') {
      // The wallet's recovery gave the stake back already (a round left open too long): void.
      await db.updateTable('casino_shared_bets').set({ status: 'void', win: null, outcome: JSON.stringify({ reason: 'refunded_by_wallet' }), paid_at: new Date(clock.now()) }).where('id', '=', bet.id).execute();
      return null;
    }
    if (!result.ok) {
      logger.warn({ bet: bet.id, code: result.code }, 'shared bet payment refused; it will be retried');
      return null;
    }
    await db.updateTable('casino_shared_bets').set({ paid_at: new Date(clock.now()) }).where('id', '=', bet.id).where('paid_at', 'is', null).execute();
    return result.answer.balance;
  }

  /** Decides every open bet of a round (`result` null: void), pays demo bets at once; answers the decided bets. */
  async function decideRound(round: RoundRow, engine: SharedEngine, result: JsonObject | null): Promise<BetRow[]> {
    const open = await db.selectFrom('casino_shared_bets').select('id').where('round_id', '=', round.id).where('status', '=', 'open').execute();
    const out: BetRow[] = [];
    for (const { id } of open) {
      const row = await db.transaction().execute(async (trx) => {
        const bet = await trx.selectFrom('casino_shared_bets').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
        if (bet.status !== 'open') return null;
        const now = new Date(clock.now());
        const decision = result === null
          ? { status: 'void' as const, win: null, outcome: { reason: 'round_void' } }
          : (() => {
              const s = engine.settle(storedBet(bet), result, jsonOf(round.params));
              return { status: s.win > 0n ? ('won' as const) : ('lost' as const), win: s.win, outcome: s.outcome };
            })();
        if (bet.mode === 'demo' && deps.fun) {
          const back = decision.status === 'void' ? bet.stake : (decision.win ?? 0n);
          if (back > 0n) await deps.fun.give(trx, bet.session_id, back);
        }
        return trx
          .updateTable('casino_shared_bets')
          .set({ status: decision.status, win: decision.win, outcome: JSON.stringify(decision.outcome), settled_at: now, ...(bet.mode === 'demo' ? { paid_at: now } : {}) })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      if (row) out.push(row);
    }
    return out;
  }

  /** Pays decided real-money bets not yet paid (after a crash, a refused or failed call). */
  async function payPending(limit = 100): Promise<number> {
    const rows = await db.selectFrom('casino_shared_bets').selectAll().where('paid_at', 'is', null).where('status', '<>', 'open').where('mode', '=', 'real').orderBy('settled_at').limit(limit).execute();
    let paid = 0;
    for (const row of rows) if ((await pay(row)) !== null) paid += 1;
    return paid;
  }

  /** `POST /rgs/v1/play` for a shared engine's session. */
  async function play(session: SharedSession, body: unknown): Promise<PlayAnswer> {
    const engine = sharedEngine(session.engine);
    if (!engine) throw new AppError(404, CasinoLiveErrorCode.engineNotFound, 'Not a shared game');
    const schema = SHARED_PLAY_SCHEMAS[engine.id];
    const parsed = parseRequest(schema, body, 'body') as Record<string, unknown>;
    if (parsed.action === 'cashout') return cashOut(session);
    return place(session, engine, parsed);
  }

  /** The session's bets, newest first, as round views. */
  async function betsOf(sessionId: string, limit = 20): Promise<BetView[]> {
    return viewsOf(await db.selectFrom('casino_shared_bets').selectAll().where('session_id', '=', sessionId).orderBy('created_at', 'desc').limit(limit).execute());
  }

  /** Round views of bet rows, each with its round (one query for the rounds). */
  async function viewsOf(rows: BetRow[]): Promise<BetView[]> {
    const ids = [...new Set(rows.map((row) => row.round_id))];
    const rounds = new Map((ids.length ? await db.selectFrom('casino_shared_rounds').selectAll().where('id', 'in', ids).execute() : []).map((r) => [r.id, r]));
    return rows.map((row) => {
      const round = rounds.get(row.round_id)!;
      return betView(row, round, round.engine);
    });
  }

  /**
   * The player's real-money bets in the site's history (decision 0025): newest first, older
   * than `before` by (created_at, id), the order the game server's own rounds page in.
   */
  const playerHistory: HistorySource = {
    async anchor(id) {
      const row = await db.selectFrom('casino_shared_bets').select(['id', 'created_at']).where('id', '=', id).executeTakeFirst();
      return row ? { createdAt: row.created_at, id: row.id } : null;
    },
    async list(playerId, limit, before) {
      let q = db.selectFrom('casino_shared_bets').selectAll().where('user_id', '=', playerId).where('mode', '=', 'real');
      if (before) q = q.where(sql<boolean>`(created_at, id) < (${before.createdAt}, ${before.id})`);
      return viewsOf(await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute());
    },
    async one(playerId, id) {
      const row = await db.selectFrom('casino_shared_bets').selectAll().where('id', '=', id).where('user_id', '=', playerId).where('mode', '=', 'real').executeTakeFirst();
      return row ? ((await viewsOf([row]))[0] ?? null) : null;
    },
  };

  return { play, decideRound, pay, payPending, betsOf, playerHistory };
}

export type SharedBets = ReturnType<typeof createBets>;
