/** Stage `access-check`: routes that do not exist for this site answer 404 (SPEC §2). */
import { matchFixedRedirect, matchPattern } from '../routes/match.ts';
import type { FeatureFlag } from '../routes/route-table.ts';
import { hasAllowedUrlLanguage, isRouteAvailable, pathBelowLanguage, proceed } from './context.ts';
import type { Guard, GuardContext } from './types.ts';

/** Whether a route's feature is on for this site and user. */
export function isFeatureOn(feature: FeatureFlag, ctx: GuardContext): boolean {
  const { site } = ctx;
  switch (feature) {
    case 'identification':
      return site.flags.identificationEnabled;
    case 'registration':
      return site.registrationAllowed && !site.isVipDomain;
    case 'payment-page':
      return site.flags.paymentPageAvailable && (!site.flags.paymentPageOnlyLoggedIn || ctx.user.loggedIn);
    case 'debugger':
      return site.flags.debuggerPage;
    case 'confirm-terms':
      return site.flags.confirmTermsEnabled;
  }
}

const NOT_FOUND = { kind: 'not-found' } as const;

/**
 * A url without an allowed language, or one that a fixed redirect moves, is not judged
 * here: `url-language` redirects it first and the target is checked on the next request.
 */
export const accessCheckGuard: Guard = (ctx) => {
  if (!hasAllowedUrlLanguage(ctx)) return proceed;
  const rest = pathBelowLanguage(ctx);
  const { route } = ctx;
  if (route === null) return matchFixedRedirect(rest, ctx.user.loggedIn) === null ? NOT_FOUND : proceed;
  if (!isRouteAvailable(ctx, route.name)) return NOT_FOUND;
  if (route.meta.feature !== undefined && !isFeatureOn(route.meta.feature, ctx)) return NOT_FOUND;
  if (ctx.site.urlsToRedirectTo404.some((pattern) => matchPattern(pattern, rest))) return NOT_FOUND;
  return proceed;
};
