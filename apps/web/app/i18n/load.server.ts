/**
 * Server-side dictionary loading: every dictionary is bundled into the server build
 * (eager `import.meta.glob`), so a page render never touches the file system.
 */
import {
  FALLBACK_LANGUAGE,
  dictionaryFiles,
  mergeResources,
  parseDictionaryPath,
  type Dictionary,
  type DictionaryFile,
  type Resources,
} from './namespaces.ts';

const modules = import.meta.glob<Dictionary>('./dictionaries/*/*.json', { eager: true, import: 'default' });

const byFile = new Map<string, Dictionary>();
for (const [path, dictionary] of Object.entries(modules)) {
  const file = parseDictionaryPath(path);
  if (file) byFile.set(`${file.lng}/${file.ns}`, dictionary);
}

const exists = (f: DictionaryFile) => byFile.has(`${f.lng}/${f.ns}`);

/**
 * The dictionaries of a page. A language's file that lacks some keys gets them from the
 * English file here, so the page carries one dictionary per namespace (no second language).
 */
export function loadServerDictionaries(lng: string, namespaces: readonly string[]): Resources {
  const resources: Resources = {};
  for (const file of dictionaryFiles(lng, namespaces, exists)) {
    const own = byFile.get(`${file.lng}/${file.ns}`) ?? {};
    const english = file.lng === FALLBACK_LANGUAGE ? undefined : byFile.get(`${FALLBACK_LANGUAGE}/${file.ns}`);
    mergeResources(resources, file, english ? { ...english, ...own } : own);
  }
  return resources;
}
