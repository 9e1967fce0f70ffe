import { createContext } from 'react-router';
import type { SiteConfig } from '@betsite/contracts';
import type { PlayerGuardFacts } from '@betsite/domain';
import type { ApiFetch } from '../shell/http.ts';

/** The visitor as the server sees them on this request. */
export interface PageUser {
  loggedIn: boolean;
  userId: string | null;
  /** A player's ban level, terms to confirm and identification due (decision 0020); null or absent for a visitor. */
  facts?: PlayerGuardFacts | null;
}

/**
 * What the server hands every page render (set by the Fastify SSR plugin, read by
 * loaders). The server reaches this object through the build's `entry.module`, so
 * both sides share one instance.
 */
export interface PageServices {
  requestId: string;
  siteConfig: SiteConfig;
  user: PageUser;
  /** The guard pipeline decided this url answers 404 (unavailable route etc.). */
  notFound: boolean;
  /** CSP nonce for inline scripts. */
  nonce: string;
  /** Epoch ms from the server clock. */
  now: number;
  /** Calls our own API in-process as this visitor (loaders pass it to `createApiClient`). */
  fetch: ApiFetch;
}

export const pageServicesContext = createContext<PageServices>();
