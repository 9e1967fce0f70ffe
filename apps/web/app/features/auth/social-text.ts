/**
 * Texts of social sign-in and QR login from the `auth` dictionary, with the English ones
 * bundled as the fallback: these forms also open as modals on pages that do not load `auth`.
 */
import type { TFunction } from '../../i18n/translator.ts';
import EN_AUTH from '../../i18n/dictionaries/en/auth.json';

export type AuthTextKey = keyof typeof EN_AUTH;

export function socialText(t: TFunction, key: AuthTextKey, values: Record<string, string | number> = {}): string {
  return t(key, { ns: 'auth', defaultValue: EN_AUTH[key], ...values });
}
