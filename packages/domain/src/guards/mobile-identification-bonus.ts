/**
 * Stage `mobile-identification-bonus`: the mobile-site switch and the identification
 * bonus blocker (SPEC §2).
 */
import type { RouteDef } from '../routes/route-table.ts';
import { isSeoBot, isTabletPosingAsMac } from '../user-agent.ts';
import { isRouteAvailable, pathTo, proceed, redirectTo } from './context.ts';
import type { Guard, GuardContext, GuardDecision } from './types.ts';

export const PLATFORM_TYPE_PARAM = 'platform_type';

/**
 * `?platform_type=mobile` forces the mobile site; a tablet posing as a Mac goes there
 * unless `platform_type` says otherwise. Bots stay: they index this site as it is.
 */
function mobileDecision(ctx: GuardContext): GuardDecision | null {
  const base = ctx.site.flags.mobileSiteUrl;
  if (base === null || isSeoBot(ctx.device.userAgent)) return null;
  const platform = new URLSearchParams(ctx.location.search).get(PLATFORM_TYPE_PARAM);
  const wantsMobile =
    platform === 'mobile' || (platform === null && isTabletPosingAsMac(ctx.device.userAgent, ctx.device.maxTouchPoints));
  if (!wantsMobile) return null;
  const { pathname, search, hash } = ctx.location;
  return redirectTo(`${base.replace(/\/+$/, '')}${pathname}${search}${hash}`);
}

/** Pages a player who must identify may still open. */
function isIdentificationExempt(route: RouteDef): boolean {
  return route.name === 'office-identification' || route.name === 'confirm' || route.kind === 'site-state';
}

/**
 * A player who must pass identification is sent to the identification page. The face-id
 * variant is the same page: it shows face-id when that is the configured verification
 * type, so `faceIdVerification` changes the page's content, not this decision (a modal
 * could not be shown on the first, server-rendered request anyway).
 */
function identificationDecision(ctx: GuardContext): GuardDecision | null {
  const { route, user } = ctx;
  if (!user.loggedIn || !user.identificationRequired || route === null || isIdentificationExempt(route)) return null;
  if (!ctx.site.flags.identificationEnabled || !isRouteAvailable(ctx, 'office-identification')) return null;
  return redirectTo(pathTo(ctx, 'office-identification'));
}

export const mobileIdentificationBonusGuard: Guard = (ctx) =>
  mobileDecision(ctx) ?? identificationDecision(ctx) ?? proceed;
