/**
 * The React face of the translator: a provider for the render's translator and
 * `useTranslation`. A language has its own translator and loaders add bundles before
 * rendering, so a context is all we need.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { TFunction, Translator } from './translator.ts';

const I18nContext = createContext<Translator | null>(null);

export function I18nProvider({ i18n, children }: { i18n: Translator; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

/** `t` bound to the given namespace(s) (looked up in order), and the translator. */
export function useTranslation(ns?: string | readonly string[]): { t: TFunction; i18n: Translator } {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useTranslation outside I18nProvider');
  const key = typeof ns === 'string' ? ns : (ns?.join(',') ?? '');
  const t = useMemo(() => i18n.fixed(key === '' ? null : key.split(',')), [i18n, key]);
  return { t, i18n };
}
