/**
 * The route-guard pipeline of SPEC §2 as pure decisions.
 *
 * A guard reads `GuardContext` (facts gathered by an adapter: the server for the first
 * request, the browser for client navigation) and answers a `GuardDecision`. Guards never
 * do I/O; facts that need I/O (block service, redirect service) are fetched before the
 * pipeline runs.
 */
import type { RouteDef } from '../routes/route-table.ts';

/**
 * What the guards read of the site config. Domain imports nothing of ours, so this is a
 * structural subset: the contracts' `SiteConfig` satisfies it and is passed as is.
 */
export interface GuardSite {
  defaultLanguage: string;
  languages: readonly { code: string; dir: 'ltr' | 'rtl'; hidden: boolean }[];
  maintenance: {
    isActive: boolean;
    started_at: string | null;
    ended_at: string | null;
  };
  registrationAllowed: boolean;
  isVipDomain: boolean;
  flags: {
    accountMiddleware: boolean;
    rechargeModal: boolean;
    identificationEnabled: boolean;
    confirmTermsEnabled: boolean;
    promoBonusToOffer: boolean;
    slotFirstDepositRedirect: boolean;
    paymentPageAvailable: boolean;
    paymentPageOnlyLoggedIn: boolean;
    debuggerPage: boolean;
    mobileSiteUrl: string | null;
  };
  unavailableRoutes: readonly string[];
  urlsToRedirectTo404: readonly string[];
  appVersion: string;
}

/** Answer of the block service (contracts `BlockResponse`). */
export interface BlockAnswer {
  reason: number | null;
  displayTypeId: number | null;
  templateTypeId: number | null;
}

/** Answer of the redirect service (contracts `RedirectResponse`). */
export interface RedirectAnswer {
  redirect: boolean;
  code?: number;
  url?: string;
  reasons?: readonly string[];
  breadcrumbs?: readonly string[];
}

export type RedirectStatus = 301 | 302 | 307 | 308;

/** Side effects a guard asks the adapter to carry out, whatever the final decision. */
export type GuardEffect =
  | { kind: 'set-cookie'; name: string; value: string; maxAgeSeconds: number; path: string }
  | { kind: 'open-modal'; modal: ModalName }
  | { kind: 'log'; level: 'warn' | 'error' | 'info'; message: string; data?: Record<string, unknown> };

export type ModalName = 'login' | 'registration' | 'user-question' | 'support-history' | 'forgot-password';

export type GuardDecision =
  | { kind: 'continue'; effects?: readonly GuardEffect[] }
  | { kind: 'redirect'; url: string; status: RedirectStatus; effects?: readonly GuardEffect[] }
  /** Stay where you are. `code` is the SPEC §9 ban code (45, 53) when a ban cancelled. */
  | { kind: 'cancel'; reason: string; code?: number; effects?: readonly GuardEffect[] }
  | { kind: 'reload'; effects?: readonly GuardEffect[] }
  | { kind: 'not-found'; effects?: readonly GuardEffect[] };

export interface Location {
  /** Full path including the language prefix, e.g. `/en/line/football`. */
  pathname: string;
  /** `?a=b` or '' */
  search: string;
  /** `#x` or '' */
  hash: string;
}

export interface UserFacts {
  loggedIn: boolean;
  banLevel: number;
  /** Terms changed since the player last confirmed them. */
  termsChanged: boolean;
  /** The player must pass identification before going on (identification bonus blocker). */
  identificationRequired: boolean;
  /** Face-id is the configured verification type. */
  faceIdVerification: boolean;
  /** Address to go to right after registration (recharge guard), if any. */
  afterRegistrationRedirect: string | null;
  /** SPEC §2: a navigation-blocked flag cancels route changes. */
  navigationBlocked: boolean;
}

/**
 * A player's facts with nothing pending (no ban, terms confirmed, no identification due).
 * Adapters start from this; the player issues fill in the rest from the session.
 */
export function plainUserFacts(loggedIn: boolean): UserFacts {
  return {
    loggedIn,
    banLevel: 0,
    termsChanged: false,
    identificationRequired: false,
    faceIdVerification: false,
    afterRegistrationRedirect: null,
    navigationBlocked: false,
  };
}

export interface DeviceFacts {
  userAgent: string;
  /** `navigator.maxTouchPoints` on the client; null on the server (unknown). */
  maxTouchPoints: number | null;
}

/** Facts every guard may read. */
export interface GuardContext {
  location: Location;
  /** Where the user comes from on client navigation; null on the first request. */
  from: Location | null;
  /** `document` on the server's first render, `navigation` for client-side navigation. */
  phase: 'document' | 'navigation';
  /** The route the path matched (after the language prefix), or null for unknown paths. */
  route: RouteDef | null;
  /** Params of the matched route. */
  params: Readonly<Record<string, string | undefined>>;
  site: GuardSite;
  user: UserFacts;
  /** Cookies of the request / document. */
  cookies: Readonly<Record<string, string>>;
  /** `Accept-Language` header on the server, `navigator.languages` joined on the client. */
  acceptLanguage: string;
  device: DeviceFacts;
  /** Answer of the block service, or `failed` when all attempts failed. Null: not asked. */
  block: { kind: 'answer'; answer: BlockAnswer } | { kind: 'failed' } | null;
  /** Answer of the redirect service for this url, or null when not asked. */
  redirect: RedirectAnswer | null;
  /** Version of the loaded client app (navigation) or of the server (document). */
  loadedAppVersion: string;
  /** Epoch milliseconds from the one clock. */
  now: number;
}

export type Guard = (ctx: GuardContext) => GuardDecision;

export interface NamedGuard {
  name: GuardName;
  run: Guard;
}

/** SPEC §2 "Route guards (run in this order)". */
export const GUARD_ORDER = [
  'referral',
  'app-version',
  'blocked',
  'dictionary-loader',
  'media-loader',
  'access-check',
  'server-rerender-check',
  'analytics',
  'access-by-authorization',
  'modal',
  'confirm-terms',
  'bonus-page',
  'url-language',
  'recharge-navigation',
  'mobile-identification-bonus',
  'seo-bot',
  'quick-coupon',
  'auth-redirect',
  'micro-frontend',
  'slot-first-deposit-redirect',
] as const;
export type GuardName = (typeof GUARD_ORDER)[number];

export interface PipelineResult {
  decision: GuardDecision;
  /** Effects of every guard that ran, in order (including the deciding one). */
  effects: readonly GuardEffect[];
  /** The guard that decided, or null when all continued. */
  decidedBy: GuardName | null;
}
