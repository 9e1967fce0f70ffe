/**
 * Player accounts and balances (SPEC §3 Account, §4 account add/change/delete, §8 failures,
 * §9 account polling and user_hide_balance): `GET /web-api/office/v1/accounts` and
 * `POST /web-api/office/v1/accounts/{add,remove,active,hide-balance}`.
 *
 * Money is given twice, as strings so no float ever carries it:
 * - `money`: the canonical decimal in MAJOR units of the account's currency (`'1234.50'` RUB,
 *   `'500'` JPY), as `minorToDecimal` writes it;
 * - `moneyMinor`: the exact integer of MINOR units (`'123450'`), what the ledger holds.
 * Every balance is the ledger's (double-entry) balance of that account.
 */
import { z } from 'zod';
import { ACCOUNT_TYPES, CURRENCIES, type CurrencyCode } from '@betsite/domain';
import { text } from './text.ts';

/** Error codes of the accounts API (the `code` of `ApiErrorSchema`). */
export const AccountsErrorCode = {
  /** A visitor (401). */
  unauthorized: 'unauthorized',
  /** The player already holds an account in that currency (409). */
  accountExists: 'account_exists',
  /** Only additional currency accounts (type 9) can be removed (409). */
  accountNotRemovable: 'account_not_removable',
  /** The account still holds money (409). */
  accountNotEmpty: 'account_not_empty',
  /** No such account among the player's own (404; another player's account looks the same). */
  notFound: 'not_found',
} as const;
export type AccountsErrorCode = (typeof AccountsErrorCode)[keyof typeof AccountsErrorCode];

/**
 * ISO 4217 numeric code, the SPEC `currencyId` of an account (643 RUB, 840 USD, …).
 */
export const CURRENCY_IDS = {
  RUB: 643,
  USD: 840,
  EUR: 978,
  GBP: 826,
  JPY: 392,
  KZT: 398,
  UAH: 980,
  TRY: 949,
  AZN: 944,
  UZS: 860,
  BRL: 986,
  INR: 356,
} as const satisfies Record<CurrencyCode, number>;

const CURRENCY_CODES = Object.keys(CURRENCIES) as [CurrencyCode, ...CurrencyCode[]];

/** A currency we hold money in; any case in, upper case out. */
export const AccountCurrencySchema = text()
  .transform((c) => c.toUpperCase())
  .pipe(z.enum(CURRENCY_CODES, { message: `Currency must be one of ${CURRENCY_CODES.join(', ')}` }));

export const AccountTypeSchema = z.union([
  z.literal(ACCOUNT_TYPES.main),
  z.literal(ACCOUNT_TYPES.bonus),
  z.literal(ACCOUNT_TYPES.currency),
]);

const DecimalSchema = text().regex(/^-?\d+(\.\d+)?$/);
const MinorSchema = text().regex(/^-?\d+$/);

/** SPEC §3 Account. */
export const AccountSchema = z.object({
  id: z.uuid(),
  /** 0 main (registration currency), 4 bonus, 9 additional currency account. */
  type: AccountTypeSchema,
  /** ISO 4217 letter code. */
  iso: z.enum(CURRENCY_CODES),
  symbol: text(),
  /** ISO 4217 numeric code. */
  currencyId: z.number().int(),
  /** Balance in major units, canonical decimal text (`'1234.50'`). */
  money: DecimalSchema,
  /** Balance in minor units, integer text (`'123450'`). */
  moneyMinor: MinorSchema,
  /** Promo points: the main account only (none are earned yet: 0); null on other accounts. */
  points: z.number().int().nullable(),
  /** `RUB`, `RUB bonus`, `USD`: the client may translate by `type` instead. */
  label: text(),
  /** `RUB (₽)`. */
  labelWithSymbol: text(),
  /** The account bets and the header balance use (SPEC §4 change active account). */
  isActive: z.boolean(),
  isPointsTypeBalance: z.boolean(),
  /** The ledger entry that last moved this account, integer text (`'0'` before any); balance changes older than it are stale. */
  lastEntryId: MinorSchema,
});
export type Account = z.infer<typeof AccountSchema>;

/** `GET /web-api/office/v1/accounts`: SPEC §3 balance payload, plus the hide-balance preference. */
export const AccountsResponseSchema = z.object({
  /** The active account (the header balance). */
  balance: AccountSchema,
  /** The bonus account (type 4); null if the player has none. */
  bonus: AccountSchema.nullable(),
  /** Main, bonus, then currency accounts by currency. */
  all_accounts: z.array(AccountSchema),
  /** True until the player's first deposit (no credit has reached the main account yet). */
  is_available_first_deposit_bonus: z.boolean(),
  /** SPEC §3 user config user_hide_balance (§9 default true). */
  user_hide_balance: z.boolean(),
});
export type AccountsResponse = z.infer<typeof AccountsResponseSchema>;

/** `POST …/accounts/add`: open an additional currency account. */
export const AddAccountRequestSchema = z.object({ currency: AccountCurrencySchema }).strict();
export type AddAccountRequest = z.input<typeof AddAccountRequestSchema>;

/** `POST …/accounts/remove`: close an empty additional currency account. */
export const RemoveAccountRequestSchema = z.object({ accountId: text().min(1).max(64) }).strict();
export type RemoveAccountRequest = z.input<typeof RemoveAccountRequestSchema>;

/** `POST …/accounts/active`: make one of the player's accounts the active one. */
export const ActiveAccountRequestSchema = z.object({ accountId: text().min(1).max(64) }).strict();
export type ActiveAccountRequest = z.input<typeof ActiveAccountRequestSchema>;

/** `POST …/accounts/hide-balance`: SPEC user_hide_balance. */
export const HideBalanceRequestSchema = z.object({ hide: z.boolean() }).strict();
export type HideBalanceRequest = z.input<typeof HideBalanceRequestSchema>;

/** Answer of add (201), remove, active and hide-balance (200): the accounts after the change. */
export const AccountChangeResponseSchema = z.object({
  success: z.literal(true),
  message: text(),
  /** The account added, removed or made active; null for hide-balance. */
  accountId: z.uuid().nullable(),
  accounts: AccountsResponseSchema,
});
export type AccountChangeResponse = z.infer<typeof AccountChangeResponseSchema>;

/** The browser event (SPEC §3 balance-change event) the site dispatches when a balance moved. */
export const BALANCE_CHANGE_EVENT = 'balance-change';
export interface BalanceChangeDetail {
  account_id: string;
  /** Minor units, integer text. */
  new_balance: string;
  /** The ledger entry behind the change, integer text; a change not newer than the account's `lastEntryId` is ignored. Absent: applied as it comes. */
  entry_id?: string;
}
