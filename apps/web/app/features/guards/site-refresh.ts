/**
 * Re-reads the site config in the background (never delays a navigation), so a newer app
 * version or switched-on maintenance reaches the guards on a later navigation. SPEC §9:
 * the config is loaded with 5 tries, 1 s apart; we re-read it at most once a minute.
 */
import { CONFIG_LOAD_RETRY, retry } from '@betsite/domain';
import { SiteConfigSchema } from '@betsite/contracts';
import { rememberFetchedSite, tabState } from './client-state.ts';
import type { Fetch, Sleep } from './services.ts';

export const SITE_REFRESH_MS = 60_000;
export const SITE_CONFIG_URL = '/bff-api/config/all.json';

let lastStarted = 0;

export async function loadSiteConfig(fetchFn: Fetch, sleep: Sleep) {
  return retry(
    async () => {
      const response = await fetchFn(SITE_CONFIG_URL, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
      if (!response.ok) throw new Error(`${SITE_CONFIG_URL} answered ${response.status}`);
      return SiteConfigSchema.parse(await response.json());
    },
    CONFIG_LOAD_RETRY,
    sleep,
  );
}

export function refreshSiteInBackground(
  now: number,
  fetchFn: Fetch = fetch,
  sleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): void {
  // The first minute runs on the config the page came with.
  if (lastStarted === 0) lastStarted = now;
  if (now - lastStarted < SITE_REFRESH_MS || tabState().site === null) return;
  lastStarted = now;
  void loadSiteConfig(fetchFn, sleep).then((outcome) => {
    if (outcome.ok) rememberFetchedSite(outcome.value, Date.now());
    else console.warn('site config refresh failed', outcome.error);
  });
}
