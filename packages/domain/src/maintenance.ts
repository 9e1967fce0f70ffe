/** Maintenance notices (SPEC §2 maintenance, §3 maintenance config). */

/**
 * The maintenance text exists in Russian and English only: Russian for the Russian-reading
 * audiences (az, kk, uk, ru; `kz` and `ua` are the legacy codes of kk and uk), English
 * for everyone else.
 */
const RUSSIAN_TEXT_LANGUAGES = new Set(['ru', 'az', 'kk', 'kz', 'uk', 'ua']);

export function maintenanceTextLanguage(lng: string): 'ru' | 'en' {
  return RUSSIAN_TEXT_LANGUAGES.has(lng.toLowerCase()) ? 'ru' : 'en';
}

export interface MaintenanceWindow {
  /** ISO 8601 start, or null when none is scheduled. */
  started_at: string | null;
  /** ISO 8601 end, or null when open-ended. */
  ended_at: string | null;
}

/**
 * Whether `now` falls in the scheduled window [started_at, ended_at). Without a start
 * there is no window; an unparsable time is treated as no window rather than as "always".
 */
export function isWithinMaintenance(window: MaintenanceWindow, now: number): boolean {
  if (window.started_at === null) return false;
  const start = Date.parse(window.started_at);
  const end = window.ended_at === null ? Infinity : Date.parse(window.ended_at);
  if (Number.isNaN(start) || Number.isNaN(end)) return false;
  return start <= now && now < end;
}
