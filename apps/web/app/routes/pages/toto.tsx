/** Toto and lotto: SPEC §2. */
import { useTranslation } from '../../i18n/react.tsx';
import type { Route } from './+types/toto';
import { usePaths } from '../../config/paths.ts';
import { EmptyState, PageHeading, Panel, usePageRoute } from '../../shell/page-kit.tsx';
import { pageMeta } from '../../shell/page-meta.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export default function TotoPage() {
  const { t } = useTranslation('toto');
  const paths = usePaths();
  const route = usePageRoute();
  const key = route.name === 'lotto' ? 'lotto' : 'toto';
  return (
    <>
      <PageHeading />
      <Panel>
        <EmptyState
          icon="▦"
          title={t(`${key}_empty_title`)}
          text={t(`${key}_empty_text`)}
          links={[
            { to: paths.to('line'), label: t('main:nav_sports'), primary: true },
            { to: route.name === 'lotto' ? paths.to('toto') : paths.to('lotto'), label: t(route.name === 'lotto' ? 'main:main_toto' : 'main:main_lotto') },
          ]}
        />
      </Panel>
    </>
  );
}
