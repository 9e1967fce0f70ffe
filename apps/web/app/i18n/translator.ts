/**
 * The site's translator: the part of i18next the pages use, in about 1 KB instead of 16 KB
 * gzip of the first load (decision 0031). Flat keys (`keySeparator: false`), `ns:key`,
 * namespaces tried in order and in each the page language then English, plural and ordinal
 * suffixes by `Intl.PluralRules` (`_one`, `_ordinal_two`, `_zero` for a count of 0),
 * `context`, `defaultValue` (as an option or as the second argument) and `{{name}}`
 * interpolation without escaping (React escapes). Lookups follow i18next's order key for key;
 * `translator.test.ts` checks every dictionary key against i18next itself.
 */
import { FALLBACK_LANGUAGE, MAIN_NAMESPACE, type Dictionary } from './namespaces.ts';

export interface TOptions {
  count?: number;
  ordinal?: boolean;
  context?: string;
  defaultValue?: string;
  /** The namespace(s) to look in instead of the bound ones. */
  ns?: string | readonly string[];
  /** Interpolation values (`{{name}}`). */
  [name: string]: unknown;
}

export type TFunction = (key: string, options?: TOptions | string) => string;

/** i18next's test for a natural-language key, which it never splits at `:`. */
const NATURAL_LANGUAGE = /[ ,?!;]/;
const PLACEHOLDER = /\{\{(.+?)\}\}/g;

const PLAIN_MEMO_LIMIT = 10_000;

const pluralRules = new Map<string, Intl.PluralRules>();

function pluralSuffix(lng: string, count: number, ordinal: boolean): string {
  const id = `${lng}/${ordinal ? 'o' : 'c'}`;
  let rules = pluralRules.get(id);
  if (!rules) {
    rules = new Intl.PluralRules(lng, { type: ordinal ? 'ordinal' : 'cardinal' });
    pluralRules.set(id, rules);
  }
  return ordinal ? `_ordinal_${rules.select(count)}` : `_${rules.select(count)}`;
}

/** `{{name}}` → the option's value; a name the options lack stays as written (as in i18next). */
function interpolate(text: string, options: TOptions | undefined): string {
  if (!text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (whole, raw: string) => {
    const name = raw.trim();
    if (!options || !Object.prototype.hasOwnProperty.call(options, name)) return whole;
    const value = options[name];
    return value == null ? '' : String(value);
  });
}

export class Translator {
  private readonly bundles = new Map<string, Dictionary>();
  /** Plain lookups (no count, context or namespace option) by namespaces and key: a page makes hundreds, the same ones. */
  private readonly plain = new Map<string, string | undefined>();
  private readonly languages: readonly string[];

  constructor(readonly language: string) {
    this.languages = language === FALLBACK_LANGUAGE ? [language] : [language, FALLBACK_LANGUAGE];
  }

  hasResourceBundle(lng: string, ns: string): boolean {
    return this.bundles.has(`${lng}/${ns}`);
  }

  addResourceBundle(lng: string, ns: string, dictionary: Dictionary): void {
    this.bundles.set(`${lng}/${ns}`, { ...this.bundles.get(`${lng}/${ns}`), ...dictionary });
    this.plain.clear();
  }

  /** Whether the key resolves (with these options) in some namespace and language. */
  exists(key: string, options?: TOptions): boolean {
    return this.resolve(key, options, null) !== undefined;
  }

  /** The text of a key; the key itself (without `ns:`) when nothing resolves and no default is given. */
  t(key: string, options?: TOptions | string, namespaces: readonly string[] | null = null): string {
    const opts = typeof options === 'string' ? { defaultValue: options } : options;
    const found = this.resolve(key, opts, namespaces);
    if (found !== undefined) return interpolate(found, opts);
    return interpolate(opts?.defaultValue ?? this.split(key).key, opts);
  }

  /** `t` looking in these namespaces (in order) unless a call names its own; `main` without them. */
  fixed(namespaces: readonly string[] | null): TFunction {
    return (key, options) => this.t(key, options, namespaces);
  }

  private split(key: string): { key: string; ns: string | null } {
    const at = key.indexOf(':');
    if (at < 0 || NATURAL_LANGUAGE.test(key)) return { key, ns: null };
    return { key: key.slice(at + 1), ns: key.slice(0, at) };
  }

  private resolve(fullKey: string, options: TOptions | undefined, bound: readonly string[] | null): string | undefined {
    if (options?.count === undefined && options?.context === undefined && options?.ns === undefined) {
      const id = `${bound === null ? '' : bound.join(',')}|${fullKey}`;
      if (this.plain.has(id)) return this.plain.get(id);
      const found = this.lookup(fullKey, options, bound);
      // Keys come from the code, but a caller could pass text: the memo never grows past a bound.
      if (this.plain.size >= PLAIN_MEMO_LIMIT) this.plain.clear();
      this.plain.set(id, found);
      return found;
    }
    return this.lookup(fullKey, options, bound);
  }

  private lookup(fullKey: string, options: TOptions | undefined, bound: readonly string[] | null): string | undefined {
    const { key, ns } = this.split(fullKey);
    const own = options?.ns;
    const namespaces = ns !== null ? [ns] : own !== undefined ? (typeof own === 'string' ? [own] : own) : (bound ?? [MAIN_NAMESPACE]);
    const count = typeof options?.count === 'number' ? options.count : undefined;
    const ordinal = options?.ordinal === true;
    const context = options?.context;
    for (const namespace of namespaces) {
      for (const lng of this.languages) {
        const dictionary = this.bundles.get(`${lng}/${namespace}`);
        if (!dictionary) continue;
        for (const candidate of this.candidates(key, lng, count, ordinal, context)) {
          if (Object.prototype.hasOwnProperty.call(dictionary, candidate)) return dictionary[candidate];
        }
      }
    }
    return undefined;
  }

  /** The keys to try, most specific first (i18next's `finalKeys`, popped from the end). */
  private candidates(key: string, lng: string, count: number | undefined, ordinal: boolean, context: string | undefined): string[] {
    if (count === undefined && !context) return [key];
    const bases = context ? [`${key}_${context}`, key] : [key];
    const keys: string[] = [];
    for (const base of bases) {
      if (count !== undefined) {
        const suffix = pluralSuffix(lng, count, ordinal);
        if (count === 0 && !ordinal) keys.push(`${base}_zero`);
        keys.push(base + suffix);
        // An ordinal falls back to the cardinal-looking form of its category (`_ordinal_one` → `_one`).
        if (ordinal) keys.push(base + suffix.replace('_ordinal_', '_'));
      }
      keys.push(base);
    }
    return keys;
  }
}
