import { describe, expect, it } from 'vitest';
import { getI18n } from './instance.ts';
import { loadServerDictionaries } from './load.server.ts';
import { boundT } from './react.tsx';

describe('boundT', () => {
  // Keys of the page namespaces, in two languages (Russian has plural forms), with the
  // kinds of options pages pass: none, a count, interpolation values, a default value (as
  // an option and as a string), an ordinal, the call naming its own namespace.
  for (const lng of ['en', 'ru']) {
    it(`answers what i18next's getFixedT answers (${lng})`, () => {
      const namespaces = ['main', 'sports', 'casino', 'office'];
      const resources = loadServerDictionaries(lng, namespaces);
      const i18n = getI18n(lng, resources);
      const all = Object.entries(resources[lng] ?? {}).flatMap(([ns, dictionary]) => Object.keys(dictionary).map((k) => `${ns}:${k}`));
      expect(all.length).toBeGreaterThan(500);
      // Every fifth key: the comparison with i18next's own (slow) fixed `t` is the cost here.
      const keys = all.filter((_, i) => i % 5 === 0);
      for (const ns of [null, ['sports'], ['sports', 'main'], ['office']]) {
        const fixed = i18n.getFixedT(null, ns);
        const fast = boundT(i18n, ns);
        const bare = (key: string) => key.slice(key.indexOf(':') + 1);
        for (const key of [...keys, ...keys.map(bare), 'no_such_key']) {
          const calls: [unknown?, ...unknown[]][] = [
            [],
            [{ count: 1 }],
            [{ count: 5, company: 'Acme', n: '2', line: '+1.5', section: 'Line' }],
            [{ defaultValue: 'fallback' }],
            ['fallback as string'],
            [{ count: 2, ordinal: true }],
            [{ ns: 'main' }],
          ];
          for (const args of calls) expect(fast(key, ...(args as [])), `${key} ${JSON.stringify(args)}`).toBe(fixed(key, ...(args as [])));
        }
      }
    });
  }
});
