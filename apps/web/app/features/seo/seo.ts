/**
 * Search-engine page data of SPEC §3 (title, description, robots, canonical, hreflang) as
 * pure functions: the route modules' `meta` exports call `buildPageMeta`, so every public
 * page carries them in the server-rendered HTML.
 */
import type { MetaDescriptor } from 'react-router';
import { splitLanguage, withLanguage, type PageKind, type RouteDef } from '@betsite/domain';
import type { SiteConfig } from '@betsite/contracts';

export type Robots = 'index,follow' | 'noindex,nofollow' | 'noindex,follow';

export type SeoSite = Pick<SiteConfig, 'companyName' | 'defaultLanguage' | 'languages' | 'seo'>;

/** Kinds of pages search engines should not index (office, auth, site-state, payment return). */
const NOINDEX: Partial<Record<PageKind, Robots>> = {
  office: 'noindex,nofollow',
  'site-state': 'noindex,nofollow',
  onpay: 'noindex,nofollow',
  'print-coupon': 'noindex,nofollow',
  login: 'noindex,follow',
  registration: 'noindex,follow',
  user: 'noindex,follow',
};

/** Route meta first, then the page kind's default, else index,follow. Error pages: noindex. */
export function robotsFor(route: Pick<RouteDef, 'kind' | 'meta'> | null): Robots {
  if (route === null) return 'noindex,nofollow';
  return route.meta.robots ?? NOINDEX[route.kind] ?? 'index,follow';
}

function trimOrigin(origin: string): string {
  return origin.replace(/\/+$/, '');
}

/** The base the canonical and alternate links use: the site origin, or `https://{mirrorHost}` in mirror mode. */
export function canonicalBase(seo: SeoSite['seo']): string {
  if (seo.canonicalMode === 'mirror' && seo.mirrorHost) {
    const host = seo.mirrorHost.replace(/^https?:\/\//, '').replace(/\/.*$/, '');
    return `https://${host}`;
  }
  return trimOrigin(seo.siteOrigin);
}

/** Canonical url of a page: its own path (normalised, without query or hash) on the canonical base. */
export function canonicalUrl(seo: SeoSite['seo'], pathname: string): string {
  const { lng, rest } = splitLanguage(pathname);
  const path = lng === null ? `/${rest}` : withLanguage(lng, rest);
  return `${canonicalBase(seo)}${path}`;
}

export interface Alternate {
  hrefLang: string;
  href: string;
}

/** hreflang alternates: the same page in every visible language, plus x-default (the default language). */
export function alternates(site: SeoSite, pathname: string): Alternate[] {
  const { rest } = splitLanguage(pathname);
  const base = canonicalBase(site.seo);
  const visible = site.languages.filter((l) => !l.hidden).map((l) => l.code);
  if (visible.length === 0) return [];
  const list = visible.map((code) => ({ hrefLang: code, href: `${base}${withLanguage(code, rest)}` }));
  const xDefault = visible.includes(site.defaultLanguage) ? site.defaultLanguage : (visible[0] as string);
  list.push({ hrefLang: 'x-default', href: `${base}${withLanguage(xDefault, rest)}` });
  return list;
}

export interface PageMetaInput {
  site: SeoSite;
  /** The page's route; null for error pages (404/500), which are never indexed. */
  route: Pick<RouteDef, 'kind' | 'meta'> | null;
  pathname: string;
  lng: string;
  /** The page heading (already translated). */
  title: string;
  description: string;
}

/** `{title} — {companyName}`. */
export function documentTitle(title: string, companyName: string): string {
  return title === '' ? companyName : `${title} — ${companyName}`;
}

export function buildPageMeta(input: PageMetaInput): MetaDescriptor[] {
  const { site, route, pathname } = input;
  const title = documentTitle(input.title, site.companyName);
  const robots = robotsFor(route);
  const meta: MetaDescriptor[] = [
    { title },
    { name: 'description', content: input.description },
    { name: 'robots', content: robots },
    { property: 'og:title', content: title },
    { property: 'og:site_name', content: site.companyName },
    { property: 'og:locale', content: input.lng },
  ];
  if (route !== null) {
    const canonical = canonicalUrl(site.seo, pathname);
    meta.push({ tagName: 'link', rel: 'canonical', href: canonical });
    meta.push({ property: 'og:url', content: canonical });
    for (const alt of alternates(site, pathname)) {
      meta.push({ tagName: 'link', rel: 'alternate', hrefLang: alt.hrefLang, href: alt.href });
    }
  }
  return meta;
}
