/**
 * What the navigation middleware knows about the tab. Browser-only module state: the
 * middleware runs only in the browser, and the server never writes here.
 */
import type { Location, PlayerGuardFacts } from '@betsite/domain';
import type { SiteConfig } from '@betsite/contracts';

interface TabState {
  site: SiteConfig | null;
  loggedIn: boolean;
  /** The player's ban level, terms to confirm, identification due (root data, then the terms poll); null for a visitor. */
  facts: PlayerGuardFacts | null;
  /** The app version the tab was loaded with. */
  loadedAppVersion: string | null;
  /** The location the router last committed (what the user sees). */
  location: Location | null;
  siteFetchedAt: number;
}

const state: TabState = { site: null, loggedIn: false, facts: null, loadedAppVersion: null, location: null, siteFetchedAt: 0 };

/** Called by the root component with its loader data. */
export function rememberRootData(site: SiteConfig, loggedIn: boolean, facts: PlayerGuardFacts | null = null): void {
  state.loadedAppVersion ??= site.appVersion;
  if (state.site === null || state.siteFetchedAt === 0) state.site = site;
  state.loggedIn = loggedIn;
  state.facts = loggedIn ? facts : null;
}

/** A change the tab learnt since the page loaded (terms status poll, a 451, an accept). */
export function rememberPlayerFacts(change: Partial<PlayerGuardFacts>): void {
  if (state.loggedIn && state.facts !== null) state.facts = { ...state.facts, ...change };
}

/** Called by the shell whenever the router commits a location. */
export function rememberLocation(location: Location): void {
  state.location = { pathname: location.pathname, search: location.search, hash: location.hash };
}

export function tabState(): Readonly<TabState> {
  return state;
}

/** Called by the background config refresh (site-refresh.ts). */
export function rememberFetchedSite(site: SiteConfig, now: number): void {
  state.site = site;
  state.siteFetchedAt = now;
}

/** A window event: a guard cancelled a client navigation (the page stays). */
export const NAVIGATION_CANCELLED_EVENT = 'betsite:navigation-cancelled';
export interface NavigationCancelled {
  reason: string;
  /** SPEC §9 ban code (45, 53) when a ban cancelled it. */
  code: number | null;
}
