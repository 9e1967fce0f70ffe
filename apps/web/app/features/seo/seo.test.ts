import { describe, expect, it } from 'vitest';
import { routeByName } from '@betsite/domain';
import type { MetaDescriptor } from 'react-router';
import { alternates, buildPageMeta, canonicalUrl, documentTitle, robotsFor, type SeoSite } from './seo.ts';

const site: SeoSite = {
  companyName: 'Betsite',
  defaultLanguage: 'ru',
  languages: [
    { code: 'ru', name: 'Русский', dir: 'ltr', hidden: false },
    { code: 'en', name: 'English', dir: 'ltr', hidden: false },
    { code: 'ar', name: 'العربية', dir: 'rtl', hidden: false },
    { code: 'kk', name: 'Қазақша', dir: 'ltr', hidden: true },
  ],
  seo: { canonicalMode: 'url', mirrorHost: null, siteOrigin: 'https://bets.example/' },
};

const route = (name: string) => {
  const r = routeByName(name);
  if (!r) throw new Error(name);
  return r;
};

describe('robots', () => {
  it('index,follow by default, the route meta first, noindex for office, auth and state pages', () => {
    expect(robotsFor(route('home'))).toBe('index,follow');
    expect(robotsFor(route('live'))).toBe('index,follow');
    expect(robotsFor(route('office-history'))).toBe('noindex,nofollow');
    expect(robotsFor(route('login'))).toBe('noindex,follow');
    expect(robotsFor(route('registration'))).toBe('noindex,follow');
    expect(robotsFor(route('user-passwordreset'))).toBe('noindex,follow');
    expect(robotsFor(route('state-block'))).toBe('noindex,nofollow');
    expect(robotsFor(route('maintenance'))).toBe('noindex,nofollow');
    expect(robotsFor(route('onpay-success'))).toBe('noindex,nofollow');
    expect(robotsFor(null)).toBe('noindex,nofollow');
  });
});

describe('canonical', () => {
  it('url mode: the page itself on the site origin, normalised, without query', () => {
    expect(canonicalUrl(site.seo, '/en/line/football/')).toBe('https://bets.example/en/line/football');
    expect(canonicalUrl(site.seo, '/en')).toBe('https://bets.example/en/');
  });

  it('mirror mode: the same path on https://{mirrorHost}', () => {
    const seo = { ...site.seo, canonicalMode: 'mirror' as const, mirrorHost: 'mirror.example' };
    expect(canonicalUrl(seo, '/de/casino')).toBe('https://mirror.example/de/casino');
    expect(canonicalUrl({ ...seo, mirrorHost: 'https://m2.example/x' }, '/de/')).toBe('https://m2.example/de/');
  });
});

describe('hreflang', () => {
  it('lists every visible language and x-default (the default language)', () => {
    expect(alternates(site, '/en/rules/1')).toEqual([
      { hrefLang: 'ru', href: 'https://bets.example/ru/rules/1' },
      { hrefLang: 'en', href: 'https://bets.example/en/rules/1' },
      { hrefLang: 'ar', href: 'https://bets.example/ar/rules/1' },
      { hrefLang: 'x-default', href: 'https://bets.example/ru/rules/1' },
    ]);
  });

  it('x-default falls back to the first visible language when the default is hidden', () => {
    const hiddenDefault = { ...site, defaultLanguage: 'kk' };
    expect(alternates(hiddenDefault, '/en/').at(-1)).toEqual({ hrefLang: 'x-default', href: 'https://bets.example/ru/' });
  });
});

describe('page meta', () => {
  const find = (meta: MetaDescriptor[], pred: (m: Record<string, unknown>) => boolean) => meta.filter((m) => pred(m as Record<string, unknown>));

  it('has title, description, robots, canonical and alternates', () => {
    const meta = buildPageMeta({ site, route: route('live'), pathname: '/en/live', lng: 'en', title: 'Live', description: 'Live at Betsite' });
    expect(meta).toContainEqual({ title: 'Live — Betsite' });
    expect(meta).toContainEqual({ name: 'description', content: 'Live at Betsite' });
    expect(meta).toContainEqual({ name: 'robots', content: 'index,follow' });
    expect(meta).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://bets.example/en/live' });
    expect(find(meta, (m) => m['rel'] === 'alternate')).toHaveLength(4);
  });

  it('error pages: noindex and no canonical', () => {
    const meta = buildPageMeta({ site, route: null, pathname: '/en/nope', lng: 'en', title: 'Not found', description: '' });
    expect(meta).toContainEqual({ name: 'robots', content: 'noindex,nofollow' });
    expect(find(meta, (m) => m['rel'] === 'canonical')).toHaveLength(0);
  });

  it('document title', () => {
    expect(documentTitle('Casino', 'Betsite')).toBe('Casino — Betsite');
    expect(documentTitle('', 'Betsite')).toBe('Betsite');
  });
});
