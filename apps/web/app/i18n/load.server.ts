/**
 * Server-side dictionary loading: every dictionary is bundled into the server build (eager
 * `import.meta.glob`), so a render never touches the file system. A loader puts the page's
 * files into the language's translator and returns their assets for the browser to fetch.
 */
import { dictionaryAssets } from './assets.ts';
import { addResources, getI18n } from './instance.ts';
import { parseDictionaryPath, type Dictionary, type DictionaryFile, type Resources } from './namespaces.ts';

const byFile = new Map<string, Dictionary>();
for (const [path, dictionary] of Object.entries(import.meta.glob<Dictionary>('./dictionaries/*/*.json', { eager: true, import: 'default' }))) {
  const file = parseDictionaryPath(path);
  if (file) byFile.set(`${file.lng}/${file.ns}`, dictionary);
}

/** The text of these files, by language and namespace. */
export function serverResources(files: readonly DictionaryFile[]): Resources {
  const resources: Resources = {};
  for (const { lng, ns } of files) (resources[lng] ??= {})[ns] = byFile.get(`${lng}/${ns}`) ?? {};
  return resources;
}

/** The page's dictionaries, added to the translator of `lng` (idempotent), and their assets. */
export function loadServerDictionaries(lng: string, namespaces: readonly string[]) {
  const assets = dictionaryAssets(lng, namespaces);
  addResources(getI18n(lng), serverResources(assets));
  return assets;
}
