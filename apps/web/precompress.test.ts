import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressFiles } from './precompress.ts';

const dir = mkdtempSync(join(tmpdir(), 'precompress-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('precompressFiles', () => {
  it('writes .br and .gz that decompress to the file, for scripts, styles and JSON of 1 KB or more only', async () => {
    mkdirSync(join(dir, 'assets'));
    const big = 'const a = "odds";\n'.repeat(100);
    const files: Record<string, string> = {
      'assets/entry-abc.js': big,
      'assets/style-abc.css': `.a{color:red}\n`.repeat(100),
      'assets/main-abc.json': JSON.stringify(Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`key_${i}`, `text ${i}`]))),
      'assets/tiny-abc.js': 'export{};',
      'assets/logo-abc.png': big,
    };
    for (const [name, body] of Object.entries(files)) writeFileSync(join(dir, name), body);

    expect(await precompressFiles(dir, Object.keys(files))).toBe(3);
    for (const name of ['assets/entry-abc.js', 'assets/style-abc.css', 'assets/main-abc.json']) {
      const br = readFileSync(join(dir, `${name}.br`));
      expect(brotliDecompressSync(br).toString()).toBe(files[name]);
      expect(gunzipSync(readFileSync(join(dir, `${name}.gz`))).toString()).toBe(files[name]);
      expect(br.length).toBeLessThan(files[name]!.length / 2);
    }
    expect(existsSync(join(dir, 'assets/tiny-abc.js.br'))).toBe(false);
    expect(existsSync(join(dir, 'assets/logo-abc.png.gz'))).toBe(false);
  });
});
