/** Stage `access-by-authorization`: the access guard and ban handling of SPEC §2. */
import { banCode } from '../auth/verification.ts';
import { referralQuery } from '../referral.ts';
import type { RouteDef } from '../routes/route-table.ts';
import { isRouteAvailable, languageRoot, pathTo, proceed, redirectTo, withQuery } from './context.ts';
import type { Guard, GuardContext, GuardDecision, GuardEffect } from './types.ts';

/** SPEC §9 ban codes: 45 for a forbidden route, 53 when ban level 1 allows only withdrawal. */
export const BAN_CODES = { forbidden: 45, withdrawalOnly: 53 } as const;
/** Route meta flag of routes closed to banned players. */
export const BAN_FORBIDDEN_FLAG = 25;
/** Route meta flag of routes open to banned players. */
export const BAN_ALLOWED_FLAG = 24;

/**
 * Routes open to any banned player when the route table flags nothing (decision 0020):
 * site-state and information pages, the terms to confirm, the appeal history, and the
 * office pages that only show the player's own record, identify or protect them.
 */
const BANNED_ALLOWED_KINDS: ReadonlySet<RouteDef['kind']> = new Set(['site-state', 'info', 'rules']);
const BANNED_ALLOWED_ROUTES: ReadonlySet<string> = new Set([
  'confirm',
  'block-appeal-history',
  'office-account',
  'office-history',
  'office-historypay',
  // A banned player may be asked to identify (the identification blocker sends them there).
  'office-identification',
  'office-responsible',
  'office-support',
]);
/** SPEC §2: ban level 1 "requires the deduce route" — withdrawal stays open. */
const WITHDRAWAL_ROUTE = 'office-deduce';

/** Meta flag 24 or 25 of a route: its own, else 24 for the pages above, else 25. */
export function banFlagOf(route: RouteDef): 24 | 25 {
  if (route.meta.banFlag !== undefined) return route.meta.banFlag;
  return BANNED_ALLOWED_KINDS.has(route.kind) || BANNED_ALLOWED_ROUTES.has(route.name) ? BAN_ALLOWED_FLAG : BAN_FORBIDDEN_FLAG;
}

/** Whether a player of this ban level may open the route. */
export function allowedWhenBanned(route: RouteDef, banLevel: number): boolean {
  if (banLevel <= 0) return true;
  if (banLevel === 1 && route.name === WITHDRAWAL_ROUTE) return true;
  return banFlagOf(route) === BAN_ALLOWED_FLAG;
}

/** Where a banned player's first request for a closed page lands: withdrawal (level 1) or the appeal history. */
export function bannedLanding(banLevel: number): string {
  return banLevel === 1 ? WITHDRAWAL_ROUTE : 'block-appeal-history';
}

/**
 * SPEC §2: a banned player's navigation to a route not allowed for them is cancelled with
 * code 53 (level 1: only withdrawal) or 45 (other levels). A first request cannot be
 * cancelled, so the server sends it to the page the player still has (decision 0020).
 */
function banDecision(ctx: GuardContext): GuardDecision | null {
  const { route, user } = ctx;
  if (!user.loggedIn || user.banLevel <= 0 || route === null || allowedWhenBanned(route, user.banLevel)) return null;
  if (ctx.phase === 'document') {
    const landing = bannedLanding(user.banLevel);
    return isRouteAvailable(ctx, landing) ? redirectTo(pathTo(ctx, landing)) : { kind: 'not-found' };
  }
  // The same code the rights answer (domain `banCode`): 53 withdrawal only, 45 otherwise.
  return { kind: 'cancel', reason: 'banned', code: banCode(user.banLevel) ?? BAN_CODES.forbidden };
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
