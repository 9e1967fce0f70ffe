/**
 * Sports pages (SPEC §2): line and live listings, game pages, teams, champs, cyber,
 * results (`results/:type?`, `champs/:champId?`), multi-live and the statistic. The loader
 * reads the line API in-process (documents and client navigations alike); live topics keep
 * the page current after hydration.
 */
import { locateRoute } from '@betsite/domain';
import type { Route } from './+types/sports';
import { pageServicesContext } from '../../config/page-context.ts';
import { PageHeading } from '../../shell/page-kit.tsx';
import { pageMeta } from '../../shell/page-meta.ts';
import { serverApi } from '../../shell/server-api.ts';
import { pack, unpack, type Packed } from '../../shell/packed-data.ts';
import {
  ChampPage,
  CyberPage,
  GamePage,
  ListingPage,
  LoadFailed,
  MultiLivePage,
  ResultsPage,
  StatisticPage,
  TeamPage,
  lineApi,
  loadSportsPage,
  type SportsPageData,
} from '../../features/line/index.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export async function loader({ context, request, params }: Route.LoaderArgs): Promise<Packed<SportsPageData>> {
  const url = new URL(request.url);
  const { route } = locateRoute(url.pathname);
  const { now } = context.get(pageServicesContext);
  return pack(await loadSportsPage(lineApi(serverApi(context)), route?.name ?? '', params as Readonly<Record<string, string | undefined>>, url, params.lng, now));
}

export default function SportsPage({ loaderData }: Route.ComponentProps) {
  const data = unpack(loaderData);
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
    case 'results':
      return <ResultsPage data={data} />;
    case 'multi':
      return <MultiLivePage data={data} />;
    case 'statistic':
      return <StatisticPage data={data} />;
    case 'failed':
      return (
        <>
          <PageHeading />
          <LoadFailed />
        </>
      );
  }
}
