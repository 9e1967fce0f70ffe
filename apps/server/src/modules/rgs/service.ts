/**
 * Rounds of our solo games (decision 0023): play, history, and the finishing of interrupted
 * rounds (GLI-19).
 *
 * Real money moves only through the wallet client (the signed contract): a round's id names its
 * wallet round, its debits `${round}:debit` (the opening stake) and `${round}:debit:${n}` (a
 * blackjack double or split at action n), its credit `${round}:credit`, and a rollback of a
 * debit `${debit}:rollback`. The round row records each debit before it is sent (pending) and
 * after it is confirmed, in `state`, with a version every write checks; so after a crash we
 * know what to ask the wallet, and a call sent twice is answered once (the wallet's ids).
 *
 * Demo money is the session's fun balance, changed in the same transaction as the round: a
 * demo round never reaches the wallet or the ledger.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  RgsErrorCode as Code,
  type RgsFairness,
  type RgsPlayAnswer,
  type RgsSessionView,
  type RotateAnswer,
  type RoundView,
  type RoundsQuery,
} from '@betsite/contracts';
import type { Database, JsonValue } from '@betsite/db';
import {
  completionAction,
  engineRules,
  fairRng,
  isEngine,
  isMultiStep,
  playEngine,
  RoundError,
  type Engine,
  type FairSeeds,
  type RoundAction,
  type RoundInput,
  type RoundResult,
} from '@betsite/domain';
import { AppError, sqlState } from '../../lib/errors.ts';
import type { Seeds, SeedOwner } from './seeds.ts';
import type { HistoryCursor, HistorySource } from './history.ts';
import type { RgsSession } from './sessions.ts';
import { WalletUnavailable, type WalletClient, type WalletRefusal } from './wallet-client.ts';

type Db = Kysely<Database>;

/** An open multi-step round untouched this long is finished by the game's rule. */
export const IDLE_ROUND_MS = 10 * 60_000;
/** A round still open this long after its last write is looked at by recovery (a call in flight is younger). */
export const RECOVERY_GRACE_MS = 30_000;
const CREDIT_ATTEMPTS = 3;
const RECOVERY_BATCH = 100;

interface Debit {
  txId: string;
  amount: string;
  confirmed: boolean;
  /** The wallet's refusal code: this debit moved nothing (kept for audit). */
  refused?: string;
  /** Given back by a rollback (an unanswered debit, or a void round). */
  rolledBack?: true;
}
interface RoundState {
  version: number;
  debits: Debit[];
}

type RoundRow = Awaited<ReturnType<typeof loadRound>>;

async function loadRound(db: Db, where: (qb: ReturnType<typeof roundQuery>) => ReturnType<typeof roundQuery>) {
  return where(roundQuery(db)).executeTakeFirst();
}

function roundQuery(db: Db) {
  return db
    .selectFrom('rgs_rounds as r')
    .innerJoin('rgs_seeds as s', 's.id', 'r.seed_id')
    .select([
      'r.id', 'r.session_id', 'r.user_id', 'r.game_id', 'r.engine', 'r.multi_step', 'r.mode', 'r.currency', 'r.stake', 'r.win', 'r.status', 'r.nonce',
      'r.input', 'r.state', 'r.outcome', 'r.created_at', 'r.updated_at', 'r.settled_at',
      's.server_seed', 's.server_seed_hash', 's.client_seed', 's.revealed_at',
    ]);
}

export function toRoundView(row: NonNullable<RoundRow>): RoundView {
  return {
    id: row.id,
    gameId: row.game_id,
    engine: row.engine,
    mode: row.mode,
    currency: row.currency.trim(),
    stake: row.stake.toString(),
    win: row.win.toString(),
    status: row.status,
    createdAt: row.created_at.toISOString(),
    settledAt: row.settled_at?.toISOString() ?? null,
    fairness: { serverSeedHash: row.server_seed_hash, serverSeed: row.revealed_at ? row.server_seed : null, clientSeed: row.client_seed, nonce: row.nonce },
    input: row.input,
    outcome: row.outcome,
  };
}

const seedsOf = (row: { server_seed: string; client_seed: string; nonce: number }): FairSeeds => ({ serverSeed: row.server_seed, clientSeed: row.client_seed, nonce: row.nonce });
const stateOf = (value: JsonValue): RoundState => value as unknown as RoundState;
const jsonText = (value: unknown) => JSON.stringify(value);
const refused = (r: WalletRefusal) => new AppError(r.status, r.code, r.message, r.details);
const unavailable = () => new AppError(503, Code.walletUnavailable, 'The wallet did not answer; the round was not played');
const busy = () => new AppError(409, Code.roundBusy, 'Another move of this round is being played');
/** A debit sent and not yet answered (a crash may have left it so). */
const inFlight = (d: Debit) => !d.confirmed && d.refused === undefined && !d.rolledBack;
/** The debits that took money and keep it. */
const taken = (debits: Debit[]) => debits.filter((d) => d.confirmed && !d.rolledBack);
const givenBack = (debits: Debit[], which: (d: Debit) => boolean): Debit[] => debits.map((d) => (which(d) ? { ...d, rolledBack: true } : d));

/** The round's outcome on its seeds; the engine's refusal as a 400. */
function replay(engine: Engine, input: RoundInput, seeds: FairSeeds): RoundResult {
  try {
    return playEngine(engine, input, fairRng(seeds));
  } catch (error) {
    if (error instanceof RoundError) throw new AppError(400, Code.invalidPlay, error.message);
    throw error;
  }
}

/** The stake of a round's opening action (roulette: every bet). */
function openingStake(action: RoundAction): bigint {
  if ('bets' in action) return action.bets.reduce((sum, b) => sum + BigInt(b.stake), 0n);
  return 'stake' in action ? BigInt(action.stake) : 0n;
}
const opens = (action: RoundAction) => 'stake' in action || 'bets' in action;

export function createRounds({ db, wallet, seeds, now, log }: { db: Db; wallet: WalletClient; seeds: Seeds; now: () => Date; log: { error: (obj: object, msg: string) => void } }) {
  const ownerOf = (s: { mode: 'real' | 'demo'; userId: string | null; id: string; gameId: string }): SeedOwner =>
    s.mode === 'real' && s.userId ? { userId: s.userId, gameId: s.gameId } : { sessionId: s.id, gameId: s.gameId };

  // One move at a time per multi-step game of a player (or demo session) on this node; the round's version guards between nodes.
  const chains = new Map<string, Promise<unknown>>();
  function serial<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = chains.get(key) ?? Promise.resolve();
    const run = previous.then(work, work);
    const tail = run.catch(() => undefined);
    chains.set(key, tail);
    void tail.then(() => {
      if (chains.get(key) === tail) chains.delete(key);
    });
    return run;
  }

  async function openRound(session: RgsSession, executor: Db = db): Promise<NonNullable<RoundRow> | undefined> {
    return loadRound(executor, (q) => {
      const open = q.where('r.status', '=', 'open').where('r.multi_step', '=', true);
      return session.mode === 'real' ? open.where('r.user_id', '=', session.userId).where('r.game_id', '=', session.gameId).where('r.mode', '=', 'real') : open.where('r.session_id', '=', session.id);
    });
  }
  const byId = (id: string) => loadRound(db, (q) => q.where('r.id', '=', id));

  /** Writes the round if its version is still `version`; false when another move got there first. */
  async function write(id: string, version: number, set: { input?: RoundInput; state: RoundState; stake?: bigint; win?: bigint; outcome?: unknown; status?: 'open' | 'settled' | 'rolled_back' }): Promise<boolean> {
    const at = now();
    const done = await db
      .updateTable('rgs_rounds')
      .set({
        state: jsonText(set.state),
        updated_at: at,
        ...(set.input ? { input: jsonText(set.input) } : {}),
        ...(set.stake === undefined ? {} : { stake: set.stake }),
        ...(set.win === undefined ? {} : { win: set.win }),
        ...(set.outcome === undefined ? {} : { outcome: jsonText(set.outcome) }),
        ...(set.status ? { status: set.status, ...(set.status === 'open' ? {} : { settled_at: at }) } : {}),
      })
      .where('id', '=', id)
      .where(sql<boolean>`(state->>'version')::int = ${version}`)
      .executeTakeFirst();
    return Number(done.numUpdatedRows) === 1;
  }

  const money = (row: { user_id: string | null; currency: string; game_id: string; id: string }) => ({ playerId: row.user_id!, currency: row.currency.trim(), gameId: row.game_id, roundId: row.id });

  /** Pays the round's credit (retried; a round the wallet rolled back is marked so). The balance after, or null while it is still owed. */
  async function credit(row: { id: string; user_id: string | null; currency: string; game_id: string }, win: bigint, version: number, state: RoundState): Promise<string | null> {
    for (let attempt = 1; attempt <= CREDIT_ATTEMPTS; attempt++) {
      try {
        const answer = await wallet.credit({ ...money(row), transactionId: `${row.id}:credit`, amount: win });
        if (answer.ok) {
          await write(row.id, version, { state: { ...state, version: version + 1 }, status: 'settled' });
          return answer.answer.balance;
        }
        // The wallet's own time-out refunded the round before we could pay it.
        if (answer.code === 'round_rolled_back') {
          await write(row.id, version, { state: { ...state, version: version + 1 }, status: 'rolled_back', win: 0n });
          return null;
        }
        log.error({ round: row.id, code: answer.code }, 'rgs credit refused');
        return null;
      } catch (error) {
        if (!(error instanceof WalletUnavailable) || attempt === CREDIT_ATTEMPTS) {
          log.error({ err: error, round: row.id }, 'rgs credit failed; recovery will retry');
          return null;
        }
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
    return null;
  }

  /** Gives a debit back (the wallet answers once per debit, whatever the rollback id). True when settled either way. */
  async function rollbackDebit(row: { id: string; user_id: string | null; currency: string; game_id: string }, debit: Debit): Promise<boolean> {
    try {
      const answer = await wallet.rollback({ ...money(row), transactionId: `${debit.txId}:rollback`, referenceTransactionId: debit.txId });
      if (answer.ok) return true;
      log.error({ round: row.id, code: answer.code }, 'rgs rollback refused');
      return false;
    } catch (error) {
      log.error({ err: error, round: row.id }, 'rgs rollback failed; recovery will retry');
      return false;
    }
  }

  async function balanceOf(session: RgsSession): Promise<string> {
    if (session.mode === 'demo') {
      const row = await db.selectFrom('rgs_sessions').select('demo_balance').where('id', '=', session.id).executeTakeFirstOrThrow();
      return (row.demo_balance ?? 0n).toString();
    }
    const answer = await wallet.balance(session.userId!, session.currency);
    if (!answer.ok) throw refused(answer);
    return answer.answer.balance;
  }

  function checkStake(session: RgsSession, stake: bigint): void {
    if (stake < session.minStake || stake > session.maxStake) {
      throw new AppError(422, Code.stakeOutOfRange, `The stake must be between ${session.minStake} and ${session.maxStake}`, { minStake: session.minStake.toString(), maxStake: session.maxStake.toString() });
    }
  }

  /** Inserts a new round on the owner's next nonce (one transaction: a rotation cannot slip in between). */
  async function insertRound(trx: Transaction<Database>, session: RgsSession, id: string, input: RoundInput, state: RoundState, extra: { stake?: bigint; win?: bigint; outcome?: unknown; status?: 'open' | 'settled' } = {}) {
    const seed = await seeds.take(trx, ownerOf(session));
    const at = now();
    const status = extra.status ?? 'open';
    await trx
      .insertInto('rgs_rounds')
      .values({
        id,
        session_id: session.id,
        user_id: session.userId,
        game_id: session.gameId,
        engine: session.engine,
        multi_step: isMultiStep(session.engine as Engine),
        mode: session.mode,
        currency: session.currency,
        stake: extra.stake ?? 0n,
        win: extra.win ?? 0n,
        status,
        seed_id: seed.id,
        nonce: seed.nonce,
        input: jsonText(input),
        state: jsonText(state),
        outcome: extra.outcome === undefined ? null : jsonText(extra.outcome),
        created_at: at,
        updated_at: at,
        settled_at: status === 'settled' ? at : null,
      })
      .execute();
    return seed;
  }

  const inProgress = () => new AppError(409, Code.roundInProgress, 'A round of this game is in progress: finish it first');
  const uniqueViolation = (error: unknown) => sqlState(error) === '23505';

  async function answer(id: string, balance: string): Promise<RgsPlayAnswer> {
    const row = await byId(id);
    return { round: toRoundView(row!), balance };
  }

  /** A new real-money round: recorded, debited, played, credited. */
  async function startReal(session: RgsSession, engine: Engine, action: RoundAction): Promise<RgsPlayAnswer> {
    const id = randomUUID();
    const input: RoundInput = { actions: [action] };
    const stake = openingStake(action);
    const debit: Debit = { txId: `${id}:debit`, amount: stake.toString(), confirmed: false };
    let seed: FairSeeds;
    try {
      const taken = await db.transaction().execute((trx) => insertRound(trx, session, id, input, { version: 1, debits: [debit] }));
      seed = { serverSeed: taken.server_seed, clientSeed: taken.client_seed, nonce: taken.nonce };
    } catch (error) {
      if (uniqueViolation(error)) throw inProgress();
      throw error;
    }
    const row = { id, user_id: session.userId, currency: session.currency, game_id: session.gameId };
    let debited;
    try {
      debited = await wallet.debit({ ...money(row), transactionId: debit.txId, amount: stake });
    } catch (error) {
      if (!(error instanceof WalletUnavailable)) throw error;
      // Unknown whether it was taken: give it back now if we can (recovery does otherwise).
      if (await rollbackDebit(row, debit)) await write(id, 1, { state: { version: 2, debits: [{ ...debit, rolledBack: true }] }, status: 'rolled_back' });
      throw unavailable();
    }
    if (!debited.ok) {
      await write(id, 1, { state: { version: 2, debits: [{ ...debit, refused: debited.code }] }, status: 'rolled_back' });
      throw refused(debited);
    }
    const result = replay(engine, input, seed);
    const state: RoundState = { version: 2, debits: [{ ...debit, confirmed: true }] };
    await write(id, 1, { state, stake: result.stake, win: result.win, outcome: result.view });
    const balance = result.status === 'settled' ? await credit(row, result.win, 2, state) : null;
    return answer(id, balance ?? debited.answer.balance);
  }

  /** The next move of the open real-money round (a double or split debits its extra stake first). */
  async function actReal(session: RgsSession, engine: Engine, action: RoundAction): Promise<RgsPlayAnswer> {
    const round = await openRound(session);
    if (!round) throw new AppError(409, Code.noOpenRound, 'No round of this game is in progress');
    const state = stateOf(round.state);
    if (state.debits.some(inFlight)) throw busy();
    const before = round.input as unknown as RoundInput;
    const input: RoundInput = { actions: [...before.actions, action] };
    const result = replay(engine, input, seedsOf(round));
    const extra = result.stake - round.stake;
    let version = state.version;
    let debits = state.debits;
    let balance: string | null = null;
    if (extra > 0n) {
      const debit: Debit = { txId: `${round.id}:debit:${before.actions.length}`, amount: extra.toString(), confirmed: false };
      // Claim the move (and record the debit as in flight) before sending it.
      if (!(await write(round.id, version, { input, state: { version: version + 1, debits: [...debits, debit] } }))) throw busy();
      version += 1;
      // The move is undone; its debit stays on record as refused or given back.
      const undo = (mark: Pick<Debit, 'refused' | 'rolledBack'>) => write(round.id, version, { input: before, state: { version: version + 1, debits: [...debits, { ...debit, ...mark }] } });
      let debited;
      try {
        debited = await wallet.debit({ ...money(round), transactionId: debit.txId, amount: extra });
      } catch (error) {
        if (!(error instanceof WalletUnavailable)) throw error;
        if (await rollbackDebit(round, debit)) await undo({ rolledBack: true });
        throw unavailable();
      }
      if (!debited.ok) {
        await undo({ refused: debited.code });
        throw refused(debited);
      }
      balance = debited.answer.balance;
      debits = [...debits, { ...debit, confirmed: true }];
    }
    const next: RoundState = { version: version + 1, debits };
    if (!(await write(round.id, version, { input, state: next, stake: result.stake, win: result.win, outcome: result.view }))) throw busy();
    if (result.status === 'settled') balance = (await credit(round, result.win, next.version, next)) ?? balance;
    return answer(round.id, balance ?? (await balanceOf(session)));
  }

  /** A demo move: the fun balance and the round in one transaction. */
  async function playDemo(session: RgsSession, engine: Engine, action: RoundAction): Promise<RgsPlayAnswer> {
    try {
      return await db.transaction().execute(async (trx) => {
        const s = await trx.selectFrom('rgs_sessions').select('demo_balance').where('id', '=', session.id).forUpdate().executeTakeFirstOrThrow();
        let balance = s.demo_balance ?? 0n;
        const poor = () => new AppError(422, 'insufficient_funds', 'Not enough fun money: reopen the game to start again');
        let id: string;
        if (opens(action)) {
          if (isMultiStep(engine) && (await openRound(session, trx))) throw inProgress();
          id = randomUUID();
          const input: RoundInput = { actions: [action] };
          // Validate before a nonce is used (the transaction is undone on a refusal anyway).
          replay(engine, input, { serverSeed: 'check', clientSeed: '', nonce: 0 });
          const seed = await insertRound(trx, session, id, input, { version: 1, debits: [] });
          const result = replay(engine, input, { serverSeed: seed.server_seed, clientSeed: seed.client_seed, nonce: seed.nonce });
          if (balance < result.stake) throw poor();
          balance += (result.status === 'settled' ? result.win : 0n) - result.stake;
          await trx
            .updateTable('rgs_rounds')
            .set({ stake: result.stake, win: result.win, outcome: jsonText(result.view), state: jsonText({ version: 2, debits: [] }), ...(result.status === 'settled' ? { status: 'settled', settled_at: now() } : {}) })
            .where('id', '=', id)
            .execute();
        } else {
          const round = await loadRound(trx, (q) => q.where('r.session_id', '=', session.id).where('r.status', '=', 'open').where('r.multi_step', '=', true));
          if (!round) throw new AppError(409, Code.noOpenRound, 'No round of this game is in progress');
          id = round.id;
          const input: RoundInput = { actions: [...(round.input as unknown as RoundInput).actions, action] };
          const result = replay(engine, input, seedsOf(round));
          const extra = result.stake - round.stake;
          if (balance < extra) throw poor();
          balance += (result.status === 'settled' ? result.win : 0n) - extra;
          const version = stateOf(round.state).version + 1;
          await trx
            .updateTable('rgs_rounds')
            .set({ input: jsonText(input), stake: result.stake, win: result.win, outcome: jsonText(result.view), state: jsonText({ version, debits: [] }), updated_at: now(), ...(result.status === 'settled' ? { status: 'settled', settled_at: now() } : {}) })
            .where('id', '=', id)
            .execute();
        }
        await trx.updateTable('rgs_sessions').set({ demo_balance: balance }).where('id', '=', session.id).execute();
        return { id, balance: balance.toString() };
      }).then(({ id, balance }) => answer(id, balance));
    } catch (error) {
      if (uniqueViolation(error)) throw inProgress();
      throw error;
    }
  }

  /**
   * Finishes one open round if it is due (GLI-19): a debit left in flight is rolled back (a
   * first one voids the round; a double's or split's drops its move); a round whose outcome is
   * known gets its credit; a multi-step round idle for IDLE_ROUND_MS is completed by the game's
   * rule (`completionAction`) or, when that voids it, its stakes are given back.
   */
  async function finish(round: NonNullable<RoundRow>, at: number): Promise<boolean> {
    const engine = round.engine as Engine;
    if (!isEngine(engine)) return false;
    let state = stateOf(round.state);
    let input = round.input as unknown as RoundInput;
    const idle = at - round.updated_at.getTime() >= IDLE_ROUND_MS;
    if (round.mode === 'demo') {
      if (!round.multi_step || !idle) return false;
      return finishDemo(round, engine, input, state);
    }
    const pending = state.debits.find(inFlight);
    if (pending) {
      if (!(await rollbackDebit(round, pending))) return false;
      const debits = givenBack(state.debits, (d) => d === pending);
      if (taken(debits).length === 0) return write(round.id, state.version, { state: { version: state.version + 1, debits }, status: 'rolled_back' });
      input = { actions: input.actions.slice(0, -1) };
      const next = { version: state.version + 1, debits };
      if (!(await write(round.id, state.version, { input, state: next }))) return false;
      state = next;
    }
    let result = replay(engine, input, seedsOf(round));
    if (result.status === 'open') {
      if (!idle) return false;
      for (let step = 0; step < 20 && result.status === 'open'; step++) {
        const move = completionAction(engine, input, fairRng(seedsOf(round)));
        if (!move) {
          // Void: no choice was made; every stake goes back.
          for (const debit of taken(state.debits)) if (!(await rollbackDebit(round, debit))) return false;
          return write(round.id, state.version, { state: { version: state.version + 1, debits: givenBack(state.debits, (d) => d.confirmed) }, status: 'rolled_back', stake: 0n, win: 0n });
        }
        input = { actions: [...input.actions, move] };
        result = replay(engine, input, seedsOf(round));
      }
      const next = { version: state.version + 1, debits: state.debits };
      if (!(await write(round.id, state.version, { input, state: next, stake: result.stake, win: result.win, outcome: result.view }))) return false;
      state = next;
    } else if (round.outcome === null) {
      const next = { version: state.version + 1, debits: state.debits };
      if (!(await write(round.id, state.version, { state: next, stake: result.stake, win: result.win, outcome: result.view }))) return false;
      state = next;
    }
    return (await credit(round, result.win, state.version, state)) !== null;
  }

  async function finishDemo(round: NonNullable<RoundRow>, engine: Engine, input: RoundInput, state: RoundState): Promise<boolean> {
    let result = replay(engine, input, seedsOf(round));
    let actions = input.actions;
    let voided = false;
    while (result.status === 'open') {
      const move = completionAction(engine, { actions }, fairRng(seedsOf(round)));
      if (!move) {
        voided = true;
        break;
      }
      actions = [...actions, move];
      result = replay(engine, { actions }, seedsOf(round));
    }
    const back = voided ? round.stake : result.win;
    return db.transaction().execute(async (trx) => {
      const done = await trx
        .updateTable('rgs_rounds')
        .set({ input: jsonText({ actions }), state: jsonText({ version: state.version + 1, debits: [] }), win: voided ? 0n : result.win, outcome: jsonText(result.view), status: voided ? 'rolled_back' : 'settled', settled_at: now(), updated_at: now() })
        .where('id', '=', round.id)
        .where(sql<boolean>`(state->>'version')::int = ${state.version}`)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) return false;
      if (round.session_id && back > 0n) {
        await trx.updateTable('rgs_sessions').set((eb) => ({ demo_balance: eb('demo_balance', '+', back) })).where('id', '=', round.session_id).execute();
      }
      return true;
    });
  }

  /** The (time, id) of a round, for paging from it. */
  async function anchor(id: string): Promise<HistoryCursor | null> {
    const row = await db.selectFrom('rgs_rounds').select(['created_at', 'id']).where('id', '=', id).executeTakeFirst();
    return row ? { createdAt: row.created_at, id: row.id } : null;
  }

  async function listRounds(where: (q: ReturnType<typeof roundQuery>) => ReturnType<typeof roundQuery>, limit: number, before: HistoryCursor | null): Promise<RoundView[]> {
    let q = where(roundQuery(db)).where('r.outcome', 'is not', null);
    if (before) q = q.where(sql<boolean>`(r.created_at, r.id) < (${before.createdAt}, ${before.id})`);
    const rows = await q.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(limit).execute();
    return rows.map(toRoundView);
  }

  return {
    balanceOf,

    async view(session: RgsSession): Promise<Omit<RgsSessionView, 'rules'> & { rules: unknown }> {
      const engine = session.engine as Engine;
      const [balance, seed, open] = await Promise.all([balanceOf(session), seeds.ensure(ownerOf(session)), openRound(session)]);
      return {
        gameId: session.gameId,
        engine: session.engine,
        mode: session.mode,
        currency: session.currency,
        language: session.language,
        balance,
        minStake: session.minStake.toString(),
        maxStake: session.maxStake.toString(),
        fairness: seeds.fairness(seed),
        open: open ? toRoundView(open) : null,
        rules: engineRules(engine),
      };
    },

    /** One play request (already valid for the engine's schema). */
    play(session: RgsSession, action: RoundAction): Promise<RgsPlayAnswer> {
      const engine = session.engine as Engine;
      if (opens(action)) {
        // Validity first (before a nonce or a debit): the opening move does not depend on the stream.
        replay(engine, { actions: [action] }, { serverSeed: 'check', clientSeed: '', nonce: 0 });
        checkStake(session, openingStake(action));
      }
      const go = () => (session.mode === 'demo' ? playDemo(session, engine, action) : opens(action) ? startReal(session, engine, action) : actReal(session, engine, action));
      if (!isMultiStep(engine)) return go();
      return serial(session.mode === 'demo' ? session.id : `${session.userId}:${session.gameId}`, go);
    },

    rotate: (session: RgsSession): Promise<RotateAnswer> => seeds.rotate(ownerOf(session)),
    setClientSeed: (session: RgsSession, clientSeed: string): Promise<RgsFairness> => seeds.setClientSeed(ownerOf(session), clientSeed),

    /** The session player's rounds of this game (demo: the session's). */
    async sessionRounds(session: RgsSession, query: RoundsQuery) {
      const before = query.before ? await anchor(query.before) : null;
      return listRounds((q) => (session.mode === 'real' ? q.where('r.user_id', '=', session.userId).where('r.game_id', '=', session.gameId).where('r.mode', '=', 'real') : q.where('r.session_id', '=', session.id)), query.limit, before);
    },

    /** The player's real-money solo rounds in the site's history (`history.ts` merges the other kinds). */
    history: {
      anchor,
      list: (userId, limit, before) => listRounds((q) => q.where('r.user_id', '=', userId).where('r.mode', '=', 'real'), limit, before),
      async one(userId, id) {
        const row = await loadRound(db, (q) => q.where('r.id', '=', id).where('r.user_id', '=', userId).where('r.mode', '=', 'real').where('r.outcome', 'is not', null));
        return row ? toRoundView(row) : null;
      },
    } satisfies HistorySource,

    /** Finishes every open round that is due (on start and as a job); in batches until none is left. */
    async recover(at = now().getTime(), graceMs = RECOVERY_GRACE_MS): Promise<{ finished: number; pending: number }> {
      let finished = 0;
      let pending = 0;
      const cutoff = new Date(at - graceMs);
      for (let after = '00000000-0000-0000-0000-000000000000', more = true; more; ) {
        const rows = await roundQuery(db).where('r.status', '=', 'open').where('r.updated_at', '<', cutoff).where('r.id', '>', after).orderBy('r.id').limit(RECOVERY_BATCH).execute();
        more = rows.length === RECOVERY_BATCH;
        after = rows.at(-1)?.id ?? after;
        for (const row of rows) {
          try {
            if (await finish(row, at)) finished++;
            else pending++;
          } catch (error) {
            pending++;
            log.error({ err: error, round: row.id }, 'rgs round recovery failed');
          }
        }
      }
      return { finished, pending };
    },
  };
}

export type Rounds = ReturnType<typeof createRounds>;
