/** What the player reads for a refusal or failure, by the server's code (texts in i18n.ts, `error.<code>`). */
import { EN, hasMessage, type Translate } from './i18n.ts';

export function messageFor(code: string, fallback?: string, t: Translate = EN): string {
  const key = `error.${code}`;
  if (hasMessage(key)) return t(key);
  return fallback ?? t('error.refused', { code });
}

/** Refusals that end the session: the host is told and the game shows the error screen. */
export function isFatal(status: number, code: string): boolean {
  return status === 401 || code === 'session_expired' || code === 'session_invalid' || code === 'session_not_found' || code === 'rgs_session_invalid';
}
