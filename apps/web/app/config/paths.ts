/**
 * Typed paths: route names of the domain route table (and the navigation names of SPEC §2)
 * → urls in a language. Wraps the domain's `buildPath`; never concatenate urls by hand.
 *
 * Route names are derived from the route table through React Router's generated types:
 * `routes.ts` mounts every ROUTES entry with its name as route id, so the ids of the
 * generated `routeFiles` are exactly the table's names, and each carries its params.
 */
import { useParams } from 'react-router';
import type { Register } from 'react-router';
import { buildPath, routeByName } from '@betsite/domain';

type RouteEntry = Register['routeFiles'][keyof Register['routeFiles']];
/** Ids that are not pages of the route table. */
type ShellRouteId = 'root' | 'lng' | 'not-found' | 'root-not-found';

/** Every route name of the domain route table. */
export type RouteName = Exclude<RouteEntry['id'], ShellRouteId>;

type PageOf<N extends RouteName> = Extract<RouteEntry, { id: N }>['page'];
type StringParams<P> = { [K in keyof P]: P[K] extends string ? string | number : string | number | undefined };
/** The params a route takes (its path params without the language). */
export type RouteParamsOf<N extends RouteName> = StringParams<Omit<Register['pages'][PageOf<N>]['params'], 'lng'>>;

/**
 * Navigation names of SPEC §2 "Route names used in navigation" that are not route names
 * themselves, with the route (and query) they lead to.
 */
interface NavTarget {
  route: RouteName;
  params?: Readonly<Record<string, string>>;
  query?: Readonly<Record<string, string>>;
}

export const NAV_TARGETS = {
  forgotpassword: { route: 'home', query: { modal: 'forgot-password' } },
  'confirm-terms': { route: 'confirm' },
  'convert-account': { route: 'office-account', query: { convert: '1' } },
  'account-identification': { route: 'office-identification' },
  recharge: { route: 'office-recharge' },
  account: { route: 'office-account' },
  authApp: { route: 'login' },
  'live-casino': { route: 'casino', params: { subcategory: 'live' } },
  'virtual-sports': { route: 'virtualsports' },
  'other-games': { route: 'othergames' },
  'tv-games': { route: 'tvgames' },
  partners: { route: 'ourpartners' },
  'hunting-and-fishing': { route: 'fishinghunting' },
  'games-project': { route: 'games' },
  'cyber-real': { route: 'cyber', params: { type: 'real' } },
} as const satisfies Record<string, NavTarget>;

export type NavName = keyof typeof NAV_TARGETS;

/** Params of navigation names that take one (SPEC §2: bonus (id), promotionsFullRoute (promotionId) …). */
interface NavWithParams {
  bonus: { id: string | number };
  promotionsFullRoute: { promotionId: string | number };
  'toto-frame': { totoSection?: string | number };
  'games-view': { gameRoute: string };
}

export type PathName = RouteName | NavName | keyof NavWithParams;

type ParamsArg<N extends PathName> = N extends keyof NavWithParams
  ? [params: NavWithParams[N], query?: QueryInit]
  : N extends RouteName
    ? Record<never, never> extends RouteParamsOf<N>
      ? [params?: RouteParamsOf<N>, query?: QueryInit]
      : [params: RouteParamsOf<N>, query?: QueryInit]
    : [params?: undefined, query?: QueryInit];

export type QueryInit = Readonly<Record<string, string | number | undefined>>;

export interface Paths {
  readonly lng: string;
  /** The url of a named route in this language, e.g. `to('login')` → `/en/user/login`. */
  to<N extends PathName>(name: N, ...args: ParamsArg<N>): string;
}

function withQuery(path: string, ...queries: (QueryInit | undefined)[]): string {
  const search = new URLSearchParams();
  for (const query of queries) {
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) search.set(k, String(v));
  }
  const s = search.toString();
  return s === '' ? path : `${path}?${s}`;
}

function resolveNav(name: PathName, params: Readonly<Record<string, string | number | undefined>> | undefined): {
  route: string;
  params: Readonly<Record<string, string | number | undefined>>;
  query: QueryInit | undefined;
} {
  switch (name) {
    case 'bonus':
      return { route: 'bonus-casino-id', params: params ?? {}, query: undefined };
    case 'promotionsFullRoute':
      return { route: 'promotions', params: params ?? {}, query: undefined };
    case 'toto-frame':
      return { route: 'toto', params: params ?? {}, query: undefined };
  }
  const nav = (NAV_TARGETS as Record<string, NavTarget>)[name];
  if (nav) return { route: nav.route, params: { ...nav.params, ...params }, query: nav.query };
  return { route: name, params: params ?? {}, query: undefined };
}

/** Paths bound to a language. */
export function pathsFor(lng: string): Paths {
  return {
    lng,
    to(name, ...args) {
      const [params, query] = args as [Readonly<Record<string, string | number | undefined>> | undefined, QueryInit | undefined];
      const target = resolveNav(name, params);
      if (routeByName(target.route) === undefined) throw new Error(`paths.to: unknown route "${target.route}"`);
      return withQuery(buildPath(target.route, target.params, lng), target.query, query);
    },
  };
}

/** Paths in the language of the current url. */
export function usePaths(): Paths {
  const { lng = 'ru' } = useParams();
  return pathsFor(lng);
}

/** The current url's route in the table, used for layout and heading choices. */
export { routeByName };
