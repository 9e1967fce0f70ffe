import { describe, expect, it } from 'vitest';
import { ListCache } from './list-cache.ts';

describe('list cache', () => {
  it('answers the same question from memory within its lifetime, then reads again', async () => {
    let now = 0;
    let reads = 0;
    const cache = new ListCache(1000, 10, () => now);
    const load = async () => ++reads;
    expect(await cache.get('a', load)).toBe(1);
    now = 999;
    expect(await cache.get('a', load)).toBe(1);
    now = 1000;
    expect(await cache.get('a', load)).toBe(2);
    expect(await cache.get('b', load)).toBe(3);
  });

  it('shares one read among questions asked at once', async () => {
    let reads = 0;
    let release: (v: number) => void = () => undefined;
    const cache = new ListCache(1000, 10, () => 0);
    const load = () => {
      reads++;
      return new Promise<number>((resolve) => (release = resolve));
    };
    const answers = Promise.all([cache.get('a', load), cache.get('a', load), cache.get('a', load)]);
    release(7);
    expect(await answers).toEqual([7, 7, 7]);
    expect(reads).toBe(1);
  });

  it('does not remember a failure', async () => {
    const cache = new ListCache(1000, 10, () => 0);
    await expect(cache.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await Promise.resolve();
    expect(await cache.get('a', async () => 'ok')).toBe('ok');
  });

  it('keeps at most its limit, dropping the oldest', async () => {
    let now = 0;
    const cache = new ListCache(1000, 3, () => now);
    for (const key of ['a', 'b', 'c', 'd']) {
      now += 1;
      await cache.get(key, async () => key);
    }
    expect(cache.size).toBe(3);
    let reread = false;
    await cache.get('a', async () => {
      reread = true;
      return 'a';
    });
    expect(reread).toBe(true);
  });

  it('with no lifetime, always reads', async () => {
    let reads = 0;
    const cache = new ListCache(0);
    await cache.get('a', async () => ++reads);
    await cache.get('a', async () => ++reads);
    expect(reads).toBe(2);
  });
});

describe('list answers of the line API, with the cache on', () => {
  it('reuses an answer for the same question and the same hidden sports, and reads afresh otherwise', async () => {
    const { createTestDb } = await import('@betsite/db/testing');
    const { buildTestApp, opsHeaders } = await import('../../testing.ts');
    const db = await createTestDb();
    const app = await buildTestApp(db, { env: { LINE_CACHE_TTL_MS: '60000' } });
    try {
      const make = (home: string) =>
        app.inject({ method: 'POST', url: '/ops-api/v1/games', headers: opsHeaders, payload: { sportId: 1, champName: 'Cache Cup', home, away: `${home} B`, live: true } });
      const count = async (url: string) => ((await app.inject({ url })).json() as { total: number }).total;
      await make('First');
      expect(await count('/web-api/line/v1/games?section=live')).toBe(1);
      await make('Second');
      // The same question within the lifetime: the remembered answer.
      expect(await count('/web-api/line/v1/games?section=live')).toBe(1);
      // Another question reads the database.
      expect(await count('/web-api/line/v1/games?section=live&limit=20')).toBe(2);
      // The game page is never cached.
      const res = await app.inject({ url: '/web-api/line/v1/games?section=live&limit=20' });
      const [game] = (res.json() as { games: { id: number }[] }).games;
      expect((await app.inject({ url: `/web-api/line/v1/games/${game?.id}` })).headers['cache-control']).toBe('no-cache');
    } finally {
      await app.close();
      await db.close();
    }
  });
});
