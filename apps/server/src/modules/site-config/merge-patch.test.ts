import { describe, expect, it } from 'vitest';
import { applyMergePatch } from './merge-patch.ts';

describe('applyMergePatch', () => {
  it('merges objects member by member and replaces arrays and scalars', () => {
    const target = { a: 1, nested: { x: 1, y: 2 }, list: [1, 2], keep: 'yes' };
    expect(applyMergePatch(target, { a: 2, nested: { y: 3, z: 4 }, list: [9] })).toEqual({
      a: 2,
      nested: { x: 1, y: 3, z: 4 },
      list: [9],
      keep: 'yes',
    });
    expect(target.nested).toEqual({ x: 1, y: 2 });
  });

  it('sets null rather than removing the member', () => {
    expect(applyMergePatch({ url: 'https://m.example.com', other: 1 }, { url: null })).toEqual({ url: null, other: 1 });
  });

  it('replaces the whole target with a non-object patch', () => {
    expect(applyMergePatch({ a: 1 }, ['x'])).toEqual(['x']);
    expect(applyMergePatch('text', { a: 1 })).toEqual({ a: 1 });
  });
});
