/**
 * Which dictionaries a page needs (SPEC §7 "Dictionaries loaded per route by ids").
 *
 * `main` (shell, headings, errors) is loaded by the root loader for every page; a page adds
 * the namespaces of its route's `meta.dictionaries`. A language without its own file for a
 * namespace, or a key, gets the English one (fallbackLng `en`, SPEC §5). The pages carry no
 * dictionary text: they name the files, which the browser fetches as static assets
 * (decision 0037).
 */
import type { RouteDef } from '@betsite/domain';

export const MAIN_NAMESPACE = 'main';
export const FALLBACK_LANGUAGE = 'en';

export type Dictionary = Readonly<Record<string, string>>;
/** Translator resources: language → namespace → dictionary. */
export type Resources = Record<string, Record<string, Dictionary>>;

/** The `<link>` attribute that names one of the page's dictionary files: `data-dictionary="{lng}/{ns}"`. */
export const DICTIONARY_LINK_ATTRIBUTE = 'data-dictionary';

/** A page's dictionary file and the URL of its hashed, immutably cached copy in the client build. */
export interface DictionaryAsset extends DictionaryFile {
  url: string;
}

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
 * The files to load for a language: its own file of each namespace when it exists, and the
 * English one behind it (the translator looks a key up in the page language, then English),
 * so a language's file may leave keys untranslated. `exists` answers whether `{lng}/{ns}.json`
 * is shipped.
 */
export function dictionaryFiles(
  lng: string,
  namespaces: readonly string[],
  exists: (file: DictionaryFile) => boolean,
): DictionaryFile[] {
  const files: DictionaryFile[] = [];
  for (const ns of new Set(namespaces)) {
    if (exists({ lng, ns })) files.push({ lng, ns });
    if (lng !== FALLBACK_LANGUAGE && exists({ lng: FALLBACK_LANGUAGE, ns })) files.push({ lng: FALLBACK_LANGUAGE, ns });
  }
  return files;
}

/** `./dictionaries/en/main.json` → `{ lng: 'en', ns: 'main' }`. */
export function parseDictionaryPath(path: string): DictionaryFile | null {
  const m = /dictionaries\/([a-z]{2})\/([a-z_]+)\.json$/.exec(path);
  return m ? { lng: m[1] as string, ns: m[2] as string } : null;
}
