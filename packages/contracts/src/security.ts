/**
 * Two-step authentication, re-authentication and the office security page (SPEC §2 office
 * "security" and "two-step authentication", §3 protection_level / protection_methods, §4
 * protection level status).
 *
 * - Two-step: TOTP (RFC 6238: 6 digits, 30 s, SHA-1, ±1 step) plus 10 single-use recovery
 *   codes. Turning it on is setup (secret + QR, pending) then enable (a first code confirms
 *   it and answers the recovery codes, shown once).
 * - A first login step of a player with two-step on answers `two_step_required` with a
 *   ticket (`TwoStepRequiredResponseSchema`, auth.ts); `TWO_STEP_LOGIN_URL` finishes it.
 * - Sensitive changes need a re-authentication in this session within `REAUTH_WINDOW_MS`,
 *   else 403 `reauth_required`.
 */
import { z } from 'zod';
import { PROTECTION_METHODS, toE164, type ProtectionMethod } from '@betsite/domain';
import { AcceptedResponseSchema, NewPasswordSchema } from './auth.ts';
import { text } from './text.ts';

/** The second login step (after a first step answered `two_step_required`). */
export const TWO_STEP_LOGIN_URL = '/web-api/auth/v1/login/two-step';
/** The httpOnly, SameSite=Strict cookie carrying the login ticket (path `/web-api/auth`). */
export const TWO_STEP_TICKET_COOKIE = 'two_step_ticket';
/** How long a login ticket lives. */
export const TWO_STEP_TICKET_TTL_MS = 5 * 60 * 1000;
/** Wrong codes that burn a login ticket. */
export const TWO_STEP_TICKET_MAX_ATTEMPTS = 3;
/** How many recovery codes a player gets at a time. */
export const RECOVERY_CODE_COUNT = 10;
/** How long a re-authentication lets the player make sensitive changes. */
export const REAUTH_WINDOW_MS = 5 * 60 * 1000;

const BASE = '/web-api/office/v1/security';
export const SECURITY_API = {
  /** GET: everything the security page shows (no-cache). */
  state: BASE,
  reauth: `${BASE}/reauth`,
  /** Sends a re-authentication code to the player's proven phone (SMS) or e-mail. */
  reauthCode: `${BASE}/reauth/code`,
  password: `${BASE}/password`,
  twoStepSetup: `${BASE}/two-step/setup`,
  twoStepEnable: `${BASE}/two-step/enable`,
  twoStepDisable: `${BASE}/two-step/disable`,
  recoveryCodes: `${BASE}/two-step/recovery-codes`,
  phoneCode: `${BASE}/phone/code`,
  phoneConfirm: `${BASE}/phone/confirm`,
  question: `${BASE}/question`,
  revokeOthers: `${BASE}/sessions/revoke-others`,
  revokeSession: `${BASE}/sessions/revoke`,
} as const;

/** Error codes of the two-step and security APIs (the `code` of `ApiErrorSchema`). */
export const SecurityErrorCode = {
  /** No valid session (401). */
  unauthorized: 'unauthorized',
  /** A sensitive change without a re-authentication in the last 5 minutes (403). */
  reauthRequired: 'reauth_required',
  /** Re-authentication: wrong password (400). */
  wrongPassword: 'wrong_password',
  /** Re-authentication: wrong, used or expired code (400). */
  reauthCodeInvalid: 'reauth_code_invalid',
  /** Re-authentication: the player has no proven phone or e-mail to send a code to (409). */
  reauthNoChannel: 'reauth_no_channel',
  /** Too many wrong passwords or codes; see `Retry-After` (429). */
  reauthBackoff: 'reauth_backoff',
  /** Wrong, used or replayed TOTP or recovery code (400). */
  twoStepCodeInvalid: 'two_step_code_invalid',
  /** Unknown, expired, used or burnt login ticket (401): log in again. */
  twoStepTicketInvalid: 'two_step_ticket_invalid',
  /** Too many wrong codes for this player; see `Retry-After` (429). */
  twoStepBackoff: 'two_step_backoff',
  twoStepAlreadyEnabled: 'two_step_already_enabled',
  twoStepNotEnabled: 'two_step_not_enabled',
  /** Enable without a pending setup (409). */
  twoStepNotPending: 'two_step_not_pending',
  /** The server has no secrets key (SECRETS_KEY) for two-step secrets (503). */
  twoStepUnavailable: 'two_step_unavailable',
  /** Wrong or used phone-binding code, or a phone another player has: the same answer (400). */
  phoneCodeInvalid: 'phone_code_invalid',
  /** The right phone-binding code, too late (400). */
  phoneCodeExpired: 'phone_code_expired',
  /** Not one of the player's live sessions (404). */
  sessionNotFound: 'session_not_found',
  /** The session making the call: log out instead (400). */
  currentSession: 'current_session',
} as const;
export type SecurityErrorCode = (typeof SecurityErrorCode)[keyof typeof SecurityErrorCode];

/** The security questions a player can choose (texts in the web dictionaries). */
export const SECURITY_QUESTIONS = [
  'first_pet',
  'mother_maiden_name',
  'birth_city',
  'first_school',
  'favourite_teacher',
  'childhood_friend',
  'first_car',
  'favourite_book',
] as const;
export const SecurityQuestionSchema = z.enum(SECURITY_QUESTIONS);
export type SecurityQuestion = z.infer<typeof SecurityQuestionSchema>;

const SaveSchema = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform(Boolean).default(false);
/** A 6-digit TOTP code or a recovery code (`ABCD-EFGH-JKLM-NPQR`, any case, dashes and spaces optional). */
const SecondFactorCodeSchema = text().trim().min(6).max(32);
const OneTimeCodeSchema = text().trim().regex(/^\d{6}$/, { message: 'Code must be 6 digits' });

/** `POST /web-api/auth/v1/login/two-step`. */
export const TwoStepLoginRequestSchema = z
  .object({
    code: SecondFactorCodeSchema,
    /** Accepted for SPEC §7 ("two-step code (code, save)"); the "save" flag bound to the ticket decides. */
    save: SaveSchema,
    /** Optional: the browser normally sends the ticket as the `two_step_ticket` cookie. */
    ticket: text().min(16).max(128).optional(),
  })
  .strip();
export type TwoStepLoginRequest = z.infer<typeof TwoStepLoginRequestSchema>;

/** `POST …/security/reauth`: the account password, or a code from `…/reauth/code`. */
export const ReauthRequestSchema = z.union([
  z.object({ password: text().min(1).max(1024) }).strict(),
  z.object({ code: OneTimeCodeSchema }).strict(),
]);
export type ReauthRequest = z.infer<typeof ReauthRequestSchema>;

export const ReauthResponseSchema = z.object({
  /** ISO 8601: sensitive changes are allowed until then. */
  reauthUntil: text(),
});
export type ReauthResponse = z.infer<typeof ReauthResponseSchema>;

/** `POST …/security/reauth/code` (202): where the code went, partly hidden. */
export const ReauthCodeResponseSchema = z.object({
  channel: z.enum(['sms', 'email']),
  to: text(),
});
export type ReauthCodeResponse = z.infer<typeof ReauthCodeResponseSchema>;

/**
 * `POST …/security/password`. With `currentPassword` that password is the proof (checked
 * and throttled like a re-authentication); without it (a player who never knew one, e.g.
 * after a social registration) a re-authentication by code within 5 minutes is needed.
 */
export const PasswordChangeRequestSchema = z
  .object({
    currentPassword: text().min(1).max(1024).optional(),
    newPassword: NewPasswordSchema,
  })
  .strict();
export type PasswordChangeRequest = z.infer<typeof PasswordChangeRequestSchema>;

/** `POST …/two-step/setup`: the new secret (pending until enabled), for an authenticator app. */
export const TwoStepSetupResponseSchema = z.object({
  /** Base32, to type in by hand. */
  secret: text(),
  /** `otpauth://totp/…` (Key URI format). */
  otpauthUri: text(),
  /** The URI as a QR code, an SVG document. */
  qrSvg: text(),
  issuer: text(),
  label: text(),
});
export type TwoStepSetupResponse = z.infer<typeof TwoStepSetupResponseSchema>;

/** `POST …/two-step/enable` (a TOTP code) and `…/two-step/disable` (a TOTP or recovery code). */
export const TwoStepCodeRequestSchema = z.object({ code: SecondFactorCodeSchema }).strict();
export type TwoStepCodeRequest = z.infer<typeof TwoStepCodeRequestSchema>;

/** Answer of enable and of `…/two-step/recovery-codes`: shown once, never again. */
export const RecoveryCodesResponseSchema = z.object({
  recoveryCodes: z.array(text()).length(RECOVERY_CODE_COUNT),
});
export type RecoveryCodesResponse = z.infer<typeof RecoveryCodesResponseSchema>;

/** A phone written with a calling code (`phoneCode` + national number, or `+…` in `phone`), as E.164. */
const phoneFields = {
  phoneCode: z.union([text().max(8), z.number().int().min(1).max(999)]).optional(),
  phone: text().trim().min(4).max(32),
};
const toPhone = <T extends { phoneCode?: string | number | undefined; phone: string }>(body: T, ctx: z.RefinementCtx) => {
  const e164 = toE164(body.phoneCode ?? '', body.phone);
  if (!e164) {
    ctx.addIssue({ code: 'custom', path: ['phone'], message: 'Invalid phone number' });
    return z.NEVER;
  }
  return e164;
};

/** `POST …/security/phone/code`: answers 202 alike whether or not a code was sent. */
export const PhoneBindingCodeRequestSchema = z
  .object(phoneFields)
  .strict()
  .transform((body, ctx) => ({ phone: toPhone(body, ctx) }));
export type PhoneBindingCodeRequest = z.infer<typeof PhoneBindingCodeRequestSchema>;

/** The 202 answer of `…/phone/code`, the same whether a code went out or not. */
export const PhoneBindingCodeResponseSchema = AcceptedResponseSchema;
export type PhoneBindingCodeResponse = z.infer<typeof PhoneBindingCodeResponseSchema>;

/** `POST …/security/phone/confirm`. */
export const PhoneBindingConfirmRequestSchema = z
  .object({ ...phoneFields, code: OneTimeCodeSchema })
  .strict()
  .transform((body, ctx) => ({ phone: toPhone(body, ctx), code: body.code }));
export type PhoneBindingConfirmRequest = z.infer<typeof PhoneBindingConfirmRequestSchema>;

/** `POST …/security/question`. The answer is compared ignoring case, accents' forms and extra spaces. */
export const SecurityQuestionRequestSchema = z
  .object({
    question: SecurityQuestionSchema,
    answer: text().trim().min(2).max(200),
  })
  .strict();
export type SecurityQuestionRequest = z.infer<typeof SecurityQuestionRequestSchema>;

/** `POST …/sessions/revoke`: a session id from the security state. */
export const SessionRevokeRequestSchema = z.object({ id: text().regex(/^[0-9a-f]{32}$/) }).strict();
export type SessionRevokeRequest = z.infer<typeof SessionRevokeRequestSchema>;

export const SecuritySuccessResponseSchema = z.object({ success: z.literal(true) });
export type SecuritySuccessResponse = z.infer<typeof SecuritySuccessResponseSchema>;

/** `POST …/sessions/revoke-others`: how many sessions ended. */
export const RevokeOthersResponseSchema = z.object({ success: z.literal(true), revoked: z.number().int().min(0) });
export type RevokeOthersResponse = z.infer<typeof RevokeOthersResponseSchema>;

/** SPEC §3 protection_methods (the same shape as user-config.ts ProtectionMethodsSchema). */
export const ProtectionMethodFlagsSchema = z.object(
  Object.fromEntries(PROTECTION_METHODS.map((m) => [m, z.boolean()])) as Record<ProtectionMethod, z.ZodBoolean>,
);
export type ProtectionMethodFlags = z.infer<typeof ProtectionMethodFlagsSchema>;

/** SPEC §3 protection_level (0 to 100, null when unknown) and protection_methods. */
export const ProtectionSchema = z.object({
  protection_level: z.number().int().min(0).max(100).nullable(),
  protection_methods: ProtectionMethodFlagsSchema,
});
export type Protection = z.infer<typeof ProtectionSchema>;

export const SecuritySessionSchema = z.object({
  id: text(),
  current: z.boolean(),
  /** Summarised from the user agent, e.g. `Chrome 120`, `Safari`; null when unknown. */
  browser: text().nullable(),
  os: text().nullable(),
  device: z.enum(['desktop', 'mobile', 'tablet', 'unknown']),
  ip: text().nullable(),
  createdAt: text(),
  lastSeenAt: text(),
  remember: z.boolean(),
});
export type SecuritySession = z.infer<typeof SecuritySessionSchema>;

/** `GET /web-api/office/v1/security`. */
export const SecurityStateResponseSchema = ProtectionSchema.extend({
  protection_status: z.enum(['none', 'bad', 'normal', 'good', 'full']),
  password: z.object({ changedAt: text().nullable() }),
  twoStep: z.object({
    enabled: z.boolean(),
    /** A setup waits for its first code. */
    pending: z.boolean(),
    enabledAt: text().nullable(),
    recoveryCodesLeft: z.number().int().min(0),
  }),
  email: z.object({ address: text().nullable(), verified: z.boolean() }),
  phone: z.object({ number: text().nullable(), verified: z.boolean() }),
  securityQuestion: z.object({ question: SecurityQuestionSchema.nullable(), updatedAt: text().nullable() }),
  sessions: z.array(SecuritySessionSchema),
  /** Sensitive changes are allowed without a new re-authentication until then; null: re-authenticate first. */
  reauthUntil: text().nullable(),
  /** Whether a code can be sent for re-authentication (a proven phone or e-mail). */
  reauthByCode: z.boolean(),
});
export type SecurityStateResponse = z.infer<typeof SecurityStateResponseSchema>;
