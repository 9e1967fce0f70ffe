/**
 * The dictionaries as static assets: each `{lng}/{ns}.json` is emitted by the client build
 * under a content-hashed name (served precompressed and cached for good), so a page names
 * the files it needs instead of carrying their text in its loader data (decision 0037).
 */
import { dictionaryFiles, parseDictionaryPath, type DictionaryAsset } from './namespaces.ts';

const urls = new Map<string, string>();
for (const [path, url] of Object.entries(import.meta.glob<string>('./dictionaries/*/*.json', { query: '?url', import: 'default', eager: true }))) {
  const file = parseDictionaryPath(path);
  if (file) urls.set(`${file.lng}/${file.ns}`, url);
}

/** The files (with their URLs) of these namespaces in a language, English behind each. */
export function dictionaryAssets(lng: string, namespaces: readonly string[]): DictionaryAsset[] {
  return dictionaryFiles(lng, namespaces, (f) => urls.has(`${f.lng}/${f.ns}`)).map((f) => ({ ...f, url: urls.get(`${f.lng}/${f.ns}`) as string }));
}
