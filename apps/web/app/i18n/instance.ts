/**
 * Translators: one per language, for the life of the process (server) or the tab (browser),
 * fed with the dictionary files the pages name (load.server.ts, fetch.client.ts). Sharing them between SSR requests is safe
 * because a translator never changes language and its bundles are the same static
 * dictionaries for every request (adding one again is a no-op).
 */
import { Translator } from './translator.ts';
import type { Resources } from './namespaces.ts';

/** Adds bundles the translator does not have yet (idempotent). */
export function addResources(translator: Translator, resources: Resources | undefined): void {
  for (const [lng, namespaces] of Object.entries(resources ?? {})) {
    for (const [ns, dictionary] of Object.entries(namespaces)) {
      if (!translator.hasResourceBundle(lng, ns)) translator.addResourceBundle(lng, ns, dictionary);
    }
  }
}

const translators = new Map<string, Translator>();

/** The language's translator, with these dictionaries added (the loaders add a page's files; tests pass theirs). */
export function getI18n(lng: string, resources?: Resources): Translator {
  let translator = translators.get(lng);
  if (!translator) {
    translator = new Translator(lng);
    translators.set(lng, translator);
  }
  addResources(translator, resources);
  return translator;
}
