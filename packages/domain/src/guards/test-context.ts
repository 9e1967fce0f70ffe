/**
 * A GuardContext for tests: a visitor on the desktop site in document phase, every flag at
 * its plain default, the route matched from `url`. Override only what a case is about:
 *
 *   testContext({ url: '/en/office/history', user: { loggedIn: true } })
 */
import { locateRoute, parseLocation } from '../routes/locate.ts';
import type { RouteParams } from '../routes/match.ts';
import type { RouteDef } from '../routes/route-table.ts';
import { plainUserFacts, type BlockAnswer, type DeviceFacts, type GuardContext, type GuardSite, type RedirectAnswer, type UserFacts } from './types.ts';

export const TEST_SITE: GuardSite = {
  defaultLanguage: 'ru',
  languages: [
    { code: 'ru', dir: 'ltr', hidden: false },
    { code: 'en', dir: 'ltr', hidden: false },
    { code: 'de', dir: 'ltr', hidden: false },
    { code: 'ar', dir: 'rtl', hidden: false },
    { code: 'kk', dir: 'ltr', hidden: true },
  ],
  maintenance: { isActive: false, started_at: null, ended_at: null },
  registrationAllowed: true,
  isVipDomain: false,
  flags: {
    accountMiddleware: false,
    rechargeModal: false,
    identificationEnabled: true,
    confirmTermsEnabled: true,
    promoBonusToOffer: false,
    slotFirstDepositRedirect: false,
    paymentPageAvailable: true,
    paymentPageOnlyLoggedIn: false,
    debuggerPage: false,
    mobileSiteUrl: null,
  },
  unavailableRoutes: [],
  urlsToRedirectTo404: [],
  appVersion: '1.0.0',
};

export const TEST_USER: UserFacts = plainUserFacts(false);

export const DESKTOP_CHROME_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

export interface TestContextOptions {
  /** Path, query and hash: `/en/line?x=1#top`. */
  url?: string;
  /** Where a client navigation comes from; giving it makes the phase `navigation`. */
  from?: string | null;
  phase?: GuardContext['phase'];
  site?: Partial<Omit<GuardSite, 'flags' | 'maintenance'>> & {
    flags?: Partial<GuardSite['flags']>;
    maintenance?: Partial<GuardSite['maintenance']>;
  };
  user?: Partial<UserFacts>;
  cookies?: Record<string, string>;
  acceptLanguage?: string;
  device?: Partial<DeviceFacts>;
  /** A block answer (`{ reason: 13 }` is enough), `'failed'`, or null (not asked). */
  block?: Partial<BlockAnswer> | 'failed' | null;
  redirect?: RedirectAnswer | null;
  loadedAppVersion?: string;
  now?: number;
  /** Overrides the route matched from `url` (e.g. null for an unknown path). */
  route?: RouteDef | null;
  params?: RouteParams;
}

function blockOf(block: TestContextOptions['block']): GuardContext['block'] {
  if (block === undefined || block === null) return null;
  if (block === 'failed') return { kind: 'failed' };
  return { kind: 'answer', answer: { reason: null, displayTypeId: null, templateTypeId: null, ...block } };
}

export function testContext(options: TestContextOptions = {}): GuardContext {
  const location = parseLocation(options.url ?? '/en/');
  const located = locateRoute(location.pathname);
  const from = options.from === undefined || options.from === null ? null : parseLocation(options.from);
  const { flags, maintenance, ...site } = options.site ?? {};
  return {
    location,
    from,
    phase: options.phase ?? (from === null ? 'document' : 'navigation'),
    route: options.route === undefined ? located.route : options.route,
    params: options.params ?? located.params,
    site: {
      ...TEST_SITE,
      ...site,
      flags: { ...TEST_SITE.flags, ...flags },
      maintenance: { ...TEST_SITE.maintenance, ...maintenance },
    },
    user: { ...TEST_USER, ...options.user },
    cookies: options.cookies ?? {},
    acceptLanguage: options.acceptLanguage ?? '',
    device: { userAgent: DESKTOP_CHROME_UA, maxTouchPoints: 0, ...options.device },
    block: blockOf(options.block),
    redirect: options.redirect ?? null,
    loadedAppVersion: options.loadedAppVersion ?? TEST_SITE.appVersion,
    now: options.now ?? Date.UTC(2025, 0, 15, 12),
  };
}
