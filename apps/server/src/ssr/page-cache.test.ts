import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PageCache, RendersInFlight } from './page-cache.ts';

const page = (body: string, nonce = 'N0nce', userId: string | null = null) => ({ status: 200, headers: [['content-type', 'text/html']] as [string, string][], body, nonce, userId, gzip: null });

describe('PageCache', () => {
  it('serves an entry until it expires', () => {
    const cache = new PageCache(2000);
    cache.set('a', page('<p>a</p>'), 1000);
    expect(cache.get('a', 2999)?.body).toBe('<p>a</p>');
    expect(cache.get('a', 3000)).toBeUndefined();
  });

  it('keys pages by url and the display cookies only', () => {
    const names = ['lng', 'app_theme'];
    const a = PageCache.key('/en/', { app_theme: 'dark', refererid: '1' }, names);
    const b = PageCache.key('/en/', { app_theme: 'dark', refererid: '2' }, names);
    const c = PageCache.key('/en/', { app_theme: 'light' }, names);
    expect(a).toBe(b);
    expect(a).not.toBe(c);
    expect(PageCache.key('/en/line', {}, names)).not.toBe(PageCache.key('/en/', {}, names));
  });

  it('gives every response its own nonce', () => {
    const cached = page('<script nonce="abc">1</script><script nonce="abc">2</script>', 'abc');
    expect(PageCache.bodyFor(cached, 'xyz', null)).toBe('<script nonce="xyz">1</script><script nonce="xyz">2</script>');
  });

  it("keys a player's page by its variant too, apart from visitors' pages", () => {
    const names = ['app_theme'];
    const visitor = PageCache.key('/en/', {}, names);
    const player = PageCache.key('/en/', {}, names, '{"hidden":[]}');
    expect(player).not.toBe(visitor);
    expect(PageCache.key('/en/', {}, names, '{"hidden":[1]}')).not.toBe(player);
    expect(PageCache.key('/en/', { app_theme: 'dark' }, names, '{"hidden":[]}')).not.toBe(player);
  });

  it("gives a player's page this response's player", () => {
    const a = '3f0c7a52-5a8e-4d57-9a3e-1f1f6f2a9b10';
    const b = 'c3b1d3a0-0d7e-4a58-b6a4-2b9f0c1e7d22';
    const cached = page(`<script nonce="n1">{"userId":"${a}"}</script><p>${a}</p>`, 'n1', a);
    expect(PageCache.bodyFor(cached, 'n2', b)).toBe(`<script nonce="n2">{"userId":"${b}"}</script><p>${b}</p>`);
    expect(PageCache.bodyFor(cached, 'n2', a)).toBe(`<script nonce="n2">{"userId":"${a}"}</script><p>${a}</p>`);
  });

  it('keeps at most maxEntries, dropping the oldest', () => {
    const cache = new PageCache(10_000, 2);
    cache.set('a', page('a'), 0);
    cache.set('b', page('b'), 0);
    cache.set('c', page('c'), 0);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('b', 1)?.body).toBe('b');
    expect(cache.get('c', 1)?.body).toBe('c');
  });

  it('stores nothing when disabled (ttl 0)', () => {
    const cache = new PageCache(0);
    cache.set('a', page('a'), 0);
    expect(cache.get('a', 0)).toBeUndefined();
  });

  it("sends a precompressed page, with this response's nonce and player, to clients that take gzip", async () => {
    const [a, b] = ['3f0c7a52-5a8e-4d57-9a3e-1f1f6f2a9b10', 'c3b1d3a0-0d7e-4a58-b6a4-2b9f0c1e7d22'];
    const [n1, n2] = ['0123456789abcdef0123456789abcdef', 'fedcba9876543210fedcba9876543210'];
    const cached = page(`<script nonce="${n1}">{"userId":"${a}"}</script>${'<p>odds</p>'.repeat(500)}`, n1, a);
    expect(PageCache.gzipFor(cached, 'gzip', n2, b)).toBeNull();
    await PageCache.precompress(cached);
    const gzipped = PageCache.gzipFor(cached, 'gzip, deflate, br', n2, b);
    expect(gzipped).not.toBeNull();
    expect(gunzipSync(gzipped!).toString()).toBe(PageCache.bodyFor(cached, n2, b));
    expect(PageCache.gzipFor(cached, 'identity', n2, b)).toBeNull();
    expect(PageCache.gzipFor(cached, 'br', n2, b)).toBeNull();
    expect(PageCache.gzipFor(cached, undefined, n2, b)).toBeNull();
    // A visitor's page has no player hole.
    const visitor = page(`<script nonce="${n1}">1</script>`, n1);
    await PageCache.precompress(visitor);
    expect(gunzipSync(PageCache.gzipFor(visitor, 'gzip', n2, null)!).toString()).toBe(`<script nonce="${n2}">1</script>`);
  });

  it('lets requests wait for the render in flight of their key, and forgets it once settled', async () => {
    const renders = new RendersInFlight();
    expect(renders.get('a')).toBeUndefined();
    const first = renders.start('a');
    const waiting = [renders.get('a'), renders.get('a')];
    const rendered = page('<p>a</p>');
    first.settle(rendered);
    first.settle(null);
    expect(await Promise.all(waiting)).toEqual([rendered, rendered]);
    expect(renders.get('a')).toBeUndefined();
    // A render that could not be cached hands the waiting requests nothing: they render themselves.
    const second = renders.start('a');
    const waiter = renders.get('a');
    second.settle(null);
    expect(await waiter).toBeNull();
  });
});
