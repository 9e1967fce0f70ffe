/** Facts derived from a GuardContext that several guards share. */
import { allowedLanguages, resolveLanguage, splitLanguage, withLanguage } from '../language.ts';
import { buildPath, type BuildParams } from '../routes/match.ts';
import { routeByName } from '../routes/route-table.ts';
import type { GuardContext, GuardDecision, GuardEffect, RedirectStatus } from './types.ts';

function languageFacts(ctx: GuardContext) {
  return {
    available: ctx.site.languages.map((l) => l.code),
    hidden: ctx.site.languages.filter((l) => l.hidden).map((l) => l.code),
    loggedIn: ctx.user.loggedIn,
  };
}

/** The language of the url when allowed for this user, else the one SPEC §5 resolves. */
export function contextLanguage(ctx: GuardContext): string {
  return resolveLanguage({
    ...languageFacts(ctx),
    urlLng: splitLanguage(ctx.location.pathname).lng,
    cookieLng: ctx.cookies['lng'] ?? null,
    acceptLanguage: ctx.acceptLanguage,
    defaultLanguage: ctx.site.defaultLanguage,
  });
}

/** Whether the url starts with a language this user may get. */
export function hasAllowedUrlLanguage(ctx: GuardContext): boolean {
  const { lng } = splitLanguage(ctx.location.pathname);
  return lng !== null && allowedLanguages(languageFacts(ctx)).includes(lng);
}

/** The path below the language of the current url. */
export function pathBelowLanguage(ctx: GuardContext): string {
  return splitLanguage(ctx.location.pathname).rest;
}

/** `/{lng}/`: the home page in the current language. */
export function languageRoot(ctx: GuardContext): string {
  return withLanguage(contextLanguage(ctx), '');
}

export function pathTo(ctx: GuardContext, routeName: string, params: BuildParams = {}): string {
  return buildPath(routeName, params, contextLanguage(ctx));
}

/** A route is usable when the table has it and the operator has not switched it off. */
export function isRouteAvailable(ctx: GuardContext, routeName: string): boolean {
  const route = routeByName(routeName);
  if (route === undefined) return false;
  const off = ctx.site.unavailableRoutes;
  return !off.includes(route.name) && !(route.meta.routeNumber !== undefined && off.includes(String(route.meta.routeNumber)));
}

/** Appends query parameters to a path (`/en/user/login` + `a=1` → `/en/user/login?a=1`). */
export function withQuery(path: string, query: URLSearchParams): string {
  const search = query.toString();
  return search === '' ? path : `${path}?${search}`;
}

export const proceed: GuardDecision = { kind: 'continue' };

export function proceedWith(effects: readonly GuardEffect[]): GuardDecision {
  return effects.length === 0 ? proceed : { kind: 'continue', effects };
}

export function redirectTo(url: string, status: RedirectStatus = 302, effects?: readonly GuardEffect[]): GuardDecision {
  return effects === undefined ? { kind: 'redirect', url, status } : { kind: 'redirect', url, status, effects };
}
