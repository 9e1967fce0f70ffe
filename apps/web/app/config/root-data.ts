/**
 * What the root loader hands every page (server-rendered, then kept in the browser). Its
 * shape lives here rather than in root.tsx so that features can read it without importing
 * the root route module.
 */
import { useRouteLoaderData } from 'react-router';
import type { SiteConfig } from '@betsite/contracts';
import type { Resources } from '../i18n/namespaces.ts';
import type { PageUser } from './page-context.ts';

export type Theme = 'light' | 'dark';
/** SPEC §9 coef display formats: 0 decimal, 1 fractional, 2 american. */
export type OddsFormat = 0 | 1 | 2;

export interface UserSettings {
  theme: Theme;
  oddsFormat: OddsFormat;
  /** Time-zone offset in hours (cookie `tzo`, SPEC §9 default 3). */
  timeZone: number;
}

export interface RootData {
  lng: string;
  dir: 'ltr' | 'rtl';
  site: SiteConfig;
  user: PageUser;
  nonce: string;
  /** Server clock at render, epoch ms. */
  now: number;
  settings: UserSettings;
  /** `main` in the page language (and English where that language has no file). */
  resources: Resources;
  /** Sanitised brand-book custom properties for `<html style>` (computed on the server). */
  brandVars: Record<string, string>;
}

export function useRootData(): RootData | undefined {
  return useRouteLoaderData('root') as RootData | undefined;
}

/** Root data for components that only render below the root route's successful loader. */
export function useRequiredRootData(): RootData {
  const data = useRootData();
  if (!data) throw new Error('root data is missing');
  return data;
}
