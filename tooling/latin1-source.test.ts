import { describe, expect, it } from 'vitest';
import { latin1Source } from './latin1-source.ts';

const isLatin1 = (code: string) => [...code].every((c) => (c.codePointAt(0) ?? 0) <= 0xff);

describe('latin1Source', () => {
  it('leaves Latin-1 code as it is', async () => {
    const code = "// Grüße §2\nexport const a = 'ä';\n";
    expect(await latin1Source(code, 'a.js')).toBe(code);
  });

  it("turns comments' other characters into ? one for one, so every line and column of the code stays", async () => {
    const code = "/** Box–Muller → 😀 */\nexport const n = 1; // a — b\nexport const s = '\\u2014';\n";
    const out = await latin1Source(code, 'a.js');
    expect(isLatin1(out)).toBe(true);
    expect(out).toBe("/** Box?Muller ? ?? */\nexport const n = 1; // a ? b\nexport const s = '\\u2014';\n");
  });

  it('escapes literals by re-printing the module, keeping what it does', async () => {
    const code = "// Языки\nexport const names = ['Русский', `Қазақша ${1}`, String.fromCharCode(0x2192)];\n";
    const out = await latin1Source(code, 'a.js');
    expect(isLatin1(out)).toBe(true);
    const url = `data:text/javascript;base64,${Buffer.from(out).toString('base64')}`;
    const { names } = (await import(/* @vite-ignore */ url)) as { names: string[] };
    expect(names).toEqual(['Русский', 'Қазақша 1', '→']);
  });

  it("refuses a tagged template's raw text, which the tag may read, and a regular expression", async () => {
    const code = 'const sql = (s) => s.raw.join("");\nexport const q = sql`select 1 -- casino:…:stake`;\n';
    await expect(latin1Source(code, 'q.js')).rejects.toThrow(/q\.js: .*tagged template.*casino:…:stake/);
    await expect(latin1Source('\nexport const arrow = /→/;\n', 'r.js')).rejects.toThrow(/r\.js: .*regular expression.*arrow = \/→\//);
  });
});
