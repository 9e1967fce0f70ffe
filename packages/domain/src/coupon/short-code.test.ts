import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeShortCode, shortCode, SHORT_CODE_ALPHABET, SHORT_CODE_LENGTH } from './short-code.ts';

const bytes = (values: readonly number[]) => {
  let i = 0;
  return () => values[i++ % values.length] as number;
};

describe('short codes', () => {
  it('have no look-alike characters', () => {
    for (const c of '01ILO') expect(SHORT_CODE_ALPHABET).not.toContain(c);
    expect(new Set(SHORT_CODE_ALPHABET).size).toBe(SHORT_CODE_ALPHABET.length);
  });

  it('are SHORT_CODE_LENGTH characters of the alphabet, read back as themselves in any case and with dashes or spaces', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 1, maxLength: 64 }), fc.boolean(), (values, lower) => {
        fc.pre(values.some((v) => v < 248));
        const code = shortCode(bytes(values));
        expect(code).toHaveLength(SHORT_CODE_LENGTH);
        for (const c of code) expect(SHORT_CODE_ALPHABET).toContain(c);
        expect(normalizeShortCode(code)).toBe(code);
        const typed = `${code.slice(0, 4)}-${code.slice(4)} `;
        expect(normalizeShortCode(lower ? typed.toLowerCase() : typed)).toBe(code);
      }),
    );
  });

  it('skip the bytes that would bias the first letters (248–255)', () => {
    expect(shortCode(bytes([255, 248, 0]))).toBe(SHORT_CODE_ALPHABET[0]!.repeat(SHORT_CODE_LENGTH));
    expect(shortCode(bytes([30, 61]))).toBe('Z'.repeat(SHORT_CODE_LENGTH));
    expect(() => shortCode(() => 250)).toThrow();
  });

  it('refuse what cannot be a code', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (input) => {
        const code = normalizeShortCode(input);
        if (code !== null) {
          expect(code).toHaveLength(SHORT_CODE_LENGTH);
          for (const c of code) expect(SHORT_CODE_ALPHABET).toContain(c);
        }
      }),
    );
    for (const bad of ['', 'ABCDEFG', 'ABCDEFGHJ', 'ABCDEFG0', 'ABCDEFGI', 'ABCD EFG!']) expect(normalizeShortCode(bad)).toBeNull();
  });
});
