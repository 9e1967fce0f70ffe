/** Sports pages (line, live, game, team, champ, multi-live, results, statistics, cyber): SPEC §2. */
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react.tsx';
import type { Route } from './+types/sports';
import { usePaths } from '../../config/paths.ts';
import { EmptyState, PageHeading, Panel, pageStyles, usePageRoute } from '../../shell/page-kit.tsx';
import { pageMeta } from '../../shell/page-meta.ts';
import { useRequiredRootData } from '../../config/root-data.ts';
import { useIsLive } from '../../shell/use-is-live.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args);

/** Which empty-state text a sports route shows. */
export function sportsEmptyKey(routeName: string): string {
  if (routeName === 'live') return 'live_empty';
  if (routeName === 'line') return 'line_empty';
  if (routeName.endsWith('-game') || routeName === 'champ-game') return 'game_empty';
  if (routeName === 'team') return 'team_empty';
  if (routeName.startsWith('champ-') || routeName === 'champs') return 'champ_empty';
  if (routeName === 'multi') return 'multi_empty';
  if (routeName === 'results') return 'results_empty';
  if (routeName === 'statistic' || routeName === 'statisticpopup') return 'statistic_empty';
  if (routeName === 'cyber') return 'cyber_empty';
  if (routeName === 'asian') return 'line_empty';
  return 'line_empty';
}

function SportsTree() {
  const { t } = useTranslation('sports');
  const paths = usePaths();
  return (
    <Panel title={t('tree_title')} id="sports-tree" className={pageStyles.sticky}>
      <p>{t('tree_empty')}</p>
      <ul className={pageStyles.linkList}>
        <li>
          <Link to={paths.to('live')}>{t('main:main_live')}</Link>
        </li>
        <li>
          <Link to={paths.to('line')}>{t('main:main_line')}</Link>
        </li>
        <li>
          <Link to={paths.to('cyber-real')}>{t('main:main_cyber')}</Link>
        </li>
        <li>
          <Link to={paths.to('results')}>{t('main:main_results')}</Link>
        </li>
      </ul>
    </Panel>
  );
}

// Its own chunk, loaded only for visitors once the page is live (typing before would be lost).
const RegistrationWidget = lazy(() => import('../../features/auth/index.ts').then((m) => ({ default: m.RegistrationWidget })));

/** The bet slip, and for visitors the registration widget under it (then the slip does not stick, or it would cover the form). */
function RightColumn() {
  const { site, user } = useRequiredRootData();
  const live = useIsLive();
  const widget = live && !user.loggedIn && site.registrationAllowed && !site.isVipDomain;
  return (
    <div className={pageStyles.stack}>
      <BetSlip sticky={!widget} />
      {widget ? (
        <Suspense fallback={null}>
          <RegistrationWidget />
        </Suspense>
      ) : null}
    </div>
  );
}

function BetSlip({ sticky }: { sticky: boolean }) {
  const { t } = useTranslation('sports');
  return (
    <Panel title={t('slip_title')} id="bet-slip" {...(sticky ? { className: pageStyles.sticky } : {})}>
      <EmptyState headingLevel={3} icon="✎" title={t('slip_empty_title')} text={t('slip_empty_text')} />
    </Panel>
  );
}

export default function SportsPage() {
  const { t } = useTranslation('sports');
  const paths = usePaths();
  const route = usePageRoute();
  const key = sportsEmptyKey(route.name);
  const links = [
    route.name === 'live' ? { to: paths.to('line'), label: t('main:main_line'), primary: true } : { to: paths.to('live'), label: t('main:main_live'), primary: true },
    { to: paths.to('casino'), label: t('main:nav_casino') },
    { to: paths.to('promotions'), label: t('main:nav_promotions') },
  ];
  const events = (
    <Panel>
      <EmptyState icon={route.name === 'live' ? '●' : '⚽'} title={t(`${key}_title`)} text={t(`${key}_text`)} links={links} />
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
        <SportsTree />
        {events}
        <RightColumn />
      </div>
    </>
  );
}
