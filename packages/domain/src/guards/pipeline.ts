/**
 * The route-guard pipeline (SPEC §2 "Route guards (run in this order)").
 *
 * Which SPEC behaviour lives in which stage:
 * - referral: query tags → referral cookies (SPEC §5 pairing, §9 lifetimes); none for bots.
 * - app-version: a stale client reloads on navigation.
 * - blocked: maintenance (config, or a failed block service) → /{lng}/maintenance, and off
 *   it when over; block reasons → site-state pages; account verification exempt; a block
 *   page with no block → language root.
 * - dictionary-loader, media-loader, analytics, quick-coupon, micro-frontend: adapter
 *   seams (loading is I/O); always continue. Their pure facts (dictionaries of a route,
 *   analytics delay, micro-frontend defaults) are exported next to them.
 * - access-check: 404 for unknown paths, unavailable routes (name or number), routes whose
 *   feature is off (identification, registration, payment page, debugger, confirm terms)
 *   and urlsToRedirectTo404 patterns. Urls without an allowed language and fixed-redirect
 *   sources are left to url-language.
 * - server-rerender-check: the redirect service's answer (all four fields, no loops).
 * - access-by-authorization: navigation-blocked flag, ban handling (codes 45, 53), the
 *   access guard (players-only routes for visitors, visitors-only routes for players).
 * - modal: opens `?modal=` for those who may get it; `modalsToClose` for the adapter.
 * - confirm-terms: the terms-change page, forced or left.
 * - bonus-page: bonuses ⇄ bonus-offer by promoBonusToOffer.
 * - url-language: language prefix inserted or replaced, `/{lng}` → `/{lng}/`, REDIRECTS.
 * - recharge-navigation: recharge entered from outside the app is cancelled.
 * - mobile-identification-bonus: `platform_type=mobile` and touch Macs → mobile site;
 *   identification blocker → office identification.
 * - seo-bot: nothing left to decide; bots are recognised by `isSeoBot` in the stages above.
 * - auth-redirect: a logged-in player on password reset → home.
 * - slot-first-deposit-redirect: bonus `slot_first_deposit` → 301 slots/first-deposit.
 */
import { accessByAuthorizationGuard } from './access-by-authorization.ts';
import { accessCheckGuard } from './access-check.ts';
import { analyticsGuard } from './analytics.ts';
import { appVersionGuard } from './app-version.ts';
import { authRedirectGuard } from './auth-redirect.ts';
import { blockedGuard } from './blocked.ts';
import { bonusPageGuard } from './bonus-page.ts';
import { confirmTermsGuard } from './confirm-terms.ts';
import { dictionaryLoaderGuard } from './dictionary-loader.ts';
import { mediaLoaderGuard } from './media-loader.ts';
import { microFrontendGuard } from './micro-frontend.ts';
import { mobileIdentificationBonusGuard } from './mobile-identification-bonus.ts';
import { modalGuard } from './modal.ts';
import { quickCouponGuard } from './quick-coupon.ts';
import { rechargeNavigationGuard } from './recharge-navigation.ts';
import { referralGuard } from './referral.ts';
import { seoBotGuard } from './seo-bot.ts';
import { serverRerenderCheckGuard } from './server-rerender-check.ts';
import { slotFirstDepositRedirectGuard } from './slot-first-deposit-redirect.ts';
import { urlLanguageGuard } from './url-language.ts';
import { GUARD_ORDER, type Guard, type GuardContext, type GuardEffect, type GuardName, type NamedGuard, type PipelineResult } from './types.ts';

const GUARDS: Readonly<Record<GuardName, Guard>> = {
  referral: referralGuard,
  'app-version': appVersionGuard,
  blocked: blockedGuard,
  'dictionary-loader': dictionaryLoaderGuard,
  'media-loader': mediaLoaderGuard,
  'access-check': accessCheckGuard,
  'server-rerender-check': serverRerenderCheckGuard,
  analytics: analyticsGuard,
  'access-by-authorization': accessByAuthorizationGuard,
  modal: modalGuard,
  'confirm-terms': confirmTermsGuard,
  'bonus-page': bonusPageGuard,
  'url-language': urlLanguageGuard,
  'recharge-navigation': rechargeNavigationGuard,
  'mobile-identification-bonus': mobileIdentificationBonusGuard,
  'seo-bot': seoBotGuard,
  'quick-coupon': quickCouponGuard,
  'auth-redirect': authRedirectGuard,
  'micro-frontend': microFrontendGuard,
  'slot-first-deposit-redirect': slotFirstDepositRedirectGuard,
};

/** Every guard, in SPEC order. */
export const DEFAULT_GUARDS: readonly NamedGuard[] = GUARD_ORDER.map((name) => ({ name, run: GUARDS[name] }));

/**
 * Runs the guards in order. Effects accumulate across guards (a cookie set by `referral`
 * is still set when `blocked` redirects); the first decision other than continue wins.
 */
export function runGuardPipeline(ctx: GuardContext, guards: readonly NamedGuard[] = DEFAULT_GUARDS): PipelineResult {
  const effects: GuardEffect[] = [];
  for (const guard of guards) {
    const decision = guard.run(ctx);
    effects.push(...(decision.effects ?? []));
    if (decision.kind !== 'continue') return { decision, effects, decidedBy: guard.name };
  }
  return { decision: { kind: 'continue' }, effects, decidedBy: null };
}
