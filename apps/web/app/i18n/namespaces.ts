/**
 * Which dictionaries a page needs (SPEC §7 "Dictionaries loaded per route by ids").
 *
 * `main` (shell, headings, errors) is loaded by the root loader for every page; a page adds
 * the namespaces of its route's `meta.dictionaries`. A language without its own file for a
 * namespace gets the English one (fallbackLng `en`, SPEC §5).
 */
import type { RouteDef } from '@betsite/domain';

export const MAIN_NAMESPACE = 'main';
export const FALLBACK_LANGUAGE = 'en';

export type Dictionary = Readonly<Record<string, string>>;
/** Translator resources: language → namespace → dictionary. */
export type Resources = Record<string, Record<string, Dictionary>>;

export interface DictionaryFile {
  lng: string;
  ns: string;
}

/** Namespaces a route needs besides `main` (unique, in table order). */
export function namespacesForRoute(route: Pick<RouteDef, 'meta'> | null | undefined): string[] {
  const namespaces = route?.meta.dictionaries ?? [];
  return [...new Set(namespaces)].filter((ns) => ns !== MAIN_NAMESPACE);
}

/**
 * The files to load for a language: its own file of each namespace when it exists, else the
 * English one. `exists` answers whether `{lng}/{ns}.json` is shipped.
 */
export function dictionaryFiles(
  lng: string,
  namespaces: readonly string[],
  exists: (file: DictionaryFile) => boolean,
): DictionaryFile[] {
  const files: DictionaryFile[] = [];
  for (const ns of new Set(namespaces)) {
    if (exists({ lng, ns })) files.push({ lng, ns });
    else if (lng !== FALLBACK_LANGUAGE && exists({ lng: FALLBACK_LANGUAGE, ns })) files.push({ lng: FALLBACK_LANGUAGE, ns });
  }
  return files;
}

/** `./dictionaries/en/main.json` → `{ lng: 'en', ns: 'main' }`. */
export function parseDictionaryPath(path: string): DictionaryFile | null {
  const m = /dictionaries\/([a-z]{2})\/([a-z_]+)\.json$/.exec(path);
  return m ? { lng: m[1] as string, ns: m[2] as string } : null;
}

export function mergeResources(target: Resources, file: DictionaryFile, dictionary: Dictionary): Resources {
  (target[file.lng] ??= {})[file.ns] = dictionary;
  return target;
}

/** Looks a key up like the translator would for `meta` (no React there): `ns:key`, own language, then English. */
export function translate(
  resources: Resources | undefined,
  lng: string,
  key: string,
  vars: Readonly<Record<string, string>> = {},
): string {
  const [ns, bare] = key.includes(':') ? (key.split(':', 2) as [string, string]) : [MAIN_NAMESPACE, key];
  const raw = resources?.[lng]?.[ns]?.[bare] ?? resources?.[FALLBACK_LANGUAGE]?.[ns]?.[bare] ?? bare;
  return raw.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => vars[name] ?? '');
}
