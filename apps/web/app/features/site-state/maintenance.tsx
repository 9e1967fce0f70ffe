/**
 * The maintenance text (SPEC §8): it exists in Russian and English only — Russian for az,
 * kk, uk and ru, English for everyone else (domain `maintenanceTextLanguage`) — with the
 * start and end time of the works.
 */
import { maintenanceTextLanguage } from '@betsite/domain';
import type { Maintenance } from '@betsite/contracts';

export const MAINTENANCE_TEXT = {
  ru: {
    title: 'Технические работы',
    body: 'Сайт временно недоступен: мы проводим плановые технические работы. Ваши средства и ставки в безопасности.',
    window: 'Начало: {start}. Окончание: {end}.',
    open: 'Окончание работ будет объявлено дополнительно.',
    unknown: 'не указано',
    notice: 'Плановые технические работы',
  },
  en: {
    title: 'Maintenance in progress',
    body: 'The site is temporarily unavailable while we carry out scheduled maintenance. Your funds and bets are safe.',
    window: 'Start: {start}. End: {end}.',
    open: 'We will announce when the works end.',
    unknown: 'not set',
    notice: 'Scheduled maintenance',
  },
} as const;

export type MaintenanceTexts = (typeof MAINTENANCE_TEXT)[keyof typeof MAINTENANCE_TEXT];

/** `12 Mar 2026, 03:00 (GMT+3)` in the text's language at the user's offset. */
export function formatMaintenanceTime(iso: string | null, textLng: 'ru' | 'en', offsetHours: number, unknown: string): string {
  if (iso === null) return unknown;
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return unknown;
  const shifted = new Date(at + offsetHours * 3600_000);
  const text = new Intl.DateTimeFormat(textLng === 'ru' ? 'ru-RU' : 'en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(shifted);
  return `${text} (GMT${offsetHours >= 0 ? '+' : '−'}${Math.abs(offsetHours)})`;
}

export function maintenanceTexts(lng: string): { lang: 'ru' | 'en'; texts: MaintenanceTexts } {
  const lang = maintenanceTextLanguage(lng);
  return { lang, texts: MAINTENANCE_TEXT[lang] };
}

export function maintenanceWindowText(m: Pick<Maintenance, 'started_at' | 'ended_at'>, lng: string, offsetHours: number): string {
  const { lang, texts } = maintenanceTexts(lng);
  return texts.window
    .replace('{start}', formatMaintenanceTime(m.started_at, lang, offsetHours, texts.unknown))
    .replace('{end}', formatMaintenanceTime(m.ended_at, lang, offsetHours, texts.unknown));
}

export function MaintenanceMessage({ maintenance, lng, offsetHours }: { maintenance: Maintenance; lng: string; offsetHours: number }) {
  const { lang, texts } = maintenanceTexts(lng);
  return (
    <div lang={lang}>
      <h1>{texts.title}</h1>
      <p>{texts.body}</p>
      <p>
        <strong>{maintenanceWindowText(maintenance, lng, offsetHours)}</strong>
      </p>
      {maintenance.ended_at === null ? <p>{texts.open}</p> : null}
    </div>
  );
}
