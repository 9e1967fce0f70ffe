import { useState } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from 'react-router';
import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { isRtl } from '@betsite/domain';
import type { Route } from './+types/root';
import { pageServicesContext } from './config/page-context.ts';
import { parseCookies } from './config/cookies.ts';
import type { RootData } from './config/root-data.ts';
import { DICTIONARY_LINK_ATTRIBUTE, MAIN_NAMESPACE, type DictionaryAsset } from './i18n/namespaces.ts';
import { loadServerDictionaries } from './i18n/load.server.ts';
import { navigationGuard } from './features/guards/index.ts';
import { brandBookVars } from './shell/brand-style.ts';
import { AppProviders } from './shell/providers.tsx';
import { BareErrorPage, ErrorContent } from './shell/error-screen.tsx';
import { PageLayout } from './shell/layouts/layouts.tsx';
import { pageMeta } from './shell/page-meta.ts';
import { settingsFromCookies } from './shell/settings.tsx';
import './shell/global.css';

/**
 * Site config, visitor, language, settings and the `main` dictionary's files. The server's guard
 * pipeline has already vetted the url; an unknown language segment (only the root
 * catch-all sees one) falls back to the site's default language.
 */
export async function loader({ context, params, request }: Route.LoaderArgs): Promise<RootData> {
  const services = context.get(pageServicesContext);
  const site = services.siteConfig;
  const known = site.languages.find((l) => l.code === params.lng) ?? site.languages.find((l) => l.code === site.defaultLanguage) ?? site.languages[0];
  const lng = known?.code ?? 'ru';
  return {
    lng,
    dir: known?.dir ?? (isRtl(lng) ? 'rtl' : 'ltr'),
    site,
    user: services.user,
    nonce: services.nonce,
    now: services.now,
    settings: settingsFromCookies(parseCookies(request.headers.get('cookie'))),
    dictionaries: loadServerDictionaries(lng, [MAIN_NAMESPACE]),
    brandVars: brandBookVars(site.brandBook),
  };
}

/** The root data changes with the language, and after a form submission (login, settings). */
export function shouldRevalidate({ currentParams, nextParams, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod !== undefined && formMethod.toUpperCase() !== 'GET') return defaultShouldRevalidate;
  return currentParams['lng'] !== nextParams['lng'];
}

/** SPEC §2 route guards on every client-side navigation (the server guards the first request). */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [navigationGuard];

export const meta: Route.MetaFunction = (args) => pageMeta(args);

/**
 * The first page's dictionary files, fetched from `<head>` while the scripts load (the browser
 * entry adds them before hydrating). Kept as first rendered: a navigation fetches its own files
 * in the language layout's client loader, and a new preload would only fetch them twice.
 */
function DictionaryPreloads({ root }: { root: RootData }) {
  const layout = useRouteLoaderData('lng') as { dictionaries?: DictionaryAsset[] } | undefined;
  const [first] = useState(() => [...new Map([...root.dictionaries, ...(layout?.dictionaries ?? [])].map((d) => [d.url, d])).values()]);
  return first.map((d) => <link key={d.url} rel="preload" as="fetch" crossOrigin="anonymous" href={d.url} {...{ [DICTIONARY_LINK_ATTRIBUTE]: `${d.lng}/${d.ns}` }} />);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData('root') as RootData | undefined;
  return (
    <html lang={root?.lng ?? 'en'} dir={root?.dir ?? 'ltr'} data-theme={root?.settings.theme ?? 'light'} style={root?.brandVars as React.CSSProperties | undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {root ? <meta name="theme-color" content={root.site.manifest.themeColor} /> : null}
        {/* A file (public/favicon.svg), not a data url: that was ~250 bytes of every page's JavaScript and 450 of its HTML. */}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
        {root ? <DictionaryPreloads root={root} /> : null}
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={root?.nonce} />
        <Scripts nonce={root?.nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <AppProviders data={loaderData}>
      <Outlet />
    </AppProviders>
  );
}

/** Errors above the language layout (and guard decisions of client navigation, e.g. 404). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRouteLoaderData('root') as RootData | undefined;
  if (!root) return <BareErrorPage error={error} />;
  return (
    <AppProviders data={root}>
      <PageLayout layout="main" meta={{ hideSeoText: true }} isHome={false}>
        <ErrorContent error={error} />
      </PageLayout>
    </AppProviders>
  );
}
