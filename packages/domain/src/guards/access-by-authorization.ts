/** Stage `access-by-authorization`: the access guard and ban handling of SPEC §2. */
import { referralQuery } from '../referral.ts';
import { isRouteAvailable, languageRoot, pathTo, proceed, redirectTo, withQuery } from './context.ts';
import type { Guard, GuardContext, GuardDecision, GuardEffect } from './types.ts';

/** SPEC §9 ban codes: 45 for a forbidden route, 53 when ban level 1 allows only withdrawal. */
export const BAN_CODES = { forbidden: 45, withdrawalOnly: 53 } as const;
/** Route meta flag of routes closed to banned players. */
export const BAN_FORBIDDEN_FLAG = 25;

/** SPEC §2: level 1 may still use the withdrawal (deduce) route, every other level nothing. */
function banDecision(ctx: GuardContext): GuardDecision | null {
  const { route, user } = ctx;
  if (user.banLevel <= 0 || route?.meta.banFlag !== BAN_FORBIDDEN_FLAG) return null;
  if (user.banLevel === 1) {
    return route.name === 'office-deduce' ? null : { kind: 'cancel', reason: 'banned', code: BAN_CODES.withdrawalOnly };
  }
  return { kind: 'cancel', reason: 'banned', code: BAN_CODES.forbidden };
}

/**
 * Where a visitor goes from a players-only route. With the account-middleware option that
 * is authApp, which this site serves at the login route (there is no separate authApp
 * page); without it the login page when it exists, and the login modal opens too on
 * client navigation. Referral parameters travel along so attribution survives the detour.
 */
function visitorDecision(ctx: GuardContext): GuardDecision {
  const referral = referralQuery(ctx.location.search);
  if (!isRouteAvailable(ctx, 'login')) return redirectTo(withQuery(languageRoot(ctx), referral));
  const login = withQuery(pathTo(ctx, 'login'), referral);
  if (ctx.site.flags.accountMiddleware || ctx.phase === 'document') return redirectTo(login);
  const openLogin: GuardEffect = { kind: 'open-modal', modal: 'login' };
  return redirectTo(login, 302, [openLogin]);
}

/** A logged-in player on a visitors-only route: the account with the middleware, else home. */
function playerDecision(ctx: GuardContext): GuardDecision {
  const target = ctx.site.flags.accountMiddleware ? pathTo(ctx, 'office-account') : languageRoot(ctx);
  return redirectTo(withQuery(target, referralQuery(ctx.location.search)));
}

export const accessByAuthorizationGuard: Guard = (ctx) => {
  if (ctx.user.navigationBlocked) return { kind: 'cancel', reason: 'navigation-blocked' };
  const ban = banDecision(ctx);
  if (ban !== null) return ban;
  const access = ctx.route?.meta.access ?? 'all';
  if (access === 'user' && !ctx.user.loggedIn) return visitorDecision(ctx);
  if (access === 'guest' && ctx.user.loggedIn) return playerDecision(ctx);
  return proceed;
};
