/**
 * Table types for Kysely. Column types follow `type-parsers.ts`: bigint → `bigint`,
 * timestamptz → `Date`, jsonb → parsed JSON (written as a JSON string).
 *
 * Documents stored as jsonb (site config) are typed loosely here: the db package does
 * not know the contracts; the server validates them with zod when reading and writing.
 */
import type { ColumnType, Generated, JSONColumnType } from 'kysely';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** Written with the application clock; the SQL default is only a safety net. */
type Timestamp = ColumnType<Date, Date | undefined, Date>;
type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;

export interface SiteConfigTable {
  /** Always 1: the site config is one row. */
  id: ColumnType<number, number, never>;
  document: JSONColumnType<JsonObject>;
  /** Incremented on every change; the ETag of `/bff-api/config/all.json`. */
  version: ColumnType<bigint, bigint | undefined, bigint>;
  updated_at: Timestamp;
}

export interface ConfigGroupsTable {
  id: number;
  name: string;
  ref_id: number;
}

export interface BlockRulesTable {
  id: Generated<string>;
  reason: number;
  /** ISO 3166-1 alpha-2, upper case. Exactly one of country, ip_range, user_id is set. */
  country: string | null;
  /** `cidr`; PostgreSQL answers it in canonical form (`10.0.0.0/8`, `2001:db8::/32`). */
  ip_range: string | null;
  user_id: string | null;
  display_type_id: number | null;
  template_type_id: number | null;
  created_at: Timestamp;
}

export interface RedirectRulesTable {
  id: Generated<string>;
  from_path: string;
  to_url: string;
  code: 301 | 302 | 307 | 308;
  reason: string;
  created_at: Timestamp;
}

export interface ScheduledJobsTable {
  id: Generated<string>;
  kind: string;
  due_at: Date;
  payload: JSONColumnType<JsonObject, string | undefined, string>;
  /** Set by `claimDueJobs`; a claim older than the lease is claimable again (crashed worker). */
  claimed_at: NullableTimestamp;
  attempts: Generated<number>;
  done_at: NullableTimestamp;
}

export interface UsersTable {
  id: Generated<string>;
  /** The login id of SPEC §4 login_password mode (e-mail or account id). */
  account_number: ColumnType<bigint, bigint | undefined, never>;
  /** Lower-case; unique when present. */
  email: string | null;
  /** E.164 (`+447700900123`); unique when present. */
  phone: string | null;
  /** argon2id PHC string. */
  password_hash: string;
  registration_type: 'fast_reg' | 'phone_reg' | 'full_reg' | 'soc_reg';
  country: string;
  currency: string;
  language: string;
  activation_type: ColumnType<number, number | undefined, number>;
  ban_level: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  email_verified_at: NullableTimestamp;
  phone_verified_at: NullableTimestamp;
  password_changed_at: NullableTimestamp;
  /** SPEC §3 bonus choice after registration: 0 refuse, 1 sports, 2 casino; null until chosen. */
  bonus_choice: number | null;
  /** Referral cookies present at registration (SPEC §9 names → values). */
  referral: JSONColumnType<JsonObject, string | undefined, string>;
}

export type LedgerAccountKind =
  | 'player-main'
  | 'player-bonus'
  | 'player-currency'
  | 'house-cash'
  | 'house-payments'
  | 'house-bets'
  | 'house-bonus'
  /** Withdrawals requested and not yet approved or rejected (payments). */
  | 'house-payments-hold';

export interface LedgerAccountsTable {
  id: Generated<string>;
  /** The player; null for house accounts. */
  owner_id: string | null;
  kind: LedgerAccountKind;
  /** SPEC §3 Account type of player accounts (0 main, 4 bonus, 9 currency); null for house accounts. */
  spec_type: 0 | 4 | 9 | null;
  currency: string;
  /** Minor units; changed only by ledger movements, together with their entries. */
  balance: ColumnType<bigint, bigint | undefined, bigint>;
  allow_negative: ColumnType<boolean, boolean | undefined, never>;
  created_at: Timestamp;
}

export interface LedgerTransactionsTable {
  id: Generated<string>;
  idempotency_key: string;
  kind: string;
  request_hash: string;
  metadata: JSONColumnType<JsonObject, string | undefined, never>;
  created_at: Timestamp;
}

export interface LedgerEntriesTable {
  id: ColumnType<bigint, never, never>;
  transaction_id: string;
  account_id: string;
  /** Minor units, never zero: positive credits the account, negative debits it. */
  amount: bigint;
  /** The account's balance right after this entry. */
  balance_after: bigint;
  created_at: Timestamp;
}

export interface Database {
  site_config: SiteConfigTable;
  config_groups: ConfigGroupsTable;
  block_rules: BlockRulesTable;
  redirect_rules: RedirectRulesTable;
  scheduled_jobs: ScheduledJobsTable;
  users: UsersTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_entries: LedgerEntriesTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  payments: PaymentsTable;
  outbox: OutboxTable;
  captcha_challenges: CaptchaChallengesTable;
  verification_codes: VerificationCodesTable;
  account_preferences: AccountPreferencesTable;
  account_closures: AccountClosuresTable;
}

/** A login session, known only by the SHA-256 (hex) of its token. */
export interface SessionsTable {
  token_hash: string;
  user_id: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Date;
  revoked_at: NullableTimestamp;
  remember: ColumnType<boolean, boolean | undefined, boolean>;
  user_agent: string | null;
  ip: string | null;
  /** When the player last re-entered their password in this session (before sensitive changes). */
  reauth_at: NullableTimestamp;
  end_reason: SessionEndReason | null;
}

export type SessionEndReason = 'logout' | 'logout_others' | 'password_changed' | 'inactive' | 'security';

/** Failed logins per normalised login key (`email:…`, `account:…`). */
export interface LoginAttemptsTable {
  login_key: string;
  failures: number;
  last_failure_at: Date;
}

/** An e-mail or SMS stored instead of sent (the embedded delivery; `/dev/outbox`). */
export interface OutboxTable {
  id: Generated<string>;
  channel: 'email' | 'sms';
  /** E-mail address or E.164 phone. */
  recipient: string;
  subject: string | null;
  text: string;
  html: string | null;
  created_at: Timestamp;
}

/** A captcha challenge; answer and token known only by their SHA-256 (hex). */
export interface CaptchaChallengesTable {
  id: string;
  answer_hash: string;
  created_at: Timestamp;
  expires_at: Date;
  used_at: NullableTimestamp;
  token_hash: string | null;
  token_expires_at: Date | null;
  token_used_at: NullableTimestamp;
}

export type VerificationPurpose = 'password_reset' | 'phone_registration' | 'sms_login' | 'phone_binding' | 'email_activation' | 'email_change' | 'reauth';

/** A one-time code sent to a player, known by its SHA-256 (hex). */
export interface VerificationCodesTable {
  id: Generated<string>;
  purpose: VerificationPurpose;
  /** The player the code is for; null before a player exists (then `target` names the phone or e-mail). */
  user_id: string | null;
  /** E.164 phone or lower-case e-mail the code was sent to, when not (only) tied to a player. */
  target: string | null;
  code_hash: string;
  created_at: Timestamp;
  expires_at: Date;
  attempts: ColumnType<number, number | undefined, number>;
  /** When the code was used, replaced by a newer one, or burnt by too many wrong tries. */
  used_at: NullableTimestamp;
}

/** Deposits and withdrawals (migration 0008; states in its comment). */
export interface PaymentsTable {
  id: Generated<string>;
  user_id: string;
  account_id: string;
  direction: 'deposit' | 'withdrawal';
  method: 'card' | 'ewallet';
  currency: string;
  /** Minor units, positive. */
  amount: bigint;
  status: 'new' | 'pending' | 'settling' | 'awaiting_approval' | 'approved' | 'succeeded' | 'failed' | 'cancelled' | 'rejected';
  provider: string;
  provider_ref: string | null;
  redirect_url: string | null;
  return_language: string;
  idempotency_key: string;
  request_hash: string;
  failure_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Per player (0007): the active account (null: the main one) and SPEC user_hide_balance. */
export interface AccountPreferencesTable {
  user_id: string;
  active_account_id: string | null;
  hide_balance: ColumnType<boolean, boolean | undefined, boolean>;
  updated_at: Timestamp;
}

/** Additional currency accounts the player removed (0007); hidden while their balance is zero. */
export interface AccountClosuresTable {
  account_id: string;
  closed_at: Timestamp;
}
