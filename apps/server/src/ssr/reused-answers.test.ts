import { describe, expect, it } from 'vitest';
import fastify, { type FastifyInstance } from 'fastify';
import { reusableFor, ReusedAnswers } from './reused-answers.ts';
import { injectFetch } from './web-request.ts';

describe('reusableFor', () => {
  it("answers an answer's max-age in seconds", () => {
    expect(reusableFor('private, max-age=2', undefined)).toBe(2);
    expect(reusableFor('public, max-age=600, stale-while-revalidate=300', 'accept-encoding')).toBe(600);
    expect(reusableFor('max-age="5"', 'Accept-Encoding')).toBe(5);
  });

  it('never reuses what must not be, or varies by more than the encoding', () => {
    expect(reusableFor(undefined, undefined)).toBe(0);
    expect(reusableFor('private', undefined)).toBe(0);
    expect(reusableFor('no-store', undefined)).toBe(0);
    expect(reusableFor('max-age=5, no-cache', undefined)).toBe(0);
    expect(reusableFor('private, max-age=2', 'accept-encoding, cookie')).toBe(0);
    expect(reusableFor('private, max-age=2', '*')).toBe(0);
  });
});

describe('ReusedAnswers', () => {
  const answer = (payload: string) => ({ status: 200, payload });

  it('gives an answer back until its seconds are over', () => {
    let now = 1_000;
    const reused = new ReusedAnswers(1_000, () => now);
    reused.keep('q', answer('{"a":1}'), 2, null, 0);
    now = 2_999;
    expect(reused.get('q')?.payload).toBe('{"a":1}');
    now = 3_000;
    expect(reused.get('q')).toBeUndefined();
    expect(reused.size).toBe(0);
  });

  it('forgets the least recently used past its budget, and keeps nothing larger than it', () => {
    const reused = new ReusedAnswers(10);
    reused.keep('a', answer('aaaa'), 60, null, 0);
    reused.keep('b', answer('bbbb'), 60, null, 0);
    expect(reused.get('a')?.payload).toBe('aaaa');
    reused.keep('c', answer('cccc'), 60, null, 0);
    expect(reused.get('b')).toBeUndefined();
    expect(reused.get('a')?.payload).toBe('aaaa');
    expect(reused.get('c')?.payload).toBe('cccc');
    reused.keep('big', answer('x'.repeat(11)), 60, null, 0);
    expect(reused.get('big')).toBeUndefined();
  });

  it('drops an answer kept again with no time to live', () => {
    const reused = new ReusedAnswers(100);
    reused.keep('q', answer('old'), 60, null, 0);
    reused.keep('q', answer('new'), 0, null, 0);
    expect(reused.get('q')).toBeUndefined();
  });
});

describe("a player's kept answers", () => {
  const answer = { status: 200, payload: '{}' };

  it('are forgotten when what the line shows the player changes, and only theirs', () => {
    const reused = new ReusedAnswers(1_000);
    reused.keep('a1', answer, 60, 'a', reused.generationOf('a'));
    reused.keep('b1', answer, 60, 'b', reused.generationOf('b'));
    reused.keep('v1', answer, 60, null, reused.generationOf(null));
    reused.forgetViewer('a');
    expect(reused.get('a1')).toBeUndefined();
    expect(reused.get('b1')).toBeDefined();
    expect(reused.get('v1')).toBeDefined();
  });

  it('are not kept when asked for before the change and answered after it', () => {
    const reused = new ReusedAnswers(1_000);
    const asked = reused.generationOf('a');
    reused.forgetViewer('a');
    reused.keep('a1', answer, 60, 'a', asked);
    expect(reused.get('a1')).toBeUndefined();
    reused.keep('a1', answer, 60, 'a', reused.generationOf('a'));
    expect(reused.get('a1')).toBeDefined();
  });
});

describe("a page's in-process reads", () => {
  /** An API that counts its calls, and a page route that reads it twice through injectFetch. */
  async function site(cacheControl: string | null, status = 200): Promise<{ app: FastifyInstance; calls: () => number }> {
    const app = fastify();
    const reused = new ReusedAnswers(1_000_000);
    let calls = 0;
    app.get('/api/list', async (request, reply) => {
      calls++;
      if (cacheControl !== null) reply.header('cache-control', cacheControl);
      return reply.status(status).send({ calls, language: request.headers['accept-language'] ?? null });
    });
    app.get('/page', async (request) => {
      // `?fresh=1` stands for a client navigation's data request.
      const fetch = injectFetch(request, reused, { fresh: (request.query as { fresh?: string }).fresh === '1' });
      const first = await fetch('/api/list', {});
      const second = await fetch('/api/list', {});
      return { first: await first.json(), second: await second.json(), ok: second.ok, status: second.status };
    });
    await app.ready();
    return { app, calls: () => calls };
  }

  it('reads an answer that may be reused once for the same visitor, and again for another', async () => {
    const { app, calls } = await site('private, max-age=60');
    const page = await app.inject({ url: '/page', headers: { cookie: 'user_token=a', 'accept-language': 'en' } });
    expect(page.json()).toEqual({ first: { calls: 1, language: 'en' }, second: { calls: 1, language: 'en' }, ok: true, status: 200 });
    await app.inject({ url: '/page', headers: { cookie: 'user_token=a', 'accept-language': 'en' } });
    expect(calls()).toBe(1);
    // Another player, another language: their own answers.
    expect((await app.inject({ url: '/page', headers: { cookie: 'user_token=b', 'accept-language': 'en' } })).json().first.calls).toBe(2);
    expect((await app.inject({ url: '/page', headers: { cookie: 'user_token=a', 'accept-language': 'de' } })).json().first).toEqual({ calls: 3, language: 'de' });
    await app.close();
  });

  it("reads afresh for a client navigation's data, and keeps that answer for the next page", async () => {
    const { app, calls } = await site('private, max-age=60');
    await app.inject({ url: '/page' });
    expect(calls()).toBe(1);
    // A revalidation after a live change: both reads go to the API, the answer as it is now.
    const revalidated = (await app.inject({ url: '/page?fresh=1' })).json();
    expect([revalidated.first.calls, revalidated.second.calls]).toEqual([2, 3]);
    // The next document reads what the revalidation was answered.
    expect((await app.inject({ url: '/page' })).json().first.calls).toBe(3);
    expect(calls()).toBe(3);
    await app.close();
  });

  it('asks again for an answer without a max-age, and for an error', async () => {
    for (const [cacheControl, status] of [[null, 200], ['no-store', 200], ['private, max-age=60', 404]] as const) {
      const { app, calls } = await site(cacheControl, status);
      const page = (await app.inject({ url: '/page' })).json();
      expect(page.second.calls).toBe(2);
      expect(page.ok).toBe(status === 200);
      expect(page.status).toBe(status);
      expect(calls()).toBe(2);
      await app.close();
    }
  });
});
