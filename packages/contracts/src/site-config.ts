import { z } from 'zod';
import { DEFAULT_BETTING_SETTINGS } from '@betsite/domain';
import { DEFAULT_SESSION_SETTINGS, SessionSettingsSchema } from './user-config.ts';
import { DEFAULT_PROTECTION_SETTINGS, ProtectionSettingsSchema } from './limits.ts';
import { text, textUrl } from './text.ts';
import { DEFAULT_TERMS_SETTINGS, TermsSettingsSchema } from './terms.ts';

/** A language the site offers. Hidden languages exist but are not offered to visitors. */
export const LanguageSchema = z.object({
  code: text().regex(/^[a-z]{2}$/),
  name: text().min(1),
  dir: z.enum(['ltr', 'rtl']),
  hidden: z.boolean(),
});
export type Language = z.infer<typeof LanguageSchema>;

/** SPEC §3 maintenance config; times are ISO 8601 strings (UTC) or null. */
export const MaintenanceSchema = z.object({
  isActive: z.boolean(),
  started_at: z.iso.datetime().nullable(),
  ended_at: z.iso.datetime().nullable(),
  notify_started_at: z.iso.datetime().nullable(),
  notify_ended_at: z.iso.datetime().nullable(),
  web_state: z.enum(['on', 'off']),
});
export type Maintenance = z.infer<typeof MaintenanceSchema>;

export const BrandBookPropSchema = z.object({
  css_prop: text().regex(/^--[a-z0-9-]+$/),
  css_value: text().max(200).regex(/^[^;{}<>]*$/),
});
export type BrandBookProp = z.infer<typeof BrandBookPropSchema>;

/** Feature flags the guards and the shell read. */
export const SiteFlagsSchema = z.object({
  accountMiddleware: z.boolean(),
  rechargeModal: z.boolean(),
  identificationEnabled: z.boolean(),
  confirmTermsEnabled: z.boolean(),
  promoBonusToOffer: z.boolean(),
  slotFirstDepositRedirect: z.boolean(),
  paymentPageAvailable: z.boolean(),
  paymentPageOnlyLoggedIn: z.boolean(),
  snowEffect: z.boolean(),
  debuggerPage: z.boolean(),
  customRegistration: z.boolean(),
  /** SPEC §5: the one-tap sign-in prompt for visitors (providers with one-tap; the sandbox's outside production). */
  oneTapSignIn: z.boolean().default(false),
  /** Where the mobile build lives; the mobile guard redirects there. Null: no mobile site. */
  mobileSiteUrl: textUrl().nullable(),
});
export type SiteFlags = z.infer<typeof SiteFlagsSchema>;

export const SeoConfigSchema = z.object({
  /** `url`: canonical is the page's own url; `mirror`: canonical points at `mirrorHost`. */
  canonicalMode: z.enum(['url', 'mirror']),
  mirrorHost: text().nullable(),
  /** Public origin used for canonical and hreflang links, e.g. https://example.com */
  siteOrigin: textUrl(),
});
export type SeoConfig = z.infer<typeof SeoConfigSchema>;

/** `GET /bff-api/config/all.json` */
/**
 * Betting settings (issue 11; SPEC §5 min/max amounts, bonus and vip bet; §9 the live delay):
 * amounts in initial stakes of the coupon's currency (SPEC §9), so one number serves every
 * currency (packages/domain coupon/site-settings.ts).
 */
export const BettingSettingsSchema = z.object({
  liveAcceptDelayMs: z.number().int().min(0).max(30_000),
  antiExpressMarginPercent: z.number().min(0).max(50),
  minStakeInInitialStakes: z.number().min(0).max(1000),
  maxStakeInInitialStakes: z.number().int().min(1).max(1_000_000).nullable(),
  maxPayoutInInitialStakes: z.number().int().min(1).max(100_000_000).nullable(),
  limitedTypeIds: z.array(z.number().int().min(0).max(9)).max(10).nullable(),
  bonusBetEnabled: z.boolean(),
  vipBetShown: z.boolean(),
  vipReviewSeconds: z.number().int().min(10).max(3600),
});
export type BettingSettingsConfig = z.infer<typeof BettingSettingsSchema>;

export const SiteConfigSchema = z.object({
  companyName: text().min(1),
  ref_id: z.number().int(),
  group_id: z.number().int(),
  pwa: z.boolean(),
  manifest: z.object({ themeColor: text() }),
  brandBook: z.array(BrandBookPropSchema),
  defaultLanguage: text().regex(/^[a-z]{2}$/),
  languages: z.array(LanguageSchema).min(1),
  maintenance: MaintenanceSchema,
  registrationAllowed: z.boolean(),
  isVipDomain: z.boolean(),
  flags: SiteFlagsSchema,
  /** Route names (or SPEC route numbers as strings) that answer 404. */
  unavailableRoutes: z.array(text()),
  /** Path patterns (below the language, `*` wildcard) that answer 404. */
  urlsToRedirectTo404: z.array(text()),
  seo: SeoConfigSchema,
  /** The app version the server ships; a client with an older one reloads. */
  appVersion: text(),
  registrationReminder: z.object({ delay: z.number().int().min(0), interval: z.number().int().min(0) }),
  /** Auto logoff, bonus-choice dialog, e-mail activation period (user-config.ts); defaults for older documents. */
  session: SessionSettingsSchema.default(() => ({ ...DEFAULT_SESSION_SETTINGS })),
  /** Defaults for older documents. */
  betting: BettingSettingsSchema.default(() => ({ ...DEFAULT_BETTING_SETTINGS, limitedTypeIds: null })),
  /** Responsible gaming (issue 12, limits.ts); defaults for older documents. */
  protection: ProtectionSettingsSchema.default(() => ({ ...DEFAULT_PROTECTION_SETTINGS })),
  /** The terms version players confirm (issue 12, decision 0020); defaults for older documents. */
  terms: TermsSettingsSchema.default(() => ({ ...DEFAULT_TERMS_SETTINGS })),
});
export type SiteConfig = z.infer<typeof SiteConfigSchema>;

export const ConfigGroupSchema = z.object({
  id: z.number().int(),
  name: text(),
  ref_id: z.number().int(),
});
/** `GET /bff-api/config/group/get` */
export const ConfigGroupsResponseSchema = z.object({
  groups: z.array(ConfigGroupSchema),
  lang: text(),
});
export type ConfigGroupsResponse = z.infer<typeof ConfigGroupsResponseSchema>;

/**
 * The longest values (and lists) an operator may set through a patch: every page carries
 * the config, some values many times. The stored document is read as it is, so a config
 * written before these limits still loads; a patch must respect them (400 otherwise).
 */
export const SITE_CONFIG_LIMITS = {
  companyName: 100,
  languages: 50,
  languageName: 64,
  brandBook: 200,
  cssProp: 100,
  /** Entries of `unavailableRoutes` and of `urlsToRedirectTo404`. */
  routeEntries: 500,
  routeName: 200,
  urlPattern: 1024,
  host: 253,
  url: 2048,
} as const;
const LIMITS = SITE_CONFIG_LIMITS;

/** Operator JSON merge patch of site config (RFC 7396): any subset of the editable fields, within `SITE_CONFIG_LIMITS`. */
export const SiteConfigPatchSchema = z
  .object({
    companyName: SiteConfigSchema.shape.companyName.max(LIMITS.companyName),
    maintenance: MaintenanceSchema.partial(),
    languages: z
      .array(LanguageSchema.extend({ name: LanguageSchema.shape.name.max(LIMITS.languageName) }))
      .min(1)
      .max(LIMITS.languages),
    defaultLanguage: SiteConfigSchema.shape.defaultLanguage,
    flags: SiteFlagsSchema.extend({ mobileSiteUrl: textUrl().max(LIMITS.url).nullable() }).partial(),
    registrationAllowed: z.boolean(),
    isVipDomain: z.boolean(),
    unavailableRoutes: z.array(text().max(LIMITS.routeName)).max(LIMITS.routeEntries),
    urlsToRedirectTo404: z.array(text().max(LIMITS.urlPattern)).max(LIMITS.routeEntries),
    brandBook: z.array(BrandBookPropSchema.extend({ css_prop: BrandBookPropSchema.shape.css_prop.max(LIMITS.cssProp) })).max(LIMITS.brandBook),
    seo: SeoConfigSchema.extend({ mirrorHost: text().max(LIMITS.host).nullable(), siteOrigin: textUrl().max(LIMITS.url) }).partial(),
    registrationReminder: SiteConfigSchema.shape.registrationReminder.partial(),
    session: SessionSettingsSchema.partial(),
    betting: BettingSettingsSchema.partial(),
    protection: ProtectionSettingsSchema.partial(),
    terms: TermsSettingsSchema.partial(),
  })
  .partial()
  .strict();
export type SiteConfigPatch = z.infer<typeof SiteConfigPatchSchema>;
