import { describe, expect, it } from 'vitest';
import { PageCache } from './page-cache.ts';

const page = (body: string, nonce = 'N0nce') => ({ status: 200, headers: [['content-type', 'text/html']] as [string, string][], body, nonce });

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
    expect(PageCache.bodyWithNonce(cached, 'xyz')).toBe('<script nonce="xyz">1</script><script nonce="xyz">2</script>');
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
});
