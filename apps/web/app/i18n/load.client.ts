/**
 * Navigation-time dictionary loading: the map of every dictionary asset, loaded with the
 * first client navigation rather than with the first page.
 */
import { dictionaryAssets } from './assets.ts';
import { addDictionaryAssets } from './fetch-dictionaries.ts';
import type { DictionaryAsset } from './namespaces.ts';

/** Adds a page's namespaces in `lng` to its translator; rejects when a file cannot be fetched. */
export async function loadClientDictionaries(lng: string, namespaces: readonly string[]): Promise<DictionaryAsset[]> {
  const assets = dictionaryAssets(lng, namespaces);
  await addDictionaryAssets(lng, assets);
  return assets;
}
