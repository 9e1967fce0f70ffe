/**
 * Endpoints and small helpers of social sign-in, QR login and login by token in the browser.
 * The contracts' values are repeated (importing them would bundle zod into the page);
 * `satisfies` against the contracts' types keeps the copies honest.
 */
import type { LOGIN_TOKEN_METHODS, QR_LOGIN_API, QR_POLL_SECRET_HEADER as CONTRACT_SECRET_HEADER, SOCIAL_API as CONTRACT_API, SocialErrorCode } from '@betsite/contracts';

export const SOCIAL_URLS = {
  providers: '/social-api/oauth/providers',
  registration: '/web-api/registration/v1/social',
  loginToken: '/web-api/auth/v1/login/token',
  start: (provider: string) => `/social-api/oauth/${encodeURIComponent(provider)}/start`,
  oneTap: (provider: string) => `/social-api/oauth/${encodeURIComponent(provider)}-one-tap`,
  oneTapClientId: (provider: string) => `/social-api/oauth/${encodeURIComponent(provider)}-one-tap/clientId`,
  sandboxCredential: '/sandbox-idp/one-tap/credential',
} as const satisfies Pick<typeof CONTRACT_API, 'providers' | 'registration' | 'loginToken'> & Record<string, unknown>;

export const QR_URLS = {
  create: '/web-api/auth/v1/qr',
  poll: (id: string) => `/web-api/auth/v1/qr/${encodeURIComponent(id)}`,
} as const satisfies Pick<typeof QR_LOGIN_API, 'create'> & Record<string, unknown>;
export const QR_POLL_SECRET_HEADER = 'x-qr-secret' satisfies typeof CONTRACT_SECRET_HEADER;
export const QR_POLL_INTERVAL_MS = 2000;
export const QR_TTL_MS = 2 * 60 * 1000;

export interface SocialProviderInfo {
  id: string;
  name: string;
  oneTap: boolean;
}

export type LoginTokenMethod = (typeof LOGIN_TOKEN_METHODS)[number];
export interface LoginToken {
  method_id: LoginTokenMethod;
  token: string;
  sign: string;
}

export const SOCIAL_ERROR_CODES: readonly SocialErrorCode[] = ['denied', 'state_invalid', 'expired', 'provider_error', 'unknown_provider', 'registration_closed'];

/** Providers are configured on the server; one shared request per page load. */
let providersOnce: Promise<SocialProviderInfo[]> | null = null;
export function loadProviders(fetchJson: () => Promise<{ ok: boolean; body?: unknown }>): Promise<SocialProviderInfo[]> {
  providersOnce ??= fetchJson().then((result) => {
    const list = result.ok ? (result.body as { providers?: unknown } | null)?.providers : null;
    if (!Array.isArray(list)) {
      providersOnce = null;
      return [];
    }
    return list.filter((p): p is SocialProviderInfo => typeof p === 'object' && p !== null && typeof (p as SocialProviderInfo).id === 'string');
  });
  return providersOnce;
}

/** The current page without the modal parameter: where to come back after signing in. */
export function currentPageWithoutModal(location: Pick<Location, 'pathname' | 'search'>): string {
  const query = new URLSearchParams(location.search);
  query.delete('modal');
  const search = query.toString();
  return `${location.pathname}${search ? `?${search}` : ''}`;
}
