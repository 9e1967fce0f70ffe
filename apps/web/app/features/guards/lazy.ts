/**
 * The navigation guard is loaded off the critical path: its code (the domain's guard
 * pipeline, the service clients) comes in a separate chunk, fetched at the first sign that
 * the user is about to navigate (a pointer over a link, a link focused, a touch) or at the
 * latest on the first navigation. The first page load stays within its JavaScript budget.
 */
import type { Location } from '@betsite/domain';
import type * as Middleware from './middleware.ts';
import { tabState } from './client-state.ts';

type GuardModule = typeof Middleware;

let loading: Promise<GuardModule> | null = null;

export function preloadGuards(): Promise<GuardModule> {
  loading ??= import('./middleware.ts').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

const INTENT_EVENTS = ['pointerover', 'focusin', 'touchstart'] as const;

/** Starts loading the guard chunk on the first intent to follow a link; returns a cleanup. */
export function prefetchGuardsOnIntent(): () => void {
  const stop = () => INTENT_EVENTS.forEach((type) => document.removeEventListener(type, onIntent, true));
  function onIntent(event: Event) {
    if (!(event.target instanceof Element) || !event.target.closest('a[href]')) return;
    stop();
    void preloadGuards().catch(() => {});
  }
  INTENT_EVENTS.forEach((type) => document.addEventListener(type, onIntent, { capture: true, passive: true }));
  return stop;
}

/**
 * Whether the pipeline decides this request: a GET of another page (path or query; the hash
 * does not count) once the
 * tab knows its site and location. Form submissions and revalidations of the page shown
 * pass through (middleware.ts `guardNavigation` asks the same).
 */
export function isGuardedNavigation(request: Pick<Request, 'method' | 'url'>, from: Location | null, hasSite: boolean): boolean {
  if (from === null || !hasSite || request.method !== 'GET') return false;
  const url = new URL(request.url);
  return url.pathname !== from.pathname || url.search !== from.search;
}

/** Root `clientMiddleware`: runs the guard pipeline before every client navigation. */
export async function navigationGuard(args: { request: Request }, next: () => Promise<unknown>): Promise<void> {
  // A live listing revalidates its page every few seconds: until the first guarded
  // navigation that needs no guard chunk (~38 KB of the first load, its schemas included).
  const tab = tabState();
  if (loading === null && !isGuardedNavigation(args.request, tab.location, tab.site !== null)) {
    await next();
    return;
  }
  const { guardMiddleware } = await preloadGuards();
  await guardMiddleware(args, next);
}
