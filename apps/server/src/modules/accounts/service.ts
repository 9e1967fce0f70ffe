/**
 * Player accounts (SPEC §3 Account, §4 account add/change/delete): the main account in the
 * registration currency (type 0), the bonus account (4) and additional currency accounts (9),
 * all ledger accounts, so every balance shown is the double-entry ledger's.
 *
 * What the ledger does not keep lives in 0007: the active account and the hide-balance
 * preference (`account_preferences`), and removed currency accounts (`account_closures`;
 * ledger accounts are never deleted because their entries reference them).
 */
import { sql, type Kysely } from 'kysely';
import {
  ACCOUNT_TYPES,
  CURRENCIES,
  isCurrencyCode,
  minor,
  minorToDecimal,
  resolveCurrency,
  type AccountTypeName,
  type CurrencyCode,
  type Minor,
} from '@betsite/domain';
import type { Database } from '@betsite/db';
import { AccountsErrorCode, CURRENCY_IDS, type Account, type AccountsResponse } from '@betsite/contracts';
import { AppError } from '../../lib/errors.ts';
import type { Ledger } from '../ledger/ledger.ts';
import type { LedgerAccount } from '../ledger/accounts.ts';
import { isUuid } from '../ledger/movement.ts';

/** SPEC §9: user_hide_balance defaults to true. */
export const DEFAULT_HIDE_BALANCE = true;

export interface AccountsService {
  /** SPEC §3 balance payload of the player; opens main and bonus accounts if missing. */
  overview(userId: string): Promise<AccountsResponse>;
  /** Opens (or reopens) an additional currency account; 409 `account_exists` if the player holds that currency. */
  addCurrency(userId: string, currency: CurrencyCode): Promise<LedgerAccount>;
  /** Closes an empty currency account; 404 when not the player's, 409 for other types or money on it. */
  remove(userId: string, accountId: string): Promise<void>;
  /** 404 when not one of the player's (visible) accounts. */
  setActive(userId: string, accountId: string): Promise<void>;
  setHideBalance(userId: string, hide: boolean): Promise<void>;
  /** Main (registration currency, RUB if we hold no money in it) and bonus accounts; idempotent. */
  openRegistrationAccounts(userId: string, registrationCurrency: string): Promise<void>;
}

const notFound = () => new AppError(404, AccountsErrorCode.notFound, 'No such account');

export function createAccountsService(db: Kysely<Database>, ledger: Ledger, clock: { now(): number }): AccountsService {
  const now = () => new Date(clock.now());

  /** The player's accounts minus closed empty ones, and their preferences: one query. */
  async function load(userId: string) {
    const rows = await db
      .selectFrom('ledger_accounts as a')
      .leftJoin('account_closures as c', 'c.account_id', 'a.id')
      .leftJoin('account_preferences as p', 'p.user_id', 'a.owner_id')
      .select(['a.id', 'a.spec_type', 'a.currency', 'a.balance', 'c.account_id as closed', 'p.active_account_id', 'p.hide_balance'])
      // For the first-deposit flag: has any credit ever reached this account?
      .select(sql<boolean>`exists (select 1 from ledger_entries e where e.account_id = a.id and e.amount > 0)`.as('credited'))
      // The newest entry (index ledger_entries_account): live balance changes older than it are stale.
      .select(sql<string>`coalesce((select max(e.id) from ledger_entries e where e.account_id = a.id), 0)::text`.as('last_entry_id'))
      .where('a.owner_id', '=', userId)
      .orderBy('a.spec_type')
      .orderBy('a.currency')
      .execute();
    // A closed account that received money again is shown: money is never hidden.
    const visible = rows.filter((a) => a.closed === null || a.balance !== 0n);
    const prefs = rows[0];
    return { accounts: visible, activeId: prefs?.active_account_id ?? null, hide: prefs?.hide_balance ?? DEFAULT_HIDE_BALANCE };
  }

  async function registrationCurrencyOf(userId: string): Promise<string> {
    const user = await db.selectFrom('users').select('currency').where('id', '=', userId).executeTakeFirst();
    if (!user) throw new AppError(401, AccountsErrorCode.unauthorized, 'Not logged in');
    return user.currency;
  }

  const service: AccountsService = {
    async openRegistrationAccounts(userId, registrationCurrency) {
      const currency = resolveCurrency(registrationCurrency).code;
      await ledger.openPlayerAccount({ ownerId: userId, type: 'main', currency });
      await ledger.openPlayerAccount({ ownerId: userId, type: 'bonus', currency });
    },

    async overview(userId) {
      let state = await load(userId);
      const main = state.accounts.find((a) => a.spec_type === ACCOUNT_TYPES.main);
      if (!main || !state.accounts.some((a) => a.spec_type === ACCOUNT_TYPES.bonus)) {
        // A player registered before accounts were opened at registration.
        await service.openRegistrationAccounts(userId, main?.currency ?? (await registrationCurrencyOf(userId)));
        state = await load(userId);
      }
      const mainRow = state.accounts.find((a) => a.spec_type === ACCOUNT_TYPES.main);
      if (!mainRow) throw new Error(`player ${userId} has no main account`);
      const active = state.accounts.find((a) => a.id === state.activeId) ?? mainRow;
      const all = state.accounts.map((a) => toAccount(a, a.id === active.id));
      return {
        balance: all.find((a) => a.isActive) ?? toAccount(active, true),
        bonus: all.find((a) => a.type === ACCOUNT_TYPES.bonus) ?? null,
        all_accounts: all,
        is_available_first_deposit_bonus: !mainRow.credited,
        user_hide_balance: state.hide,
      };
    },

    async addCurrency(userId, currency) {
      const { accounts } = await load(userId);
      if (accounts.some((a) => a.currency === currency && a.spec_type !== ACCOUNT_TYPES.bonus)) {
        throw new AppError(409, AccountsErrorCode.accountExists, `You already have a ${currency} account`, { currency });
      }
      const account = await ledger.openPlayerAccount({ ownerId: userId, type: 'currency', currency });
      await db.deleteFrom('account_closures').where('account_id', '=', account.id).execute();
      return account;
    },

    async remove(userId, accountId) {
      if (!isUuid(accountId)) throw notFound();
      const at = now();
      await db.transaction().execute(async (trx) => {
        // Locked like a ledger movement locks it, so no movement slips in between the check and the closure.
        const account = await trx
          .selectFrom('ledger_accounts')
          .select(['id', 'spec_type', 'balance', 'currency'])
          .where('id', '=', accountId)
          .where('owner_id', '=', userId)
          .forNoKeyUpdate()
          .executeTakeFirst();
        if (!account) throw notFound();
        const closed = await trx.selectFrom('account_closures').select('account_id').where('account_id', '=', account.id).executeTakeFirst();
        if (closed && account.balance === 0n) throw notFound();
        if (account.spec_type !== ACCOUNT_TYPES.currency) {
          throw new AppError(409, AccountsErrorCode.accountNotRemovable, 'Only additional currency accounts can be removed');
        }
        if (account.balance !== 0n) {
          throw new AppError(409, AccountsErrorCode.accountNotEmpty, 'Withdraw or transfer the money on this account before removing it', {
            balance: String(account.balance),
          });
        }
        await trx.insertInto('account_closures').values({ account_id: account.id, closed_at: at }).onConflict((oc) => oc.doNothing()).execute();
        await trx
          .updateTable('account_preferences')
          .set({ active_account_id: null, updated_at: at })
          .where('user_id', '=', userId)
          .where('active_account_id', '=', account.id)
          .execute();
      });
    },

    async setActive(userId, accountId) {
      if (!isUuid(accountId)) throw notFound();
      const { accounts } = await load(userId);
      const account = accounts.find((a) => a.id === accountId.toLowerCase());
      if (!account) throw notFound();
      await upsertPreferences(db, userId, { active_account_id: account.id }, now());
    },

    async setHideBalance(userId, hide) {
      await upsertPreferences(db, userId, { hide_balance: hide }, now());
    },
  };
  return service;
}

async function upsertPreferences(
  db: Kysely<Database>,
  userId: string,
  change: { active_account_id?: string | null; hide_balance?: boolean },
  at: Date,
): Promise<void> {
  await db
    .insertInto('account_preferences')
    .values({ user_id: userId, ...change, updated_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...change, updated_at: at }))
    .execute();
}

const TYPE_NAMES: Record<number, AccountTypeName> = { 0: 'main', 4: 'bonus', 9: 'currency' };

interface AccountRow {
  id: string;
  spec_type: 0 | 4 | 9 | null;
  currency: string;
  balance: bigint;
  last_entry_id: string;
}

/** A ledger account as SPEC §3 Account; money in major units (decimal text) and minor units. */
export function toAccount(row: AccountRow, isActive: boolean): Account {
  if (row.spec_type === null || !isCurrencyCode(row.currency)) throw new Error(`account ${row.id} is not a player account we can show`);
  const iso = row.currency;
  const { symbol } = CURRENCIES[iso];
  const amount: Minor = minor(row.balance);
  const label = TYPE_NAMES[row.spec_type] === 'bonus' ? `${iso} bonus` : iso;
  return {
    id: row.id,
    type: row.spec_type,
    iso,
    symbol,
    currencyId: CURRENCY_IDS[iso],
    money: minorToDecimal(amount, iso),
    moneyMinor: String(amount),
    points: row.spec_type === ACCOUNT_TYPES.main ? 0 : null,
    label,
    labelWithSymbol: `${label} (${symbol})`,
    isActive,
    isPointsTypeBalance: false,
    lastEntryId: row.last_entry_id,
  };
}
