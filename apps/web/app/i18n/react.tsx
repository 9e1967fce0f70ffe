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
  const t = useMemo(
    () => i18n.getFixedT(null, key === '' ? null : key.split(',')) as TFunction,
    [i18n, key],
  );
  return { t, i18n };
}
