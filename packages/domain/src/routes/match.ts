/**
 * Matching paths below the language prefix against the route table, the way React Router
 * does it for the web app (which mounts ROUTES under `:lng`), so the server's guards and
 * the client agree on the route of a url.
 */
import { withLanguage } from '../language.ts';
import { REDIRECTS, ROUTES, routeByName, type RedirectDef, type RouteDef } from './route-table.ts';

export type RouteParams = Readonly<Record<string, string>>;

export interface RouteMatch {
  route: RouteDef;
  params: RouteParams;
}

type Segment = { kind: 'static'; value: string } | { kind: 'param'; name: string };

interface Branch {
  route: RouteDef;
  segments: readonly Segment[];
  score: number;
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

/**
 * React Router's `explodeOptionalSegments`: every optional segment may be left out, so
 * `a/:b?/:c?` gives `a/:b/:c`, `a/:b`, `a/:c`, `a`, in this order (which decides ties).
 */
function explodeOptional(segments: readonly string[]): string[][] {
  const [first, ...rest] = segments;
  if (first === undefined) return [[]];
  const required = first.replace(/\?$/, '');
  const restExploded = explodeOptional(rest);
  const withFirst = restExploded.map((sub) => [required, ...sub]);
  return first.endsWith('?') ? [...withFirst, ...restExploded] : withFirst;
}

// React Router's `computeScore` weights. Paths are scored as mounted under `/:lng`, and the
// language root is an index route, so the figures equal the web app's.
const STATIC_VALUE = 10;
const DYNAMIC_VALUE = 3;
const EMPTY_VALUE = 1;
const INDEX_VALUE = 2;
const PARAM = /^:[\w-]+$/;

function score(segments: readonly string[]): number {
  const full = ['', ':lng', ...segments];
  const initial = full.length + (segments.length === 0 ? INDEX_VALUE : 0);
  return full.reduce(
    (sum, s) => sum + (PARAM.test(s) ? DYNAMIC_VALUE : s === '' ? EMPTY_VALUE : STATIC_VALUE),
    initial,
  );
}

function toSegment(s: string): Segment {
  return PARAM.test(s) ? { kind: 'param', name: s.slice(1) } : { kind: 'static', value: s.toLowerCase() };
}

function rankBranches(routes: readonly RouteDef[]): Map<number, Branch[]> {
  const branches = routes.flatMap((route) =>
    explodeOptional(segmentsOf(route.path)).map((exploded) => ({
      route,
      segments: exploded.map(toSegment),
      score: score(exploded),
    })),
  );
  // Array#sort is stable: equal scores keep table order, like React Router's siblings.
  branches.sort((a, b) => b.score - a.score);
  const byLength = new Map<number, Branch[]>();
  for (const b of branches) {
    const list = byLength.get(b.segments.length) ?? [];
    list.push(b);
    byLength.set(b.segments.length, list);
  }
  return byLength;
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function matchBranch(branch: Branch, parts: readonly string[]): RouteParams | null {
  const params: Record<string, string> = {};
  for (const [i, segment] of branch.segments.entries()) {
    const part = parts[i] ?? '';
    if (segment.kind === 'param') params[segment.name] = decode(part);
    else if (segment.value !== part.toLowerCase()) return null;
  }
  return params;
}

/** A matcher over any route table; `matchRoute` is the one over ROUTES. */
export function createRouteMatcher(routes: readonly RouteDef[]): (restPath: string) => RouteMatch | null {
  const byLength = rankBranches(routes);
  return (restPath) => {
    const parts = segmentsOf(restPath);
    for (const branch of byLength.get(parts.length) ?? []) {
      const params = matchBranch(branch, parts);
      if (params !== null) return { route: branch.route, params };
    }
    return null;
  };
}

/**
 * The route of a path below the language (`line/football`, leading and trailing slashes
 * ignored, static segments case-insensitive), or null when only the catch-all 404 fits.
 */
export const matchRoute: (restPath: string) => RouteMatch | null = createRouteMatcher(ROUTES);

export interface FixedRedirect {
  /** Target below the language prefix. */
  to: string;
  status: RedirectDef['status'];
  /** Query parameters to add to the target. */
  query: Readonly<Record<string, string>>;
}

function redirectTarget(def: RedirectDef, parts: readonly string[]): string | null {
  const from = segmentsOf(def.from.toLowerCase());
  const lowerParts = parts.map((p) => p.toLowerCase());
  if (from.at(-1) === '*') {
    const prefix = from.slice(0, -1);
    const matches = parts.length > prefix.length && prefix.every((s, i) => s === lowerParts[i]);
    return matches ? def.to.replace('$1', parts.slice(prefix.length).join('/')) : null;
  }
  const matches = from.length === parts.length && from.every((s, i) => s === lowerParts[i]);
  return matches ? def.to : null;
}

/** The first fixed redirect of REDIRECTS (SPEC §2) for a path below the language, if any. */
export function matchFixedRedirect(
  restPath: string,
  loggedIn: boolean,
  redirects: readonly RedirectDef[] = REDIRECTS,
): FixedRedirect | null {
  const parts = segmentsOf(restPath);
  for (const def of redirects) {
    if (def.guestOnly === true && loggedIn) continue;
    const to = redirectTarget(def, parts);
    if (to !== null) return { to, status: def.status, query: def.query ?? {} };
  }
  return null;
}

export type BuildParams = Readonly<Record<string, string | number | undefined>>;

/**
 * The path of a named route below the language, e.g. `buildRestPath('bonuses', { section:
 * 'casino' })` → `bonuses/casino`. Values are url-encoded. Throws on an unknown route, a
 * missing required param, or a param given after an omitted optional one (that url would
 * match other params).
 */
export function buildRestPath(name: string, params: BuildParams = {}): string {
  const route = routeByName(name);
  if (route === undefined) throw new Error(`unknown route "${name}"`);
  const out: string[] = [];
  let skipped: string | null = null;
  for (const raw of segmentsOf(route.path)) {
    const optional = raw.endsWith('?');
    const segment = raw.replace(/\?$/, '');
    const value = PARAM.test(segment) ? params[segment.slice(1)] : segment;
    if (value === undefined || value === '') {
      if (!optional) throw new Error(`route "${name}" needs param "${segment.slice(1)}"`);
      skipped ??= segment;
      continue;
    }
    if (skipped !== null) throw new Error(`route "${name}": "${segment}" given without "${skipped}"`);
    out.push(PARAM.test(segment) ? encodeURIComponent(String(value)) : segment);
  }
  return out.join('/');
}

/** The full path of a named route in a language: `buildPath('login', {}, 'en')` → `/en/user/login`. */
export function buildPath(name: string, params: BuildParams, lng: string): string {
  return withLanguage(lng, buildRestPath(name, params));
}

/**
 * Glob match of an operator pattern (urlsToRedirectTo404) against a path below the
 * language: `*` matches any run of characters, `/` included; slashes at either end are
 * ignored. Linear-time backtracking, so no pattern can blow up like a regex would.
 */
export function matchPattern(pattern: string, path: string): boolean {
  const p = segmentsOf(pattern).join('/');
  const s = segmentsOf(path).join('/');
  let pi = 0;
  let si = 0;
  let starPi = -1;
  let starSi = 0;
  while (si < s.length) {
    if (pi < p.length && p[pi] !== '*' && p[pi] === s[si]) {
      pi++;
      si++;
    } else if (pi < p.length && p[pi] === '*') {
      starPi = pi++;
      starSi = si;
    } else if (starPi !== -1) {
      pi = starPi + 1;
      si = ++starSi;
    } else {
      return false;
    }
  }
  while (p[pi] === '*') pi++;
  return pi === p.length;
}
