/**
 * Ledger accounts: a player's accounts (SPEC §3 Account types 0, 4, 9) and the house
 * accounts on the other side of their movements. Opening is get-or-create, so a retried
 * registration or two nodes asking for the same house account end with one account.
 *
 * A house account is one of `HOUSE_SHARDS` rows of its kind and currency (decision 0015), so
 * that concurrent movements do not all queue on one locked row; the house's balance in a
 * kind and currency is the sum of its shards.
 */
import { createHash } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { ACCOUNT_TYPES, minor, type AccountType, type AccountTypeName, type CurrencyCode, type Minor } from '@betsite/domain';
import type { Database, LedgerAccountKind, LedgerAccountsTable } from '@betsite/db';
import { AccountConflictError, UnknownAccountError } from './errors.ts';
import { isUuid } from './movement.ts';

export type HouseAccountKind = Extract<LedgerAccountKind, `house-${string}`>;

/** Shards per house kind and currency: concurrent movements spread over this many rows. */
export const HOUSE_SHARDS = 32;

/** The shard a movement keyed by `key` (a payment id, a coupon id …) takes: stable, uniform. */
export function houseShard(key: string): number {
  return createHash('sha256').update(key).digest().readUInt32BE(0) % HOUSE_SHARDS;
}

export interface LedgerAccount {
  id: string;
  /** The player; null for a house account. */
  ownerId: string | null;
  kind: LedgerAccountKind;
  /** SPEC §3 Account type (0 main, 4 bonus, 9 currency); null for a house account. */
  specType: AccountType | null;
  currency: string;
  balance: Minor;
  /** Only house accounts may go negative. */
  allowNegative: boolean;
  /** A house account's shard (0 for players). */
  shard: number;
  createdAt: Date;
}

const PLAYER_KINDS = {
  main: 'player-main',
  bonus: 'player-bonus',
  currency: 'player-currency',
} as const satisfies Record<AccountTypeName, LedgerAccountKind>;

export interface OpenPlayerAccount {
  ownerId: string;
  type: AccountTypeName;
  currency: CurrencyCode;
}

/** The player's account of `type` in `currency`, created if missing. */
export async function openPlayerAccount(db: Kysely<Database>, now: Date, input: OpenPlayerAccount): Promise<LedgerAccount> {
  const kind = PLAYER_KINDS[input.type];
  const created = await db
    .insertInto('ledger_accounts')
    .values({ owner_id: input.ownerId, kind, currency: input.currency, spec_type: ACCOUNT_TYPES[input.type], created_at: now })
    // No target: also yields to `ledger_accounts_one_main`, answered below.
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
  if (created) return toAccount(created);
  const existing = await db
    .selectFrom('ledger_accounts')
    .selectAll()
    .where('owner_id', '=', input.ownerId)
    .where('kind', '=', kind)
    .where('currency', '=', input.currency)
    .executeTakeFirst();
  if (!existing) throw new AccountConflictError(input.ownerId, input.currency);
  return toAccount(existing);
}

/** Shard `shard` of the house account of `kind` in `currency`, created if missing; it may go negative. */
export async function houseAccount(db: Kysely<Database>, now: Date, kind: HouseAccountKind, currency: CurrencyCode, shard = 0): Promise<LedgerAccount> {
  if (!Number.isInteger(shard) || shard < 0 || shard >= HOUSE_SHARDS) throw new RangeError(`house shard ${shard} is not 0 to ${HOUSE_SHARDS - 1}`);
  const created = await db
    .insertInto('ledger_accounts')
    .values({ kind, currency, allow_negative: true, shard, created_at: now })
    .onConflict((oc) => oc.columns(['kind', 'currency', 'shard']).where('owner_id', 'is', null).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (created) return toAccount(created);
  const existing = await db
    .selectFrom('ledger_accounts')
    .selectAll()
    .where('owner_id', 'is', null)
    .where('kind', '=', kind)
    .where('currency', '=', currency)
    .where('shard', '=', shard)
    .executeTakeFirstOrThrow();
  return toAccount(existing);
}

/** The house's balance of `kind` in `currency`: the sum of its shards. */
export async function houseBalance(db: Kysely<Database>, kind: HouseAccountKind, currency: CurrencyCode): Promise<Minor> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string | null>('balance'), eb.val('0')).as('balance'))
    .where('owner_id', 'is', null)
    .where('kind', '=', kind)
    .where('currency', '=', currency)
    .executeTakeFirstOrThrow();
  return minor(BigInt(row.balance));
}

/** A player's accounts: main first, then bonus, then currency accounts by currency. */
export async function accountsOf(db: Kysely<Database>, ownerId: string): Promise<LedgerAccount[]> {
  if (!isUuid(ownerId)) return [];
  const rows = await db
    .selectFrom('ledger_accounts')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .orderBy('spec_type')
    .orderBy('currency')
    .execute();
  return rows.map(toAccount);
}

export async function accountBalance(db: Kysely<Database>, accountId: string): Promise<Minor> {
  const row = isUuid(accountId)
    ? await db.selectFrom('ledger_accounts').select('balance').where('id', '=', accountId).executeTakeFirst()
    : undefined;
  if (!row) throw new UnknownAccountError(accountId);
  return minor(row.balance);
}

function toAccount(row: Selectable<LedgerAccountsTable>): LedgerAccount {
  return {
    id: row.id,
    ownerId: row.owner_id,
    kind: row.kind,
    specType: row.spec_type,
    currency: row.currency,
    balance: minor(row.balance),
    allowNegative: row.allow_negative,
    shard: row.shard,
    createdAt: row.created_at,
  };
}
