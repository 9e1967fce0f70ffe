/**
 * Browser-side dictionaries (the functions run in the browser only): files fetched as JSON assets and added to the language's
 * translator for the life of the tab. The first page preloads its files in `<head>` (root.tsx)
 * and the browser entry adds them before hydrating; navigations add theirs in the language
 * layout's client loader.
 */
import { getI18n } from './instance.ts';
import { DICTIONARY_LINK_ATTRIBUTE, type Dictionary, type DictionaryAsset } from './namespaces.ts';

const fetched = new Map<string, Promise<Dictionary>>();
/** Failed fetches by URL: a retry asks for another URL, since the browser keeps a failed preload's answer for the page's life. */
const failures = new Map<string, number>();

function fetchDictionary(asset: string): Promise<Dictionary> {
  // The head's links give absolute URLs, the asset map paths: one key for both.
  const url = new URL(asset, document.baseURI).href;
  let pending = fetched.get(url);
  if (!pending) {
    const failed = failures.get(url) ?? 0;
    pending = fetch(failed === 0 ? url : `${url}?retry=${failed}`)
      .then((res) => {
        if (!res.ok) throw new Error(`dictionary ${url}: HTTP ${res.status}`);
        return res.json() as Promise<Dictionary>;
      })
      // A failed fetch is not kept, so "Refresh" (or the next navigation) tries again.
      .catch((error: unknown) => {
        fetched.delete(url);
        failures.set(url, failed + 1);
        throw error;
      });
    fetched.set(url, pending);
  }
  return pending;
}

/** Adds the files the translator of `lng` lacks; rejects when one cannot be fetched. */
export async function addDictionaryAssets(lng: string, assets: readonly DictionaryAsset[]): Promise<void> {
  const translator = getI18n(lng);
  const missing = assets.filter((a) => !translator.hasResourceBundle(a.lng, a.ns));
  const dictionaries = await Promise.all(missing.map((a) => fetchDictionary(a.url)));
  missing.forEach((a, i) => translator.addResourceBundle(a.lng, a.ns, dictionaries[i] ?? {}));
}

let firstPageFailed = false;

/** Whether the first page's dictionaries could not be fetched (the layout then shows the SPEC §8 error). */
export function firstPageDictionariesFailed(): boolean {
  return firstPageFailed;
}

/** A later load brought the texts: the first page's failure no longer shows. */
export function forgetFirstPageFailure(): void {
  firstPageFailed = false;
}

/** The dictionaries the server-rendered page names in its `<head>`, added before hydration. */
export async function addFirstPageDictionaries(doc: Document): Promise<void> {
  const assets: DictionaryAsset[] = [];
  for (const link of doc.querySelectorAll<HTMLLinkElement>(`link[${DICTIONARY_LINK_ATTRIBUTE}]`)) {
    const [lng, ns] = (link.getAttribute(DICTIONARY_LINK_ATTRIBUTE) ?? '').split('/');
    if (lng && ns) assets.push({ lng, ns, url: link.href });
  }
  try {
    await addDictionaryAssets(doc.documentElement.lang, assets);
  } catch (error) {
    console.error('dictionary load failed', error);
    firstPageFailed = true;
  }
}
