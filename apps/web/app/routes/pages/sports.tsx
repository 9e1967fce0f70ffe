/**
 * Sports pages (SPEC §2): line and live listings, game pages, teams, champs and cyber. The
 * loader reads the line API in-process (documents and client navigations alike); live
 * topics keep the page current after hydration. Multi-live, results and statistics are
 * other modules' pages; until they take their routes over they show their empty states.
 */
import { locateRoute } from '@betsite/domain';
import type { Route } from './+types/sports';
import { useTranslation } from '../../i18n/react.tsx';
import { usePaths } from '../../config/paths.ts';
import { EmptyState, PageHeading, Panel, pageStyles, usePageRoute } from '../../shell/page-kit.tsx';
import { pageMeta } from '../../shell/page-meta.ts';
import { serverApi } from '../../shell/server-api.ts';
import { CyberPage, GamePage, ListingPage, LoadFailed, ChampPage, TeamPage, RightColumn, lineApi, loadSportsPage, type SportsPageData } from '../../features/line/index.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export async function loader({ context, request, params }: Route.LoaderArgs): Promise<SportsPageData> {
  const url = new URL(request.url);
  const { route } = locateRoute(url.pathname);
  return loadSportsPage(lineApi(serverApi(context)), route?.name ?? '', params as Readonly<Record<string, string | undefined>>, url, params.lng);
}

/** Which empty-state text a sports route without its own page shows. */
export function sportsEmptyKey(routeName: string): string {
  if (routeName === 'multi') return 'multi_empty';
  if (routeName === 'results' || routeName === 'champs') return 'results_empty';
  if (routeName === 'statistic' || routeName === 'statisticpopup') return 'statistic_empty';
  return 'line_empty';
}

function OtherPage() {
  const { t } = useTranslation('sports');
  const paths = usePaths();
  const route = usePageRoute();
  const key = sportsEmptyKey(route.name);
  const events = (
    <Panel>
      <EmptyState
        icon="⚽"
        title={t(`${key}_title`)}
        text={t(`${key}_text`)}
        links={[
          { to: paths.to('live'), label: t('main:main_live'), primary: true },
          { to: paths.to('line'), label: t('main:main_line') },
        ]}
      />
    </Panel>
  );
  if (route.meta.layout === 'empty') {
    return (
      <>
        <PageHeading />
        {events}
      </>
    );
  }
  return (
    <>
      <PageHeading />
      <div className={pageStyles.threeCols}>
        <span />
        {events}
        <RightColumn />
      </div>
    </>
  );
}

export default function SportsPage({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
  switch (data.kind) {
    case 'listing':
      return <ListingPage data={data} />;
    case 'game':
      return <GamePage data={data} />;
    case 'team':
      return <TeamPage data={data} />;
    case 'champ':
      return <ChampPage data={data} />;
    case 'cyber':
      return <CyberPage data={data} />;
    case 'failed':
      return (
        <>
          <PageHeading />
          <LoadFailed />
        </>
      );
    default:
      return <OtherPage />;
  }
}
