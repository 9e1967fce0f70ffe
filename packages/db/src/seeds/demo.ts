/**
 * Demo data for a fresh database: a complete site config, config groups and a few
 * redirect rules. Idempotent (existing rows are left alone); the server runs it at start
 * when the site config row is missing.
 *
 * The document must satisfy the contracts' `SiteConfigSchema` (the server test checks it).
 * To hide a language from visitors (SPEC §5: hidden languages are reachable only by
 * logged-in players), set its `hidden: true`, here or with
 * `PATCH /ops-api/v1/site-config` and the full `languages` array.
 */
import type { Kysely } from 'kysely';
import type { Database, JsonObject } from '../schema.ts';

const languages: [code: string, name: string, dir: 'ltr' | 'rtl'][] = [
  ['ru', 'Русский', 'ltr'],
  ['en', 'English', 'ltr'],
  ['de', 'Deutsch', 'ltr'],
  ['fr', 'Français', 'ltr'],
  ['es', 'Español', 'ltr'],
  ['pt', 'Português', 'ltr'],
  ['tr', 'Türkçe', 'ltr'],
  ['uk', 'Українська', 'ltr'],
  ['kk', 'Қазақ тілі', 'ltr'],
  ['az', 'Azərbaycan dili', 'ltr'],
  ['uz', 'Oʻzbekcha', 'ltr'],
  ['ar', 'العربية', 'rtl'],
  ['fa', 'فارسی', 'rtl'],
];

export const demoSiteConfig: JsonObject = {
  companyName: 'Betsite',
  ref_id: 1,
  group_id: 1,
  pwa: false,
  manifest: { themeColor: '#0f1923' },
  brandBook: [
    { css_prop: '--brand-primary', css_value: '#1f6feb' },
    { css_prop: '--brand-primary-contrast', css_value: '#ffffff' },
    { css_prop: '--brand-accent', css_value: '#ffb400' },
    { css_prop: '--brand-background', css_value: '#0f1923' },
    { css_prop: '--brand-surface', css_value: '#1b2733' },
    { css_prop: '--brand-text', css_value: '#e6edf3' },
    { css_prop: '--brand-success', css_value: '#2ea043' },
    { css_prop: '--brand-danger', css_value: '#da3633' },
    { css_prop: '--brand-radius', css_value: '0.5em' },
    { css_prop: '--brand-font-family', css_value: "Roboto, 'Segoe UI', Arial, sans-serif" },
  ],
  defaultLanguage: 'ru',
  languages: languages.map(([code, name, dir]) => ({ code, name, dir, hidden: false })),
  maintenance: {
    isActive: false,
    started_at: null,
    ended_at: null,
    notify_started_at: null,
    notify_ended_at: null,
    web_state: 'off',
  },
  registrationAllowed: true,
  isVipDomain: false,
  flags: {
    accountMiddleware: false,
    rechargeModal: false,
    identificationEnabled: true,
    confirmTermsEnabled: false,
    promoBonusToOffer: false,
    slotFirstDepositRedirect: false,
    paymentPageAvailable: true,
    paymentPageOnlyLoggedIn: false,
    snowEffect: false,
    oneTapSignIn: false,
    debuggerPage: false,
    customRegistration: false,
    mobileSiteUrl: null,
  },
  unavailableRoutes: [],
  urlsToRedirectTo404: [],
  seo: { canonicalMode: 'url', mirrorHost: null, siteOrigin: 'http://localhost:3000' },
  appVersion: '1.0.0',
  registrationReminder: { delay: 60, interval: 30 },
  /** Auto logoff after 30 idle minutes (SPEC §9), the bonus-choice dialog, 14 days to confirm an e-mail. */
  session: { idleMinutes: 30, bonusChoiceEnabled: true, activationDays: 14 },
  /** Betting (issue 11): live delay 3 s, anti-express margin 5 %, stakes 0.02–100 initial stakes (0.10–500.00 EUR), payouts up to 100,000 initial stakes, vip bets decided within 5 minutes. */
  betting: { liveAcceptDelayMs: 3000, antiExpressMarginPercent: 5, minStakeInInitialStakes: 0.02, maxStakeInInitialStakes: 100, maxPayoutInInitialStakes: 100_000, limitedTypeIds: null, bonusBetEnabled: true, vipBetShown: true, vipReviewSeconds: 300 },
  protection: { limitActionMode: 'limitaction', questionnaireRequired: false },
  terms: { version: 1, updatedAt: null },
};

export const demoConfigGroups = [
  { id: 1, name: 'Default', ref_id: 1 },
  { id: 2, name: 'VIP', ref_id: 1 },
];

export const demoRedirectRules = [
  { from_path: '/en/old-promo', to_url: '/en/promotions', code: 301, reason: 'promotion-page-moved' },
  { from_path: '/ru/old-promo', to_url: '/ru/promotions', code: 301, reason: 'promotion-page-moved' },
  { from_path: '/en/casino/old-lobby', to_url: '/en/casino-lobby', code: 308, reason: 'casino-lobby-moved' },
] as const;

/** Inserts whatever demo rows are missing; answers whether the site config row was created. */
export async function seedDemoData(db: Kysely<Database>, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const created = await trx
      .insertInto('site_config')
      .values({ id: 1, document: JSON.stringify(demoSiteConfig), version: 1n, updated_at: now })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    await trx
      .insertInto('config_groups')
      .values(demoConfigGroups)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await trx
      .insertInto('redirect_rules')
      .values(demoRedirectRules.map((rule) => ({ ...rule, created_at: now })))
      .onConflict((oc) => oc.column('from_path').doNothing())
      .execute();
    return created.numInsertedOrUpdatedRows === 1n;
  });
}

/** True when the database has no site config yet (a fresh install). */
export async function needsSeed(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('site_config').select('id').where('id', '=', 1).executeTakeFirst();
  return row === undefined;
}
