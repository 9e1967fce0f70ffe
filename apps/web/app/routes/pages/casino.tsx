/**
 * Casino sections, game pages, the verify page and the bonus-games project: SPEC §2. The
 * loader reads the casino catalogue in-process (documents and client navigations alike), so
 * the lobby is in the first HTML; while a client navigation to another casino page loads,
 * the skeleton preloader (SPEC §9) stands in for the tiles.
 */
import { useLocation, useNavigation, useRevalidator } from 'react-router';
import { locateRoute } from '@betsite/domain';
import { useTranslation } from '../../i18n/react.tsx';
import type { Route } from './+types/casino';
import { pageServicesContext } from '../../config/page-context.ts';
import { usePaths } from '../../config/paths.ts';
import { EmptyState, PageHeading, Panel, usePageRoute } from '../../shell/page-kit.tsx';
import { pageMeta } from '../../shell/page-meta.ts';
import { serverApi } from '../../shell/server-api.ts';
import {
  casinoApi,
  CasinoSkeleton,
  FavoritesProvider,
  GamePage,
  loadCasinoPage,
  LobbyPage,
  MyCasinoPage,
  ProviderPage,
  ProvidersPage,
  SearchPage,
  ThankYouPage,
  VerifyPage,
  type CasinoPageData,
} from '../../features/casino/index.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export async function loader({ context, request, params }: Route.LoaderArgs): Promise<CasinoPageData> {
  const url = new URL(request.url);
  const { route } = locateRoute(url.pathname);
  const { user } = context.get(pageServicesContext);
  return loadCasinoPage(casinoApi(serverApi(context)), {
    routeName: route?.name ?? '',
    params: params as Readonly<Record<string, string | undefined>>,
    url,
    lng: params.lng,
    loggedIn: user.loggedIn,
  });
}

/** Casino bonuses (the bonuses issue) and the bonus-games project keep their honest empty state. */
export function casinoEmptyKey(routeName: string): string {
  if (routeName.startsWith('bonus-casino')) return 'bonus_empty';
  if (routeName === 'games') return 'games_empty';
  return 'game_empty';
}

function OtherPage() {
  const route = usePageRoute();
  const { t } = useTranslation(route.meta.dictionaries[0] ?? 'casino');
  const paths = usePaths();
  const key = casinoEmptyKey(route.name);
  return (
    <>
      <PageHeading />
      <Panel>
        <EmptyState
          icon="♠"
          title={t(`${key}_title`)}
          text={t(`${key}_text`)}
          links={[
            { to: paths.to('casino'), label: t('main:casino_casino'), primary: true },
            { to: paths.to('line'), label: t('main:nav_sports') },
            { to: paths.to('promotions'), label: t('main:nav_promotions') },
          ]}
        />
      </Panel>
    </>
  );
}

function LoadFailed() {
  const { t } = useTranslation('casino');
  const revalidator = useRevalidator();
  return (
    <>
      <PageHeading />
      <Panel>
        <EmptyState icon="!" title={t('load_failed_title')} text={t('load_failed_text')} />
        <p style={{ textAlign: 'center' }}>
          <button type="button" className="btn btn-primary" onClick={() => void revalidator.revalidate()} disabled={revalidator.state === 'loading'}>
            {t('retry')}
          </button>
        </p>
      </Panel>
    </>
  );
}

function CasinoContent({ data }: { data: CasinoPageData }) {
  switch (data.kind) {
    case 'lobby':
      return <LobbyPage data={data} />;
    case 'search':
      return <SearchPage data={data} />;
    case 'my':
      return <MyCasinoPage data={data} />;
    case 'providers':
      return <ProvidersPage data={data} />;
    case 'provider':
      return <ProviderPage data={data} />;
    case 'game':
      return <GamePage data={data} />;
    case 'thank-you':
      return <ThankYouPage data={data} />;
    case 'verify':
      return <VerifyPage data={data} />;
    case 'other':
      return <OtherPage />;
    case 'failed':
      return <LoadFailed />;
  }
}

/** True while a client navigation to another casino page loads (not a filter of this one). */
function useLeaving(): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  return navigation.state === 'loading' && navigation.location.pathname !== location.pathname && locateRoute(navigation.location.pathname).route?.kind === 'casino';
}

export default function CasinoPage({ loaderData }: Route.ComponentProps) {
  const leaving = useLeaving();
  const { key } = useLocation();
  if (leaving) {
    return <CasinoSkeleton />;
  }
  const favorites = 'favorites' in loaderData ? loaderData.favorites : null;
  return (
    <FavoritesProvider key={key} initial={favorites}>
      <CasinoContent data={loaderData} />
    </FavoritesProvider>
  );
}
