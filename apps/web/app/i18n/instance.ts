/**
 * i18next instances: one per language, for the life of the process (server) or the tab
 * (browser), fed with the dictionaries the loaders bring. Sharing them between SSR requests
 * is safe because an instance never changes language and its bundles are the same static
 * dictionaries for every request (adding one again is a no-op); creating one per request
 * cost about 0.3 ms of every page render.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { FALLBACK_LANGUAGE, MAIN_NAMESPACE, type Resources } from './namespaces.ts';

function create(lng: string, resources: Resources): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng,
    fallbackLng: FALLBACK_LANGUAGE,
    defaultNS: MAIN_NAMESPACE,
    ns: [MAIN_NAMESPACE],
    resources,
    keySeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}

/** Adds bundles the instance does not have yet (idempotent). */
export function addResources(instance: I18n, resources: Resources | undefined): void {
  for (const [lng, namespaces] of Object.entries(resources ?? {})) {
    for (const [ns, dictionary] of Object.entries(namespaces)) {
      if (!instance.hasResourceBundle(lng, ns)) instance.addResourceBundle(lng, ns, dictionary, true, false);
    }
  }
}

const instances = new Map<string, I18n>();

/** The language's instance, with these dictionaries added. */
export function getI18n(lng: string, resources: Resources): I18n {
  let instance = instances.get(lng);
  if (!instance) {
    instance = create(lng, resources);
    instances.set(lng, instance);
  } else {
    addResources(instance, resources);
  }
  return instance;
}
