export { buildPageMeta, robotsFor, canonicalUrl, canonicalBase, alternates, documentTitle } from './seo.ts';
export type { Robots, SeoSite, PageMetaInput, Alternate } from './seo.ts';
