/**
 * What the navigation middleware knows about the tab. Browser-only module state: the
 * middleware runs only in the browser, and the server never writes here.
 */
import type { Location } from '@betsite/domain';
import type { SiteConfig } from '@betsite/contracts';

interface TabState {
  site: SiteConfig | null;
  loggedIn: boolean;
  /** The app version the tab was loaded with. */
  loadedAppVersion: string | null;
  /** The location the router last committed (what the user sees). */
  location: Location | null;
  siteFetchedAt: number;
}

const state: TabState = { site: null, loggedIn: false, loadedAppVersion: null, location: null, siteFetchedAt: 0 };

/** Called by the root component with its loader data. */
export function rememberRootData(site: SiteConfig, loggedIn: boolean): void {
  state.loadedAppVersion ??= site.appVersion;
  if (state.site === null || state.siteFetchedAt === 0) state.site = site;
  state.loggedIn = loggedIn;
}

/** Called by the shell whenever the router commits a location. */
export function rememberLocation(location: Location): void {
  state.location = { pathname: location.pathname, search: location.search, hash: location.hash };
}

export function tabState(): Readonly<TabState> {
  return state;
}

/** SPEC §9: the update check starts after 60 s; the config is re-read at most once a minute. */
export const SITE_REFRESH_MS = 60_000;

function looksLikeSiteConfig(v: unknown): v is SiteConfig {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return typeof o['appVersion'] === 'string' && Array.isArray(o['languages']) && typeof o['maintenance'] === 'object' && typeof o['flags'] === 'object';
}

/**
 * Re-reads the site config in the background (never delays a navigation): a newer app
 * version or switched-on maintenance reaches the guards on a later navigation.
 */
export function refreshSiteInBackground(now: number, fetchFn: typeof fetch = fetch): void {
  if (now - state.siteFetchedAt < SITE_REFRESH_MS && state.siteFetchedAt !== 0) return;
  if (state.siteFetchedAt === 0) {
    state.siteFetchedAt = now; // the first minute runs on the config the page came with
    return;
  }
  state.siteFetchedAt = now;
  fetchFn('/bff-api/config/all.json', { headers: { accept: 'application/json' }, credentials: 'same-origin' })
    .then((r) => (r.ok ? r.json() : null))
    .then((body: unknown) => {
      if (looksLikeSiteConfig(body)) state.site = body;
    })
    .catch((error: unknown) => console.warn('site config refresh failed', error));
}
