/**
 * The navigation guard is loaded off the critical path: its code (the domain's guard
 * pipeline, the service clients) comes in a separate chunk, fetched when the browser is
 * idle (SPEC §9 prefetch idle timeout 2000 ms) or at the latest on the first navigation.
 */
import type * as Middleware from './middleware.ts';

type GuardModule = typeof Middleware;

let loading: Promise<GuardModule> | null = null;

export function preloadGuards(): Promise<GuardModule> {
  loading ??= import('./middleware.ts').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

export const PREFETCH_IDLE_TIMEOUT_MS = 2000;

/** Starts loading the guard chunk when the browser is idle. */
export function prefetchGuardsWhenIdle(): () => void {
  const run = () => void preloadGuards().catch(() => {});
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: PREFETCH_IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, PREFETCH_IDLE_TIMEOUT_MS);
  return () => clearTimeout(id);
}

/** Root `clientMiddleware`: runs the guard pipeline before every client navigation. */
export async function navigationGuard(args: { request: Request }, next: () => Promise<unknown>): Promise<void> {
  const { guardMiddleware } = await preloadGuards();
  await guardMiddleware(args, next);
}
