/** Stage `recharge-navigation`: the recharge page is entered from inside the app (SPEC §2). */
import { locateRoute } from '../routes/locate.ts';
import type { RouteDef } from '../routes/route-table.ts';
import { proceed } from './context.ts';
import type { Guard } from './types.ts';

/**
 * In-app routes that lead to recharge as a page: the office (the account menu's "top up")
 * and the payment return pages ("try again"). From anywhere else the recharge modal is
 * the entry, so a page navigation is cancelled.
 */
export function isRechargeInAppRoute(route: RouteDef): boolean {
  return route.kind === 'office' || route.kind === 'onpay';
}

export const rechargeNavigationGuard: Guard = (ctx) => {
  if (ctx.phase !== 'navigation' || ctx.from === null || ctx.route?.name !== 'office-recharge') return proceed;
  if (!ctx.site.flags.rechargeModal || ctx.user.afterRegistrationRedirect !== null) return proceed;
  const from = locateRoute(ctx.from.pathname).route;
  return from !== null && isRechargeInAppRoute(from) ? proceed : { kind: 'cancel', reason: 'recharge-modal' };
};
