/**
 * Phone registration and the phone login modes (SPEC §2 phone_reg, §4 login modes
 * phone_password and sms, §7 "send sms", "by phone", "sms code", "phone countries and
 * masks fetch").
 *
 * A phone comes as `phone_number` plus `country_code` (ISO 3166-1 alpha-2, any case)
 * and/or `phone_code` (the calling code, `+44`, `44`); a number written internationally
 * (`+44 …`, `0044 …`) needs neither. The schemas resolve it to E.164 (`phone` in the parsed
 * body) with the domain's `resolvePhone`, so the form and the server agree on what a valid
 * number is.
 *
 * Nothing here tells whether a phone is registered:
 * - `sms/send` answers the same 202 body for every well-formed number; a code goes out
 *   only when it can be used (registration: the number is free; login: it is a player's);
 * - phone + password answers 401 `invalid_credentials` for an unknown phone and a wrong
 *   password alike;
 * - a wrong, used, burnt or never-sent code answers 400 `sms_code_invalid`; only the right
 *   code, too late, answers `sms_code_expired` (which proves nothing to whoever lacks it).
 */
import { z } from 'zod';
import { checkPassword, PASSWORD_PROBLEM_MESSAGES, phoneIdentifiers, resolvePhone, type PhoneProblem } from '@betsite/domain';
import { AcceptedResponseSchema, FastRegistrationRequestSchema, LoginResponseSchema, NewPasswordSchema } from './auth.ts';
import { text } from './text.ts';

export const PHONE_AUTH_API = {
  countries: '/web-api/phone/v1/countries',
  smsSend: '/web-api/auth/v1/sms/send',
  loginPhone: '/web-api/auth/v1/login/phone',
  loginSms: '/web-api/auth/v1/login/sms-code',
  registration: '/web-api/registration/v1/phone',
} as const;

export const PhoneAuthErrorCode = {
  /** Wrong, used, burnt or never-sent code: deliberately one answer (400). */
  codeInvalid: 'sms_code_invalid',
  /** The right code after its lifetime (400). */
  codeExpired: 'sms_code_expired',
} as const;
export type PhoneAuthErrorCode = (typeof PhoneAuthErrorCode)[keyof typeof PhoneAuthErrorCode];

export const PHONE_PROBLEM_MESSAGES: Record<PhoneProblem, string> = {
  country: 'Choose the country of the phone number',
  number: 'Not a phone number',
  length: 'Wrong number of digits for this country',
  mismatch: 'The phone code does not match the country',
};

const phoneFields = {
  phone_number: text().trim().min(1).max(32),
  country_code: text().max(8).optional(),
  phone_code: z.union([text().max(8), z.number().int().min(0).max(999)]).optional(),
};

interface PhoneFields {
  phone_number: string;
  country_code?: string | undefined;
  phone_code?: string | number | undefined;
}

/** The E.164 phone of the fields, or an issue on the field at fault. */
function resolveFields(body: PhoneFields, ctx: z.RefinementCtx): string | null {
  const resolved = resolvePhone({ number: body.phone_number, countryCode: body.country_code, phoneCode: body.phone_code });
  if (resolved.ok) return resolved.phone;
  const path = resolved.problem === 'country' || resolved.problem === 'mismatch' ? 'country_code' : 'phone_number';
  ctx.addIssue({ code: 'custom', path: [path], message: PHONE_PROBLEM_MESSAGES[resolved.problem], params: { problem: resolved.problem } });
  return null;
}

/** Why a code is asked for. */
export const SmsPurposeSchema = z.enum(['registration', 'login']);
export type SmsPurpose = z.infer<typeof SmsPurposeSchema>;

/** `POST /web-api/auth/v1/sms/send` (SPEC §7 send sms: phone number, phone code, captcha in `x-captcha`). */
export const SmsSendRequestSchema = z
  .object({ purpose: SmsPurposeSchema, ...phoneFields })
  .strip()
  .transform((body, ctx) => {
    const phone = resolveFields(body, ctx);
    return phone ? { ...body, phone } : z.NEVER;
  });
export type SmsSendRequest = z.input<typeof SmsSendRequestSchema>;

/** 202 for every well-formed number; the timings are the same for everyone. */
export const SmsSendResponseSchema = AcceptedResponseSchema.extend({
  /** The earliest a new code can be asked for. */
  resendAfterSeconds: z.number().int().positive(),
  /** How long a code works. */
  expiresInSeconds: z.number().int().positive(),
  codeLength: z.number().int().positive(),
});
export type SmsSendResponse = z.infer<typeof SmsSendResponseSchema>;

const SaveSchema = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform(Boolean).default(false);
/** A one-time code as typed (spaces allowed around it). */
const CodeSchema = text().trim().min(1).max(16);

/** `POST /web-api/auth/v1/login/phone` (SPEC §7 by phone: phone_number, country_code, uPassword, save; `x-captcha` when asked). */
export const PhoneLoginRequestSchema = z
  .object({
    ...phoneFields,
    // Not the registration rules: an older password must still log in.
    uPassword: text().min(1).max(1024),
    save: SaveSchema,
  })
  .strip()
  .transform((body, ctx) => {
    const phone = resolveFields(body, ctx);
    return phone ? { ...body, phone } : z.NEVER;
  });
export type PhoneLoginRequest = z.input<typeof PhoneLoginRequestSchema>;

/** `POST /web-api/auth/v1/login/sms-code`: the code `sms/send` (purpose `login`) sent. */
export const SmsLoginRequestSchema = z
  .object({ ...phoneFields, code: CodeSchema, save: SaveSchema })
  .strip()
  .transform((body, ctx) => {
    const phone = resolveFields(body, ctx);
    return phone ? { ...body, phone } : z.NEVER;
  });
export type SmsLoginRequest = z.input<typeof SmsLoginRequestSchema>;

/**
 * `POST /web-api/registration/v1/phone` (phone_reg): the code `sms/send` (purpose
 * `registration`) sent proves the phone; the password may not be the phone number.
 */
export const PhoneRegistrationRequestSchema = FastRegistrationRequestSchema.extend({
  ...phoneFields,
  code: CodeSchema,
  password: NewPasswordSchema,
})
  .strict()
  .transform((body, ctx) => {
    const phone = resolveFields(body, ctx);
    if (!phone) return z.NEVER;
    if (checkPassword(body.password, { identifiers: phoneIdentifiers(phone, body.phone_number) }) === 'same_as_login') {
      ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_PROBLEM_MESSAGES.same_as_login, params: { problem: 'same_as_login' } });
      return z.NEVER;
    }
    return { ...body, phone };
  });
export type PhoneRegistrationRequest = z.input<typeof PhoneRegistrationRequestSchema>;

/** 201: the new player, logged in. */
export const PhoneRegistrationResponseSchema = LoginResponseSchema;
export type PhoneRegistrationResponse = z.infer<typeof PhoneRegistrationResponseSchema>;

/** SPEC §3 Phone country. */
export const PhoneCountryItemSchema = z.object({
  id: z.number().int(),
  name: text(),
  /** Lower-case ISO 3166-1 alpha-2. */
  country_code: text(),
  /** Plus-prefixed calling code. */
  tel_code: text(),
});
export type PhoneCountryItem = z.infer<typeof PhoneCountryItemSchema>;

/** SPEC §3 Phone mask: `#` per digit of the national number, which has Min to Max digits. */
export const PhoneMaskSchema = z.object({
  CountryId: z.number().int(),
  Mask: text(),
  Min: z.number().int(),
  Max: z.number().int(),
});
export type PhoneMask = z.infer<typeof PhoneMaskSchema>;

/** `GET /web-api/phone/v1/countries` (public, cacheable). */
export const PhoneCountriesResponseSchema = z.object({
  countries: z.array(PhoneCountryItemSchema),
  masks: z.array(PhoneMaskSchema),
});
export type PhoneCountriesResponse = z.infer<typeof PhoneCountriesResponseSchema>;
