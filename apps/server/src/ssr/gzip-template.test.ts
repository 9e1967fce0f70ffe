import { gunzipSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GzipTemplate } from './gzip-template.ts';

const hex = fc.stringMatching(/^[0-9a-f]{32}$/);
const uuid = fc.uuid();
/** Page-like text: markup, unicode, long runs (stored blocks over 64 KB), the holes here and there. */
const text = fc.oneof(fc.string({ maxLength: 200 }), fc.string({ unit: 'grapheme', maxLength: 50 }), fc.constant('<a href="/en/line">Line</a>'.repeat(3000)));

describe('GzipTemplate', () => {
  it('renders what gzip of the filled-in body decompresses to, for any body, holes and values', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(text, fc.nat(2)), { maxLength: 12 }), text, hex, uuid, hex, uuid, async (parts, tail, nonce, userId, newNonce, newUserId) => {
        const holes = [nonce, userId];
        // A trailing piece with no hole after it; nat 2 is "no hole here".
        const body = parts.map(([t, h]) => t + (h < 2 ? holes[h] : '')).join('') + tail;
        const expected = body.replaceAll(nonce, newNonce).replaceAll(userId, newUserId);
        const gz = (await GzipTemplate.of(body, holes)).render([newNonce, newUserId]);
        expect(gz).not.toBeNull();
        expect(gunzipSync(gz!).toString('utf8')).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('handles a body without holes, an empty body, a body with NULs and a hole longer than a stored block', async () => {
    const filled = async (body: string, holes: string[], values: string[]) => gunzipSync((await GzipTemplate.of(body, holes)).render(values)!).toString();
    expect(await filled('<p>plain</p>', ['nonce'], ['abcde'])).toBe('<p>plain</p>');
    expect(await filled('', ['nonce'], ['abcde'])).toBe('');
    expect(await filled('\0\0\0{N}\0\0\0{N}\0\0', ['{N}'], ['\0a\0'])).toBe('\0\0\0\0a\0\0\0\0\0a\0\0\0');
    const hole = 'h'.repeat(70_000);
    const value = 'v'.repeat(70_000);
    expect(await filled(`a${hole}b${hole}`, [hole], [value])).toBe(`a${value}b${value}`);
  });

  it('refuses a value whose length differs from its hole (the back-references count on it)', async () => {
    expect((await GzipTemplate.of('a{N}b', ['{N}'])).render(['toolong'])).toBeNull();
  });

  it('compresses within a few per cent of gzip of the whole page', async () => {
    const nonce = 'f321ec87f31e2cd58bf47aead666fe1e';
    const head = Array.from({ length: 40 }, (_, i) => `<link rel="modulepreload" href="/assets/chunk-${i}.js" nonce="${nonce}"/>`).join('');
    const rows = Array.from({ length: 3000 }, (_, i) => `<tr><td>Team ${(i * 7919) % 1000}</td><td>${(1 + ((i * 104729) % 900) / 100).toFixed(2)}</td></tr>`).join('');
    const page = `${head}${rows}<script nonce="${nonce}">${rows.slice(0, 20_000)}</script>`;
    const spliced = (await GzipTemplate.of(page, [nonce])).render(['0123456789abcdef0123456789abcdef']);
    expect(spliced).not.toBeNull();
    // Each of the 41 holes costs a flush and a stored block: a few dozen bytes.
    expect(spliced!.length).toBeLessThan(gzipSync(page).length * 1.05 + 41 * 40);
  });
});
