import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as contracts from './index.ts';
import { isStorableText, text, textUrl, TEXT_PROBLEM_MESSAGE } from './text.ts';

describe('text(): the one rule for text from outside', () => {
  it('takes any well-formed text, emoji and right-to-left marks included', () => {
    for (const value of ['', 'Betsite', 'Ставки', 'مراهنة', '\u202Eetisteb', '🎲🏆', 'e\u0301', '\uD83D\uDE00']) {
      expect(text().safeParse(value).success, value).toBe(true);
    }
  });

  it('refuses NUL characters and unpaired surrogates, wherever they are', () => {
    for (const value of ['\u0000', 'a\u0000', '\u0000b', 'a\u0000b', '\uD800', 'a\uDFFF', '\uDE00\uD83D', 'x\uD83D']) {
      const result = text().safeParse(value);
      expect(result.success, JSON.stringify(value)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(TEXT_PROBLEM_MESSAGE);
      expect(isStorableText(value)).toBe(false);
    }
  });

  it('chains like z.string(), the rule first', () => {
    const name = text().trim().min(2).max(5);
    expect(name.parse('  abc  ')).toBe('abc');
    expect(name.safeParse('abcdef').success).toBe(false);
    expect(name.safeParse('a\u0000b').error?.issues.map((i) => i.message)).toEqual([TEXT_PROBLEM_MESSAGE]);
    expect(textUrl().safeParse('https://example.com/a').success).toBe(true);
    expect(textUrl().safeParse('https://example.com/a\u0000b').success).toBe(false);
  });
});

interface Def {
  type: string;
  [key: string]: unknown;
}
const isSchema = (value: unknown): value is z.ZodType => typeof value === 'object' && value !== null && '_zod' in value;

/** Every string schema inside `schema` (through objects, arrays, unions, wrappers, pipes and records). */
function stringSchemas(schema: z.ZodType, found: Set<z.ZodType>, seen = new Set<unknown>()): void {
  if (seen.has(schema)) return;
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  if (def.type === 'string') found.add(schema);
  const children: unknown[] = [def['innerType'], def['in'], def['out'], def['element'], def['left'], def['right'], def['keyType'], def['valueType']];
  if (Array.isArray(def['options'])) children.push(...def['options']);
  if (Array.isArray(def['items'])) children.push(...def['items']);
  const shape = def['shape'];
  if (typeof shape === 'object' && shape !== null) children.push(...Object.values(shape));
  for (const child of children) if (isSchema(child)) stringSchemas(child, found, seen);
}

describe('every string field of every contract', () => {
  it('refuses NUL characters and unpaired surrogates (lint forbids a bare z.string(); this checks what lint cannot see)', () => {
    const found = new Set<z.ZodType>();
    for (const value of Object.values(contracts)) if (isSchema(value)) stringSchemas(value, found);
    expect(found.size).toBeGreaterThan(200);
    for (const schema of found) {
      for (const bad of ['\u0000', 'fuzz\u0000@example.com', 'a\uD800']) expect(schema.safeParse(bad).success).toBe(false);
    }
  });
});
