/**
 * Fact gathering for the guard pipeline on client navigation. Everything the browser
 * provides comes in through `BrowserEnv`, so tests hand in plain values and a mocked fetch.
 */
import { locateRoute, userFactsOf, type GuardContext, type Location, type PlayerGuardFacts, type RedirectCache } from '@betsite/domain';
import type { SiteConfig } from '@betsite/contracts';
import { parseCookies } from '../../config/cookies.ts';
import { askBlockService, askRedirectService, type Fetch, type Sleep } from './services.ts';

export interface BrowserEnv {
  /** `document.cookie`. */
  cookie: string;
  /** `navigator.languages`. */
  languages: readonly string[];
  userAgent: string;
  maxTouchPoints: number;
  fetch: Fetch;
  sleep: Sleep;
  now: () => number;
  redirectCache: RedirectCache;
  log: (level: 'warn' | 'error', message: string) => void;
}

export interface NavigationFacts {
  /** Where the navigation goes (path, search, hash). */
  to: Location;
  /** The location the user is on. */
  from: Location;
  /** The latest site config the tab knows. */
  site: SiteConfig;
  /** A player's facts (ban, terms, identification) as the tab knows them; null for a visitor. */
  user: { loggedIn: boolean; facts?: PlayerGuardFacts | null };
  /** The app version this tab runs (the one it was loaded with). */
  loadedAppVersion: string;
  signal?: AbortSignal;
}

/** `navigator.languages` as an Accept-Language value (`en-US,en;q=0.9,…`). */
export function acceptLanguageOf(languages: readonly string[]): string {
  return languages
    .filter((l) => l.trim() !== '')
    .map((l, i) => (i === 0 ? l : `${l};q=${Math.max(0.1, 1 - i * 0.1).toFixed(1)}`))
    .join(',');
}

export function browserEnv(redirectCache: RedirectCache): BrowserEnv {
  return {
    cookie: document.cookie,
    languages: navigator.languages ?? [navigator.language],
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    fetch: (input, init) => fetch(input, init),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    now: () => Date.now(),
    redirectCache,
    log: (level, message) => (level === 'error' ? console.error(message) : console.warn(message)),
  };
}

export async function gatherNavigationContext(facts: NavigationFacts, env: BrowserEnv): Promise<GuardContext> {
  const located = locateRoute(facts.to.pathname);
  const [block, redirect] = await Promise.all([
    askBlockService(env.fetch, env.sleep, { auth: facts.user.loggedIn, url: facts.to.pathname }, facts.signal),
    askRedirectService(env.fetch, env.redirectCache, facts.to.pathname, (m) => env.log('warn', m), facts.signal),
  ]);
  return {
    location: facts.to,
    from: facts.from,
    phase: 'navigation',
    route: located.route,
    params: located.params,
    site: facts.site,
    user: userFactsOf(facts.user.loggedIn, facts.user.facts ?? null),
    cookies: parseCookies(env.cookie),
    acceptLanguage: acceptLanguageOf(env.languages),
    device: { userAgent: env.userAgent, maxTouchPoints: env.maxTouchPoints },
    block,
    redirect,
    loadedAppVersion: facts.loadedAppVersion,
    now: env.now(),
  };
}
