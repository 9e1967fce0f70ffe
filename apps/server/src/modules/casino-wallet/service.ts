/**
 * The seamless wallet (issue 13, decision 0022): a game server's balance, debit, credit and
 * rollback calls on the site's ledger, the one-time launch tokens it redeems, and the recovery
 * of interrupted rounds (GLI-19).
 *
 * Every money call is one transaction (decision 0013): it locks the round, moves the money
 * and, last, inserts its transaction row with the answer in it (unique per provider and
 * transaction id). Debit and credit are one statement each, the database functions
 * `casino_debit` and `casino_credit` (decision 0038); a rollback is a unit. A delivery of an
 * id already answered finds the row taken (its ledger posting is a replay, or the insert does
 * nothing): its transaction is undone and the stored answer given, so money moves once. A
 * refusal rolls the transaction back and is stored on its own, so a replay gets the same
 * refusal. Refunds are keyed by the debit (`casino:{provider}:{debitTx}:refund`), so a
 * provider's rollback and the recovery job give a stake back once between them. Lock order,
 * for every call and the recovery job: the round, then debit rows, then accounts.
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
import { runPrepared, type Database } from '@betsite/db';
import { isCurrencyCode, type Clock, type CurrencyCode } from '@betsite/domain';
import { AppError } from '../../lib/errors.ts';
import type { Ledger, LedgerUnit, PostingResult } from '../ledger/ledger.ts';
import type { LedgerAccount } from '../ledger/accounts.ts';
import { fromJson, ledgerError, movementPayload, type PostedJson, type PostedTransaction } from '../ledger/post.ts';
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
/** Player accounts whose id is remembered; the map starts over past it. */
const ACCOUNTS_KEPT = 100_000;
const DEBIT = 'select casino_debit($1::timestamptz, $2::uuid, $3::uuid, $4::boolean, $5, $6, $7, $8, $9, $10::bigint, $11, $12::jsonb) as done';
const CREDIT = 'select casino_credit($1::timestamptz, $2::uuid, $3::uuid, $4, $5, $6, $7, $8, $9::bigint, $10, $11::jsonb) as done';

const hasCode = (error: unknown, code: string) => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;

/**
 * What a database function's raised SQLSTATE stands for (migration 0030): `WL001` the id was
 * answered before, `WL4xx` a refusal (message the code, detail the text), `LG…` the ledger's.
 */
function walletError(error: unknown): unknown {
  if (hasCode(error, 'WL001')) return new AnsweredBefore();
  const { code, message, detail } = error as { code?: string; message?: string; detail?: string };
  if (typeof code === 'string' && /^WL4\d\d$/.test(code)) return refusal(Number(code.slice(2)), message ?? 'refused', detail ?? '');
  return ledgerError(error);
}
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

  /** The call's row with `answer` (status 200 or a refusal), unique per provider and id. */
  const walletRow = (call: Call, hash: string, statusCode: number, answer: unknown, at: Date) => ({
    provider: call.provider,
    tx_id: call.txId,
    round_id: call.roundId,
    kind: call.kind,
    amount: call.amount,
    request_hash: hash,
    reference_tx_id: call.referenceTxId ?? null,
    status_code: statusCode,
    answer: JSON.stringify(answer),
    created_at: at,
  });

  /**
   * Answers `call` once: `work`'s answer, stored with the call's row in the same transaction
   * (by the database function, or by `inUnit`); or its refusal, stored after its transaction
   * rolled back; or, for an id already answered, the stored answer.
   */
  async function once(
    call: Call & { currency: string },
    request: unknown,
    work: (house: LedgerAccount, hash: string) => Promise<WalletTransactionAnswer>,
  ): Promise<WalletAnswer> {
    // No look-up first: an id already answered is found by the work's posting or by its row's insert.
    const hash = hashOf([call.kind, request]);
    try {
      // Before the work: a first use creates the shard, outside the work's transaction.
      const houseAccount = await house(call.currency, call.provider, call.roundId);
      return { statusCode: 200, body: await work(houseAccount, hash) };
    } catch (thrown) {
      const error = walletError(thrown);
      if (error instanceof AnsweredBefore) {
        // Stored below.
      } else if (!(error instanceof AppError) || error.statusCode >= 500) {
        throw error;
      } else {
        const body = { code: error.code, message: error.message, ...(error.details === undefined ? {} : { details: error.details }) };
        await db
          .insertInto('casino_wallet_transactions')
          .values(walletRow(call, hash, error.statusCode, body, new Date(clock.now())))
          .onConflict((oc) => oc.columns(['provider', 'tx_id']).doNothing())
          .execute();
      }
    }
    const answer = await stored(call.provider, call.txId, hash);
    if (!answer) throw new Error(`casino wallet transaction ${call.provider}:${call.txId} has no stored answer`);
    return answer;
  }

  /** `work` in a unit and, last, the call's row with its answer (the rollback's way; debit and credit have database functions). */
  function inUnit(call: Call, hash: string, work: (unit: LedgerUnit) => Promise<WalletTransactionAnswer>): Promise<WalletTransactionAnswer> {
    return ledger.unit(async (unit) => {
      const body = await work(unit);
      // Taken (a delivery of this id committed first, or a rollback's tombstone): undo this unit and answer what is stored.
      const inserted = await unit.db
        .insertInto('casino_wallet_transactions')
        .values(walletRow(call, hash, 200, body, unit.now))
        .onConflict((oc) => oc.columns(['provider', 'tx_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) throw new AnsweredBefore();
      return body;
    });
  }

  /** One call of `casino_debit` or `casino_credit` (migration 0030): its answer and the posting it made. */
  async function callFunction(executor: Db, text: string, parameters: readonly unknown[]): Promise<PostingResult<WalletTransactionAnswer>> {
    const { rows } = await runPrepared<{ done: { answer: WalletTransactionAnswer; posted: PostedJson | null } }>(executor, text, parameters);
    const { answer, posted } = rows[0]!.done;
    return { result: answer, posted: posted ? [fromJson(posted)] : [] };
  }

  // A player's account per currency: its id never changes, so it is read once (a miss reads again).
  const accountIds = new Map<string, string>();
  async function accountIdOf(playerId: string, currency: string): Promise<string | undefined> {
    const key = `${playerId.toLowerCase()}:${currency}`;
    const known = accountIds.get(key);
    if (known) return known;
    const row = await findPlayerAccount(db, playerId, currency);
    if (!row) return undefined;
    if (accountIds.size >= ACCOUNTS_KEPT) accountIds.clear();
    accountIds.set(key, row.id);
    return row.id;
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
      const call = { provider: req.provider, txId: req.transactionId, roundId: req.roundId, kind: 'debit', amount, currency: req.currency } as const;
      return once(call, req, async (houseAccount, hash) => {
        const accountId = await accountIdOf(req.playerId, req.currency);
        if (!accountId) {
          // Exclusions and an ended session refuse first, as for bets.
          if (limits) await limits.betGate(req.playerId);
          throw noAccount(req.currency);
        }
        const movement = movementPayload({
          idempotencyKey: `casino:${req.provider}:${req.transactionId}:stake`,
          kind: 'casino-stake',
          entries: [
            { accountId, amount: -amount },
            { accountId: houseAccount.id, amount },
          ],
          metadata: { provider: req.provider, roundId: req.roundId, gameId: req.gameId },
        });
        const parameters = (now: Date, gateChecked: boolean) => [now, req.playerId, accountId, gateChecked, req.provider, req.transactionId, req.roundId, req.gameId, req.currency, amount, hash, JSON.stringify(movement)];
        try {
          // A player who never set a limit has nothing to check (decision 0019): one statement.
          return await ledger.statement((executor, now) => callFunction(executor, DEBIT, parameters(now, !limits)));
        } catch (error) {
          if (!hasCode(error, 'WL000')) throw error;
        }
        // Responsible-gaming settings: exclusions and an ended session refuse first, and the limits
        // are checked under the player's limits row lock in the debit's transaction, as for a bet.
        return ledger.unit(async (unit) => {
          const gate = await limits!.betGate(req.playerId, unit.db);
          if (gate.checkInUnit) await limits!.checkBet(unit.db, req.playerId, req.currency, amount);
          const { result, posted } = await callFunction(unit.db, DEBIT, parameters(unit.now, true));
          unit.adopt(posted);
          return result;
        });
      });
    },

    credit(req: WalletCreditRequest): Promise<WalletAnswer> {
      const amount = BigInt(req.amount);
      const call = { provider: req.provider, txId: req.transactionId, roundId: req.roundId, kind: 'credit', amount, currency: req.currency } as const;
      return once(call, req, async (houseAccount, hash) => {
        const accountId = (await accountIdOf(req.playerId, req.currency)) ?? null;
        const movement =
          amount > 0n && accountId
            ? movementPayload({
                idempotencyKey: `casino:${req.provider}:${req.transactionId}:win`,
                kind: 'casino-win',
                entries: [
                  { accountId: houseAccount.id, amount: -amount },
                  { accountId, amount },
                ],
                metadata: { provider: req.provider, roundId: req.roundId, gameId: req.gameId },
              })
            : null;
        return ledger.statement((executor, now) =>
          callFunction(executor, CREDIT, [now, req.playerId, accountId, req.provider, req.transactionId, req.roundId, req.gameId, req.currency, amount, hash, movement && JSON.stringify(movement)]),
        );
      });
    },

    rollback(req: WalletRollbackRequest): Promise<WalletAnswer> {
      const call = { provider: req.provider, txId: req.transactionId, roundId: req.roundId, kind: 'rollback', amount: 0n, referenceTxId: req.referenceTransactionId, currency: req.currency } as const;
      return once(call, req, (houseAccount, hash) =>
        inUnit(call, hash, async (unit) => {
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
        }),
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
