/** Stage `confirm-terms`: the terms-change prompt page (SPEC §2, §5). */
import type { RouteDef } from '../routes/route-table.ts';
import { languageRoot, pathTo, proceed, redirectTo } from './context.ts';
import type { Guard } from './types.ts';

/** Pages a player whose terms changed may still open: state pages and withdrawal. */
function isExempt(route: RouteDef): boolean {
  return route.kind === 'site-state' || route.name === 'office-deduce';
}

export const confirmTermsGuard: Guard = (ctx) => {
  const { route, user } = ctx;
  if (route === null) return proceed;
  const mustConfirm = user.loggedIn && user.termsChanged && ctx.site.flags.confirmTermsEnabled;
  if (route.name === 'confirm') return mustConfirm ? proceed : redirectTo(languageRoot(ctx));
  return mustConfirm && !isExempt(route) ? redirectTo(pathTo(ctx, 'confirm')) : proceed;
};
