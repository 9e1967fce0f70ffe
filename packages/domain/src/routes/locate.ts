/**
 * From a url to the facts the guards read: its parts, its language segment and its route.
 * Adapters build `GuardContext.location`, `route` and `params` with these.
 */
import { splitLanguage } from '../language.ts';
import type { Location } from '../guards/types.ts';
import { matchRoute, type RouteParams } from './match.ts';
import type { RouteDef } from './route-table.ts';

/** Splits `/en/line?x=1#top` into pathname, search (`?…` or '') and hash (`#…` or ''). */
export function parseLocation(href: string): Location {
  const hashAt = href.indexOf('#');
  const beforeHash = hashAt === -1 ? href : href.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : href.slice(hashAt);
  const queryAt = beforeHash.indexOf('?');
  const pathname = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const search = queryAt === -1 ? '' : beforeHash.slice(queryAt);
  return { pathname: pathname === '' ? '/' : pathname, search: search === '?' ? '' : search, hash: hash === '#' ? '' : hash };
}

export function formatLocation(location: Location): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

export interface LocatedRoute {
  lng: string | null;
  rest: string;
  route: RouteDef | null;
  params: RouteParams;
}

/** The route of a full pathname (language prefix optional). */
export function locateRoute(pathname: string): LocatedRoute {
  const { lng, rest } = splitLanguage(pathname);
  const match = matchRoute(rest);
  return { lng, rest, route: match?.route ?? null, params: match?.params ?? {} };
}
