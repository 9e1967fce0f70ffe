/**
 * Display settings of SPEC §3 global settings that the shell owns: theme (appTheme 0 light,
 * 1 dark), odds format (coefViewId: every format of SPEC §9, domain `COEF_VIEW`), market
 * names (marketsNameType 0 full, 1 short) and time zone (cookie `tzo`, hours). Each lives
 * in a cookie so the server renders the same choice.
 */
import { createContext, use, useState, type ReactNode } from 'react';
import { COEF_VIEW, isCoefViewId } from '@betsite/domain';
import { COOKIE, SETTINGS_COOKIE_MAX_AGE, writeCookie } from '../config/cookies.ts';
import type { MarketsNameType, OddsFormat, Theme, UserSettings } from '../config/root-data.ts';

interface SettingsApi extends UserSettings {
  setTheme(theme: Theme): void;
  setOddsFormat(format: OddsFormat): void;
  setMarketsNameType(type: MarketsNameType): void;
  setTimeZone(hours: number): void;
}

const SettingsContext = createContext<SettingsApi | null>(null);

export function SettingsProvider({ initial, children }: { initial: UserSettings; children: ReactNode }) {
  const [settings, setSettings] = useState(initial);
  const api: SettingsApi = {
    ...settings,
    setTheme(theme) {
      writeCookie(COOKIE.theme, theme === 'dark' ? '1' : '0', { maxAgeSeconds: SETTINGS_COOKIE_MAX_AGE });
      document.documentElement.dataset['theme'] = theme;
      setSettings((s) => ({ ...s, theme }));
    },
    setOddsFormat(oddsFormat) {
      writeCookie(COOKIE.oddsFormat, String(oddsFormat), { maxAgeSeconds: SETTINGS_COOKIE_MAX_AGE });
      setSettings((s) => ({ ...s, oddsFormat }));
    },
    setMarketsNameType(marketsNameType) {
      writeCookie(COOKIE.marketsNameType, String(marketsNameType), { maxAgeSeconds: SETTINGS_COOKIE_MAX_AGE });
      setSettings((s) => ({ ...s, marketsNameType }));
    },
    setTimeZone(timeZone) {
      writeCookie(COOKIE.timeZone, String(timeZone), { maxAgeSeconds: SETTINGS_COOKIE_MAX_AGE });
      setSettings((s) => ({ ...s, timeZone }));
    },
  };
  return <SettingsContext value={api}>{children}</SettingsContext>;
}

export function useSettings(): SettingsApi {
  const api = use(SettingsContext);
  if (!api) throw new Error('SettingsProvider is missing');
  return api;
}

/** Reads the settings cookies (server and client), falling back to SPEC §9 defaults. */
export function settingsFromCookies(cookies: Readonly<Record<string, string>>): UserSettings {
  const tz = Number(cookies[COOKIE.timeZone]);
  const oddsText = cookies[COOKIE.oddsFormat] ?? '';
  const odds = /^\d{1,2}$/.test(oddsText) ? Number(oddsText) : Number.NaN;
  return {
    theme: cookies[COOKIE.theme] === '1' ? 'dark' : 'light',
    oddsFormat: isCoefViewId(odds) ? odds : COEF_VIEW.decimal,
    marketsNameType: cookies[COOKIE.marketsNameType] === '1' ? 1 : 0,
    timeZone: Number.isInteger(tz) && tz >= -12 && tz <= 14 ? tz : 3,
  };
}
