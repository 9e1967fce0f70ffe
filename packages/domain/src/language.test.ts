import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isRtl,
  languageInfo,
  parseAcceptLanguage,
  preferredLanguage,
  resolveLanguage,
  splitLanguage,
  SUPPORTED_LANGUAGES,
  withLanguage,
  type LanguageFacts,
} from './language.ts';

const facts = (over: Partial<LanguageFacts> = {}): LanguageFacts => ({
  urlLng: null,
  cookieLng: null,
  acceptLanguage: '',
  available: ['ru', 'en', 'de', 'kk'],
  hidden: ['kk'],
  loggedIn: false,
  defaultLanguage: 'ru',
  ...over,
});

describe('language metadata', () => {
  it('knows the required languages with their direction', () => {
    const codes = SUPPORTED_LANGUAGES.map((l) => l.code);
    expect(codes).toEqual(expect.arrayContaining(['ru', 'en', 'de', 'fr', 'es', 'pt', 'tr', 'uk', 'kk', 'az', 'uz', 'ar', 'fa']));
    expect(languageInfo('de')?.nativeName).toBe('Deutsch');
  });
  it.each([
    ['ar', true],
    ['fa', true],
    ['en', false],
    ['xx', false],
  ])('isRtl(%s) = %s', (lng, rtl) => expect(isRtl(lng)).toBe(rtl));
});

describe('splitLanguage / withLanguage', () => {
  it.each([
    ['/en/line/football', 'en', 'line/football'],
    ['/en/', 'en', ''],
    ['/en', 'en', ''],
    ['/', null, ''],
    ['/line/football/', null, 'line/football'],
    ['/zz/line', 'zz', 'line'],
    ['/EN/line', null, 'EN/line'],
    ['/ipl', null, 'ipl'],
    ['//en//line', 'en', 'line'],
  ])('splitLanguage(%s) → %s + %s', (path, lng, rest) => expect(splitLanguage(path)).toEqual({ lng, rest }));

  it.each([
    ['en', '', '/en/'],
    ['en', '/', '/en/'],
    ['en', 'line', '/en/line'],
    ['de', '/line/football/', '/de/line/football'],
  ])('withLanguage(%s, %s) = %s', (lng, rest, url) => expect(withLanguage(lng, rest)).toBe(url));

  it('round-trips any language and path', () => {
    const segment = fc.stringMatching(/^[a-z0-9_-]{1,12}$/);
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{2}$/), fc.array(segment, { maxLength: 6 }), (lng, segments) => {
        const rest = segments.join('/');
        expect(splitLanguage(withLanguage(lng, rest))).toEqual({ lng, rest });
      }),
    );
  });
});

describe('parseAcceptLanguage', () => {
  it.each([
    ['en-US,en;q=0.9,de;q=0.8', ['en-us', 'en', 'de']],
    ['de;q=0.5, fr', ['fr', 'de']],
    ['en;q=0, de', ['de']],
    ['*;q=0.1, ru', ['ru', '*']],
    ['en;q=2, de;q=abc, fr', ['fr']],
    ['', []],
    ['  ,,, ;;', []],
    ['fr;q=0.8, en;q=0.8', ['fr', 'en']],
  ])('%j → %j', (header, tags) => expect(parseAcceptLanguage(header).map((p) => p.tag)).toEqual(tags));

  it('matches on the primary subtag', () => {
    expect(preferredLanguage('pt-BR, en;q=0.5', ['en', 'pt'])).toBe('pt');
    expect(preferredLanguage('fr-CA', ['en'])).toBeNull();
  });

  it('never throws and sorts by quality', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (header) => {
        const prefs = parseAcceptLanguage(header);
        for (let i = 1; i < prefs.length; i++) expect(prefs[i - 1]!.q).toBeGreaterThanOrEqual(prefs[i]!.q);
        for (const p of prefs) expect(p.q).toBeGreaterThan(0);
      }),
    );
  });
});

describe('resolveLanguage (SPEC §5)', () => {
  it.each<[string, Partial<LanguageFacts>, string]>([
    ['url language first', { urlLng: 'en', cookieLng: 'de', acceptLanguage: 'ru' }, 'en'],
    ['then the cookie', { urlLng: 'xx', cookieLng: 'de', acceptLanguage: 'en' }, 'de'],
    ['then the browser', { cookieLng: 'fr', acceptLanguage: 'fr, en;q=0.5' }, 'en'],
    ['then the default', { acceptLanguage: 'fr' }, 'ru'],
    ['hidden language not for visitors', { urlLng: 'kk' }, 'ru'],
    ['hidden language for players', { urlLng: 'kk', loggedIn: true }, 'kk'],
    ['unavailable default falls back to English', { defaultLanguage: 'fr' }, 'en'],
    ['neither default nor English: first allowed', { available: ['de', 'ru'], hidden: [], defaultLanguage: 'fr' }, 'de'],
  ])('%s', (_name, over, expected) => expect(resolveLanguage(facts(over))).toBe(expected));

  it('always returns an allowed language', () => {
    const code = fc.constantFrom('ru', 'en', 'de', 'fr', 'kk', 'ar', 'xx');
    fc.assert(
      fc.property(
        fc.record({
          urlLng: fc.option(code),
          cookieLng: fc.option(code),
          acceptLanguage: fc.oneof(fc.string({ maxLength: 60 }), fc.array(code).map((c) => c.join(','))),
          available: fc.uniqueArray(code, { minLength: 1 }),
          hidden: fc.uniqueArray(code),
          loggedIn: fc.boolean(),
          defaultLanguage: code,
        }),
        (f) => {
          const allowed = f.loggedIn ? f.available : f.available.filter((l) => !f.hidden.includes(l));
          const lng = resolveLanguage(f);
          if (allowed.length > 0) expect(allowed).toContain(lng);
          else expect(lng).toBe(f.defaultLanguage);
        },
      ),
    );
  });
});
