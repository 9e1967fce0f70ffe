/** Stage `server-rerender-check`: applying the redirect service's answer (SPEC §5, §9). */
import { proceed, proceedWith, redirectTo } from './context.ts';
import type { Guard, RedirectAnswer, RedirectStatus } from './types.ts';

const STATUSES: readonly number[] = [301, 302, 307, 308] satisfies RedirectStatus[];

function isStatus(code: number): code is RedirectStatus {
  return STATUSES.includes(code);
}

/**
 * SPEC §5: a redirect applies only when code, url, reasons and breadcrumbs are all present.
 * A target equal to the current url, or already in the breadcrumbs, would loop: dropped.
 */
export const serverRerenderCheckGuard: Guard = (ctx) => {
  const answer = ctx.redirect;
  if (answer === null || !answer.redirect) return proceed;
  const { code, url, reasons, breadcrumbs } = answer;
  if (code === undefined || !isStatus(code) || url === undefined || url === '' || reasons === undefined || breadcrumbs === undefined) {
    return proceedWith([{ kind: 'log', level: 'error', message: 'redirect service format error', data: { answer } }]);
  }
  const current = `${ctx.location.pathname}${ctx.location.search}`;
  if (url === current || url === ctx.location.pathname || breadcrumbs.includes(url)) {
    return proceedWith([{ kind: 'log', level: 'warn', message: 'cyclic redirect dropped', data: { url, breadcrumbs } }]);
  }
  return redirectTo(url, code);
};

/** SPEC §9 "redirect logic cache up to 20 entries". */
export const REDIRECT_CACHE_MAX_ENTRIES = 20;

/**
 * Answers of the redirect service by url, least recently used evicted first. Pure data:
 * expiry, if any, is the adapter's business.
 */
export class RedirectCache {
  readonly #entries = new Map<string, RedirectAnswer>();
  readonly maxEntries: number;

  constructor(maxEntries: number = REDIRECT_CACHE_MAX_ENTRIES) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new RangeError('maxEntries must be a positive integer');
    this.maxEntries = maxEntries;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(url: string): RedirectAnswer | undefined {
    const answer = this.#entries.get(url);
    if (answer !== undefined) {
      // Map keeps insertion order: re-inserting marks the entry most recently used.
      this.#entries.delete(url);
      this.#entries.set(url, answer);
    }
    return answer;
  }

  set(url: string, answer: RedirectAnswer): void {
    this.#entries.delete(url);
    this.#entries.set(url, answer);
    if (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (oldest.done !== true) this.#entries.delete(oldest.value);
    }
  }

  clear(): void {
    this.#entries.clear();
  }
}
