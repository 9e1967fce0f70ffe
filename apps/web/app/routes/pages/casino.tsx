/** Casino sections, game pages and the bonus-games project: SPEC §2. */
import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/react.tsx';
import type { Route } from './+types/casino';
import { usePaths } from '../../config/paths.ts';
import { EmptyState, PageHeading, Panel, usePageRoute } from '../../shell/page-kit.tsx';
import { pageMeta } from '../../shell/page-meta.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export function casinoEmptyKey(routeName: string, params: Readonly<Record<string, string | undefined>>): string {
  if (routeName.endsWith('-game') || routeName === 'games-view') return 'game_empty';
  if (routeName.endsWith('thank-you')) return 'thank_you';
  if (routeName === 'casino-search') return 'search_empty';
  if (routeName === 'my-casino' || routeName === 'my-casino-favorites') return 'favorites_empty';
  if (routeName.startsWith('bonus-casino')) return 'bonus_empty';
  if (routeName === 'providers' || routeName === 'providers-one') return 'providers_empty';
  if (routeName === 'casino' && params['subcategory'] === 'live') return 'live_casino_empty';
  if (routeName === 'games') return 'games_empty';
  return 'lobby_empty';
}

export default function CasinoPage({ params }: Route.ComponentProps) {
  const route = usePageRoute();
  const { t } = useTranslation(route.meta.dictionaries[0] ?? 'casino');
  const paths = usePaths();
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const key = casinoEmptyKey(route.name, params as Record<string, string | undefined>);
  const query = search.get('q')?.trim() ?? '';
  const isLiveCasino = route.name === 'casino' && (params as { subcategory?: string }).subcategory === 'live';
  return (
    <>
      <PageHeading>{isLiveCasino ? t('main:nav_live_casino') : undefined}</PageHeading>
      <Panel>
        <EmptyState
          icon="♠"
          title={key === 'search_empty' && query !== '' ? t('search_results_title', { query }) : t(`${key}_title`)}
          text={t(`${key}_text`)}
          links={[
            { to: paths.to('slots'), label: t('main:casino_slots'), primary: route.name !== 'slots' },
            { to: paths.to('line'), label: t('main:nav_sports') },
            { to: paths.to('promotions'), label: t('main:nav_promotions') },
          ].filter((l) => l.to !== pathname)}
        />
      </Panel>
    </>
  );
}
