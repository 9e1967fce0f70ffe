/**
 * Referral cookies (SPEC §5 pairing rules, §9 lifetimes): which query tags of a landing url
 * become which cookies, for how long.
 *
 * Cookie values are raw strings; the adapter encodes them when it writes the header.
 */

const HOUR = 3600;
const DAY = 24 * HOUR;

/** SPEC §9 "default cookie life 1 day, path /". */
export const DEFAULT_COOKIE_MAX_AGE_SECONDS = DAY;
export const REFERRAL_COOKIE_PATH = '/';

export interface ReferralCookie {
  name: string;
  value: string;
  maxAgeSeconds: number;
  path: string;
}

/** A query tag copied as is into a cookie. */
export interface ReferralTagCookie {
  param: string;
  cookie: string;
  maxAgeSeconds: number;
}

export const REFERRAL_TAG_COOKIES: readonly ReferralTagCookie[] = [
  /** The referring player or site. */
  { param: 'refererid', cookie: 'refererid', maxAgeSeconds: 60 * DAY },
  /** Bring-a-friend inviter id. */
  { param: 'bf', cookie: 'bf_id', maxAgeSeconds: DAY },
  /** Referral link id of a full partner link. */
  { param: 'reflinkid', cookie: 'reflinkid', maxAgeSeconds: 60 * DAY },
  /** Referral link id of a short link: only counts for a visit that signs up soon. */
  { param: 'sreflinkid', cookie: 'short_reflinkid', maxAgeSeconds: HOUR },
  /** Partner's sub-id of the traffic source. */
  { param: 'subid', cookie: 'subid', maxAgeSeconds: 60 * DAY },
  /** Campaign tags, kept for the default life so registration can attribute the visit. */
  ...['utm_medium', 'utm_campaign', 'utm_content', 'utm_term'].map((tag) => ({
    param: tag,
    cookie: tag,
    maxAgeSeconds: DEFAULT_COOKIE_MAX_AGE_SECONDS,
  })),
];

/** Partner attribution: one cookie, from an ad click or an affiliate link. */
export const PARTNER_COOKIE = 'ref_partner_id';
export const AD_CLICK_PARAMS = ['click_id', 'utm_source', 'aip'] as const;
export const AFFILIATE_TAG_PARAMS = ['btag', 'tag', 'qtag'] as const;
export const PARTNER_MAX_AGE_SECONDS = { 'ad-click': 30 * DAY, affiliate: 60 * DAY } as const;

/**
 * Tells the backend to send the partner's postback for this visit. Without `pb` it only
 * lives for the landing request itself (4 s); with `pb` the postback url id is kept 30 days.
 */
export const POSTBACK_COOKIE = 'postback_watcher';
export const POSTBACK_MAX_AGE_SECONDS = { withPb: 30 * DAY, withoutPb: 4 } as const;

/** Every query parameter that carries referral data; guards carry them along on redirects. */
export const REFERRAL_QUERY_PARAMS: readonly string[] = [
  ...new Set([
    ...REFERRAL_TAG_COOKIES.map((t) => t.param),
    ...AD_CLICK_PARAMS,
    'affid',
    ...AFFILIATE_TAG_PARAMS,
    'pb',
  ]),
];

const MAX_VALUE_LENGTH = 200;
// Control characters would corrupt the Set-Cookie header whatever the encoding.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** A usable tag value, or null when absent, empty, oversized or with control characters. */
function tag(query: URLSearchParams, name: string): string | null {
  const value = query.get(name)?.trim() ?? '';
  return value !== '' && value.length <= MAX_VALUE_LENGTH && !CONTROL.test(value) ? value : null;
}

export type PartnerSource = keyof typeof PARTNER_MAX_AGE_SECONDS;

export interface PartnerAttribution {
  source: PartnerSource;
  /** The pairing's tags as a query string (`affid=7&btag=x`), read back with URLSearchParams. */
  value: string;
}

/**
 * SPEC §5 pairing: an ad click needs click_id, utm_source and aip together; an affiliate
 * needs affid with one of btag, tag or qtag (first present, in that order). An affiliate
 * link wins over ad-click tags on the same url: it is the partner's explicit contract.
 */
export function partnerAttribution(query: URLSearchParams): PartnerAttribution | null {
  const affid = tag(query, 'affid');
  const affiliateTag = AFFILIATE_TAG_PARAMS.find((name) => tag(query, name) !== null);
  if (affid !== null && affiliateTag !== undefined) {
    const value = new URLSearchParams({ affid, [affiliateTag]: tag(query, affiliateTag) ?? '' });
    return { source: 'affiliate', value: value.toString() };
  }
  const adClick = AD_CLICK_PARAMS.map((name) => [name, tag(query, name)] as const);
  if (adClick.every(([, v]) => v !== null)) {
    const value = new URLSearchParams(adClick.map(([name, v]) => [name, v ?? '']));
    return { source: 'ad-click', value: value.toString() };
  }
  return null;
}

/** The cookies a landing url's query (`?a=b` or `a=b`) sets. */
export function referralCookies(search: string): ReferralCookie[] {
  const query = new URLSearchParams(search);
  const cookies: ReferralCookie[] = [];
  const add = (name: string, value: string, maxAgeSeconds: number) =>
    cookies.push({ name, value, maxAgeSeconds, path: REFERRAL_COOKIE_PATH });

  for (const t of REFERRAL_TAG_COOKIES) {
    const value = tag(query, t.param);
    if (value !== null) add(t.cookie, value, t.maxAgeSeconds);
  }
  const partner = partnerAttribution(query);
  if (partner !== null) {
    add(PARTNER_COOKIE, partner.value, PARTNER_MAX_AGE_SECONDS[partner.source]);
    const pb = tag(query, 'pb');
    add(POSTBACK_COOKIE, pb ?? '1', pb === null ? POSTBACK_MAX_AGE_SECONDS.withoutPb : POSTBACK_MAX_AGE_SECONDS.withPb);
  }
  return cookies;
}

/** Only the referral parameters of a query, to carry them to a redirect target. */
export function referralQuery(search: string): URLSearchParams {
  const query = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const [name, value] of query) if (REFERRAL_QUERY_PARAMS.includes(name)) kept.append(name, value);
  return kept;
}
