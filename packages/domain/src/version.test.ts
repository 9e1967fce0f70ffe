import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareVersions } from './version.ts';

describe('compareVersions', () => {
  it.each<[string, string, -1 | 0 | 1 | null]>([
    ['1.0.0', '1.0.1', -1],
    ['1.2.10', '1.2.9', 1],
    ['1.2', '1.2.0', 0],
    ['v2.0.0', '2.0.0', 0],
    ['2.0.0-rc.1', '2.0.0', -1],
    ['2.0.0-rc.2', '2.0.0-rc.10', -1],
    ['2.0.0-alpha', '2.0.0-alpha.1', -1],
    ['2.0.0-1', '2.0.0-alpha', -1],
    ['1.0.0+build.5', '1.0.0', 0],
    ['', '1.0.0', null],
    ['latest', '1.0.0', null],
  ])('%s vs %s → %s', (a, b, order) => expect(compareVersions(a, b)).toBe(order));

  it('is antisymmetric', () => {
    const version = fc
      .tuple(fc.array(fc.nat(20), { minLength: 1, maxLength: 4 }), fc.option(fc.stringMatching(/^[a-z0-9]{1,4}(\.[a-z0-9]{1,4}){0,2}$/)))
      .map(([nums, pre]) => `${nums.join('.')}${pre === null ? '' : `-${pre}`}`);
    fc.assert(
      fc.property(version, version, (a, b) => {
        const ab = compareVersions(a, b);
        const ba = compareVersions(b, a);
        expect(ab).not.toBeNull();
        expect(ab).toBe(ba === 0 ? 0 : -(ba ?? 0));
      }),
    );
  });
});
