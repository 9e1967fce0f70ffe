/**
 * Line answers compressed once per content (compressed-answers.ts): the same text gets the
 * bytes of its one compression, a changed text is compressed again, and the route's answers
 * decompress to the same body as without compression.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDb, type TestDb } from '@betsite/db/testing';
import { LINE_API_BASE } from '@betsite/contracts';
import { SPORT } from '@betsite/domain';
import { buildTestApp, opsHeaders } from '../../testing.ts';
import { CompressionMemo, rememberingZlib } from './compressed-answers.ts';

const text = (n: number, length = 5_000) => Buffer.from(JSON.stringify({ n, pad: 'x'.repeat(length) }));

describe('CompressionMemo', () => {
  it('answers the same bytes with the one output, and other bytes with their own', () => {
    let calls = 0;
    const memo = new CompressionMemo((input) => {
      calls++;
      return gzipSync(input);
    }, 2);
    const a = memo.run(text(1));
    expect(memo.run(text(1))).toBe(a);
    expect(gunzipSync(a).equals(text(1))).toBe(true);
    // The same length, other bytes: compressed, and the answer is its own.
    const b = memo.run(text(2));
    expect(gunzipSync(b).equals(text(2))).toBe(true);
    expect(calls).toBe(2);
    expect(memo.run(text(2))).toBe(b);
    expect(calls).toBe(2);
  });

  it('keeps the last inputs used, up to its size', () => {
    let calls = 0;
    const memo = new CompressionMemo((input) => {
      calls++;
      return gzipSync(input);
    }, 2);
    memo.run(text(1, 100));
    memo.run(text(2, 200));
    memo.run(text(1, 100));
    memo.run(text(3, 300)); // drops 2, the least recently used
    expect(calls).toBe(3);
    memo.run(text(1, 100));
    expect(calls).toBe(3);
    memo.run(text(2, 200));
    expect(calls).toBe(4);
    expect(memo.stats).toEqual({ hits: 2, misses: 4, entries: 2 });
  });

  it('compresses tiny inputs every time', () => {
    const memo = new CompressionMemo((input) => gzipSync(input));
    expect(gunzipSync(memo.run(Buffer.from('ab'))).toString()).toBe('ab');
    expect(memo.stats.entries).toBe(0);
  });

  it('offers each synchronous compressor @fastify/compress uses', () => {
    const zlib = rememberingZlib();
    const input = text(7);
    expect(gunzipSync(zlib.gzipSync(input)).equals(input)).toBe(true);
    expect(zlib.gzipSync(input)).toBe(zlib.gzipSync(input));
    expect(Object.keys(zlib).sort()).toEqual(['brotliCompressSync', 'deflateSync', 'gzipSync']);
  });
});

describe('line answers through the compressor that remembers', () => {
  let db: TestDb;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await createTestDb();
    app = await buildTestApp(db);
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('gzips to the same bytes as the plain answer, each encoding on its own', async () => {
    const made = await app.inject({ method: 'POST', url: '/ops-api/v1/games', headers: opsHeaders, payload: { sportId: SPORT.football, champName: 'Memo League', home: 'Memo A', away: 'Memo B' } });
    expect(made.statusCode, made.body).toBeLessThan(300);
    const url = `${LINE_API_BASE}/games/${(made.json() as { game: { id: number } }).game.id}`;
    const plain = await app.inject({ url });
    expect(plain.statusCode).toBe(200);
    expect(plain.body.length).toBeGreaterThan(1024);
    const gzipped = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    const again = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
    expect(again.rawPayload.equals(gzipped.rawPayload)).toBe(true);
    const deflated = await app.inject({ url, headers: { 'accept-encoding': 'deflate' } });
    expect(deflated.headers['content-encoding']).toBe('deflate');
    expect(deflated.rawPayload.equals(gzipped.rawPayload)).toBe(false);
  });
});
