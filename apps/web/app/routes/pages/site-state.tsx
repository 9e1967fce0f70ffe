/** Site-state pages (block, block-ua, block-ie, site-updates, coming-soon, suspension, maintenance): SPEC §2. */
import { useLocation } from 'react-router';
import { Link } from '../../shell/link.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { readReturnPath } from '@betsite/domain';
import type { Route } from './+types/site-state';
import { usePaths } from '../../config/paths.ts';
import { useRequiredRootData } from '../../config/root-data.ts';
import { MaintenanceMessage } from '../../features/site-state/index.ts';
import { useSettings } from '../../shell/settings.tsx';
import { PageHeading, pageStyles, usePageRoute } from '../../shell/page-kit.tsx';
import { pageMeta } from '../../shell/page-meta.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export default function SiteStatePage() {
  const { t } = useTranslation('site_state');
  const paths = usePaths();
  const route = usePageRoute();
  const location = useLocation();
  const { site, lng } = useRequiredRootData();
  const { timeZone } = useSettings();

  if (route.name === 'maintenance') {
    return (
      <div className={`${pageStyles.panel} ${pageStyles.prose}`} style={{ marginInline: 'auto', marginBlockStart: 32 }}>
        <MaintenanceMessage maintenance={site.maintenance} lng={lng} offsetHours={timeZone} />
      </div>
    );
  }

  const key = route.name.replace(/^state-/, '').replace(/-/g, '_');
  const returnPath = route.name === 'state-site-updates' ? readReturnPath(location.search) : null;
  return (
    <div className={`${pageStyles.panel} ${pageStyles.prose}`} style={{ marginInline: 'auto', marginBlockStart: 32 }}>
      <PageHeading />
      <p>{t(`${key}_text`, { company: site.companyName })}</p>
      <p>{t(`${key}_next`)}</p>
      <h2>{t('support_title')}</h2>
      <p>{t('support_text')}</p>
      <ul className={pageStyles.chips}>
        {returnPath !== null ? (
          <li>
            {/* A full page load, so the server asks the block service again. */}
            <a href={returnPath}>{t('try_again')}</a>
          </li>
        ) : null}
        <li>
          <Link to={paths.to('info-contacts')}>{t('main:info_contacts')}</Link>
        </li>
        <li>
          <Link to={paths.to('info-about')}>{t('main:info_about')}</Link>
        </li>
      </ul>
    </div>
  );
}
