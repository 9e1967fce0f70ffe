/**
 * What the root loader hands every page (server-rendered, then kept in the browser). Its
 * shape lives here rather than in root.tsx so that features can read it without importing
 * the root route module.
 */
import { useRouteLoaderData } from 'react-router';
import type { SiteConfig } from '@betsite/contracts';
import type { CoefViewId } from '@betsite/domain';
import type { DictionaryAsset } from '../i18n/namespaces.ts';
import type { PageUser } from './page-context.ts';

export type Theme = 'light' | 'dark';
/**
 * SPEC §9 coef display formats (global setting coefViewId): 0 decimal, 1 fractional,
 * 2 american, 4/5/6 Hong Kong, Indonesian, Malay and 14/15/16 the same with 3 decimals
 * (domain `COEF_VIEW`, decision 0008).
 */
export type OddsFormat = CoefViewId;
/** SPEC §3 global setting marketsNameType (cookie `markets_name_type`): 0 full names, 1 short codes (W1, X, W2, TO, TU). */
export type MarketsNameType = 0 | 1;

export interface UserSettings {
  theme: Theme;
  oddsFormat: OddsFormat;
  marketsNameType: MarketsNameType;
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
  /** `main` in the page language and English behind it: the files, not their text (decision 0037). */
  dictionaries: DictionaryAsset[];
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
