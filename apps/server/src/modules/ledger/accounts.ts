/**
 * Ledger accounts: a player's accounts (SPEC §3 Account types 0, 4, 9) and the house
 * accounts on the other side of their movements. Opening is get-or-create, so a retried
 * registration or two nodes asking for the same house account end with one account.
 */
import type { Kysely, Selectable } from 'kysely';
import { ACCOUNT_TYPES, minor, type AccountType, type AccountTypeName, type CurrencyCode, type Minor } from '@betsite/domain';
import type { Database, LedgerAccountKind, LedgerAccountsTable } from '@betsite/db';
import { AccountConflictError, UnknownAccountError } from './errors.ts';
import { isUuid } from './movement.ts';

export type HouseAccountKind = Extract<LedgerAccountKind, `house-${string}`>;

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

/** The house account of `kind` in `currency`, created if missing; it may go negative. */
export async function houseAccount(db: Kysely<Database>, now: Date, kind: HouseAccountKind, currency: CurrencyCode): Promise<LedgerAccount> {
  const created = await db
    .insertInto('ledger_accounts')
    .values({ kind, currency, allow_negative: true, created_at: now })
    .onConflict((oc) => oc.columns(['kind', 'currency']).where('owner_id', 'is', null).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (created) return toAccount(created);
  const existing = await db
    .selectFrom('ledger_accounts')
    .selectAll()
    .where('owner_id', 'is', null)
    .where('kind', '=', kind)
    .where('currency', '=', currency)
    .executeTakeFirstOrThrow();
  return toAccount(existing);
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
    createdAt: row.created_at,
  };
}
