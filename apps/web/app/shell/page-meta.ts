/**
 * The `meta` export shared by every route module: SEO page data (SPEC §3) from the root
 * loader's site config, the `main` dictionary (in the language's translator), and the leaf route of the route table.
 */
import type { MetaDescriptor } from 'react-router';
import { routeByName } from '@betsite/domain';
import { buildPageMeta } from '../features/seo/index.ts';
import { getI18n } from '../i18n/instance.ts';
import type { RootData } from '../config/root-data.ts';
import { errorStatus } from './error-status.ts';

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

export interface MetaArgsLike {
  matches: readonly (MatchLike | undefined)[];
  location: { pathname: string };
  error?: unknown;
}

export function pageMeta({ matches, location, error }: MetaArgsLike): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as RootData | undefined;
  if (!root) return [{ title: error ? 'Something went wrong on our side' : '' }];
  const leaf = matches.at(-1);
  const route = leaf && !error ? routeByName(leaf.id) ?? null : null;
  const i18n = getI18n(root.lng);
  const t = (key: string, vars?: Record<string, string>) => i18n.t(key, vars);
  const title = route ? t(route.titleKey) : t(errorStatus(error) === 404 ? 'main_not_found' : 'main_server_error');
  return buildPageMeta({
    site: root.site,
    route,
    pathname: location.pathname,
    lng: root.lng,
    title,
    description: t(route ? 'main_meta_description' : 'main_meta_description_error', { title, company: root.site.companyName }),
  });
}
