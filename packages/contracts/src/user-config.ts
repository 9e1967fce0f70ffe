/**
 * The player's own state and the session lifecycle (SPEC §3 user config, §4 user config
 * load / auto logoff / registration reminder / bonus choice, §5 verification rules, §7 user
 * config, get rights, gettoken):
 *
 * - `GET /web-api/office/v1/user-config` → `{ result, error }` (no cache);
 * - `GET /web-api/auth/v1/rights`;
 * - `POST /web-api/office/v1/bonus-choice`;
 * - `POST /web-api/registration/v1/activate` and `.../activate/resend` (e-mail activation);
 * - `GET /web-api/user/gettoken?force_refresh=true` (token rotation);
 * - `GET` / `PUT /web-api/office/v1/disallowed-sports` (SPEC §6, §7 "save disallowed
 *   sports (line, live)"): the sports a player hides from line and live;
 * - `POST /web-api/auth/v1/auto-logoff` (the browser's idle logoff);
 * - the site config's `session` settings.
 */
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, isEmail, isSportId, normaliseEmail, SPORTS } from '@betsite/domain';
import { AcceptedResponseSchema, BonusChoiceSchema, LoginResponseSchema, TwoStepRequiredResponseSchema } from './auth.ts';
import { ApiErrorSchema } from './errors.ts';
import type { ApiOperation } from './operations.ts';
import { text } from './text.ts';

export const USER_CONFIG_API = {
  userConfig: '/web-api/office/v1/user-config',
  rights: '/web-api/auth/v1/rights',
  bonusChoice: '/web-api/office/v1/bonus-choice',
  activate: '/web-api/registration/v1/activate',
  activateResend: '/web-api/registration/v1/activate/resend',
  getToken: '/web-api/user/gettoken',
  autoLogoff: '/web-api/auth/v1/auto-logoff',
  disallowedSports: '/web-api/office/v1/disallowed-sports',
} as const;

/** Error codes of these APIs (the `code` of `ApiErrorSchema`). */
export const UserConfigErrorCode = {
  /** A visitor (401). */
  unauthorized: 'unauthorized',
  /** The bonus was chosen already (409): the choice is made once. */
  bonusChoiceMade: 'bonus_choice_made',
  /** An activation link that is unknown or malformed (400). */
  activationInvalid: 'activation_link_invalid',
  /** An activation link past its 24 hours (410): ask for a new one. */
  activationExpired: 'activation_link_expired',
  /** An activation link already used (410): the e-mail is confirmed, log in. */
  activationUsed: 'activation_link_used',
} as const;
export type UserConfigErrorCode = (typeof UserConfigErrorCode)[keyof typeof UserConfigErrorCode];

/** A non-httpOnly cookie telling the next page why the last session ended (`inactive`); lives minutes. */
export const LOGOUT_REASON_COOKIE = 'logout_reason';

// ---------------------------------------------------------------------------------------
// Site config: session settings.

/**
 * `session` of the site config: auto logoff (SPEC §4, §9 idle default 30 min; 0 = off),
 * the bonus-choice dialog after registration (SPEC §3), and how many days an e-mail
 * registration has to confirm its address (SPEC §3 remaining_days_to_activate).
 */
export const SessionSettingsSchema = z.object({
  idleMinutes: z.number().int().min(0).max(24 * 60),
  bonusChoiceEnabled: z.boolean(),
  activationDays: z.number().int().min(1).max(365),
});
export type SessionSettings = z.infer<typeof SessionSettingsSchema>;
export const DEFAULT_SESSION_SETTINGS: SessionSettings = { idleMinutes: 30, bonusChoiceEnabled: true, activationDays: 14 };

// ---------------------------------------------------------------------------------------
// User config.

/** `YYYY-MM-DD`. */
const DateString = text().regex(/^\d{4}-\d{2}-\d{2}$/);

/** SPEC §3 user_data. */
export const UserDataSchema = z.object({
  date_birthday: DateString.nullable(),
  document_type_id: z.number().int().nullable(),
  inn: text().nullable(),
  name: text().nullable(),
  passport: text().nullable(),
  passport_date: DateString.nullable(),
  passport_end_date: DateString.nullable(),
  registration_address: text().nullable(),
  surname: text().nullable(),
});

/** SPEC §3 protection_methods. */
export const ProtectionMethodsSchema = z.object({
  is_changed_password: z.boolean(),
  enable_two_factor_auth: z.boolean(),
  enable_phone_binding: z.boolean(),
  enable_security_question: z.boolean(),
  enable_email_auth: z.boolean(),
});

/** SPEC §3 user config (names as the spec writes them), plus the §5 derived verdicts. */
export const UserConfigSchema = z.object({
  user_id: text(),
  /** Sorted sport ids the player hid from line and live. */
  disallow_line_sport: z.array(z.number().int()),
  disallow_live_sport: z.array(z.number().int()),
  /** National number (digits) and plus-prefixed calling code of the proven phone; null without one. */
  phone_number: text().nullable(),
  phone_code: text().nullable(),
  /** Lower-case ISO 3166-1 alpha-2 and its numeric id (null when unknown). */
  user_country_code: text(),
  user_country_id: z.number().int().nullable(),
  user_email: text().nullable(),
  /** The login the player was given (account number). */
  user_name: text(),
  user_ref_id: z.number().int(),
  user_msg_count: z.number().int(),
  /** 0 none, 1 e-mail, 2 both, 3 phone. */
  activation_type: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  is_active_secure_question: z.boolean(),
  user_hide_balance: z.boolean(),
  /** Whole days since the password was last set. */
  changed_pass_day_count: z.number().int(),
  user_data: UserDataSchema,
  protection_level: z.number().int().nullable(),
  protection_methods: ProtectionMethodsSchema,
  should_sync_protection_methods: z.boolean(),
  is_need_identification: z.boolean(),
  ban_level: z.number().int(),
  ban_version: z.number().int(),
  /** 1 means pending verification. */
  user_status_id: z.number().int(),
  /** 1 verified. */
  internal_verification_status: z.number().int(),
  /** 1 not verified. */
  verification_status: z.number().int(),
  verification_status_group_code: text().nullable(),
  verification_types: z.array(text()),
  requested_additional_document: z.boolean(),
  has_deposit: z.boolean(),
  is_identification_bonus: z.boolean(),
  show_verification_modal_on_deposit_page: z.boolean(),
  /** Days left to confirm the e-mail of an e-mail registration; null when nothing is to confirm. */
  remaining_days_to_activate: z.number().int().nullable(),
  is_email_verified: z.boolean(),
  is_phone_verified: z.boolean(),
  line_coef_cut: z.boolean(),
  live_coef_cut: z.boolean(),
  isRequiredTransfer: z.boolean(),
  /** SPEC "data-after-registration flag": the player still has to give profile data. */
  need_data_after_registration: z.boolean(),
  /** SPEC §3: 0 refuse, 1 sports, 2 casino; null until chosen. */
  bonus_choice: BonusChoiceSchema.nullable(),
  /** SPEC §5 verdicts. */
  is_profile_complete: z.boolean(),
  is_contacts_filled: z.boolean(),
  is_verified: z.boolean(),
});
export type UserConfig = z.infer<typeof UserConfigSchema>;

/** SPEC §7 "user config (no cache; answer result and error)". */
export const UserConfigResponseSchema = z.object({
  result: UserConfigSchema.nullable(),
  error: z.object({ code: text(), message: text() }).nullable(),
});
export type UserConfigResponse = z.infer<typeof UserConfigResponseSchema>;

// ---------------------------------------------------------------------------------------
// Rights.

/** `GET /web-api/auth/v1/rights` (SPEC §7 "get rights"): what the logged-in player may do now. */
export const RightsResponseSchema = z.object({
  userId: text(),
  canBet: z.boolean(),
  canPlayCasino: z.boolean(),
  canDeposit: z.boolean(),
  canWithdraw: z.boolean(),
  banLevel: z.number().int(),
  /** SPEC §2 ban code (53 withdrawal only, 45 blocked); null when not banned. */
  banCode: z.number().int().nullable(),
  isVerified: z.boolean(),
  isEmailVerified: z.boolean(),
  remainingDaysToActivate: z.number().int().nullable(),
  needsIdentification: z.boolean(),
});
export type RightsResponse = z.infer<typeof RightsResponseSchema>;

// ---------------------------------------------------------------------------------------
// Bonus choice.

/** `POST /web-api/office/v1/bonus-choice`: for players who registered without choosing. */
export const BonusChoiceRequestSchema = z.object({ choice: BonusChoiceSchema }).strict();
export type BonusChoiceRequest = z.infer<typeof BonusChoiceRequestSchema>;
export const BonusChoiceResponseSchema = z.object({ success: z.literal(true), bonusChoice: BonusChoiceSchema });
export type BonusChoiceResponse = z.infer<typeof BonusChoiceResponseSchema>;

// ---------------------------------------------------------------------------------------
// E-mail activation.

/** The link token: 32 random bytes, base64url. */
export const ACTIVATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** `POST /web-api/registration/v1/activate`. */
export const ActivateRequestSchema = z.object({ token: text().trim().max(128) }).strict();
export type ActivateRequest = z.infer<typeof ActivateRequestSchema>;

/**
 * The e-mail is confirmed. `login` is the new session (the cookie is set too), the two-step
 * ticket when the player must still give a second factor, or null when the caller was
 * already logged in as this player.
 */
export const ActivateResponseSchema = z.object({
  status: z.literal('activated'),
  login: z.union([LoginResponseSchema, TwoStepRequiredResponseSchema]).nullable(),
});
export type ActivateResponse = z.infer<typeof ActivateResponseSchema>;

/** `POST /web-api/registration/v1/activate/resend`: the same 202 for any address. */
export const ActivationResendRequestSchema = z
  .object({
    email: text()
      .max(EMAIL_MAX_LENGTH)
      .transform(normaliseEmail)
      .refine(isEmail, { message: 'Invalid e-mail address' }),
  })
  .strict();
export type ActivationResendRequest = z.infer<typeof ActivationResendRequestSchema>;
export const ActivationResendResponseSchema = AcceptedResponseSchema;
export type ActivationResendResponse = z.infer<typeof ActivationResendResponseSchema>;

// ---------------------------------------------------------------------------------------
// Tokens and logoff.

/** `GET /web-api/user/gettoken?force_refresh=true` query. */
export const GetTokenQuerySchema = z
  .object({ force_refresh: z.enum(['true', 'false', '1', '0']).optional() })
  .strip();
/** The session token (a new one when refreshed: the old one is dead) and its unchanged expiry. */
export const GetTokenResponseSchema = z.object({ token: text(), expiresAt: text() });
export type GetTokenResponse = z.infer<typeof GetTokenResponseSchema>;

/** `POST /web-api/auth/v1/auto-logoff`: the session is ended with reason `inactive`. */
export const AutoLogoffResponseSchema = z.object({ success: z.literal(true) });
export type AutoLogoffResponse = z.infer<typeof AutoLogoffResponseSchema>;

// ---------------------------------------------------------------------------------------
// Disallowed sports.

/** One section's hidden sports: known sport ids (domain `SPORTS`), each once, so at most all of them. */
const SportIdListSchema = z
  .array(z.number().int().refine((id): boolean => isSportId(id), { message: 'Unknown sport id' }))
  .max(SPORTS.length)
  .refine((ids) => new Set(ids).size === ids.length, { message: 'A sport is listed twice' });

/**
 * `PUT /web-api/office/v1/disallowed-sports` (SPEC §6 "Sports can be blacklisted per user
 * for line and live", §7 "save disallowed sports (line, live)"): the complete lists; they
 * replace what was saved for both sections. `[]` shows every sport again.
 */
export const DisallowedSportsSchema = z
  .object({
    /** Sports hidden from the line (games not started yet). */
    line: SportIdListSchema,
    /** Sports hidden from live (games in play). */
    live: SportIdListSchema,
  })
  .strict();
export type DisallowedSports = z.infer<typeof DisallowedSportsSchema>;

/** The saved lists, sorted (the user config's disallow_line_sport / disallow_live_sport). */
export const DisallowedSportsResponseSchema = z.object({
  line: z.array(z.number().int()),
  live: z.array(z.number().int()),
});
export type DisallowedSportsResponse = z.infer<typeof DisallowedSportsResponseSchema>;

// ---------------------------------------------------------------------------------------
// Operations (OpenAPI).

export const USER_CONFIG_OPERATIONS: readonly ApiOperation[] = [
  {
    method: 'GET',
    path: USER_CONFIG_API.disallowedSports,
    tag: 'office',
    auth: 'player',
    summary: 'The sports the player hides from line and live',
    description: 'Sorted sport ids per section; the same lists as the user config\'s disallow_line_sport / disallow_live_sport. Never cached.',
    responses: { 200: DisallowedSportsResponseSchema, 401: ApiErrorSchema },
  },
  {
    method: 'PUT',
    path: USER_CONFIG_API.disallowedSports,
    tag: 'office',
    auth: 'player',
    summary: 'Save the sports the player hides from line and live',
    description: [
      'Replaces both lists at once (sport ids of `GET /web-api/line/v1/sports`, each once; `[]` hides nothing).',
      'The line API leaves these sports out of the player\'s sports lists, counts, games, top and search from the next request.',
      'With the session cookie the call must carry `X-Requested-With` (403 `csrf` otherwise).',
    ].join(' '),
    body: DisallowedSportsSchema,
    responses: { 200: DisallowedSportsResponseSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
  },
];
