/**
 * The seamless wallet (issue 13, decision 0022): a game server's balance, debit, credit and
 * rollback calls on the site's ledger, the one-time launch tokens it redeems, and the recovery
 * of interrupted rounds (GLI-19).
 *
 * Every money call runs in one ledger unit (decision 0013): it locks the round, moves the money
 * and, last, inserts its transaction row with the answer in it (unique per provider and
 * transaction id). A delivery of an id already answered finds the row taken (its ledger
 * posting is a replay, or the insert does nothing): its unit is undone and the stored answer
 * given, so money moves once. A refusal rolls the unit back and is stored on its own, so a
 * replay gets the same refusal. Refunds are keyed by the debit
 * (`casino:{provider}:{debitTx}:refund`), so a provider's rollback and the recovery job give a
 * stake back once between them. Lock order, for every call and the recovery job: the round,
 * then debit rows, then accounts.
 */
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import {
  CasinoWalletErrorCode as Code,
  type LaunchSession,
  type LaunchToken,
  type LaunchTokenRequest,
  type WalletBalance,
  type WalletBalanceRequest,
  type WalletCreditRequest,
  type WalletDebitRequest,
  type WalletRollbackRequest,
  type WalletTransactionAnswer,
} from '@betsite/contracts';
import type { Database } from '@betsite/db';
import { isCurrencyCode, type Clock, type CurrencyCode } from '@betsite/domain';
import { AppError } from '../../lib/errors.ts';
import type { Ledger, LedgerUnit } from '../ledger/ledger.ts';
import type { LedgerAccount } from '../ledger/accounts.ts';
import type { PostedTransaction } from '../ledger/post.ts';
import type { LimitsService } from '../limits/service.ts';

type Db = Kysely<Database>;

/** A stored answer: what the call got, and what every replay of it gets. */
export interface WalletAnswer {
  statusCode: number;
  body: unknown;
}

/** An open round the game has not touched for this long is refunded by the recovery job. */
export const ROUND_TIMEOUT_MS = 30 * 60_000;
/** A launch token is good for this long, once. */
export const LAUNCH_TOKEN_TTL_MS = 60_000;
const RECOVERY_BATCH = 100;

export interface CasinoWalletDeps {
  db: Db;
  ledger: Ledger;
  clock: Clock;
  secret: string;
  /** Responsible gaming: real-money debits pass the same checks as bets. */
  limits?: Pick<LimitsService, 'betGate' | 'checkBet'>;
}

export type CasinoWallet = ReturnType<typeof createCasinoWallet>;

const refusal = (status: number, code: string, message: string) => new AppError(status, code, message);
/** Thrown inside a unit when the call's id was answered before: the unit rolls back and the stored answer is given. */
class AnsweredBefore extends Error {}
const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');
const b64 = (buf: Buffer) => buf.toString('base64url');

export function createCasinoWallet({ db, ledger, clock, secret, limits }: CasinoWalletDeps) {
  /** The player's account in `currency` (main or currency account), or undefined; whether they may play, and whether they ever set a limit. */
  function findPlayerAccount(executor: Db, playerId: string, currency: string) {
    return executor
      .selectFrom('ledger_accounts as a')
      .innerJoin('users as u', 'u.id', 'a.owner_id')
      .select((eb) => [
        'a.id',
        'a.balance',
        'u.ban_level',
        // Only a player with a protection row can be refused by the limits gate (decision 0019).
        eb.exists(eb.selectFrom('player_protection as p').select('p.user_id').whereRef('p.user_id', '=', 'u.id')).as('protected'),
      ])
      .where('a.owner_id', '=', playerId)
      .where('a.kind', 'in', ['player-main', 'player-currency'])
      .where('a.currency', '=', currency)
      .executeTakeFirst();
  }
  async function playerAccount(executor: Db, playerId: string, currency: string): Promise<{ id: string; balance: bigint; banned: boolean }> {
    const row = await findPlayerAccount(executor, playerId, currency);
    if (!row) throw noAccount(currency);
    return { id: row.id, balance: row.balance, banned: row.ban_level > 0 };
  }
  const noAccount = (currency: string) => refusal(404, Code.accountNotFound, `The player has no ${currency} account`);

  async function stored(provider: string, txId: string, hash: string): Promise<WalletAnswer | null> {
    const row = await db
      .selectFrom('casino_wallet_transactions')
      .select(['status_code', 'answer', 'request_hash'])
      .where('provider', '=', provider)
      .where('tx_id', '=', txId)
      .executeTakeFirst();
    if (!row) return null;
    if (row.request_hash !== null && row.request_hash !== hash) {
      return { statusCode: 409, body: { code: Code.transactionConflict, message: 'This transaction id was used for another request' } };
    }
    return { statusCode: row.status_code, body: row.answer };
  }

  interface Call {
    provider: string;
    txId: string;
    roundId: string;
    kind: 'debit' | 'credit' | 'rollback';
    amount: bigint;
    referenceTxId?: string;
  }

  /**
   * Answers `call` once: `work` in a unit, its answer stored with the transaction row at the
   * end of the unit; or its refusal, stored after the unit rolled back; or, for an id already
   * answered, the stored answer.
   */
  async function once(
    call: Call & { currency: string },
    request: unknown,
    work: (unit: LedgerUnit, house: LedgerAccount) => Promise<WalletTransactionAnswer>,
  ): Promise<WalletAnswer> {
    // No look-up first: an id already answered is found by the work's posting or by the insert below.
    const hash = hashOf([call.kind, request]);
    const row = {
      provider: call.provider,
      tx_id: call.txId,
      round_id: call.roundId,
      kind: call.kind,
      amount: call.amount,
      request_hash: hash,
      reference_tx_id: call.referenceTxId ?? null,
    };
    try {
      // Before the unit: a first use creates the shard, outside the unit's transaction.
      const houseAccount = await house(call.currency, call.provider, call.roundId);
      return await ledger.unit(async (unit) => {
        const body = await work(unit, houseAccount);
        // The row and its answer in one statement. Taken (a delivery of this id committed first,
        // or a rollback's tombstone): undo this unit and answer what is stored.
        const inserted = await unit.db
          .insertInto('casino_wallet_transactions')
          .values({ ...row, status_code: 200, answer: JSON.stringify(body), created_at: unit.now })
          .onConflict((oc) => oc.columns(['provider', 'tx_id']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!inserted) throw new AnsweredBefore();
        return { statusCode: 200, body };
      });
    } catch (error) {
      if (error instanceof AnsweredBefore) {
        // Stored below.
      } else if (!(error instanceof AppError) || error.statusCode >= 500) {
        throw error;
      } else {
        const body = { code: error.code, message: error.message, ...(error.details === undefined ? {} : { details: error.details }) };
        await db
          .insertInto('casino_wallet_transactions')
          .values({ ...row, status_code: error.statusCode, answer: JSON.stringify(body), created_at: new Date(clock.now()) })
          .onConflict((oc) => oc.columns(['provider', 'tx_id']).doNothing())
          .execute();
      }
    }
    const answer = await stored(call.provider, call.txId, hash);
    if (!answer) throw new Error(`casino wallet transaction ${call.provider}:${call.txId} has no stored answer`);
    return answer;
  }

  /**
   * A posting keyed by this call's id that was a replay: a delivery of the id committed before
   * (its row is stored with it). Nothing moved; the unit is undone and the stored answer given.
   */
  function moved(posted: PostedTransaction): PostedTransaction {
    if (posted.replayed) throw new AnsweredBefore();
    return posted;
  }

  const house = (currency: string, provider: string, roundId: string) => ledger.houseAccount('house-casino', currency as CurrencyCode, `${provider}:${roundId}`);
  const balanceAfter = (posted: PostedTransaction, accountId: string) => posted.entries.find((e) => e.accountId === accountId)!.balanceAfter;

  async function lockRound(executor: Db, provider: string, roundId: string) {
    return executor.selectFrom('casino_rounds').selectAll().where('provider', '=', provider).where('round_id', '=', roundId).forUpdate().executeTakeFirst();
  }

  /** Gives one debit's stake back (the debit row and its round are locked by the caller); once per debit. */
  async function refund(
    unit: LedgerUnit,
    houseAccount: LedgerAccount,
    round: { id: string; provider: string; round_id: string; account_id: string },
    debit: { id: bigint; tx_id: string; amount: bigint },
  ) {
    const posted = await unit.post({
      idempotencyKey: `casino:${round.provider}:${debit.tx_id}:refund`,
      kind: 'casino-refund',
      entries: [
        { accountId: houseAccount.id, amount: -debit.amount },
        { accountId: round.account_id, amount: debit.amount },
      ],
      metadata: { provider: round.provider, roundId: round.round_id, debit: debit.tx_id },
    });
    await unit.db.updateTable('casino_wallet_transactions').set({ rolled_back_at: unit.now }).where('id', '=', debit.id).execute();
    const { live } = await unit.db
      .selectFrom('casino_wallet_transactions')
      .select((eb) => eb.fn.countAll<string>().as('live'))
      .where('provider', '=', round.provider)
      .where('round_id', '=', round.round_id)
      .where('kind', '=', 'debit')
      .where('status_code', '=', 200)
      .where('rolled_back_at', 'is', null)
      .executeTakeFirstOrThrow();
    const status = Number(live) === 0 ? 'rolled_back' : 'open';
    await unit.db
      .updateTable('casino_rounds')
      .set({ stake_total: sql<bigint>`stake_total - ${debit.amount}`, status, updated_at: unit.now })
      .where('id', '=', round.id)
      .execute();
    return { balance: balanceAfter(posted, round.account_id), status } as const;
  }

  function mismatch(round: { user_id: string; currency: string; game_id: string }, req: { playerId: string; currency: string; gameId?: string }): boolean {
    return round.user_id !== req.playerId.toLowerCase() || round.currency.trim() !== req.currency || (req.gameId !== undefined && round.game_id !== req.gameId);
  }
  const roundMismatch = () => refusal(409, Code.roundMismatch, 'The round belongs to another player, game or currency');

  /** Why a credit found no open round of its player, game and currency to settle. */
  async function notSettled(executor: Db, req: WalletCreditRequest): Promise<AppError> {
    const round = await lockRound(executor, req.provider, req.roundId);
    if (!round) return refusal(404, Code.roundNotFound, 'No such round: no debit opened it');
    if (mismatch(round, req)) return roundMismatch();
    if (round.status === 'settled') return refusal(409, Code.roundSettled, 'The round is already settled');
    if (round.status === 'rolled_back') return refusal(409, Code.roundRolledBack, 'The round was rolled back');
    throw new Error(`casino round ${req.provider}:${req.roundId} is open and matches, yet was not settled`);
  }

  function sign(text: string): Buffer {
    return createHmac('sha256', secret).update(text).digest();
  }

  return {
    /** Whether `signature` (hex) is the HMAC of `raw` with the shared secret. */
    verify(raw: string, signature: string | undefined): boolean {
      if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
      return timingSafeEqual(sign(raw), Buffer.from(signature, 'hex'));
    },

    async balance(req: WalletBalanceRequest): Promise<WalletBalance> {
      const account = await playerAccount(db, req.playerId, req.currency);
      return { balance: account.balance.toString(), currency: req.currency };
    },

    debit(req: WalletDebitRequest): Promise<WalletAnswer> {
      const amount = BigInt(req.amount);
      return once(
        { provider: req.provider, txId: req.transactionId, roundId: req.roundId, kind: 'debit', amount, currency: req.currency },
        req,
        async (unit, houseAccount) => {
          const account = await findPlayerAccount(unit.db, req.playerId, req.currency);
          // Exclusions and an ended session refuse first, as for bets; a player who never set a limit has nothing to check.
          const gate = limits && (!account || account.protected) ? await limits.betGate(req.playerId, unit.db) : null;
          if (!account) throw noAccount(req.currency);
          if (account.ban_level > 0) throw refusal(403, Code.playNotAllowed, 'Play is not available for this account now');
          // Under the player's limits row lock, as a bet placement: concurrent stakes cannot both pass a limit.
          if (gate?.checkInUnit) await limits!.checkBet(unit.db, req.playerId, req.currency, amount);
          const round = await unit.db
            .insertInto('casino_rounds')
            .values({
              provider: req.provider,
              round_id: req.roundId,
              user_id: req.playerId.toLowerCase(),
              account_id: account.id,
              game_id: req.gameId,
              currency: req.currency,
              status: 'open',
              stake_total: amount,
              created_at: unit.now,
              updated_at: unit.now,
            })
            // One statement: the round, new or not, locked and with this stake added (a refusal below undoes it).
            .onConflict((oc) =>
              oc.columns(['provider', 'round_id']).doUpdateSet({ stake_total: sql<bigint>`casino_rounds.stake_total + excluded.stake_total`, updated_at: unit.now }),
            )
            .returningAll()
            .executeTakeFirstOrThrow();
          if (mismatch(round, req)) throw roundMismatch();
          if (round.status !== 'open') throw refusal(409, Code.roundClosed, 'The round is over');
          const posted = moved(
            await unit.post({
              idempotencyKey: `casino:${req.provider}:${req.transactionId}:stake`,
              kind: 'casino-stake',
              entries: [
                { accountId: account.id, amount: -amount },
                { accountId: houseAccount.id, amount },
              ],
              metadata: { provider: req.provider, roundId: req.roundId, gameId: req.gameId },
            }),
          );
          return { transactionId: req.transactionId, balance: balanceAfter(posted, account.id).toString(), currency: req.currency, roundStatus: 'open' };
        },
      );
    },

    credit(req: WalletCreditRequest): Promise<WalletAnswer> {
      const amount = BigInt(req.amount);
      const call = { provider: req.provider, txId: req.transactionId, roundId: req.roundId, kind: 'credit', amount, currency: req.currency } as const;
      return once(call, req, async (unit, houseAccount) => {
        // One statement settles the round when it is open and this player's, game's and currency's;
        // only when no row comes back is the round read to say why.
        const round = await unit.db
          .updateTable('casino_rounds')
          .set({ status: 'settled', win_total: sql<bigint>`win_total + ${amount}`, updated_at: unit.now })
          .where('provider', '=', req.provider)
          .where('round_id', '=', req.roundId)
          .where('status', '=', 'open')
          .where('user_id', '=', req.playerId.toLowerCase())
          .where('currency', '=', req.currency)
          .where('game_id', '=', req.gameId)
          // The balance as it is, for a credit of 0 (a loss), which posts nothing.
          .returning(['account_id', sql<bigint>`(select balance from ledger_accounts where id = casino_rounds.account_id)`.as('balance')])
          .executeTakeFirst();
        if (!round) throw await notSettled(unit.db, req);
        if (amount === 0n) return { transactionId: req.transactionId, balance: round.balance.toString(), currency: req.currency, roundStatus: 'settled' };
        const posted = moved(
          await unit.post({
            idempotencyKey: `casino:${req.provider}:${req.transactionId}:win`,
            kind: 'casino-win',
            entries: [
              { accountId: houseAccount.id, amount: -amount },
              { accountId: round.account_id, amount },
            ],
            metadata: { provider: req.provider, roundId: req.roundId, gameId: req.gameId },
          }),
        );
        return { transactionId: req.transactionId, balance: balanceAfter(posted, round.account_id).toString(), currency: req.currency, roundStatus: 'settled' };
      });
    },

    rollback(req: WalletRollbackRequest): Promise<WalletAnswer> {
      return once(
        { provider: req.provider, txId: req.transactionId, roundId: req.roundId, kind: 'rollback', amount: 0n, referenceTxId: req.referenceTransactionId, currency: req.currency },
        req,
        async (unit, houseAccount) => {
          const nothing = async (roundStatus: WalletTransactionAnswer['roundStatus']): Promise<WalletTransactionAnswer> => {
            const account = await playerAccount(unit.db, req.playerId, req.currency);
            return { transactionId: req.transactionId, balance: account.balance.toString(), currency: req.currency, roundStatus, refunded: '0' };
          };
          // The round first: the lock order of every call and of the recovery job.
          const round = await lockRound(unit.db, req.provider, req.roundId);
          // A debit not seen yet: a tombstone under its id, so it is refused if it comes later.
          const tombstone = await unit.db
            .insertInto('casino_wallet_transactions')
            .values({
              provider: req.provider,
              tx_id: req.referenceTransactionId,
              round_id: req.roundId,
              kind: 'debit',
              amount: 0n,
              request_hash: null,
              status_code: 409,
              answer: JSON.stringify({ code: Code.transactionRolledBack, message: 'A rollback cancelled this transaction before it came' }),
              created_at: unit.now,
            })
            .onConflict((oc) => oc.columns(['provider', 'tx_id']).doNothing())
            .returning('id')
            .executeTakeFirst();
          if (tombstone) return nothing(round?.status ?? null);
          const debit = await unit.db
            .selectFrom('casino_wallet_transactions')
            .select(['id', 'tx_id', 'kind', 'amount', 'round_id', 'status_code', 'rolled_back_at'])
            .where('provider', '=', req.provider)
            .where('tx_id', '=', req.referenceTransactionId)
            .forUpdate()
            .executeTakeFirstOrThrow();
          if (debit.kind !== 'debit') throw refusal(409, Code.referenceNotDebit, 'The referenced transaction is not a debit');
          if (debit.round_id !== req.roundId) throw roundMismatch();
          // Refused or already given back: nothing is due.
          if (debit.status_code !== 200 || debit.rolled_back_at !== null || !round) return nothing(round?.status ?? null);
          if (mismatch(round, req)) throw roundMismatch();
          if (round.status === 'settled') throw refusal(409, Code.roundSettled, 'The round was credited: its debits cannot be rolled back');
          const done = await refund(unit, houseAccount, round, debit);
          return { transactionId: req.transactionId, balance: done.balance.toString(), currency: req.currency, roundStatus: done.status, refunded: debit.amount.toString() };
        },
      );
    },

    /**
     * GLI-19: open rounds untouched for `timeoutMs` (the game did not finish them on restart)
     * are refunded — every debit not yet given back — and marked rolled back; once each.
     */
    async recover(now = clock.now(), timeoutMs = ROUND_TIMEOUT_MS): Promise<{ rounds: number; refunded: bigint }> {
      const cutoff = new Date(now - timeoutMs);
      let rounds = 0;
      let refunded = 0n;
      // In batches, by id, until none is left (a round another node finished is skipped).
      for (let after = '00000000-0000-0000-0000-000000000000', more = true; more; ) {
        const stale = await db
          .selectFrom('casino_rounds')
          .select(['id', 'provider', 'round_id', 'currency'])
          .where('status', '=', 'open')
          .where('updated_at', '<', cutoff)
          .where('id', '>', after)
          .orderBy('id')
          .limit(RECOVERY_BATCH)
          .execute();
        more = stale.length === RECOVERY_BATCH;
        after = stale.at(-1)?.id ?? after;
        for (const candidate of stale) {
          const houseAccount = await house(candidate.currency.trim(), candidate.provider, candidate.round_id);
          await ledger.unit(async (unit) => {
            // The round first, then its debits: the order a provider's calls lock them in.
            const round = await unit.db
              .selectFrom('casino_rounds')
              .selectAll()
              .where('id', '=', candidate.id)
              .where('status', '=', 'open')
              .where('updated_at', '<', cutoff)
              .forUpdate()
              .executeTakeFirst();
            if (!round) return;
            const debits = await unit.db
              .selectFrom('casino_wallet_transactions')
              .select(['id', 'tx_id', 'amount'])
              .where('provider', '=', candidate.provider)
              .where('round_id', '=', candidate.round_id)
              .where('kind', '=', 'debit')
              .where('status_code', '=', 200)
              .where('rolled_back_at', 'is', null)
              .orderBy('id')
              .forUpdate()
              .execute();
            for (const debit of debits) {
              await refund(unit, houseAccount, round, debit);
              refunded += debit.amount;
            }
            await unit.db.updateTable('casino_rounds').set({ status: 'rolled_back', updated_at: unit.now }).where('id', '=', round.id).execute();
            rounds += 1;
          });
        }
      }
      return { rounds, refunded };
    },

    /** A signed one-time launch token: real money for a player who may play now, demo for anyone. */
    async issueLaunchToken(userId: string | null, req: LaunchTokenRequest): Promise<LaunchToken> {
      let currency = req.currency ?? 'EUR';
      if (req.mode === 'real') {
        if (!userId) throw refusal(401, 'unauthorized', 'Log in to play for real money');
        const main = await db
          .selectFrom('ledger_accounts')
          .select('currency')
          .where('owner_id', '=', userId)
          .where('kind', '=', 'player-main')
          .executeTakeFirst();
        currency = req.currency ?? main?.currency.trim() ?? 'EUR';
        const account = await playerAccount(db, userId, currency);
        if (account.banned) throw refusal(403, Code.playNotAllowed, 'Play is not available for this account now');
        if (limits) await limits.betGate(userId);
      }
      if (!isCurrencyCode(currency)) throw refusal(400, 'invalid_request', `Unknown currency ${currency}`);
      const id = randomUUID();
      const at = clock.now();
      const expiresAt = at + LAUNCH_TOKEN_TTL_MS;
      await db
        .insertInto('casino_launch_tokens')
        .values({ id, user_id: req.mode === 'real' ? userId : null, game_id: req.gameId, currency, mode: req.mode, language: req.language, expires_at: new Date(expiresAt), created_at: new Date(at) })
        .execute();
      const payload = `${id}.${expiresAt}`;
      return { token: `${payload}.${b64(sign(`launch:${payload}`))}`, expiresAt };
    },

    /** The game server's redemption: once, before it expires; anything else is the same 404. */
    async redeem(token: string): Promise<LaunchSession> {
      const invalid = () => refusal(404, Code.launchTokenInvalid, 'The launch token is invalid, expired or used');
      const [id, exp, sig] = token.split('.');
      if (!id || !exp || !sig || !/^\d{1,15}$/.test(exp)) throw invalid();
      const expected = sign(`launch:${id}.${exp}`);
      const given = Buffer.from(sig, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected) || Number(exp) <= clock.now()) throw invalid();
      const now = new Date(clock.now());
      const row = await db
        .updateTable('casino_launch_tokens')
        .set({ used_at: now })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw invalid();
      const currency = row.currency.trim();
      const balance = row.mode === 'real' && row.user_id ? (await playerAccount(db, row.user_id, currency)).balance.toString() : null;
      return { playerId: row.user_id, gameId: row.game_id, currency, mode: row.mode, language: row.language, balance };
    },
  };
}
