/**
 * Everything below `/{lng}/`: loads the leaf route's dictionaries (server: bundled; browser:
 * fetched files) and renders the layout the leaf route's `meta.layout` names.
 */
import { data, Outlet, useMatches, type ShouldRevalidateFunctionArgs } from 'react-router';
import { locateRoute, routeByName } from '@betsite/domain';
import type { Route } from './+types/language-layout';
import { pageServicesContext } from '../config/page-context.ts';
import { MAIN_NAMESPACE, namespacesForRoute, type DictionaryAsset } from '../i18n/namespaces.ts';
import { loadServerDictionaries } from '../i18n/load.server.ts';
import { firstPageDictionariesFailed, forgetFirstPageFailure } from '../i18n/fetch-dictionaries.ts';
import { PageLayout } from '../shell/layouts/layouts.tsx';
import { ErrorContent } from '../shell/error-screen.tsx';
import { DictionaryError } from '../shell/dictionary-error.tsx';
import { pageMeta } from '../shell/page-meta.ts';

interface LayoutData {
  /** The leaf route's dictionary files, already in the translator (root.tsx preloads them on a first page). */
  dictionaries: DictionaryAsset[];
  /** The browser could not fetch a dictionary file (SPEC §8 main_dictionary_load_error). */
  dictionaryError: boolean;
}

export async function loader({ context, request, params }: Route.LoaderArgs): Promise<LayoutData> {
  const services = context.get(pageServicesContext);
  // The server's guard pipeline decided this url answers 404 (unavailable route …).
  if (services.notFound) throw data(null, { status: 404, statusText: 'Not Found' });
  const { route } = locateRoute(new URL(request.url).pathname);
  return { dictionaries: loadServerDictionaries(params.lng, namespacesForRoute(route)), dictionaryError: false };
}

/** The last browser load of dictionaries failed (or the first page's did): the next navigation tries again. */
let lastLoadFailed = false;

export async function clientLoader({ request, params }: Route.ClientLoaderArgs): Promise<LayoutData> {
  const { route } = locateRoute(new URL(request.url).pathname);
  try {
    // The map of dictionary files is itself loaded on the first client navigation.
    const { loadClientDictionaries } = await import('../i18n/load.client.ts');
    // `main` is the root's and normally here already (then nothing is fetched); after a failed first page it comes now.
    const dictionaries = await loadClientDictionaries(params.lng, [MAIN_NAMESPACE, ...namespacesForRoute(route)]);
    lastLoadFailed = false;
    forgetFirstPageFailure();
    return { dictionaries, dictionaryError: false };
  } catch (error) {
    console.error('dictionary load failed', error);
    lastLoadFailed = true;
    return { dictionaries: [], dictionaryError: true };
  }
}

const namespacesOf = (url: URL) => namespacesForRoute(locateRoute(url.pathname).route).join();

/**
 * Other dictionaries only for another language or another page's namespaces: a live listing
 * revalidates its page every few seconds, and that must not fetch the dictionary files again
 * (issue 14: the first load).
 */
export function shouldRevalidate({ currentParams, nextParams, currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return lastLoadFailed || firstPageDictionariesFailed() || currentParams['lng'] !== nextParams['lng'] || namespacesOf(currentUrl) !== namespacesOf(nextUrl);
}

export const meta: Route.MetaFunction = (args) => pageMeta(args);

function useLeafRoute() {
  const matches = useMatches();
  const leaf = matches.at(-1);
  return leaf ? routeByName(leaf.id) ?? null : null;
}

export default function LanguageLayout({ loaderData }: Route.ComponentProps) {
  const route = useLeafRoute();
  // On the server no fetch fails; in the browser the first page's files may have.
  const dictionaryError = loaderData.dictionaryError || (typeof document !== 'undefined' && firstPageDictionariesFailed());
  const layout = route?.meta.layout ?? 'main';
  return (
    <PageLayout layout={layout} meta={route?.meta ?? {}} isHome={route?.kind === 'home'}>
      {dictionaryError ? <DictionaryError /> : <Outlet />}
    </PageLayout>
  );
}

/** 404 (unknown path, unavailable route) and 500 inside the main layout. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <PageLayout layout="main" meta={{ hideSeoText: true }} isHome={false}>
      <ErrorContent error={error} />
    </PageLayout>
  );
}
