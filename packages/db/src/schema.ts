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
  /** Verification state (0013; SPEC §3): 1 = pending verification. */
  user_status_id: ColumnType<number, number | undefined, number>;
  /** 1 = verified by the operator. */
  internal_verification_status: ColumnType<number, number | undefined, number>;
  /** 1 = not verified. */
  verification_status: ColumnType<number, number | undefined, number>;
  /** VERIFICATION_SUCCESSFUL counts as verified (SPEC §5). */
  verification_status_group_code: string | null;
  verification_types: JSONColumnType<string[], string | undefined, string>;
  requested_additional_document: ColumnType<boolean, boolean | undefined, boolean>;
  need_identification: ColumnType<boolean, boolean | undefined, boolean>;
  identification_bonus: ColumnType<boolean, boolean | undefined, boolean>;
  ban_version: ColumnType<number, number | undefined, number>;
  line_coef_cut: ColumnType<boolean, boolean | undefined, boolean>;
  live_coef_cut: ColumnType<boolean, boolean | undefined, boolean>;
  required_transfer: ColumnType<boolean, boolean | undefined, boolean>;
  /** When the last "someone tried to register with your e-mail" notice was sent. */
  registration_notice_at: NullableTimestamp;
  /** The terms version last accepted (0023; 0: none since registration) and when. */
  terms_accepted_version: ColumnType<number, number | undefined, number>;
  terms_accepted_at: NullableTimestamp;
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
  | 'house-payments-hold'
  /** What players owe after a resettlement their balance could not cover (decision 0016); negative = owed. */
  | 'house-receivables'
  /** The other side of casino stakes and wins (0024, decision 0022). */
  | 'house-casino';

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
  /** House accounts: which of the kind and currency's shards (decision 0015); players: 0. */
  shard: ColumnType<number, number | undefined, never>;
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
  two_step_secrets: TwoStepSecretsTable;
  two_step_recovery_codes: TwoStepRecoveryCodesTable;
  two_step_tickets: TwoStepTicketsTable;
  security_answers: SecurityAnswersTable;
  payment_request_topics: PaymentRequestTopicsTable;
  payment_request_subtopics: PaymentRequestSubtopicsTable;
  payment_requests: PaymentRequestsTable;
  payment_request_messages: PaymentRequestMessagesTable;
  social_identities: SocialIdentitiesTable;
  social_auth_states: SocialAuthStatesTable;
  social_pending_registrations: SocialPendingRegistrationsTable;
  social_one_tap_uses: SocialOneTapUsesTable;
  login_tokens: LoginTokensTable;
  qr_login_requests: QrLoginRequestsTable;
  sandbox_idp_codes: SandboxIdpCodesTable;
  user_profiles: UserProfilesTable;
  user_disallowed_sports: UserDisallowedSportsTable;
  activation_tokens: ActivationTokensTable;
  sports: SportsTable;
  countries: CountriesTable;
  champs: ChampsTable;
  teams: TeamsTable;
  games: GamesTable;
  markets: MarketsTable;
  outcomes: OutcomesTable;
  line_list_rows: LineListRowsTable;
  feed_cursors: FeedCursorsTable;
  coupons: CouponsTable;
  coupon_selections: CouponSelectionsTable;
  coupon_resettlements: CouponResettlementsTable;
  coupon_codes: CouponCodesTable;
  player_protection: PlayerProtectionTable;
  player_limits: PlayerLimitsTable;
  player_limit_audit: PlayerLimitAuditTable;
  casino_rounds: CasinoRoundsTable;
  casino_wallet_transactions: CasinoWalletTransactionsTable;
  casino_launch_tokens: CasinoLaunchTokensTable;
  casino_providers: CasinoProvidersTable;
  casino_categories: CasinoCategoriesTable;
  casino_games: CasinoGamesTable;
  casino_favorites: CasinoFavoritesTable;
  casino_recent: CasinoRecentTable;
  casino_shared_rounds: CasinoSharedRoundsTable;
  casino_shared_bets: CasinoSharedBetsTable;
  rgs_sessions: RgsSessionsTable;
  rgs_seeds: RgsSeedsTable;
  rgs_rounds: RgsRoundsTable;
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
  /** `expired` (0014): a deposit the provider never confirmed in time. */
  status: 'new' | 'pending' | 'settling' | 'awaiting_approval' | 'approved' | 'succeeded' | 'failed' | 'cancelled' | 'rejected' | 'expired';
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

/** Topics of payment requests (0014; seeded). `names`: language code → name, English the fallback. */
export interface PaymentRequestTopicsTable {
  id: number;
  code: string;
  names: JSONColumnType<{ [language: string]: string }>;
  /** Whether a request under this topic is about one of the player's payments. */
  transaction_mode: 'required' | 'optional' | 'none';
  /** The payments the topic is about: this direction (null: both) … */
  direction: 'deposit' | 'withdrawal' | null;
  /** … in one of these public statuses (empty: any). */
  statuses: JSONColumnType<string[]>;
  position: ColumnType<number, number | undefined, number>;
  active: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface PaymentRequestSubtopicsTable {
  id: number;
  topic_id: number;
  code: string;
  names: JSONColumnType<{ [language: string]: string }>;
  position: ColumnType<number, number | undefined, number>;
  active: ColumnType<boolean, boolean | undefined, boolean>;
}

/** A player's question about a payment problem (0014). */
export interface PaymentRequestsTable {
  id: Generated<string>;
  /** Shown to the player (from a sequence). */
  number: ColumnType<bigint, never, never>;
  user_id: string;
  topic_id: number;
  subtopic_id: number | null;
  payment_id: string | null;
  status: 'open' | 'answered' | 'closed';
  idempotency_key: string;
  request_hash: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  closed_at: NullableTimestamp;
}

export interface PaymentRequestMessagesTable {
  /** Identity: increasing, the order of the conversation. */
  id: ColumnType<bigint, never, never>;
  request_id: string;
  author: 'player' | 'operator';
  body: string;
  idempotency_key: string | null;
  created_at: Timestamp;
}

/** A player's TOTP secret (0012), encrypted with the server's secrets key (`v1.<iv>.<tag>.<ciphertext>`). */
export interface TwoStepSecretsTable {
  user_id: string;
  secret_enc: string;
  /** `pending` from setup until the first code confirms it. */
  status: 'pending' | 'enabled';
  created_at: Timestamp;
  enabled_at: NullableTimestamp;
  /** The 30-second step of the last accepted code (a code works once). */
  last_time_step: number | null;
}

/** A single-use recovery code (0012), known by its SHA-256 (hex). */
export interface TwoStepRecoveryCodesTable {
  id: Generated<string>;
  user_id: string;
  code_hash: string;
  created_at: Timestamp;
  used_at: NullableTimestamp;
}

/** A login waiting for its second step (0012), known by the SHA-256 (hex) of the ticket. */
export interface TwoStepTicketsTable {
  ticket_hash: string;
  user_id: string;
  /** The "save" flag of the first step. */
  remember: boolean;
  created_at: Timestamp;
  expires_at: Date;
  attempts: ColumnType<number, number | undefined, number>;
  used_at: NullableTimestamp;
}

/** The security question a player chose and the argon2id hash of the normalised answer (0012). */
export interface SecurityAnswersTable {
  user_id: string;
  question: string;
  answer_hash: string;
  updated_at: Timestamp;
}

/** A provider's subject linked to a player (0011). */
export interface SocialIdentitiesTable {
  id: Generated<string>;
  user_id: string;
  provider: string;
  subject: string;
  email: string | null;
  created_at: Timestamp;
  last_login_at: Timestamp;
}

/** An OpenID Connect round trip in progress (0011); single use, bound to the starting browser. */
export interface SocialAuthStatesTable {
  state_hash: string;
  browser_hash: string;
  provider: string;
  intent: 'login' | 'registration';
  code_verifier: string;
  nonce: string;
  redirect_uri: string;
  language: string;
  currency: string | null;
  country: string | null;
  bonus_choice: number | null;
  referral: JSONColumnType<JsonObject, string | undefined, string>;
  return_to: string | null;
  created_at: Timestamp;
  expires_at: Date;
  used_at: NullableTimestamp;
}

/** A new social identity waiting for the completion step (0011). */
export interface SocialPendingRegistrationsTable {
  ticket_hash: string;
  provider: string;
  subject: string;
  /** Only an e-mail the provider verified. */
  email: string | null;
  name: string | null;
  language: string;
  currency: string | null;
  country: string | null;
  bonus_choice: number | null;
  referral: JSONColumnType<JsonObject, string | undefined, string>;
  return_to: string | null;
  created_at: Timestamp;
  expires_at: Date;
  used_at: NullableTimestamp;
}

/** One-tap credentials already used, kept until they expire (0011). */
export interface SocialOneTapUsesTable {
  credential_hash: string;
  expires_at: Date;
}

/** Single-use login tokens (0011; QR login, deep links). */
export interface LoginTokensTable {
  token_hash: string;
  method: 'qr' | 'link';
  user_id: string;
  created_at: Timestamp;
  expires_at: Date;
  used_at: NullableTimestamp;
}

/** QR login requests (0011): pending → approved | rejected; approved → consumed. */
export interface QrLoginRequestsTable {
  id: Generated<string>;
  code_hash: string;
  poll_secret_hash: string;
  status: ColumnType<'pending' | 'approved' | 'rejected' | 'consumed', 'pending' | undefined, 'approved' | 'rejected' | 'consumed'>;
  user_id: string | null;
  ip: string | null;
  user_agent: string | null;
  language: string | null;
  created_at: Timestamp;
  expires_at: Date;
  decided_at: NullableTimestamp;
}

/** Authorization codes of the sandbox identity provider (0011). */
export interface SandboxIdpCodesTable {
  code_hash: string;
  client_id: string;
  redirect_uri: string;
  code_challenge: string;
  nonce: string | null;
  claims: JSONColumnType<JsonObject, string, never>;
  created_at: Timestamp;
  expires_at: Date;
  used_at: NullableTimestamp;
}

/** Personal data of the office (0013; SPEC §3 user_data). `date` columns: read them as text (`::text`), write `YYYY-MM-DD`. */
export interface UserProfilesTable {
  user_id: string;
  name: string | null;
  surname: string | null;
  middle_name: string | null;
  date_birthday: ColumnType<string | null, string | null | undefined, string | null>;
  birth_place: string | null;
  country: string | null;
  region: string | null;
  city: string | null;
  registration_address: string | null;
  document_type_id: number | null;
  passport: string | null;
  passport_series: string | null;
  passport_date: ColumnType<string | null, string | null | undefined, string | null>;
  passport_end_date: ColumnType<string | null, string | null | undefined, string | null>;
  passport_issued_by: string | null;
  inn: string | null;
  updated_at: Timestamp;
}

/** Sports a player hid from line or live (0013). */
export interface UserDisallowedSportsTable {
  user_id: string;
  market: 'line' | 'live';
  sport_id: number;
}

/** An e-mail activation link (0013), known by the SHA-256 (hex) of its token. */
export interface ActivationTokensTable {
  id: Generated<string>;
  user_id: string;
  /** The address the link was sent to (lower-case): it confirms that address only. */
  email: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Date;
  used_at: NullableTimestamp;
}

/** Sportsbook catalogue (0015). Ids are ours; `provider` + `provider_id` name the feed's. */
export interface SportsTable {
  id: number;
  slug: string;
  name: string;
  is_cyber: Generated<boolean>;
  sort_order: Generated<number>;
}

export interface CountriesTable {
  id: Generated<number>;
  provider: string;
  provider_id: string;
  name: string;
  code: string;
}

export interface ChampsTable {
  id: Generated<number>;
  provider: string;
  provider_id: string;
  sport_id: number;
  country_id: number;
  name: string;
  sort_order: Generated<number>;
}

export interface TeamsTable {
  id: Generated<number>;
  provider: string;
  provider_id: string;
  sport_id: number;
  country_id: number;
  name: string;
}

export interface GamesTable {
  id: Generated<number>;
  provider: string;
  provider_id: string;
  permanent_id: string;
  sport_id: number;
  champ_id: number;
  home_team_id: number;
  away_team_id: number;
  starts_at: Date;
  /** Domain `GameFormat`. */
  format: JSONColumnType<JsonObject, string, string>;
  status: Generated<number>;
  period: Generated<number>;
  clock_seconds: Generated<number>;
  clock_running: Generated<boolean>;
  clock_rate: Generated<number>;
  clock_at: Date | null;
  score_home: Generated<number>;
  score_away: Generated<number>;
  /** Domain `Score[]`. */
  periods: ColumnType<JsonValue, string | undefined, string>;
  /** `{ point?, server?, stats? }` of the feed's live state. */
  live_extra: ColumnType<JsonObject | null, string | null | undefined, string | null>;
  live_in_live: Generated<boolean>;
  suspended: Generated<boolean>;
  is_top: Generated<boolean>;
  /** Domain `GameResult`. */
  result: ColumnType<JsonObject | null, string | null | undefined, string | null>;
  finished_at: Date | null;
  seq: Generated<bigint>;
  updated_at: Generated<Date>;
}

export interface MarketsTable {
  game_id: number;
  key: string;
  type: string;
  group_id: number;
  scope: string;
  param: number | null;
  name: string;
  blocked: Generated<boolean>;
  sort_order: Generated<number>;
}

export interface OutcomesTable {
  game_id: number;
  key: string;
  market_key: string;
  type_id: number;
  kind: string;
  line: number | null;
  /** Correct-score outcomes: `{ home, away }`. */
  score: ColumnType<JsonObject | null, string | null | undefined, string | null>;
  name: string;
  /** Coefficient in thousandths (1905 = 1.905). */
  price: number;
  blocked: Generated<boolean>;
  /** Settlement, SPEC §3 −2…6, once the game has a result. */
  status: number | null;
  sort_order: Generated<number>;
}

/** A listable game's list row, kept by the line writer with the game (migration 0029, decision 0026). */
export interface LineListRowsTable {
  game_id: number;
  section: 'line' | 'live';
  sport_id: number;
  sport_order: number;
  champ_id: number;
  champ_order: number;
  starts_at: Date;
  status: number;
  period: number;
  is_top: boolean;
  /** The contracts' `GameCard`, serialised. */
  card: string;
}

export interface FeedCursorsTable {
  provider: string;
  seq: ColumnType<bigint, bigint | undefined, bigint>;
  /** The node ingesting the provider, and until when its lease holds. */
  owner: string | null;
  lease_until: Date | null;
  /** Fencing token: +1 each time the lease passes to another node (0016_feed_lease_generation). */
  generation: ColumnType<bigint, bigint | undefined, bigint>;
  updated_at: Generated<Date>;
}

export type CouponStatus = 'pending' | 'accepted' | 'refused' | 'settled' | 'sold' | 'review';

/** A placed coupon (issue 11, migration 0018). Money in minor units, coefs in thousandths. */
export interface CouponsTable {
  /** The client's coupon id: the placement's idempotency key. */
  id: string;
  user_id: string;
  account_id: string;
  currency: string;
  /** SPEC §3 coupon type 0–9. */
  type_id: number;
  system_value: number | null;
  /** What was charged. */
  amount: bigint;
  unit_stake: bigint;
  lines: number;
  /** Total coef in thousandths (bigint: long expresses pass 2^31). */
  coef: bigint;
  possible_win: bigint;
  change_coef_action: number;
  exact_coef: number | null;
  drop_on_score_change: Generated<boolean>;
  is_live: boolean;
  status: CouponStatus;
  payout: bigint | null;
  /** Why a pending coupon was refused: `{ code, selections? }`. */
  refusal: ColumnType<JsonObject | null, string | null | undefined, string | null>;
  /** What settlement needs beyond the selections (amounts per bet or block, blocks, lobby …). */
  plan: ColumnType<JsonObject, string, string>;
  request_hash: string;
  /** A pending live coupon is checked again and accepted at this time. */
  accept_at: Date | null;
  settled_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Insurance (migration 0020): the insured part paid back if the coupon pays nothing, its premium, when bought. */
  insured_amount: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  insurance_premium: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  insured_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Vip bet (migration 0021): the stake asked and held, the operator's counter-offer, whose deadline, what was decided. */
  vip_asked_amount: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  vip_counter_amount: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  review_deadline: ColumnType<Date | null, Date | null | undefined, Date | null>;
  vip_decision: ColumnType<VipDecisionColumn | null, VipDecisionColumn | null | undefined, VipDecisionColumn | null>;
  /** 1 when first settled; +1 per resettlement that changed the payout (coupon_resettlements). */
  settlement_version: ColumnType<number, number | undefined, number>;
}

export type VipDecisionColumn = 'accepted' | 'declined' | 'countered' | 'timed_out' | 'counter_accepted' | 'counter_declined' | 'counter_timed_out';

/** A corrected result that changed a settled coupon's payout (migration 0021, decision 0016). */
export interface CouponResettlementsTable {
  coupon_id: string;
  /** The settlement version this row made (2, 3 …). */
  version: number;
  /** The game whose result was corrected. */
  game_id: number | null;
  previous_payout: bigint;
  payout: bigint;
  /** What the reversal could not take from the player's balance. */
  debt: ColumnType<bigint, bigint | undefined, bigint>;
  reason: string;
  created_at: Timestamp;
}

/** A saved bet slip under a short code (migration 0020). */
export interface CouponCodesTable {
  code: string;
  /** The draft as the slip sent it (bets, typeId, systemValue). */
  draft: ColumnType<JsonObject, string, string>;
  user_id: string | null;
  created_at: Timestamp;
}

export interface CouponSelectionsTable {
  coupon_id: string;
  /** The player's order (chain, conditional blocks follow it). */
  position: number;
  game_id: number;
  outcome_key: string;
  /** The coefficient taken, in thousandths. */
  coef: number;
  block_id: number | null;
  is_banker: Generated<boolean>;
  is_live: boolean;
  score_home: number | null;
  score_away: number | null;
  /** SPEC §3 coupon bet status, −2 until settled. */
  status: Generated<number>;
}

/** Responsible gaming (issue 12, migration 0022): the row deposits and bets lock, session time, the reality check. */
export interface PlayerProtectionTable {
  user_id: string;
  /** Money limits are whole units of this currency. */
  currency: string;
  /** The UTC day `session_used_seconds` counts for. */
  session_day: NullableTimestamp;
  session_used_seconds: ColumnType<number, number | undefined, number>;
  session_last_ping_at: NullableTimestamp;
  reality_show_at: NullableTimestamp;
  reality_do_not_show: ColumnType<boolean, boolean | undefined, boolean>;
  questionnaire_token: string | null;
  /** `[{ limitType, limitValue, selfExcludeReason? }]` waiting for the answers. */
  questionnaire_changes: ColumnType<JsonValue | null, string | null, string | null>;
  updated_at: Date;
}

/** One SPEC limit type of a player: value in force, pending raise/removal. */
export interface PlayerLimitsTable {
  user_id: string;
  limit_type: number;
  value: number | null;
  started_at: Date | null;
  ends_at: Date | null;
  pending_value: number | null;
  pending_since: Date | null;
  reason: number | null;
  updated_at: Date;
}

/** Append-only audit of limit changes (a trigger refuses update/delete). */
export interface PlayerLimitAuditTable {
  id: ColumnType<bigint, never, never>;
  user_id: string;
  limit_type: number;
  actor: 'player' | 'operator' | 'system';
  action: string;
  old_value: number | null;
  new_value: number | null;
  state: 'PENDING' | 'ACTIVE' | 'INACTIVE';
  at: Date;
}

/** A provider's round of real money (migration 0024, decision 0022). */
export interface CasinoRoundsTable {
  id: Generated<string>;
  provider: string;
  round_id: string;
  user_id: string;
  account_id: string;
  game_id: string;
  currency: string;
  mode: ColumnType<'real' | 'demo', 'real' | 'demo' | undefined, 'real' | 'demo'>;
  status: 'open' | 'settled' | 'rolled_back';
  stake_total: ColumnType<bigint, bigint | undefined, bigint>;
  win_total: ColumnType<bigint, bigint | undefined, bigint>;
  created_at: Date;
  updated_at: Date;
}

/** One wallet call by the provider's transaction id, with the answer it got (replays answer the same). */
export interface CasinoWalletTransactionsTable {
  id: Generated<bigint>;
  provider: string;
  tx_id: string;
  round_id: string;
  kind: 'debit' | 'credit' | 'rollback';
  amount: bigint;
  request_hash: string | null;
  reference_tx_id: string | null;
  rolled_back_at: NullableTimestamp;
  status_code: number;
  answer: ColumnType<JsonValue, string, string>;
  created_at: Date;
}

/** A signed one-time launch token (its id; the token itself is never stored). */
export interface CasinoLaunchTokensTable {
  id: string;
  user_id: string | null;
  game_id: string;
  currency: string;
  mode: 'real' | 'demo';
  language: string;
  expires_at: Date;
  used_at: NullableTimestamp;
  created_at: Date;
}

/** A casino game studio (migration 0025, decision 0024). */
export interface CasinoProvidersTable {
  id: string;
  name: string;
  position: ColumnType<number, number | undefined, number>;
  created_at: Date;
}

/** A lobby category; titles by language (`{ en: …, ru: … }`). */
export interface CasinoCategoriesTable {
  id: string;
  titles: JSONColumnType<Record<string, string>>;
  position: ColumnType<number, number | undefined, number>;
  created_at: Date;
}

/** A game of the casino catalogue (migration 0025). */
export interface CasinoGamesTable {
  id: string;
  provider_id: string;
  category_id: string;
  subcategories: JSONColumnType<string[]>;
  titles: JSONColumnType<Record<string, string>>;
  descriptions: JSONColumnType<Record<string, string>>;
  /** Every title lowercased, one per line: what search as you type looks in. */
  search_text: string;
  art_motif: string;
  art_color1: string;
  art_color2: string;
  engine: string;
  /** Basis points: 9619 is 96.19%. */
  rtp_bp: number;
  volatility: 'low' | 'medium' | 'high';
  min_stake: bigint;
  max_stake: bigint;
  demo: boolean;
  is_new: boolean;
  popular: boolean;
  /** Lower first in the popular sort. */
  popularity: number;
  hidden_countries: JSONColumnType<string[]>;
  enabled: boolean;
  created_at: Date;
}

export interface CasinoFavoritesTable {
  user_id: string;
  game_id: string;
  created_at: Date;
}

/** The games a player launched: one row per game, its last launch; the last 20 kept. */
export interface CasinoRecentTable {
  user_id: string;
  game_id: string;
  played_at: Date;
}

/** A shared casino round: crash-live, bingo, TV games, virtual sports (migration 0027, decision 0025). */
export interface CasinoSharedRoundsTable {
  id: Generated<string>;
  engine: string;
  room: ColumnType<string, string | undefined, string>;
  round_no: ColumnType<bigint, bigint | number, never>;
  /** Secret until the round is settled or void. */
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  state: 'open' | 'running' | 'settled' | 'void';
  params: ColumnType<JsonValue, string | undefined, string>;
  result: ColumnType<JsonValue | null, string | null | undefined, string | null>;
  opens_at: Date;
  closes_at: Date;
  ends_at: Date;
  settled_at: NullableTimestamp;
  lease_until: NullableTimestamp;
  created_at: Date;
}

/** A player's bet on a shared round (migration 0027). */
export interface CasinoSharedBetsTable {
  id: string;
  round_id: string;
  session_id: string;
  user_id: string | null;
  game_id: string;
  mode: 'real' | 'demo';
  currency: string;
  stake: bigint;
  selection: ColumnType<JsonValue, string, string>;
  cashed_out_at: ColumnType<number | null, number | null | undefined, number | null>;
  status: 'open' | 'won' | 'lost' | 'void';
  win: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  outcome: ColumnType<JsonValue | null, string | null | undefined, string | null>;
  created_at: Date;
  settled_at: NullableTimestamp;
  paid_at: NullableTimestamp;
}

/** A game session of our game server, known by the SHA-256 of its bearer id (migration 0026, decision 0023). */
export interface RgsSessionsTable {
  id: Generated<string>;
  token_hash: string;
  user_id: string | null;
  game_id: string;
  engine: string;
  currency: string;
  mode: 'real' | 'demo';
  language: string;
  min_stake: bigint;
  max_stake: bigint;
  /** Demo only: the fun balance. */
  demo_balance: bigint | null;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
}

/** Provably fair seeds: one live per player and game (real) or per session (demo) (migration 0026). */
export interface RgsSeedsTable {
  id: Generated<string>;
  user_id: string | null;
  session_id: string | null;
  game_id: string;
  /** Secret until revealed (rotation). */
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  next_nonce: ColumnType<number, number | undefined, number>;
  revealed_at: NullableTimestamp;
  created_at: Date;
}

/** One round of our game server: its input, view, money, seed and wallet calls (migration 0026). */
export interface RgsRoundsTable {
  id: string;
  session_id: string | null;
  user_id: string | null;
  game_id: string;
  engine: string;
  multi_step: boolean;
  mode: 'real' | 'demo';
  currency: string;
  stake: ColumnType<bigint, bigint | undefined, bigint>;
  win: ColumnType<bigint, bigint | undefined, bigint>;
  status: 'open' | 'settled' | 'rolled_back';
  seed_id: string;
  nonce: number;
  input: ColumnType<JsonValue, string, string>;
  state: ColumnType<JsonValue, string, string>;
  outcome: ColumnType<JsonValue | null, string | null | undefined, string | null>;
  created_at: Date;
  updated_at: Date;
  settled_at: NullableTimestamp;
}
