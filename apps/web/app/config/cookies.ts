/** Cookie names of SPEC §9 the web app reads and writes, and a tiny parser / writer. */
export const COOKIE = {
  language: 'lng',
  timeZone: 'tzo',
  theme: 'app_theme',
  oddsFormat: 'coef_view',
  marketsNameType: 'markets_name_type',
} as const;

export function parseCookies(header: string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    const raw = part.slice(eq + 1).trim();
    if (name === '' || Object.hasOwn(out, name)) continue;
    try {
      out[name] = decodeURIComponent(raw);
    } catch {
      out[name] = raw;
    }
  }
  return out;
}

export interface CookieOptions {
  maxAgeSeconds?: number;
  path?: string;
  secure?: boolean;
}

/** `document.cookie` assignment text for one cookie (SameSite=Lax; SPEC §9: default path /). */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path ?? '/'}`, 'SameSite=Lax'];
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`);
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

export function writeCookie(name: string, value: string, options: CookieOptions = {}): void {
  if (typeof document === 'undefined') return;
  document.cookie = serializeCookie(name, value, { secure: location.protocol === 'https:', ...options });
}

const YEAR = 365 * 24 * 3600;
export const SETTINGS_COOKIE_MAX_AGE = YEAR;
