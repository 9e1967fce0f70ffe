/**
 * Languages and language resolution (SPEC §2 general rules, §5 language rule).
 *
 * Urls are `/{lng}/rest`; the language root is `/{lng}/` (with the trailing slash), every
 * other path has none. The site config decides which languages are offered; the metadata
 * below only describes the languages the product knows how to render.
 */

export type TextDirection = 'ltr' | 'rtl';

export interface LanguageInfo {
  code: string;
  nativeName: string;
  dir: TextDirection;
}

export const DEFAULT_LANGUAGE = 'ru';
/** SPEC §5: when neither the request nor the default language is usable. */
export const FALLBACK_LANGUAGE = 'en';

export const SUPPORTED_LANGUAGES: readonly LanguageInfo[] = [
  { code: 'ru', nativeName: 'Русский', dir: 'ltr' },
  { code: 'en', nativeName: 'English', dir: 'ltr' },
  { code: 'de', nativeName: 'Deutsch', dir: 'ltr' },
  { code: 'fr', nativeName: 'Français', dir: 'ltr' },
  { code: 'es', nativeName: 'Español', dir: 'ltr' },
  { code: 'pt', nativeName: 'Português', dir: 'ltr' },
  { code: 'tr', nativeName: 'Türkçe', dir: 'ltr' },
  { code: 'uk', nativeName: 'Українська', dir: 'ltr' },
  { code: 'kk', nativeName: 'Қазақша', dir: 'ltr' },
  { code: 'az', nativeName: 'Azərbaycan', dir: 'ltr' },
  { code: 'uz', nativeName: 'Oʻzbekcha', dir: 'ltr' },
  { code: 'ar', nativeName: 'العربية', dir: 'rtl' },
  { code: 'fa', nativeName: 'فارسی', dir: 'rtl' },
];

const infoByCode = new Map(SUPPORTED_LANGUAGES.map((l) => [l.code, l]));

export function languageInfo(code: string): LanguageInfo | undefined {
  return infoByCode.get(code);
}

export function isRtl(lng: string): boolean {
  return infoByCode.get(lng)?.dir === 'rtl';
}

/** SPEC §2: the optional language prefix is two letters. Urls are lower case. */
const LANGUAGE_SEGMENT = /^[a-z]{2}$/;

export interface SplitPath {
  /** The two-letter first segment, allowed or not; null when the path has none. */
  lng: string | null;
  /** The path below the language, without leading or trailing slash ('' for the root). */
  rest: string;
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

/** Splits `/en/line/football` into `{ lng: 'en', rest: 'line/football' }`. */
export function splitLanguage(pathname: string): SplitPath {
  const segments = segmentsOf(pathname);
  const first = segments[0];
  if (first !== undefined && LANGUAGE_SEGMENT.test(first)) {
    return { lng: first, rest: segments.slice(1).join('/') };
  }
  return { lng: null, rest: segments.join('/') };
}

/** `withLanguage('en', '')` → `/en/`; `withLanguage('en', 'line/')` → `/en/line`. */
export function withLanguage(lng: string, restPath: string): string {
  const rest = segmentsOf(restPath).join('/');
  return rest === '' ? `/${lng}/` : `/${lng}/${rest}`;
}

export interface LanguagePreference {
  /** Lower-case language range, e.g. `en-us`, `de`, `*`. */
  tag: string;
  q: number;
}

const LANGUAGE_RANGE = /^(?:\*|[a-z]{1,8}(?:-[a-z0-9]{1,8})*)$/;
const QUALITY = /^q=(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * Parses an `Accept-Language` header (RFC 9110 §12.5.4) into preferences, best first.
 * Malformed entries are skipped rather than failing the whole header; q=0 means "not this".
 */
export function parseAcceptLanguage(header: string): LanguagePreference[] {
  const prefs: { tag: string; q: number; index: number }[] = [];
  header.split(',').forEach((entry, index) => {
    const [range = '', ...params] = entry.split(';').map((p) => p.trim().toLowerCase());
    if (!LANGUAGE_RANGE.test(range)) return;
    let q = 1;
    for (const param of params) {
      const compact = param.replace(/\s+/g, '');
      if (!compact.startsWith('q=')) continue;
      if (!QUALITY.test(compact)) return;
      q = Number(compact.slice(2));
    }
    if (q > 0) prefs.push({ tag: range, q, index });
  });
  return prefs.sort((a, b) => b.q - a.q || a.index - b.index).map(({ tag, q }) => ({ tag, q }));
}

/** The best allowed language of an `Accept-Language` header (primary subtag match), or null. */
export function preferredLanguage(acceptLanguage: string, allowed: readonly string[]): string | null {
  for (const { tag } of parseAcceptLanguage(acceptLanguage)) {
    const primary = tag.split('-')[0] ?? '';
    if (allowed.includes(primary)) return primary;
  }
  return null;
}

export interface LanguageFacts {
  urlLng: string | null;
  /** The `lng` cookie. */
  cookieLng: string | null;
  acceptLanguage: string;
  /** Codes the site offers (site config `languages`). */
  available: readonly string[];
  /** Codes offered to logged-in players only. */
  hidden: readonly string[];
  loggedIn: boolean;
  defaultLanguage: string;
}

/** The languages a user may get: hidden ones are not offered to visitors (SPEC §5). */
export function allowedLanguages(facts: Pick<LanguageFacts, 'available' | 'hidden' | 'loggedIn'>): string[] {
  return facts.loggedIn ? [...facts.available] : facts.available.filter((l) => !facts.hidden.includes(l));
}

/**
 * SPEC §5: the url language, then the `lng` cookie, then the browser's preferences, each
 * only when allowed; otherwise the default language, else English. The last resort (the
 * first allowed language) keeps the answer allowed when the config offers neither.
 */
export function resolveLanguage(facts: LanguageFacts): string {
  const allowed = allowedLanguages(facts);
  const candidates = [facts.urlLng, facts.cookieLng, preferredLanguage(facts.acceptLanguage, allowed)];
  const chosen = candidates.find((c): c is string => c !== null && allowed.includes(c));
  if (chosen !== undefined) return chosen;
  if (allowed.includes(facts.defaultLanguage)) return facts.defaultLanguage;
  if (allowed.includes(FALLBACK_LANGUAGE)) return FALLBACK_LANGUAGE;
  return allowed[0] ?? facts.defaultLanguage;
}
