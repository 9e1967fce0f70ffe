/**
 * Login, registration and session payloads (SPEC §2 login/registration, §3 registration
 * entities, §4 login form modes, §7 auth API, §8 captcha codes). The password rules are the
 * domain's (`checkPassword`), so the registration form and the server refuse the same
 * passwords.
 */
import { z } from 'zod';
import { checkPassword, classifyLogin, EMAIL_MAX_LENGTH, isEmail, normaliseEmail, PASSWORD_PROBLEM_MESSAGES } from '@betsite/domain';
import { text } from './text.ts';

/** Error codes of the auth and registration APIs (the `code` of `ApiErrorSchema`). */
export const AuthErrorCode = {
  /** Unknown login or wrong password: deliberately the same answer (401). */
  invalidCredentials: 'invalid_credentials',
  /** SPEC §8: captcha needed; retry with the `x-captcha` header (400). */
  captchaRequired: '100',
  /** SPEC §8 captcha family: the captcha answer was not accepted (400). */
  captchaInvalid: '111',
  /** Per-account back-off after repeated failures; see `Retry-After` (429). */
  loginBackoff: 'login_backoff',
  /** No valid session (401). */
  unauthorized: 'unauthorized',
  /** A cookie-authenticated unsafe request without the CSRF proofs (403). */
  csrf: 'csrf',
  /** Per-IP rate limit (429). */
  tooManyRequests: 'too_many_requests',
  /** SPEC §5: registration not allowed by the site config, or a VIP domain (403). */
  registrationClosed: 'registration_closed',
} as const;
export type AuthErrorCode = (typeof AuthErrorCode)[keyof typeof AuthErrorCode];

/** The header carrying a captcha answer (SPEC §7 "optional captcha header"). */
export const CAPTCHA_HEADER = 'x-captcha';
/** The session cookie (SPEC §9 cookies: user_token). */
export const SESSION_COOKIE = 'user_token';

const EmailSchema = text()
  .max(EMAIL_MAX_LENGTH)
  .transform(normaliseEmail)
  .refine(isEmail, { message: 'Invalid e-mail address' });
/** ISO 3166-1 alpha-2, any case in, upper case out (as stored). */
const CountrySchema = text()
  .regex(/^[A-Za-z]{2}$/, { message: 'Country must be two letters (ISO 3166-1)' })
  .transform((c) => c.toUpperCase());
/** ISO 4217, any case in, upper case out. */
const CurrencySchema = text()
  .regex(/^[A-Za-z]{3}$/, { message: 'Currency must be three letters (ISO 4217)' })
  .transform((c) => c.toUpperCase());
const LanguageSchema = text()
  .regex(/^[A-Za-z]{2}$/, { message: 'Language must be two letters' })
  .transform((l) => l.toLowerCase());
/** SPEC §3: 0 refuse bonuses, 1 sports bonus, 2 casino bonus. */
export const BonusChoiceSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type BonusChoice = z.infer<typeof BonusChoiceSchema>;

/** Referral tags (SPEC §5, §9) the browser read from its cookies; optional, validated, not yet stored. */
export const RegistrationReferralSchema = z
  .object({
    refererId: text().max(128).optional(),
    reflinkId: text().max(128).optional(),
    partnerId: text().max(128).optional(),
    subId: text().max(128).optional(),
    promoCode: text().max(64).optional(),
  })
  .strict();

/** An answer that says "accepted" and nothing about who has an account (202). */
export const AcceptedResponseSchema = z.object({
  status: z.literal('accepted'),
  message: text(),
});

/** A zod refinement refusing a new password equal to the login it belongs to. */
export function refuseLoginAsPassword<T>(password: (body: T) => string, login: (body: T) => string, path: string) {
  return (body: T, ctx: z.RefinementCtx) => {
    if (checkPassword(password(body), { identifiers: [login(body)] }) === 'same_as_login') {
      ctx.addIssue({ code: 'custom', path: [path], message: PASSWORD_PROBLEM_MESSAGES.same_as_login, params: { problem: 'same_as_login' } });
    }
  };
}

/** A password a player chooses: the domain's rules (8 to 128 characters, not common). */
export const NewPasswordSchema = text().superRefine((password, ctx) => {
  const problem = checkPassword(password);
  if (problem) ctx.addIssue({ code: 'custom', message: PASSWORD_PROBLEM_MESSAGES[problem], params: { problem } });
});

/** `POST /web-api/registration/v1/full` (full_reg, by e-mail). */
export const FullRegistrationRequestSchema = z
  .object({
    email: EmailSchema,
    password: NewPasswordSchema,
    currency: CurrencySchema,
    country: CountrySchema,
    language: LanguageSchema,
    bonusChoice: BonusChoiceSchema,
    referral: RegistrationReferralSchema.optional(),
  })
  .strict()
  .superRefine(refuseLoginAsPassword((body) => body.password, (body) => body.email, 'password'));
export type FullRegistrationRequest = z.infer<typeof FullRegistrationRequestSchema>;

/**
 * The answer to a full registration, the same whether the e-mail was new or already
 * registered (202), so the body never reveals who has an account.
 */
export const FullRegistrationResponseSchema = AcceptedResponseSchema;
export type FullRegistrationResponse = z.infer<typeof FullRegistrationResponseSchema>;

/** `POST /web-api/registration/v1/fast` (fast_reg, one click). */
export const FastRegistrationRequestSchema = z
  .object({
    currency: CurrencySchema,
    country: CountrySchema,
    language: LanguageSchema,
    bonusChoice: BonusChoiceSchema,
    referral: RegistrationReferralSchema.optional(),
  })
  .strict();
export type FastRegistrationRequest = z.infer<typeof FastRegistrationRequestSchema>;

/** The generated credentials, shown once (SPEC §3 "save login and password"), and the new session. */
export const FastRegistrationResponseSchema = z.object({
  /** The account number, the login of a one-click player. */
  login: text().regex(/^[1-9][0-9]*$/),
  password: text(),
  token: text(),
  userId: text(),
  expiresAt: text(),
});
export type FastRegistrationResponse = z.infer<typeof FastRegistrationResponseSchema>;

/** SPEC §7 login by e-mail (login_password mode): e-mail or account number, password, save. */
export const LoginRequestSchema = z
  .object({
    uLogin: text()
      .max(EMAIL_MAX_LENGTH)
      .refine((login) => classifyLogin(login).kind !== 'invalid', { message: 'uLogin must be an e-mail or an account number' }),
    // Not the registration rules: a player whose old password predates them must still log in.
    uPassword: text().min(1).max(1024),
    save: z.union([z.boolean(), z.literal(0), z.literal(1)]).transform(Boolean).default(false),
  })
  // Other fields the site sends (SPEC §7 "components data") are dropped.
  .strip();
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const LoginResponseSchema = z.object({
  token: text(),
  userId: text(),
  /** ISO 8601. */
  expiresAt: text(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/**
 * The answer of a first login step when the player has two-step authentication on
 * (SPEC §4 login_password_two_step_code): no session yet; the second step
 * (`/web-api/auth/v1/login/two-step`) finishes it with the code. The ticket also comes as
 * an httpOnly cookie, so the browser need not handle it.
 */
export const TwoStepRequiredResponseSchema = z.object({
  status: z.literal('two_step_required'),
  ticket: text(),
  /** ISO 8601: the second step must come before this. */
  expiresAt: text(),
});
export type TwoStepRequiredResponse = z.infer<typeof TwoStepRequiredResponseSchema>;

/** What every login step answers: a session, or "now the second factor". */
export type LoginOutcome = LoginResponse | TwoStepRequiredResponse;

/** `GET /web-api/auth/v1/session-check`: the user id, null for visitors (SPEC §7 "answer user_id"). */
export const SessionCheckResponseSchema = z.object({
  user_id: text().nullable(),
  expiresAt: text().nullable(),
});
export type SessionCheckResponse = z.infer<typeof SessionCheckResponseSchema>;

/** `GET /web-api/auth/v1/user-id` (401 for visitors). */
export const UserIdResponseSchema = z.object({ userId: text() });
export type UserIdResponse = z.infer<typeof UserIdResponseSchema>;

/** `GET /web-api/session` (SPEC §7: no cache, answer not parsed by the site). */
export const SessionResponseSchema = z.object({ authenticated: z.boolean() });
export type SessionResponse = z.infer<typeof SessionResponseSchema>;

/** `POST /web-api/auth/v1/disconnect`. */
export const DisconnectResponseSchema = z.object({ success: z.literal(true) });
export type DisconnectResponse = z.infer<typeof DisconnectResponseSchema>;
