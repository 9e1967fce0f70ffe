/**
 * The React face of i18next: a provider for the render's instance and `useTranslation`.
 * Our instances never change language or load bundles behind React's back (a language has
 * its own instance; loaders add bundles before rendering), so a context is all we need —
 * react-i18next's event wiring would cost the first page load about 2 KB gzip.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { i18n as I18n, TFunction } from 'i18next';

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

/** `t` bound to the given namespace(s) (looked up in order), and the instance. */
export function useTranslation(ns?: string | readonly string[]): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useTranslation outside I18nProvider');
  const key = typeof ns === 'string' ? ns : (ns?.join(',') ?? '');
  const t = useMemo(() => boundT(i18n, key === '' ? null : key.split(',')), [i18n, key]);
  return { t, i18n };
}

/**
 * What `i18n.getFixedT(null, ns)` answers, without its cost: i18next's fixed `t` copies the
 * instance's whole options object on every call, which made translating a fifth of a page
 * render on the server (a page with odds calls `t` a few hundred times). Same options reach
 * `i18n.t`: the caller's (or the overload handler's for a default-value string), the
 * namespaces unless the call names its own.
 */
export function boundT(i18n: I18n, ns: string[] | null): TFunction {
  const t = (key: string | string[], options?: unknown, ...rest: unknown[]) => {
    const given =
      typeof options === 'object' && options !== null
        ? { ...(options as Record<string, unknown>) }
        : ((i18n.options.overloadTranslationOptionHandler?.([key, options, ...rest] as never) ?? {}) as Record<string, unknown>);
    if (!given['ns'] && ns !== null) given['ns'] = ns;
    return i18n.t(key, given as never);
  };
  return t as unknown as TFunction;
}
