/**
 * The site's route table (SPEC §2): every page below the optional `/{lng}` prefix.
 *
 * It is data, not React: the server's guard pipeline, the web app's `routes.ts` and the
 * typed paths module all read it, so a route is declared exactly once.
 * Paths use React Router syntax (`:param`, `:param?`, `segment?`), without the language.
 */

export type LayoutName = 'main' | 'casino' | 'empty' | 'headless' | 'maintenance' | 'blocked';

/** Who may open a route: everybody, logged-in players only, or visitors only. */
export type RouteAccess = 'all' | 'user' | 'guest';

/** The kind of page a route shows; the web app maps each kind to one page module. */
export type PageKind =
  | 'home'
  | 'sports'
  | 'multi'
  | 'results'
  | 'statistic'
  | 'champs'
  | 'cyber'
  | 'toto'
  | 'lotto'
  | 'office'
  | 'info'
  | 'rules'
  | 'login'
  | 'registration'
  | 'user'
  | 'casino'
  | 'games'
  | 'promotions'
  | 'landing'
  | 'news'
  | 'alphabet'
  | 'site-state'
  | 'onpay'
  | 'misc'
  | 'print-coupon'
  | 'coupon';

export interface RouteMeta {
  layout: LayoutName;
  access: RouteAccess;
  /** Dictionary ids (i18n namespaces) the page needs besides `main`. */
  dictionaries: readonly string[];
  hideFooter?: boolean;
  hideBottomNav?: boolean;
  hideSeoText?: boolean;
  /** A site feature flag that must be on for the route to exist (otherwise 404). */
  feature?: FeatureFlag;
  /** Numeric route id used by the operator's unavailable-route list (e.g. 47 = rules). */
  routeNumber?: number;
  /** SPEC §2 ban meta flags: 24 allowed for banned users, 25 forbidden for banned users. */
  banFlag?: 24 | 25;
  /** Robots directive for search engines. */
  robots?: 'index,follow' | 'noindex,nofollow' | 'noindex,follow';
}

export type FeatureFlag =
  | 'identification'
  | 'registration'
  | 'payment-page'
  | 'debugger'
  | 'confirm-terms';

export interface RouteDef {
  /** Unique route name, used in navigation (`paths.to('login', …)`). */
  name: string;
  /** Path below the language prefix, React Router syntax; '' is the language root. */
  path: string;
  kind: PageKind;
  /** i18n key of the page heading (`main` dictionary unless prefixed `ns:`). */
  titleKey: string;
  meta: RouteMeta;
}

export interface RedirectDef {
  /** Path below the language prefix (exact match, `*` allowed at the end). */
  from: string;
  /** Target below the language prefix; `$1` is what `*` matched. */
  to: string;
  status: 301 | 302;
  /** Query parameters added to the target. */
  query?: Readonly<Record<string, string>>;
  /** Apply only to visitors (e.g. the forgot-password shortcut). */
  guestOnly?: boolean;
}

const main = (access: RouteAccess = 'all', dictionaries: readonly string[] = []): RouteMeta => ({
  layout: 'main',
  access,
  dictionaries,
});
const casino = (dictionaries: readonly string[] = ['casino']): RouteMeta => ({
  layout: 'casino',
  access: 'all',
  dictionaries,
});
const office = (extra: Partial<RouteMeta> = {}): RouteMeta => ({
  layout: 'main',
  access: 'user',
  dictionaries: ['office'],
  hideSeoText: true,
  robots: 'noindex,nofollow',
  ...extra,
});
const state = (): RouteMeta => ({
  layout: 'blocked',
  access: 'all',
  dictionaries: ['site_state'],
  hideFooter: true,
  hideSeoText: true,
  hideBottomNav: true,
  robots: 'noindex,nofollow',
});

const r = (name: string, path: string, kind: PageKind, titleKey: string, meta: RouteMeta): RouteDef => ({
  name,
  path,
  kind,
  titleKey,
  meta,
});

/** Office sections of SPEC §2, in menu order. */
export const OFFICE_SECTIONS = [
  'account',
  'history',
  'historypay',
  'recharge',
  'security',
  'responsible',
  'settings',
  'bonuses/deposit',
  'bonuses/wager',
  'casino/vipcashback',
  'casino/premiumcashback',
  'deduce',
  'promotion',
  'bringfriend',
  'support',
  'manager',
  'rewards',
  'verification',
  'share-idea',
  'payment/requests',
  'auth-qr',
] as const;

export const INFO_PAGES = [
  'contacts',
  'about',
  'howbet',
  'cookies',
  'licenses',
  'taxation',
  'consent',
  'simpleidentification',
  'smsbets',
  'amlkyc',
  'amlpolicy',
  'disputeresolution',
  'kycpolicy',
  'responsiblegaming',
  'cash_terminals',
  'betting-calculator',
] as const;

export const SITE_STATE_PAGES = [
  'block',
  'block-ua',
  'block-ie',
  'site-updates',
  'coming-soon',
  'suspension',
] as const;

export const HOME_PAGE_TYPES = [
  'betsonyour',
  'topgame',
  'marble',
  'team',
  'ufc',
  'politics',
  'champ',
  'epl',
  'laliga',
  'europaleague',
  'ipl',
  'scf',
  'fifacwc',
  'nbafinals',
] as const;

export const CASINO_SECTIONS = [
  'bingo',
  'fishinghunting',
  'scratchcards',
  'keno',
  'tvgames',
  'virtualsports',
  'fast-games',
  'fast-bet',
  'asian-games',
  'card-games',
  'crash-games',
  'skill-games',
  'my-casino',
  'my-casino/favorites',
  'casino-lobby',
  'providers',
  'casino-search',
  'othergames',
  'casino/brand',
] as const;

export const ONPAY_RESULTS = ['success', 'fail', 'pending', 'cancel'] as const;

const slug = (s: string) => s.replace(/[/_]/g, '-');

/** Pages where money is staked or paid in: closed to banned players (meta flag 25). */
const forbiddenWhenBanned = { banFlag: 25 } as const satisfies Partial<RouteMeta>;
const BANNED_FORBIDDEN_OFFICE: ReadonlySet<string> = new Set(['recharge']);
/** Office sections that need more than the office dictionary: the settings name the sports (line and live visibility), my bets shares the slip's texts, the casino history the casino's. */
const OFFICE_EXTRA_DICTIONARIES: Readonly<Partial<Record<string, readonly string[]>>> = { settings: ['sports'], history: ['sports', 'casino'] };
const officeSection = (s: string): RouteMeta => {
  const extra = OFFICE_EXTRA_DICTIONARIES[s];
  return office({ ...(BANNED_FORBIDDEN_OFFICE.has(s) ? forbiddenWhenBanned : {}), ...(extra ? { dictionaries: ['office', ...extra] } : {}) });
};

export const ROUTES: readonly RouteDef[] = [
  r('home', '', 'home', 'main_home', main('all', ['sports'])),
  ...HOME_PAGE_TYPES.map((t) => r(`home-${t}`, t, 'home', `main_home_${t.replace(/-/g, '_')}`, main('all', ['sports']))),

  // Sports: line / live listings, game pages, teams, champs, multi-live, results.
  ...(['line', 'live'] as const).flatMap((section) => [
    r(section, `${section}/:menu?/:sport?/:champ?`, 'sports', `main_${section}`, main('all', ['sports'])),
    r(`${section}-game`, `${section}/:menu/:sport/:champ/:game`, 'sports', 'main_game', main('all', ['sports'])),
  ]),
  r('team', 'team/:team/:section?', 'sports', 'main_team', main('all', ['sports'])),
  r('champ-home', 'champ/:champ/home', 'sports', 'main_champ', main('all', ['sports'])),
  r('champ-game', 'champ/:champ/game/:game', 'sports', 'main_champ', main('all', ['sports'])),
  r('champ-final', 'champ/:champ/final', 'sports', 'main_champ', main('all', ['sports'])),
  r('multi', 'multi', 'multi', 'main_multi_live', main('all', ['sports'])),
  r('champs', 'champs/:champId?', 'champs', 'main_champs_results', main('all', ['sports'])),
  r('results', 'results/:type?', 'results', 'main_results', main('all', ['sports'])),
  r('statistic', 'statistic', 'statistic', 'main_statistic', main('all', ['sports'])),
  r('statisticpopup', 'statisticpopup', 'statistic', 'main_statistic', {
    ...main('all', ['sports']),
    layout: 'empty',
    hideFooter: true,
  }),

  // Cyber (SPEC §2: cyber → cyber/real).
  r('cyber', 'cyber/:type/:discipline?/:champ?/:section?/:game?', 'cyber', 'main_cyber', main('all', ['sports'])),

  // Toto and lotto.
  r('toto', 'toto/:totoSection?/:sub?', 'toto', 'main_toto', main('all', ['toto'])),
  r('lotto', 'lotto/:sectionName?/:lottoId?', 'lotto', 'main_lotto', main('all', ['toto'])),

  // Office (login required).
  ...OFFICE_SECTIONS.map((s) =>
    r(`office-${slug(s)}`, `office/${s}`, 'office', `office_${s.replace(/[/-]/g, '_')}`, officeSection(s)),
  ),
  r('office-identification', 'office/identification', 'office', 'office_identification', office({ feature: 'identification' })),
  r('office-payment-create-request', 'office/payment/create-request/:topicId', 'office', 'office_payment_requests', office()),
  r('office-payment-transactions', 'office/payment/:topicId/transactions/:transactionId?', 'office', 'office_payment_requests', office()),
  r('office-payment-subtopic', 'office/payment/:topicId/:subTopicId', 'office', 'office_payment_requests', office()),

  // Information.
  r('rules', 'rules/:ruleGroup/:chapter?', 'rules', 'info_rules', { ...main('all', ['info']), routeNumber: 47 }),
  ...INFO_PAGES.map((p) => r(`info-${slug(p)}`, p, 'info', `info_${p.replace(/-/g, '_')}`, main('all', ['info']))),
  r('payment', 'payment', 'info', 'info_payment', { ...main('all', ['info']), feature: 'payment-page' }),
  r('football-champions-rules', 'football-champions-rules/:chapter?', 'rules', 'info_rules', main('all', ['info'])),

  // Login, registration, user routes.
  r('login', 'user/login', 'login', 'auth_login', { ...main('guest', ['auth']), robots: 'noindex,follow' }),
  r('registration', 'registration/:type?', 'registration', 'auth_registration', {
    ...main('guest', ['auth']),
    feature: 'registration',
  }),
  r('registration-old', 'registration-old', 'registration', 'auth_registration', {
    ...main('guest', ['auth']),
    feature: 'registration',
  }),
  r('user-accountverify', 'user/accountverify', 'user', 'auth_account_verify', main('all', ['auth'])),
  r('user-activate', 'user/activate/:type?', 'user', 'auth_activate', main('all', ['auth'])),
  r('user-activatefast', 'user/activatefast/:type?', 'user', 'auth_activate', main('all', ['auth'])),
  // Open to all: the e-mail link must not bounce off the access guard; the auth-redirect
  // guard sends a logged-in player home instead.
  r('user-passwordreset', 'user/passwordreset', 'user', 'auth_password_reset', main('all', ['auth'])),
  r('user-stopnewsletter', 'user/stopnewsletter', 'user', 'auth_stop_newsletter', main('all', ['auth'])),
  r('confirm', 'confirm', 'user', 'auth_confirm_terms', { ...main('user', ['auth']), feature: 'confirm-terms' }),
  r('block-appeal-history', 'block-appeal-history', 'user', 'auth_block_appeal_history', main('user', ['auth'])),

  // Casino.
  r('casino', 'casino/:subcategory?', 'casino', 'casino_casino', casino()),
  r('casino-game', 'casino/:subcategory/game/:gameId/:gameName?', 'casino', 'casino_casino', { ...casino(), ...forbiddenWhenBanned }),
  r('slots', 'slots/:subcategory?', 'casino', 'casino_slots', casino()),
  r('slots-game', 'slots/:subcategory/game/:gameId/:gameName?', 'casino', 'casino_slots', { ...casino(), ...forbiddenWhenBanned }),
  r('poker', 'poker/:game?', 'casino', 'casino_poker', casino()),
  r('bonus-casino', 'bonus/casino', 'casino', 'casino_bonus', casino(['casino', 'promo'])),
  r('bonus-casino-promo', 'bonus/casino/promo', 'casino', 'casino_bonus', casino(['casino', 'promo'])),
  r('bonus-casino-promotion', 'bonus/casino/promotions/:id', 'casino', 'casino_bonus', casino(['casino', 'promo'])),
  r('bonus-casino-tournaments', 'bonus/casino/tournaments/:id?', 'casino', 'casino_tournaments', casino(['casino', 'promo'])),
  r('bonus-casino-id', 'bonus/casino/:id', 'casino', 'casino_bonus', casino(['casino', 'promo'])),
  r('providers-one', 'providers/:provider', 'casino', 'casino_providers', casino()),
  ...(['slots', 'casino', 'keno'] as const).map((s) =>
    r(`${s}-thank-you`, `${s}/thank-you`, 'casino', 'casino_thank_you', casino()),
  ),
  ...CASINO_SECTIONS.map((s) => r(slug(s), s, 'casino', `casino_${s.replace(/[/-]/g, '_')}`, casino())),
  r('slots-vulkan', 'slots/vulkan', 'casino', 'casino_slots', casino()),
  // Provably fair (issue 13): recomputes a past round from its revealed seeds in the browser.
  r('casino-verify', 'provably-fair', 'casino', 'casino_provably_fair', casino()),

  // Games project (bonus games).
  r('games', 'games', 'games', 'games_index', casino(['games'])),
  r('games-view', 'games/:gameRoute', 'games', 'games_index', { ...casino(['games']), ...forbiddenWhenBanned }),
  r('games-landing', 'games-landing/:landingRoute', 'landing', 'games_index', { ...casino(['games']), layout: 'headless' }),

  // Bonuses and promotions.
  r('promotions', 'promotions/:promotionId?', 'promotions', 'promo_promotions', main('all', ['promo'])),
  r('bonuses', 'bonuses/:section?/:id?', 'promotions', 'promo_bonuses', main('all', ['promo'])),
  r('bonus-offer', 'bonus-offer/:section?/:id?', 'promotions', 'promo_bonuses', main('all', ['promo'])),
  r('tournaments', 'tournaments/:id?', 'promotions', 'promo_tournaments', main('all', ['promo'])),
  r('promo', 'promo', 'promotions', 'promo_promo_codes', main('all', ['promo'])),
  r('landing-page', 'landing-page/:landingId', 'landing', 'promo_landing', { ...main('all', ['promo']), layout: 'headless' }),
  r('first-bonus', 'first-bonus/:landingId?', 'landing', 'promo_first_bonus', { ...main('all', ['promo']), layout: 'headless' }),

  // Other pages.
  // The coupon page (SPEC §2 navigation name "coupon"): the full bet slip; the slip's texts are in `sports`.
  r('coupon', 'coupon', 'coupon', 'main_coupon', { ...main('all', ['sports']), robots: 'noindex,follow' }),
  // A player's own coupon: visitors go to log in (access guard); the slip's texts are in `sports`.
  r('print-coupon', 'print-coupon/:couponId', 'print-coupon', 'main_print_coupon', {
    ...main('user', ['sports']),
    layout: 'empty',
    hideFooter: true,
    robots: 'noindex,nofollow',
  }),
  r('ourpartners', 'ourpartners/:section?', 'misc', 'main_partners', main('all', ['info'])),
  r('news', 'news/:slug?', 'news', 'main_news', main('all', ['info'])),
  r('betting-alphabet', 'betting-alphabet/:block?/:category?/:slug?', 'alphabet', 'main_betting_alphabet', main('all', ['info'])),
  r('points', 'points', 'misc', 'main_points', main('all', ['promo'])),
  r('mobile-apps', 'mobile', 'misc', 'main_mobile_apps', main('all', ['info'])),
  r('desktop-apps', 'desktop', 'misc', 'main_desktop_apps', main('all', ['info'])),
  r('download-app', 'download-app', 'misc', 'main_download_app', main('all', ['info'])),
  r('ipl-betting-app', 'ipl-betting-app', 'misc', 'main_mobile_apps', main('all', ['info'])),
  r('cricket-app', 'cricket-app', 'misc', 'main_mobile_apps', main('all', ['info'])),
  r('betting-awards', 'betting-awards', 'misc', 'main_betting_awards', main('all', ['promo'])),
  r('internal-vpn', 'internal-vpn', 'misc', 'main_internal_vpn', { ...main('all'), layout: 'empty', hideFooter: true }),
  r('oldbrowser', 'oldbrowser', 'misc', 'main_old_browser', { ...main('all'), layout: 'empty', hideFooter: true }),
  r('event', 'event/:eventId?', 'misc', 'main_event', main('all', ['promo'])),
  r('asian', 'asian', 'misc', 'main_asian_showcase', main('all', ['sports'])),
  r('debugger', 'debugger', 'misc', 'main_debugger', { ...main('all'), feature: 'debugger', robots: 'noindex,nofollow' }),

  // Site-state pages.
  ...SITE_STATE_PAGES.map((p) => r(`state-${p}`, p, 'site-state', `state_${p.replace(/-/g, '_')}`, state())),
  r('maintenance', 'maintenance', 'site-state', 'state_maintenance', { ...state(), layout: 'maintenance' }),

  // Payment return pages.
  ...ONPAY_RESULTS.flatMap((result) => [
    r(`onpay-${result}`, `onpay/${result}`, 'onpay', `payments_onpay_${result}`, {
      ...main('all', ['payments']),
      robots: 'noindex,nofollow',
    }),
    r(`onpay-withdraw-${result}`, `onpay/withdraw/${result}`, 'onpay', `payments_onpay_withdraw_${result}`, {
      ...main('all', ['payments']),
      robots: 'noindex,nofollow',
    }),
  ]),
];

/** Old game routes (SPEC §2): 301 to the new game route, or to the games index. */
export const OLD_GAME_ROUTES: Readonly<Record<string, string>> = {
  'bonus-games': 'games',
  'bonusgames': 'games',
  'fortuna': 'games/fortuna-bonus',
  'chest': 'games/chest-bonus',
  'memory': 'games/memory-bonus',
  'safe': 'games/safe-bonus',
  'lottery': 'games/lottery-bonus',
  'dragon': 'games/dragon-bonus',
  'bonus-games/*': 'games',
};

/** Fixed redirects of SPEC §2, checked before route matching. */
export const REDIRECTS: readonly RedirectDef[] = [
  { from: 'rules', to: 'rules/1', status: 301 },
  { from: 'user/coupon', to: '', status: 302 },
  { from: 'user/forgotpassword', to: '', status: 302, query: { modal: 'forgot-password' }, guestOnly: true },
  { from: 'cyber', to: 'cyber/real', status: 301 },
  { from: 'office', to: 'office/account', status: 302 },
  { from: 'tvgames/view/poker', to: 'poker', status: 301 },
  { from: 'vulkan', to: 'slots/vulkan', status: 301 },
  { from: 'lpage/*', to: 'landing-page/$1', status: 301 },
  ...Object.entries(OLD_GAME_ROUTES).map(([from, to]): RedirectDef => ({ from, to, status: 301 })),
];

const byName = new Map(ROUTES.map((route) => [route.name, route]));

export function routeByName(name: string): RouteDef | undefined {
  return byName.get(name);
}
