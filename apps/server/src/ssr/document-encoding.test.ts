import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeDocument } from './document-encoding.ts';

const decode = (encoding: 'br' | 'gzip' | null, body: Buffer) => (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body);

describe('encodeDocument', () => {
  it('picks brotli where taken, else gzip, else none, and decodes back to the page', async () => {
    const cases: [string | undefined, 'br' | 'gzip' | null][] = [
      ['gzip, deflate, br, zstd', 'br'],
      ['br;q=0.5, gzip', 'gzip'],
      ['gzip', 'gzip'],
      ['deflate', null],
      ['identity', null],
      [undefined, null],
      ['br;q=0, gzip;q=0', null],
    ];
    const page = Buffer.from(`<!DOCTYPE html><html><body>${'<p>Über 2.5 — 1.85</p>'.repeat(400)}</body></html>`);
    for (const [accept, expected] of cases) {
      const encoded = await encodeDocument(page, accept);
      expect(encoded.encoding, String(accept)).toBe(expected);
      expect(decode(encoded.encoding, encoded.body).equals(page)).toBe(true);
      if (expected !== null) expect(encoded.body.length).toBeLessThan(page.length / 10);
    }
  });

  it('round-trips any text in either encoding', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 3000 }), fc.constantFrom('br', 'gzip'), async (text, accept) => {
        const page = Buffer.from(text, 'utf8');
        const encoded = await encodeDocument(page, accept);
        expect(encoded.encoding).toBe(accept);
        expect(decode(encoded.encoding, encoded.body).toString('utf8')).toBe(text);
      }),
      { numRuns: 60 },
    );
  });
});
