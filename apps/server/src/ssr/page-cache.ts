/**
 * A micro-cache of rendered pages (decisions 0005, 0032). SPEC pages are the same for every
 * visitor with the same url and display cookies, and the pages of the line are the same for
 * every player with the same url, display cookies and player variant (guard facts, hidden
 * sports) but for the player's id in the root data. Entries live a couple of seconds, so a
 * crowd arriving at once (a big match, a promotion mail, a crawler, every player refreshing
 * the home page) costs one render per page and second instead of one per request.
 *
 * Every page carries a per-request CSP nonce, and a player's page its player's id; a cached
 * body gets this response's ones on the way out (the old nonce is 128 random bits and the
 * old id a random UUID, so neither occurs anywhere else in the page).
 */
import { Negotiator } from '@fastify/accept-negotiator';
import { TtlCache } from '../lib/ttl-cache.ts';
import { GzipTemplate } from './gzip-template.ts';

/** Whether a client takes gzip. No answer cache: the header is the client's to choose, and a map of every value sent would grow without bound. */
const gzipNegotiator = new Negotiator({ supportedValues: ['gzip'] });

export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: string;
  nonce: string;
  /** The player the page was rendered for; null for a visitor's page. */
  userId: string | null;
  /** The body gzipped once with holes for the nonce and player (set by `precompress`). */
  gzip: GzipTemplate | null;
}

export class PageCache {
  private readonly entries: TtlCache<CachedPage>;

  constructor(ttlMs: number, maxEntries = 500) {
    this.entries = new TtlCache(ttlMs, maxEntries);
  }

  get enabled(): boolean {
    return this.entries.enabled;
  }

  /**
   * The key of a page: url plus the cookies that change what is rendered, and for a player
   * the variant that does (null for a visitor).
   */
  static key(url: string, cookies: Readonly<Record<string, string | undefined>>, renderCookies: readonly string[], playerVariant: string | null = null): string {
    const page = `${url}\n${renderCookies.map((name) => `${name}=${cookies[name] ?? ''}`).join(';')}`;
    return playerVariant === null ? page : `${page}\nplayer ${playerVariant}`;
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

  /**
   * Compresses the page once, in the thread pool (decision 0032); until it is done, and for
   * clients without gzip, hits are sent as `bodyFor` and compressed one by one.
   */
  static async precompress(page: CachedPage): Promise<void> {
    page.gzip = await GzipTemplate.of(page.body, [page.nonce, page.userId ?? '']);
  }

  /** The gzipped body for this response's nonce and player, or null (not compressed yet, or the client takes no gzip). */
  static gzipFor(page: CachedPage, acceptEncoding: string | undefined, nonce: string, userId: string | null): Buffer | null {
    if (page.gzip === null || gzipNegotiator.negotiate(acceptEncoding ?? '') !== 'gzip') return null;
    return page.gzip.render([nonce, userId ?? '']);
  }

  /** The cached body with its nonce (and player) replaced by this response's ones. */
  static bodyFor(page: CachedPage, nonce: string, userId: string | null): string {
    const body = page.body.replaceAll(page.nonce, nonce);
    if (page.userId === null || userId === null || userId === page.userId) return body;
    return body.replaceAll(page.userId, userId);
  }
}

/**
 * Pages being rendered for the cache, by key: requests for a key that is being rendered wait
 * for that render (null when it was not cacheable: they render themselves).
 */
export class RendersInFlight {
  private readonly pending = new Map<string, Promise<CachedPage | null>>();

  get(key: string): Promise<CachedPage | null> | undefined {
    return this.pending.get(key);
  }

  /** Marks `key` as being rendered; `settle` (first call wins) hands the page to the waiting requests. */
  start(key: string): { settle: (page: CachedPage | null) => void } {
    let resolve: (page: CachedPage | null) => void = () => undefined;
    const promise = new Promise<CachedPage | null>((r) => (resolve = r));
    this.pending.set(key, promise);
    let settled = false;
    return {
      settle: (page) => {
        if (settled) return;
        settled = true;
        if (this.pending.get(key) === promise) this.pending.delete(key);
        resolve(page);
      },
    };
  }
}
