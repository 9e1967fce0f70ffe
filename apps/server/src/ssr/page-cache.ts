/**
 * A micro-cache of rendered pages for visitors (SPEC pages are the same for every visitor
 * with the same url and display cookies). Entries live a couple of seconds, so a crowd
 * arriving at once (a big match, a promotion mail, a crawler) costs one render per page and
 * second instead of one per request. Logged-in players are never served from it.
 *
 * Every page carries a per-request CSP nonce; a cached body gets a fresh one on the way out
 * (the old nonce is 128 random bits, so it occurs nowhere else in the page).
 */
import { TtlCache } from '../lib/ttl-cache.ts';

export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: string;
  nonce: string;
}

export class PageCache {
  private readonly entries: TtlCache<CachedPage>;

  constructor(ttlMs: number, maxEntries = 500) {
    this.entries = new TtlCache(ttlMs, maxEntries);
  }

  get enabled(): boolean {
    return this.entries.enabled;
  }

  /** The key of a visitor's page: url plus the cookies that change what is rendered. */
  static key(url: string, cookies: Readonly<Record<string, string | undefined>>, renderCookies: readonly string[]): string {
    return `${url}\n${renderCookies.map((name) => `${name}=${cookies[name] ?? ''}`).join(';')}`;
  }

  get(key: string, now: number): CachedPage | undefined {
    return this.entries.get(key, now);
  }

  set(key: string, page: CachedPage, now: number): void {
    this.entries.set(key, page, now);
  }

  clear(): void {
    this.entries.clear();
  }

  /** The cached body with its nonce replaced by this response's one. */
  static bodyWithNonce(page: CachedPage, nonce: string): string {
    return page.body.replaceAll(page.nonce, nonce);
  }
}
