import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { serverResources } from './load.server.ts';
import { dictionaryAssets } from './assets.ts';
import { getI18n } from './instance.ts';
import { Translator, type TOptions } from './translator.ts';
import { FALLBACK_LANGUAGE, MAIN_NAMESPACE, type Resources } from './namespaces.ts';

/** The i18next set-up the site used before its own translator (decision 0031). */
function reference(lng: string, resources: Resources) {
  const instance = i18next.createInstance();
  void instance.init({
    lng,
    fallbackLng: FALLBACK_LANGUAGE,
    defaultNS: MAIN_NAMESPACE,
    ns: [MAIN_NAMESPACE],
    resources,
    keySeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}

const NAMESPACES = ['main', 'sports', 'casino', 'office', 'auth', 'info'];

// The kinds of calls pages make: none, counts (0 picks `_zero` where a language has one),
// interpolation values (one left out), default values (as an option and as a string),
// ordinals, a context, the call naming its own namespace.
const CALLS: [unknown?][] = [
  [],
  [{ count: 0 }],
  [{ count: 1 }],
  [{ count: 3, company: 'Acme', n: '2', line: '+1.5' }],
  [{ count: 21, section: 'Line', title: 'Home' }],
  [{ defaultValue: 'fallback {{n}}', n: 7 }],
  ['fallback as string'],
  [{ count: 2, ordinal: true }],
  [{ count: 3, ordinal: true }],
  [{ context: 'live' }],
  [{ ns: 'main' }],
  [{ ns: ['office', 'main'], count: 5 }],
];

describe('Translator', () => {
  // Russian and Arabic have more plural forms (Arabic a `_zero` key); German has few files of
  // its own, so most keys come from English.
  for (const lng of ['en', 'ru', 'ar', 'de']) {
    it(`answers what i18next answers for every key of the page namespaces (${lng})`, () => {
      // The page's files in its language with English behind them, as i18next's fallback sees them.
      const both: Resources = serverResources(dictionaryAssets(lng, NAMESPACES));
      const ours = new Translator(lng);
      for (const [code, namespaces] of Object.entries(both)) for (const [ns, d] of Object.entries(namespaces)) ours.addResourceBundle(code, ns, d);
      const theirs = reference(lng, both);

      // Every key that has plural forms (by its bare name), and every fifth other key:
      // i18next's fixed `t` is the cost here.
      const plural = new Set<string>();
      const plain: string[] = [];
      for (const namespaces of Object.values(both))
        for (const [ns, dictionary] of Object.entries(namespaces))
          for (const key of Object.keys(dictionary)) {
            const bare = key.replace(/_(ordinal_)?(zero|one|two|few|many|other)$/, '');
            if (bare !== key) plural.add(`${ns}:${bare}`);
            else plain.push(`${ns}:${key}`);
          }
      expect(plural.size).toBeGreaterThan(30);
      const sample = [...plural, ...plain.filter((_, i) => i % 5 === 0)];
      for (const bound of [null, ['sports'], ['sports', 'main'], ['office']]) {
        const fixed = theirs.getFixedT(null, bound);
        const t = ours.fixed(bound);
        const bare = (key: string) => key.slice(key.indexOf(':') + 1);
        for (const key of [...sample, ...sample.map(bare), 'no_such_key', 'sports:no_such_key', 'a natural: sentence']) {
          for (const args of CALLS) expect(t(key, ...(args as [])), `${key} ${JSON.stringify(args)}`).toBe(fixed(key, ...(args as [])));
          expect(ours.exists(key), key).toBe(theirs.exists(key));
        }
      }
    });
  }

  it('resolves the forms the dictionaries hardly use as i18next does (zero, context, ordinal fallback)', () => {
    const main = {
      picks_zero: 'no picks',
      picks_one: '{{count}} pick',
      picks_other: '{{count}} picks',
      place_one: '{{count}}st',
      place: 'place {{count}}',
      stake_live: 'live stake',
      stake_live_one: 'one live stake',
      stake: 'stake',
      empty: '',
    };
    const resources: Resources = { en: { main }, ru: { main: { stake: 'ставка' } } };
    for (const lng of ['en', 'ru']) {
      const ours = new Translator(lng);
      for (const [code, namespaces] of Object.entries(resources)) for (const [ns, d] of Object.entries(namespaces)) ours.addResourceBundle(code, ns, d);
      const theirs = reference(lng, resources);
      const cases: [string, TOptions?][] = [
        ['picks', { count: 0 }],
        ['picks', { count: 1 }],
        ['picks', { count: 4 }],
        ['place', { count: 1, ordinal: true }],
        ['place', { count: 2, ordinal: true }],
        ['stake', { context: 'live' }],
        ['stake', { context: 'live', count: 1 }],
        ['stake', { context: 'live', count: 2 }],
        ['stake', { context: 'prematch' }],
        ['empty', {}],
        ['place', { count: undefined }],
      ];
      for (const [key, options] of cases) expect(ours.t(key, options), `${lng} ${key} ${JSON.stringify(options)}`).toBe(theirs.t(key, options as never));
    }
    // The zero form exists only where the translator looks for it.
    expect(new Translator('en').t('picks')).toBe('picks');
  });

  it('remembers plain lookups, and forgets them when a bundle comes (a key missing before is found after)', () => {
    const tr = new Translator('de');
    expect(tr.t('late_key')).toBe('late_key');
    expect(tr.t('late_key', 'fallback')).toBe('fallback');
    tr.addResourceBundle('en', 'main', { late_key: 'English' });
    expect(tr.t('late_key')).toBe('English');
    tr.addResourceBundle('de', 'main', { late_key: 'Deutsch' });
    expect(tr.t('late_key')).toBe('Deutsch');
    expect(tr.fixed(['sports'])('late_key')).toBe('late_key');
    expect(tr.fixed(['sports', 'main'])('late_key')).toBe('Deutsch');
  });

  it('keeps a language translator per process and adds new bundles once', () => {
    const first = getI18n('kk', { kk: { main: { a: 'A' } } });
    const again = getI18n('kk', { kk: { main: { a: 'changed' }, sports: { b: 'B' } } });
    expect(again).toBe(first);
    expect(again.t('a')).toBe('A');
    expect(again.t('sports:b')).toBe('B');
    expect(again.hasResourceBundle('kk', 'sports')).toBe(true);
  });
});
