/**
 * Social sign-in (SPEC §3 soc_reg, §5 one-tap, §7 social-api and login by token): the
 * OpenID Connect round trip `/social-api/oauth/{provider}/start|callback`, the one-tap
 * endpoints `/social-api/oauth/{provider}-one-tap[/clientId]`, the "complete registration"
 * step `/web-api/registration/v1/social` and login by token `/web-api/auth/v1/login/token`.
 */
import { z } from 'zod';
import { BonusChoiceSchema, FastRegistrationRequestSchema, RegistrationReferralSchema } from './auth.ts';
import { text, textUrl } from './text.ts';

/**
 * SPEC §3: sixteen social provider identifiers. Each is switched on by configuration
 * (`SOCIAL_PROVIDERS`) with the provider's OpenID Connect issuer; `sandbox` is the built-in
 * test provider (`SOCIAL_SANDBOX`), never one of the sixteen.
 */
export const SOCIAL_PROVIDER_IDS = [
  'google',
  'apple',
  'facebook',
  'x',
  'telegram',
  'vk',
  'ok',
  'mailru',
  'yandex',
  'discord',
  'steam',
  'twitch',
  'microsoft',
  'linkedin',
  'instagram',
  'tiktok',
] as const;
export const SANDBOX_PROVIDER_ID = 'sandbox';
export type ConfiguredProviderId = (typeof SOCIAL_PROVIDER_IDS)[number];
export type SocialProviderId = ConfiguredProviderId | typeof SANDBOX_PROVIDER_ID;

export const SOCIAL_PROVIDER_NAMES: Readonly<Record<SocialProviderId, string>> = {
  google: 'Google',
  apple: 'Apple',
  facebook: 'Facebook',
  x: 'X',
  telegram: 'Telegram',
  vk: 'VK ID',
  ok: 'OK',
  mailru: 'Mail.ru',
  yandex: 'Yandex ID',
  discord: 'Discord',
  steam: 'Steam',
  twitch: 'Twitch',
  microsoft: 'Microsoft',
  linkedin: 'LinkedIn',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  sandbox: 'Sandbox ID',
};

export const ConfiguredProviderIdSchema = z.enum(SOCIAL_PROVIDER_IDS);
export const SocialProviderIdSchema = z.union([ConfiguredProviderIdSchema, z.literal(SANDBOX_PROVIDER_ID)]);

/** One entry of `SOCIAL_PROVIDERS` (a JSON array): a provider's OpenID Connect client. */
export const SocialProviderConfigSchema = z
  .object({
    id: ConfiguredProviderIdSchema,
    /** The issuer identifier; discovery reads `{issuer}/.well-known/openid-configuration`. */
    issuer: textUrl({ protocol: /^https$/, message: 'issuer must be an https:// URL' }),
    clientId: text().min(1).max(512),
    /** Absent: a public client (PKCE only, no client authentication). */
    clientSecret: text().min(1).max(1024).optional(),
    scope: text().regex(/^openid( [\x21\x23-\x5b\x5d-\x7e]+)*$/, 'scope must start with openid').default('openid email profile'),
    /** Whether the provider's one-tap prompt (SPEC §5) is offered to visitors. */
    oneTap: z.boolean().default(false),
  })
  .strict();
export type SocialProviderConfig = z.output<typeof SocialProviderConfigSchema>;

export const SOCIAL_API = {
  providers: '/social-api/oauth/providers',
  start: (provider: string) => `/social-api/oauth/${provider}/start`,
  callback: (provider: string) => `/social-api/oauth/${provider}/callback`,
  oneTap: (provider: string) => `/social-api/oauth/${provider}-one-tap`,
  oneTapClientId: (provider: string) => `/social-api/oauth/${provider}-one-tap/clientId`,
  registration: '/web-api/registration/v1/social',
  loginToken: '/web-api/auth/v1/login/token',
} as const;

/** `GET /social-api/oauth/providers`: what the sign-in buttons and the one-tap prompt show. */
export const SocialProvidersResponseSchema = z.object({
  providers: z.array(
    z.object({
      id: SocialProviderIdSchema,
      name: text(),
      oneTap: z.boolean(),
    }),
  ),
});
export type SocialProvidersResponse = z.infer<typeof SocialProvidersResponseSchema>;

const { currency: CurrencySchema, country: CountrySchema, language: LanguageSchema } = FastRegistrationRequestSchema.shape;

/** A path on this site to land on afterwards: `/…`, never `//host` or a backslash trick. */
export const ReturnPathSchema = text()
  .max(512)
  .regex(/^\/(?![/\\])[^\s\\]*$/, 'must be a path on this site');

/** `GET /social-api/oauth/{provider}/start` query (all but intent optional: the provider may give them, or the completion step asks). */
export const SocialStartQuerySchema = z
  .object({
    intent: z.enum(['login', 'registration']).default('login'),
    language: LanguageSchema.optional(),
    currency: CurrencySchema.optional(),
    country: CountrySchema.optional(),
    bonusChoice: z.coerce.number().pipe(BonusChoiceSchema).optional(),
    returnTo: ReturnPathSchema.optional(),
  })
  .strip();
export type SocialStartQuery = z.output<typeof SocialStartQuerySchema>;

/** `GET /social-api/oauth/{provider}/callback` query: the authorization response. */
export const SocialCallbackQuerySchema = z
  .object({
    state: text().min(1).max(512).optional(),
    code: text().min(1).max(2048).optional(),
    error: text().max(256).optional(),
  })
  .loose();

/**
 * Why a social sign-in ended without logging in. The browser lands on the login page
 * (`/{lng}/user/login?social_error=…`, a page that exists whatever the registration
 * settings), which says it in words above the login form.
 */
export const SocialErrorCode = {
  /** The player said no on the provider's consent page. */
  denied: 'denied',
  /** No such sign-in in progress in this browser (forged, replayed or foreign state). */
  stateInvalid: 'state_invalid',
  /** The round trip or the completion step took too long. */
  expired: 'expired',
  /** The provider did not answer, or answered something that did not verify. */
  providerError: 'provider_error',
  /** The provider is not switched on here. */
  unknownProvider: 'unknown_provider',
  /** A new identity, while the site takes no registrations. */
  registrationClosed: 'registration_closed',
} as const;
export type SocialErrorCode = (typeof SocialErrorCode)[keyof typeof SocialErrorCode];

/**
 * Query flags of the login page after a social sign-in: `social_error=<SocialErrorCode>`, or
 * `social_step=two-step` when the account's second factor is due. A new identity's
 * completion step is the page `registration/socialregistration`.
 */
export const SOCIAL_PAGE_QUERY = { error: 'social_error', step: 'social_step', twoStep: 'two-step' } as const;

/** `GET /web-api/registration/v1/social`: the pending registration of this browser (cookie), 404 when none. */
export const SocialPendingResponseSchema = z.object({
  provider: SocialProviderIdSchema,
  providerName: text(),
  /** The name the provider gave, to greet the player; null when none. */
  name: text().nullable(),
  /** What the start of the round trip already chose (prefills the form). */
  currency: text().nullable(),
  country: text().nullable(),
  bonusChoice: BonusChoiceSchema.nullable(),
  expiresAt: text(),
});
export type SocialPendingResponse = z.infer<typeof SocialPendingResponseSchema>;

/** `POST /web-api/registration/v1/social`: finishes soc_reg with what the provider did not give. */
export const SocialRegistrationRequestSchema = z
  .object({
    currency: CurrencySchema,
    country: CountrySchema,
    language: LanguageSchema,
    bonusChoice: BonusChoiceSchema,
    referral: RegistrationReferralSchema.optional(),
  })
  .strict();
export type SocialRegistrationRequest = z.infer<typeof SocialRegistrationRequestSchema>;

export const SocialRegistrationResponseSchema = z.object({
  userId: text(),
  token: text(),
  expiresAt: text(),
  /** Where the browser goes next (where the sign-in started). */
  redirectUrl: text(),
});
export type SocialRegistrationResponse = z.infer<typeof SocialRegistrationResponseSchema>;

export const SocialRegistrationErrorCode = {
  /** No pending social registration in this browser (never started, finished, or too old): 404. */
  notPending: 'social_registration_not_pending',
} as const;

/**
 * `POST /social-api/oauth/{provider}-one-tap` (multipart/form-data, SPEC §7): the provider's
 * ID token (`credential`) plus the visitor's language, currency and country. Country ids are
 * ISO 3166-1 alpha-2 codes here.
 */
export const OneTapFormSchema = z
  .object({
    credential: text().min(20).max(8192),
    language: LanguageSchema,
    currency: CurrencySchema.optional(),
    countryId: CountrySchema.optional(),
    bonusChoice: z.coerce.number().pipe(BonusChoiceSchema).optional(),
    /** Where to land after logging in (the page the prompt showed on). */
    returnTo: ReturnPathSchema.optional(),
  })
  .strip();
export type OneTapForm = z.output<typeof OneTapFormSchema>;

/** The one-tap answer: the browser navigates to `redirectUrl` (SPEC §7). */
export const OneTapResponseSchema = z.object({ redirectUrl: text() });
export type OneTapResponse = z.infer<typeof OneTapResponseSchema>;

/**
 * `GET /social-api/oauth/{provider}-one-tap/clientId` (SPEC §7 "answer clientId"); also a
 * fresh `nonce` for the prompt (kept in an httpOnly cookie; a credential carrying a nonce
 * must carry this one).
 */
export const OneTapClientIdResponseSchema = z.object({ clientId: text(), nonce: text() });
export type OneTapClientIdResponse = z.infer<typeof OneTapClientIdResponseSchema>;

export const OneTapErrorCode = {
  /** Forged, expired, for another client, replayed, or with a foreign nonce: deliberately one answer (401). */
  credentialInvalid: 'one_tap_invalid',
  /** SPEC §5: one-tap runs only for visitors (409). */
  alreadyLoggedIn: 'already_logged_in',
} as const;

/** How a login token was issued (`method_id` of SPEC §7 "login by token"). */
export const LOGIN_TOKEN_METHODS = ['qr', 'link'] as const;
export type LoginTokenMethod = (typeof LOGIN_TOKEN_METHODS)[number];

/** `POST /web-api/auth/v1/login/token` (SPEC §7: method_id, token, sign, lng). */
export const LoginTokenRequestSchema = z
  .object({
    method_id: z.enum(LOGIN_TOKEN_METHODS),
    token: text().regex(/^[A-Za-z0-9_-]{43}$/, 'malformed token'),
    /** HMAC-SHA256 of `{method_id}.{token}` under the server's key, base64url. */
    sign: text().regex(/^[A-Za-z0-9_-]{43}$/, 'malformed sign'),
    lng: LanguageSchema.optional(),
    save: z.union([z.boolean(), z.literal(0), z.literal(1)]).transform(Boolean).default(false),
  })
  .strip();
export type LoginTokenRequest = z.infer<typeof LoginTokenRequestSchema>;

/** What a login token is handed out as (QR approval, deep links). */
export const LoginTokenSchema = z.object({
  method_id: z.enum(LOGIN_TOKEN_METHODS),
  token: text(),
  sign: text(),
  expiresAt: text(),
});
export type LoginToken = z.infer<typeof LoginTokenSchema>;

export const LoginTokenErrorCode = {
  /** A right token and sign, after its 2 minutes (401). Unknown, used or badly signed tokens answer `invalid_credentials`. */
  expired: 'login_token_expired',
} as const;
