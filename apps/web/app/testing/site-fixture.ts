/** A complete site config for tests of the web app. */
import type { SiteConfig } from '@betsite/contracts';

export function testSite(overrides: Partial<SiteConfig> = {}): SiteConfig {
  return {
    companyName: 'Betsite',
    ref_id: 1,
    group_id: 1,
    pwa: false,
    manifest: { themeColor: '#0f1923' },
    brandBook: [],
    defaultLanguage: 'ru',
    languages: [
      { code: 'ru', name: 'Русский', dir: 'ltr', hidden: false },
      { code: 'en', name: 'English', dir: 'ltr', hidden: false },
      { code: 'ar', name: 'العربية', dir: 'rtl', hidden: false },
      { code: 'kk', name: 'Қазақша', dir: 'ltr', hidden: true },
    ],
    maintenance: { isActive: false, started_at: null, ended_at: null, notify_started_at: null, notify_ended_at: null, web_state: 'on' },
    registrationAllowed: true,
    isVipDomain: false,
    flags: {
      accountMiddleware: false,
      rechargeModal: false,
      identificationEnabled: false,
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
    seo: { canonicalMode: 'url', mirrorHost: null, siteOrigin: 'https://bets.example' },
    appVersion: '1.0.0',
    registrationReminder: { delay: 0, interval: 0 },
    session: { idleMinutes: 30, bonusChoiceEnabled: true, activationDays: 14 },
    betting: { liveAcceptDelayMs: 3000, antiExpressMarginPercent: 5, minStakeInInitialStakes: 0.02, maxStakeInInitialStakes: 100, maxPayoutInInitialStakes: 100_000, limitedTypeIds: null, bonusBetEnabled: true, vipBetShown: true, vipReviewSeconds: 300 },
    protection: { limitActionMode: 'limitaction', questionnaireRequired: false },
    terms: { version: 1, updatedAt: null },
    ...overrides,
  };
}
