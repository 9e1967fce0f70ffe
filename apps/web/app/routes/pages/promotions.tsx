/** Promotions, bonuses, tournaments, promo codes and CMS landings: SPEC §2. */
import { useTranslation } from '../../i18n/react.tsx';
import type { Route } from './+types/promotions';
import { usePaths } from '../../config/paths.ts';
import { EmptyState, PageHeading, Panel, usePageRoute } from '../../shell/page-kit.tsx';
import { pageMeta } from '../../shell/page-meta.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export function promoEmptyKey(routeName: string, hasId: boolean): string {
  if (routeName === 'tournaments') return 'tournaments_empty';
  if (routeName === 'promo') return 'promo_codes';
  if (routeName === 'landing-page' || routeName === 'first-bonus' || routeName === 'games-landing') return 'landing_empty';
  if (hasId) return 'promotion_missing';
  return 'promotions_empty';
}

export default function PromotionsPage({ params }: Route.ComponentProps) {
  const route = usePageRoute();
  const { t } = useTranslation(route.meta.dictionaries[0] ?? 'promo');
  const paths = usePaths();
  const p = params as Record<string, string | undefined>;
  const hasId = Boolean(p['promotionId'] ?? p['id'] ?? p['section']);
  const key = promoEmptyKey(route.name, hasId);
  return (
    <>
      <PageHeading />
      <Panel>
        <EmptyState
          icon="🎁"
          title={t(`${key}_title`)}
          text={t(`${key}_text`)}
          links={[
            { to: paths.to('promotions'), label: t('main:nav_promotions'), primary: route.name !== 'promotions' || hasId },
            { to: paths.to('line'), label: t('main:nav_sports') },
            { to: paths.to('casino'), label: t('main:nav_casino') },
          ].filter((l, i) => i !== 0 || route.name !== 'promotions' || hasId)}
        />
      </Panel>
    </>
  );
}
