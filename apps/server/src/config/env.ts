/**
 * The server's environment, validated once at start-up. Every variable is documented in
 * `/.env.example`. Empty values count as unset (a `.env` line `REDIS_URL=` means "no Redis").
 */
import { z } from 'zod';
import { SocialProviderConfigSchema } from '@betsite/contracts';

const PORT_RANGE = 'must be an integer from 1 to 65535';
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const optionalString = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const withDefault = <T extends z.ZodType>(schema: T, fallback: string) =>
  z.preprocess((value) => (value === undefined || value === '' ? fallback : value), schema);

/** `true`, `false`, a hop count, or a comma-separated list of trusted proxy addresses/CIDRs. */
const trustProxy = z.string().transform((value): boolean | number | string[] => {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((part) => part.trim()).filter(Boolean);
});

/** `SOCIAL_PROVIDERS`: a JSON array of provider configs, each id at most once. */
const socialProviders = z
  .string()
  .transform((value, ctx) => {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array of provider configs' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(SocialProviderConfigSchema)
      .refine((list) => new Set(list.map((p) => p.id)).size === list.length, { message: 'each provider id at most once' }),
  );

const EnvSchema = z
  .object({
    NODE_ENV: withDefault(z.enum(['development', 'production', 'test']), 'production'),
    PORT: withDefault(z.string().regex(/^\d+$/, PORT_RANGE).transform(Number).pipe(z.number().min(1, PORT_RANGE).max(65535, PORT_RANGE)), '3000'),
    HOST: withDefault(z.string().min(1), '0.0.0.0'),
    DATABASE_URL: optionalString(
      z.string().regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// or postgresql:// URL'),
    ),
    DATA_DIR: withDefault(z.string().min(1), './data'),
    REDIS_URL: optionalString(z.string().regex(/^rediss?:\/\/.+/, 'must be a redis:// or rediss:// URL')),
    OPS_TOKEN: optionalString(z.string().min(16, 'must be at least 16 characters')),
    /** Bearer token of the monitoring scrape of `/metrics`; unset: no metrics (404). */
    METRICS_TOKEN: optionalString(z.string().min(16, 'must be at least 16 characters')),
    FAKE_CLOCK: withDefault(z.enum(['0', '1'], 'must be 0 or 1'), '0').transform((v) => v === '1'),
    LOG_LEVEL: withDefault(z.enum(LOG_LEVELS), 'info'),
    /** Multiplies every per-IP rate limit (login, registration, codes …); e.g. 1000 for a load test from one address. */
    RATE_LIMITS_SCALE: withDefault(
      z.string().regex(/^\d+(\.\d+)?$/, 'must be a positive number').transform(Number).pipe(z.number().positive('must be a positive number').max(1_000_000)),
      '1',
    ),
    TRUST_PROXY: withDefault(trustProxy, 'false'),
    COUNTRY_HEADER: withDefault(
      z.string().regex(/^[A-Za-z0-9-]+$/, 'must be an HTTP header name').transform((v) => v.toLowerCase()),
      'x-country-code',
    ),
    PAGE_CACHE_TTL_MS: withDefault(
      z.string().regex(/^\d+$/, 'must be a whole number of milliseconds').transform(Number).pipe(z.number().max(60_000, 'must be at most 60000')),
      '2000',
    ),
    /** Unset: the payments module uses a random key per process (see payments/index.ts). */
    PAYMENTS_SIGNING_SECRET: optionalString(z.string().min(32, 'must be at least 32 characters')),
    /** HMAC key of the casino wallet calls and launch tokens (decision 0022); unset: a dev key, in production a random key per process. */
    CASINO_WALLET_SECRET: optionalString(z.string().min(32, 'must be at least 32 characters')),
    /** The game server's wallet over HTTP (decision 0023); unset: this process's wallet, called in process. */
    RGS_WALLET_URL: optionalString(z.string().refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), 'must be an http(s) URL')),
    /** Where the games app is built (default apps/games/dist). */
    RGS_APP_DIR: optionalString(z.string().min(1)),
    PUBLIC_ORIGIN: optionalString(
      z
        .string()
        .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol) && new URL(v).origin === v.replace(/\/$/, ''), {
          message: 'must be an origin like https://example.com',
        })
        .transform((v) => new URL(v).origin),
    ),
    SMTP_URL: optionalString(z.string().regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL')),
    /** Default (when unset): DEFAULT_MAIL_FROM of the notifications module. */
    MAIL_FROM: optionalString(z.string().min(3)),
    /**
     * AES-256-GCM key for secrets stored at rest (two-step TOTP secrets): base64 of 32 bytes
     * (`openssl rand -base64 32`). Unset: see `loadSecretsKey` (a key file in DATA_DIR, except
     * in production with DATABASE_URL, where two-step setup then answers 503).
     */
    SECRETS_KEY: optionalString(
      z
        .string()
        .refine((v) => /^[A-Za-z0-9+/]{43}=$/.test(v) && Buffer.from(v, 'base64').length === 32, {
          message: 'must be base64 of 32 bytes (openssl rand -base64 32)',
        }),
    ),
    /**
     * The built-in sandbox payment provider (test cards, no real money): on | off. Unset: on,
     * except with NODE_ENV=production, where it must be switched on explicitly
     * (`paymentsSandboxEnabled`). Off with no other provider: payments answer 503.
     */
    PAYMENTS_SANDBOX: optionalString(z.enum(['on', 'off'], 'must be on or off')),
    /** How often this node looks for due jobs (ms); 0 = this node runs no jobs. */
    JOBS_POLL_MS: withDefault(
      z.string().regex(/^\d+$/, 'must be a whole number of milliseconds').transform(Number).pipe(z.number().max(3_600_000, 'must be at most 3600000')),
      '1000',
    ),
    /**
     * Social sign-in providers (OpenID Connect), a JSON array of
     * `{ "id": "google", "issuer": "https://accounts.google.com", "clientId": "…", "clientSecret": "…", "oneTap": true }`
     * (contracts `SocialProviderConfigSchema`; ids from `SOCIAL_PROVIDER_IDS`). Unset: none.
     */
    SOCIAL_PROVIDERS: withDefault(socialProviders, '[]'),
    /** The built-in sandbox identity provider "Sandbox ID": on | off. Unset: on, except with NODE_ENV=production. */
    SOCIAL_SANDBOX: optionalString(z.enum(['on', 'off'], 'must be on or off')),
    /**
     * HMAC key of login tokens (QR login, deep links) and seed of the sandbox identity
     * provider's signing key; set the same value on every node. Unset: random per process.
     */
    LOGIN_SIGNING_SECRET: optionalString(z.string().min(32, 'must be at least 32 characters')),
    /** The sports feed: `simulated` (the built-in simulated provider) or `off` (only operators' games). */
    FEED: withDefault(z.enum(['simulated', 'off'], 'must be simulated or off'), 'simulated'),
    /** Seed of the simulated world: the same seed and clock give the same games and events. */
    FEED_SEED: withDefault(z.string().regex(/^\d{1,9}$/, 'must be a whole number').transform(Number), '1'),
    /** Game time per real time of the simulated feed: 1 plays matches in real time, 60 a minute per second. */
    FEED_SPEED: withDefault(
      z.string().regex(/^\d+(\.\d+)?$/, 'must be a positive number').transform(Number).pipe(z.number().positive('must be a positive number').max(3600)),
      '1',
    ),
    /** How many days ahead the simulated line goes. */
    FEED_DAYS: withDefault(z.string().regex(/^\d+$/, 'must be a whole number of days').transform(Number).pipe(z.number().min(1).max(14)), '7'),
    /** How long a node reuses a line list answer (sports, games, results …) for the same question; 0 = never. */
    LINE_CACHE_TTL_MS: withDefault(
      z.string().regex(/^\d+$/, 'must be a whole number of milliseconds').transform(Number).pipe(z.number().max(60_000, 'must be at most 60000')),
      '1000',
    ),
    /** Bookmaker margin of the simulated feed's prices (0.05 = 5%). */
    FEED_MARGIN: withDefault(
      z.string().regex(/^0(\.\d+)?$/, 'must be a fraction like 0.05').transform(Number).pipe(z.number().min(0).max(0.25, 'must be at most 0.25')),
      '0.05',
    ),
  });

export type AppEnv = z.output<typeof EnvSchema>;

/** Whether the sandbox payment provider runs: PAYMENTS_SANDBOX, else on everywhere but production. */
export const paymentsSandboxEnabled = (env: Pick<AppEnv, 'PAYMENTS_SANDBOX' | 'NODE_ENV'>): boolean =>
  env.PAYMENTS_SANDBOX === undefined ? env.NODE_ENV !== 'production' : env.PAYMENTS_SANDBOX === 'on';

/** Whether the sandbox identity provider runs: SOCIAL_SANDBOX, else on everywhere but production. */
export const socialSandboxEnabled = (env: Pick<AppEnv, 'SOCIAL_SANDBOX' | 'NODE_ENV'>): boolean =>
  env.SOCIAL_SANDBOX === undefined ? env.NODE_ENV !== 'production' : env.SOCIAL_SANDBOX === 'on';

export class EnvError extends Error {
  constructor(readonly problems: readonly { variable: string; message: string }[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p.variable}: ${p.message}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Typed configuration, or an `EnvError` listing every bad variable (values are not echoed: some are secrets). */
export function loadEnv(source: Record<string, string | undefined>): AppEnv {
  const result = EnvSchema.safeParse(source);
  const problems = result.success
    ? []
    : result.error.issues.map((issue) => ({ variable: String(issue.path[0] ?? '(env)'), message: issue.message }));
  // Checked on the raw values so it is reported along with any other problem.
  if (source.FAKE_CLOCK === '1' && source.NODE_ENV === 'production') {
    problems.push({ variable: 'FAKE_CLOCK', message: 'must not be 1 when NODE_ENV=production' });
  }
  if (result.success && problems.length === 0) return result.data;
  throw new EnvError(problems);
}
