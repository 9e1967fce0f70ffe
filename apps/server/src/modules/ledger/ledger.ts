/**
 * The ledger service (ARCHITECTURE "Money"): every balance comes from double-entry
 * transactions posted here. A plain service; HTTP routes (accounts, payments) build on it.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Clock, CurrencyCode, Minor } from '@betsite/domain';
import type { Database } from '@betsite/db';
import {
  accountBalance,
  accountsOf,
  houseAccount,
  houseBalance,
  houseShard,
  openPlayerAccount,
  type HouseAccountKind,
  type LedgerAccount,
  type OpenPlayerAccount,
} from './accounts.ts';
import { isUuid, type Movement } from './movement.ts';
import { postMany, toEntry, type LedgerEntry, type PostedTransaction } from './post.ts';

export interface EntriesPage {
  /** Default 50, at most 500. */
  limit?: number;
  /** An entry id: answer only older entries (the last id of the previous page). */
  before?: bigint;
}

/** One SQL transaction in which a module writes its state change and posts the money it moves. */
export interface LedgerUnit {
  /** The transaction: the module's own writes go through it. */
  readonly db: Transaction<Database>;
  /** The application time the unit started at. */
  readonly now: Date;
  /** Posts within the unit; a refusal throws and the whole unit rolls back. */
  post(movement: Movement): Promise<PostedTransaction>;
  /** Several movements with the statements of one (a batch of settlements); answered in order. */
  postMany(movements: readonly Movement[]): Promise<PostedTransaction[]>;
  /** Postings a module's database function made in this unit through `ledger_post_many` (the wallet's debit): announced with the unit's. */
  adopt(posted: readonly PostedTransaction[]): void;
}

/** What a module's database function that posts through `ledger_post_many` answers: its result and the postings it made. */
export interface PostingResult<T> {
  result: T;
  posted: readonly PostedTransaction[];
}

export interface Ledger {
  /** Get-or-create; `AccountConflictError` when the player's main account has another currency. */
  openPlayerAccount(input: OpenPlayerAccount): Promise<LedgerAccount>;
  /**
   * Get-or-create (remembered per process: house accounts never change). With `shardKey`
   * (the movement's payment or coupon id) the shard it hashes to, so concurrent movements
   * spread over the house's rows (decision 0015); without, shard 0. Its `balance` is as
   * first read: ask `balance(id)` or `houseBalance`.
   */
  houseAccount(kind: HouseAccountKind, currency: CurrencyCode, shardKey?: string): Promise<LedgerAccount>;
  /** The house's balance of a kind and currency: the sum of its shards. */
  houseBalance(kind: HouseAccountKind, currency: CurrencyCode): Promise<Minor>;
  /**
   * Posts a movement once per idempotency key. Throws `InvalidMovementError`,
   * `InsufficientFundsError` or `IdempotencyConflictError`; a repeat of the same movement
   * answers the stored one with `replayed: true`.
   */
  post(movement: Movement): Promise<PostedTransaction>;
  /**
   * Runs `work` in one SQL transaction: a state change and the money it moves commit
   * together or not at all (decision 0013). Posts made in it are announced after the commit.
   */
  unit<T>(work: (unit: LedgerUnit) => Promise<T>): Promise<T>;
  /**
   * Runs one statement of a module's own database function that posts through
   * `ledger_post_many` (the wallet's debit and credit, decision 0038): its own transaction,
   * without the round trips of BEGIN and COMMIT. Its postings are announced after it, as a unit's.
   */
  statement<T>(work: (db: Kysely<Database>, now: Date) => Promise<PostingResult<T>>): Promise<T>;
  /** `UnknownAccountError` for an unknown account. */
  balance(accountId: string): Promise<Minor>;
  accountsOf(ownerId: string): Promise<LedgerAccount[]>;
  /** Newest first. */
  entries(accountId: string, page?: EntriesPage): Promise<LedgerEntry[]>;
}

const DEFAULT_PAGE = 50;
const MAX_PAGE = 500;

export function createLedger(db: Kysely<Database>, clock: Clock): Ledger {
  const now = () => new Date(clock.now());
  // Ids only (the balance in a cached copy would be stale): house accounts are never removed.
  const houses = new Map<string, Promise<LedgerAccount>>();
  return {
    openPlayerAccount: (input) => openPlayerAccount(db, now(), input),
    houseAccount(kind, currency, shardKey) {
      const shard = shardKey === undefined ? 0 : houseShard(shardKey);
      const key = `${kind}:${currency}:${shard}`;
      let found = houses.get(key);
      if (!found) {
        found = houseAccount(db, now(), kind, currency, shard);
        houses.set(key, found);
        found.catch(() => houses.delete(key));
      }
      return found;
    },
    houseBalance: (kind, currency) => houseBalance(db, kind, currency),
    post: async (movement) => (await postMany(db, now(), [movement]))[0]!,
    unit: (work) =>
      db.transaction().execute((trx) => {
        const at = now();
        return work({ db: trx, now: at, post: async (movement) => (await postMany(trx, at, [movement]))[0]!, postMany: (movements) => postMany(trx, at, movements), adopt: () => {} });
      }),
    statement: async (work) => (await work(db, now())).result,
    balance: (accountId) => accountBalance(db, accountId),
    accountsOf: (ownerId) => accountsOf(db, ownerId),
    async entries(accountId, { limit = DEFAULT_PAGE, before } = {}) {
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE) throw new RangeError(`limit must be 1 to ${MAX_PAGE}`);
      if (!isUuid(accountId)) return [];
      let query = db.selectFrom('ledger_entries').selectAll().where('account_id', '=', accountId);
      if (before !== undefined) query = query.where('id', '<', before);
      const rows = await query.orderBy('id', 'desc').limit(limit).execute();
      return rows.map(toEntry);
    },
  };
}
