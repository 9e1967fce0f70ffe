/**
 * i18next instances. On the server one instance per request (created while rendering the
 * request's tree, never shared between requests); in the browser one instance per language
 * for the life of the tab, fed with the dictionaries the loaders bring.
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

const browserInstances = new Map<string, I18n>();

/** The instance for a render: fresh on the server, the tab's one per language in the browser. */
export function getI18n(lng: string, resources: Resources): I18n {
  if (typeof document === 'undefined') return create(lng, resources);
  let instance = browserInstances.get(lng);
  if (!instance) {
    instance = create(lng, resources);
    browserInstances.set(lng, instance);
  } else {
    addResources(instance, resources);
  }
  return instance;
}
