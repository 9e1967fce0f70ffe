/**
 * A micro-cache of rendered pages for visitors (SPEC pages are the same for every visitor
 * with the same url and display cookies). Entries live a couple of seconds, so a crowd
 * arriving at once (a big match, a promotion mail, a crawler) costs one render per page and
 * second instead of one per request. Logged-in players are never served from it.
 *
 * Every page carries a per-request CSP nonce; a cached body gets a fresh one on the way out
 * (the old nonce is 128 random bits, so it occurs nowhere else in the page).
 */
export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: string;
  nonce: string;
  expiresAt: number;
}

export class PageCache {
  private readonly entries = new Map<string, CachedPage>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** The key of a visitor's page: url plus the cookies that change what is rendered. */
  static key(url: string, cookies: Readonly<Record<string, string | undefined>>, renderCookies: readonly string[]): string {
    return `${url}\n${renderCookies.map((name) => `${name}=${cookies[name] ?? ''}`).join(';')}`;
  }

  get(key: string, now: number): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  set(key: string, page: Omit<CachedPage, 'expiresAt'>, now: number): void {
    if (!this.enabled) return;
    this.entries.delete(key);
    this.entries.set(key, { ...page, expiresAt: now + this.ttlMs });
    // Map keeps insertion order: the first key is the oldest.
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
  }

  /** The cached body with its nonce replaced by this response's one. */
  static bodyWithNonce(page: CachedPage, nonce: string): string {
    return page.body.replaceAll(page.nonce, nonce);
  }
}
