/** Other pages: partners, news, betting alphabet, apps, awards, event, …: SPEC §2 (print-coupon has its own module). */
import { useTranslation } from '../../i18n/react.tsx';
import type { Route } from './+types/misc';
import { usePaths } from '../../config/paths.ts';
import { EmptyState, PageHeading, Panel, usePageRoute } from '../../shell/page-kit.tsx';
import { pageMeta } from '../../shell/page-meta.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export function miscTextKey(routeName: string): string {
  if (routeName === 'ipl-betting-app' || routeName === 'cricket-app' || routeName === 'mobile-apps' || routeName === 'download-app') return 'apps';
  return routeName.replace(/-/g, '_');
}

export default function MiscPage() {
  const route = usePageRoute();
  // The texts live in the route's own dictionary (info, promo, sports) or in `main`.
  const ns = route.meta.dictionaries[0] ?? 'main';
  const { t } = useTranslation(ns);
  const paths = usePaths();
  const key = `misc_${miscTextKey(route.name)}`;
  return (
    <>
      <PageHeading />
      <Panel>
        <EmptyState
          icon="ℹ"
          title={t(`${key}_title`)}
          text={t(`${key}_text`)}
          links={
            route.meta.layout === 'empty'
              ? [{ to: paths.to('home'), label: t('main:main_go_home'), primary: true }]
              : [
                  { to: paths.to('home'), label: t('main:main_go_home'), primary: true },
                  { to: paths.to('line'), label: t('main:nav_sports') },
                  { to: paths.to('casino'), label: t('main:nav_casino') },
                ]
          }
        />
      </Panel>
    </>
  );
}
