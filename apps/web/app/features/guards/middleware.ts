/**
 * The client navigation guard: root `clientMiddleware` running the domain's guard pipeline
 * (phase `navigation`) before every client-side navigation, then carrying out its decision.
 *
 * Not guarded: the first render (the server ran the pipeline for the document), form
 * submissions and revalidations of the page the user is on (same path and query), which
 * also makes the `stay` answer of a cancelled navigation — a `replace` back to the current
 * location — pass through untouched.
 */
import { data, redirect, replace } from 'react-router';
import { RedirectCache, parseLocation, runGuardPipeline, type Location } from '@betsite/domain';
import { writeCookie } from '../../config/cookies.ts';
import { browserEnv, gatherNavigationContext, type BrowserEnv } from './facts.ts';
import { planNavigation, type NavigationPlan } from './plan.ts';
import { isGuardedNavigation } from './lazy.ts';
import { NAVIGATION_CANCELLED_EVENT, tabState, type NavigationCancelled } from './client-state.ts';
import { refreshSiteInBackground } from './site-refresh.ts';

const redirectCache = new RedirectCache();

/** Carries out a plan: cookies and logs first, then the action (by throwing, as React Router expects). */
export async function applyPlan(plan: NavigationPlan, win?: Pick<Window, 'location'> & Partial<Pick<Window, 'dispatchEvent'>>): Promise<void> {
  for (const c of plan.cookies) writeCookie(c.name, c.value, { maxAgeSeconds: c.maxAgeSeconds, path: c.path });
  for (const log of plan.logs) {
    if (log.level === 'error') console.error(log.message, log.data ?? {});
    else if (log.level === 'warn') console.warn(log.message, log.data ?? {});
  }
  const action = plan.action;
  switch (action.kind) {
    case 'proceed':
      return;
    case 'redirect':
      throw redirect(action.url, action.status);
    case 'replace':
      throw replace(action.url);
    case 'stay':
      // The shell tells the player why nothing happened (a ban: SPEC §9 code 45 or 53).
      (win ?? (typeof window === 'undefined' ? undefined : window))?.dispatchEvent?.(
        new CustomEvent<NavigationCancelled>(NAVIGATION_CANCELLED_EVENT, { detail: { reason: action.reason, code: action.code ?? null } }),
      );
      throw replace(action.url);
    case 'not-found':
      throw data(null, { status: 404, statusText: 'Not Found' });
    case 'reload':
      (win ?? window).location.assign(action.url);
      // Keep the navigation pending while the browser loads the new document.
      await new Promise<never>(() => {});
  }
}

export interface GuardRunInput {
  request: Request;
  from: Location | null;
  env: BrowserEnv;
}

/** Runs the pipeline for one navigation; null when this request is not a guarded navigation. */
export async function guardNavigation({ request, from, env }: GuardRunInput): Promise<NavigationPlan | null> {
  const tab = tabState();
  if (from === null || tab.site === null || !isGuardedNavigation(request, from, true)) return null;
  const url = new URL(request.url);
  const to = parseLocation(`${url.pathname}${url.search}${url.hash}`);
  const ctx = await gatherNavigationContext(
    { to, from, site: tab.site, user: { loggedIn: tab.loggedIn, facts: tab.facts }, loadedAppVersion: tab.loadedAppVersion ?? tab.site.appVersion, signal: request.signal },
    env,
  );
  return planNavigation(ctx, runGuardPipeline(ctx));
}

export async function guardMiddleware({ request }: { request: Request }, next: () => Promise<unknown>): Promise<void> {
  refreshSiteInBackground(Date.now());
  const plan = await guardNavigation({ request, from: tabState().location, env: browserEnv(redirectCache) });
  if (plan) await applyPlan(plan);
  await next();
}
