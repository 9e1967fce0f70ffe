/**
 * Client-side dictionary loading: one lazy chunk per `{lng}/{ns}.json`, fetched when a page
 * needs it and kept for the life of the tab.
 */
import {
  dictionaryFiles,
  mergeResources,
  parseDictionaryPath,
  type Dictionary,
  type DictionaryFile,
  type Resources,
} from './namespaces.ts';

const loaders = new Map<string, () => Promise<Dictionary>>();
for (const [path, load] of Object.entries(import.meta.glob<Dictionary>('./dictionaries/*/*.json', { import: 'default' }))) {
  const file = parseDictionaryPath(path);
  if (file) loaders.set(`${file.lng}/${file.ns}`, load);
}

const cache = new Map<string, Promise<Dictionary>>();

function load(file: DictionaryFile): Promise<Dictionary> {
  const key = `${file.lng}/${file.ns}`;
  let pending = cache.get(key);
  if (!pending) {
    const loader = loaders.get(key);
    if (!loader) return Promise.reject(new Error(`no dictionary ${key}`));
    // A failed chunk is not cached, so "Refresh" (or the next navigation) tries again.
    pending = loader().catch((error: unknown) => {
      cache.delete(key);
      throw error;
    });
    cache.set(key, pending);
  }
  return pending;
}

/** Loads the namespaces for a language; rejects when a chunk cannot be fetched. */
export async function loadClientDictionaries(lng: string, namespaces: readonly string[]): Promise<Resources> {
  const files = dictionaryFiles(lng, namespaces, (f) => loaders.has(`${f.lng}/${f.ns}`));
  const dictionaries = await Promise.all(files.map(load));
  const resources: Resources = {};
  files.forEach((file, i) => mergeResources(resources, file, dictionaries[i] ?? {}));
  return resources;
}
