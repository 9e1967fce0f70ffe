import { describe, expect, it } from 'vitest';
import { ROUTES, routeByName } from '@betsite/domain';
import { dictionaryFiles, namespacesForRoute, parseDictionaryPath, type Dictionary } from './namespaces.ts';
import { getI18n } from './instance.ts';
import { loadServerDictionaries } from './load.server.ts';

const dictionaries = import.meta.glob<Dictionary>('./dictionaries/*/*.json', { eager: true, import: 'default' });
const files = new Map(Object.entries(dictionaries).map(([path, d]) => [`${parseDictionaryPath(path)?.lng}/${parseDictionaryPath(path)?.ns}`, d]));
const dict = (lng: string, ns: string) => files.get(`${lng}/${ns}`) ?? {};

describe('dictionary selection per route', () => {
  it('a route adds its own namespaces to main', () => {
    expect(namespacesForRoute(routeByName('live'))).toEqual(['sports']);
    expect(namespacesForRoute(routeByName('office-history'))).toEqual(['office', 'sports', 'casino']);
    expect(namespacesForRoute(routeByName('office-account'))).toEqual(['office']);
    expect(namespacesForRoute(routeByName('bonus-casino'))).toEqual(['casino', 'promo']);
    expect(namespacesForRoute(routeByName('print-coupon'))).toEqual(['sports']);
    expect(namespacesForRoute(routeByName('internal-vpn'))).toEqual([]);
    expect(namespacesForRoute(null)).toEqual([]);
  });

  it('a language gets its own file of a namespace with the English one behind it', () => {
    const exists = ({ lng, ns }: { lng: string; ns: string }) => files.has(`${lng}/${ns}`);
    expect(dictionaryFiles('de', ['main', 'sports'], exists)).toEqual([
      { lng: 'de', ns: 'main' },
      { lng: 'en', ns: 'main' },
      { lng: 'en', ns: 'sports' },
    ]);
    expect(dictionaryFiles('ru', ['sports'], exists)).toEqual([{ lng: 'ru', ns: 'sports' }, { lng: 'en', ns: 'sports' }]);
    expect(dictionaryFiles('en', ['main', 'main'], exists)).toEqual([{ lng: 'en', ns: 'main' }]);
    expect(dictionaryFiles('en', ['nope'], exists)).toEqual([]);
  });

  it('the server loader names the files and fills the translator, which falls back to English key by key', () => {
    const assets = loadServerDictionaries('de', ['main', 'casino']);
    expect(assets.map(({ lng, ns }) => `${lng}/${ns}`)).toEqual(['de/main', 'en/main', 'en/casino']);
    // The source file here; a content-hashed asset (`/assets/main-<hash>.json`) in the build.
    for (const a of assets) expect(a.url).toMatch(new RegExp(`/${a.ns}[^/]*\\.json$`));
    const de = getI18n('de');
    expect(de.t('header_login')).toBe('Anmelden');
    expect(de.t('office_deduce')).toBe('Withdrawal'); // not translated yet: English
    expect(de.hasResourceBundle('en', 'casino')).toBe(true);
  });
});

describe('dictionaries', () => {
  const languages = ['ru', 'en', 'de', 'fr', 'es', 'pt', 'tr', 'uk', 'kk', 'az', 'uz', 'ar', 'fa'];
  const namespaces = [...new Set([...files.keys()].map((k) => k.split('/')[1] as string))];

  it('ru and en have every key of every namespace', () => {
    for (const ns of namespaces) expect(Object.keys(dict('ru', ns)).sort(), ns).toEqual(Object.keys(dict('en', ns)).sort());
  });

  it('every page heading key exists in main', () => {
    for (const route of ROUTES) {
      expect(dict('en', 'main')[route.titleKey], route.titleKey).toBeTruthy();
      expect(dict('ru', 'main')[route.titleKey], route.titleKey).toBeTruthy();
    }
  });

  it('every language translates the shell: header, footer, errors, modals, maintenance titles', () => {
    const shell = Object.keys(dict('en', 'main')).filter((k) =>
      /^(nav_|header_|footer_|modal_|state_|main_not_found|main_server_error|main_go_home|main_retry|main_dictionary_load_error|main_refresh|main_close)/.test(k),
    );
    for (const lng of languages) {
      const own = dict(lng, 'main');
      const missing = shell.filter((k) => !own[k]);
      expect(missing, lng).toEqual([]);
      if (lng !== 'en') expect(own['header_login'], lng).not.toBe(dict('en', 'main')['header_login']);
    }
  });

  it('placeholders match the English text', () => {
    for (const [key, file] of files) {
      const [lng, ns] = key.split('/') as [string, string];
      for (const [k, v] of Object.entries(file)) {
        const english = dict('en', ns)[k];
        if (lng === 'en' || english === undefined) continue;
        expect(v.match(/\{\{\w+\}\}/g)?.sort() ?? [], `${key}:${k}`).toEqual(english.match(/\{\{\w+\}\}/g)?.sort() ?? []);
      }
    }
  });
});
