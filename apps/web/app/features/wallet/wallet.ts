/**
 * Pure helpers of the wallet (SPEC §3 Account, §4 account add/change/delete, §9 account
 * polling): no React, no DOM, so they are unit-tested and shared by the header and office.
 */
import type { Account, AccountsResponse, BalanceChangeDetail } from '@betsite/contracts';
import { CURRENCIES, formatMinor, isCurrencyCode, minor, type CurrencyCode } from '@betsite/domain';

export const ACCOUNTS_ENDPOINTS = {
  accounts: '/web-api/office/v1/accounts',
  add: '/web-api/office/v1/accounts/add',
  remove: '/web-api/office/v1/accounts/remove',
  active: '/web-api/office/v1/accounts/active',
  hideBalance: '/web-api/office/v1/accounts/hide-balance',
} as const;

/** SPEC §9: account polling makes at most 5 updates, 2500 ms apart; after a currency add, 1000 ms apart. */
export const ACCOUNT_POLL = { attempts: 5, intervalMs: 2500, addCurrencyIntervalMs: 1000 } as const;
/** The header refreshes the balance every 60 s while the page is visible. */
export const HEADER_REFRESH_MS = 60_000;

/** Dispatched by the site when a balance moved (SPEC §3 balance-change event). */
export const BALANCE_CHANGE_EVENT = 'balance-change';
/** Dispatched when the active account changed: the coupon resets its prepaid amount to 0 (SPEC §4). */
export const ACTIVE_ACCOUNT_CHANGE_EVENT = 'active-account-change';

/** An account's balance as the player reads it (`1 234,50 ₽` in ru, `RUB 1,234.50` in en). */
export function formatAccountMoney(account: Pick<Account, 'iso' | 'moneyMinor'>, locale: string): string {
  return formatMinor(minor(BigInt(account.moneyMinor)), account.iso, locale);
}

/** What the header shows: the amount, or a mask of the same kind when the player hides it. */
export function headerBalanceText(account: Pick<Account, 'iso' | 'moneyMinor'> | null, hidden: boolean, locale: string): string {
  if (!account) return '—';
  if (hidden) return '••••';
  return formatAccountMoney(account, locale);
}

/** Currencies the player can still add (not main and not an existing currency account). */
export function addableCurrencies(accounts: readonly Pick<Account, 'type' | 'iso'>[]): CurrencyCode[] {
  const held = new Set(accounts.filter((a) => a.type !== 4).map((a) => a.iso));
  return (Object.keys(CURRENCIES) as CurrencyCode[]).filter((c) => !held.has(c));
}

/** Whether the answer shows a currency account in `currency` (SPEC §4: poll until the currency appears). */
export function hasCurrencyAccount(accounts: Pick<AccountsResponse, 'all_accounts'>, currency: string): boolean {
  return accounts.all_accounts.some((a) => a.type === 9 && a.iso === currency);
}

/**
 * Applies a balance-change event to a loaded answer; unchanged when it is about another
 * account, or older than what is shown (changes from two nodes may arrive out of order).
 */
export function applyBalanceChange(accounts: AccountsResponse, detail: BalanceChangeDetail): AccountsResponse {
  const target = accounts.all_accounts.find((a) => a.id === detail.account_id);
  if (!target || !/^-?\d+$/.test(detail.new_balance) || !isCurrencyCode(target.iso)) return accounts;
  if (detail.entry_id !== undefined && BigInt(detail.entry_id) <= BigInt(target.lastEntryId)) return accounts;
  const update = (a: Account): Account =>
    a.id === detail.account_id
      ? { ...a, moneyMinor: detail.new_balance, money: formatMinor(minor(BigInt(detail.new_balance)), a.iso), lastEntryId: detail.entry_id ?? a.lastEntryId }
      : a;
  const all = accounts.all_accounts.map(update);
  return { ...accounts, all_accounts: all, balance: update(accounts.balance), bonus: accounts.bonus ? update(accounts.bonus) : null };
}

/** Reads a balance-change event's detail, or null when it is not one. */
export function balanceChangeDetail(value: unknown): BalanceChangeDetail | null {
  if (typeof value !== 'object' || value === null) return null;
  const { account_id, new_balance, entry_id } = value as Record<string, unknown>;
  if (typeof account_id !== 'string') return null;
  const balance = typeof new_balance === 'number' && Number.isSafeInteger(new_balance) ? String(new_balance) : new_balance;
  if (typeof balance !== 'string' || !/^-?\d+$/.test(balance)) return null;
  return typeof entry_id === 'string' && /^\d+$/.test(entry_id) ? { account_id, new_balance: balance, entry_id } : { account_id, new_balance: balance };
}

/**
 * A freshly loaded answer, keeping any account the shown one knows newer (a live change that
 * arrived while the load was on its way).
 */
export function newerAccounts(shown: AccountsResponse | null, loaded: AccountsResponse): AccountsResponse {
  if (!shown) return loaded;
  const newer = new Map(shown.all_accounts.map((a) => [a.id, a]));
  const pick = (a: Account): Account => {
    const known = newer.get(a.id);
    return known && BigInt(known.lastEntryId) > BigInt(a.lastEntryId) ? { ...a, money: known.money, moneyMinor: known.moneyMinor, lastEntryId: known.lastEntryId } : a;
  };
  return { ...loaded, balance: pick(loaded.balance), bonus: loaded.bonus ? pick(loaded.bonus) : null, all_accounts: loaded.all_accounts.map(pick) };
}

export interface PollOptions {
  attempts: number;
  intervalMs: number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Loads until `done` holds, at most `attempts` times, `intervalMs` apart (the first load
 * at once). Answers the last value loaded and whether `done` was reached.
 */
export async function pollUntil<T>(load: () => Promise<T>, done: (value: T) => boolean, options: PollOptions): Promise<{ value: T | undefined; done: boolean }> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let value: T | undefined;
  for (let attempt = 0; attempt < options.attempts; attempt++) {
    if (attempt > 0) await sleep(options.intervalMs);
    try {
      value = await load();
    } catch {
      continue;
    }
    if (done(value)) return { value, done: true };
  }
  return { value, done: false };
}

function isAccount(value: unknown): value is Account {
  if (typeof value !== 'object' || value === null) return false;
  const a = value as Record<string, unknown>;
  return (
    typeof a.id === 'string' &&
    (a.type === 0 || a.type === 4 || a.type === 9) &&
    typeof a.iso === 'string' &&
    isCurrencyCode(a.iso) &&
    typeof a.moneyMinor === 'string' &&
    /^-?\d+$/.test(a.moneyMinor) &&
    typeof a.lastEntryId === 'string' &&
    /^\d+$/.test(a.lastEntryId) &&
    typeof a.isActive === 'boolean'
  );
}

/** A light shape check of the accounts answer (the server validates with the contracts). */
export function isAccountsResponse(value: unknown): value is AccountsResponse {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  return (
    isAccount(r.balance) &&
    (r.bonus === null || isAccount(r.bonus)) &&
    Array.isArray(r.all_accounts) &&
    r.all_accounts.every(isAccount) &&
    typeof r.is_available_first_deposit_bonus === 'boolean' &&
    typeof r.user_hide_balance === 'boolean'
  );
}
