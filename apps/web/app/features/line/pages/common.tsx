/** Pieces the sports pages share: the left and right columns, loading and error states, result lists. */
import { lazy, Suspense, type ReactNode } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { Link } from '../../../shell/link.tsx';
import type { ResultItem } from '@betsite/contracts';
import { useTranslation } from '../../../i18n/react.tsx';
import { useRequiredRootData } from '../../../config/root-data.ts';
import { useSettings } from '../../../shell/settings.tsx';
import { Panel, pageStyles } from '../../../shell/page-kit.tsx';
import { useIsLive } from '../../../shell/use-is-live.ts';
import { formatDay } from '../names.ts';
import { BetSlip } from '../../coupon/index.ts';
import { SportsSearch } from '../sports-search.tsx';
import { gamePath } from '../paths.ts';
import styles from './pages.module.css';

export { LoadFailed } from './load-failed.tsx';

// Its own chunk, loaded only for visitors once the page is live (typing before would be lost).
// Marked pure so that importing the sportsbook's index for something else does not keep this module.
const RegistrationWidget = /* @__PURE__ */ lazy(() => import('../../auth/index.ts').then((m) => ({ default: m.RegistrationWidget })));

/** The bet slip, and for visitors the registration widget under it (then the column does not stick, or it would cover the form). */
export function RightColumn() {
  const { site, user } = useRequiredRootData();
  const live = useIsLive();
  const widget = live && !user.loggedIn && site.registrationAllowed && !site.isVipDomain;
  return (
    <div className={pageStyles.stack}>
      <BetSlip {...(widget ? {} : { className: pageStyles.sticky })} />
      {widget ? (
        <Suspense fallback={null}>
          <RegistrationWidget />
        </Suspense>
      ) : null}
    </div>
  );
}

/**
 * The left column of the sports pages: the search on top, then the sports tree (the
 * children) in a panel that scrolls by itself; the column sticks while the games scroll.
 */
export function SportsColumn({ children, cyber = false }: { children: ReactNode; cyber?: boolean }) {
  return (
    <div className={`${pageStyles.sticky} ${styles.sportsColumn}`}>
      <SportsSearch cyber={cyber} />
      <Panel className={styles.treePanel}>{children}</Panel>
    </div>
  );
}

/** True while a client navigation to another page loads (a revalidation of this one is not). */
export function useLeaving(): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  return navigation.state === 'loading' && navigation.location.pathname !== location.pathname;
}

/** Grey rows while the next page's games load (UI.md skeletons). */
export function ListSkeleton({ rows = 8 }: { rows?: number }) {
  const { t } = useTranslation('sports');
  return (
    <div className={styles.skeleton} role="status" aria-live="polite" data-testid="games-skeleton">
      <span className="visually-hidden">{t('loading')}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className={styles.skeletonRow} aria-hidden="true">
          <span />
          <span />
          <span />
        </div>
      ))}
    </div>
  );
}

/** Finished games: date, teams, score, periods. */
export function ResultsList({ results, showChamp = false }: { results: readonly ResultItem[]; showChamp?: boolean }) {
  const { t } = useTranslation('sports');
  const { lng } = useRequiredRootData();
  const { timeZone } = useSettings();
  return (
    <ul className={styles.results}>
      {results.map((r) => (
        <li key={r.id} className={styles.result}>
          <span className={styles.resultDate}>{formatDay(r.finishedAt, timeZone, lng)}</span>
          <Link to={gamePath({ ...r, isLive: false }, lng, { section: 'line' })} className={styles.resultTeams}>
            {showChamp ? <span className={styles.resultChamp}>{r.champName}</span> : null}
            <span>
              {r.home.name} – {r.away.name}
            </span>
          </Link>
          <span className={styles.resultScore}>
            {r.status === 5 ? (
              t('status_cancelled')
            ) : (
              <>
                <strong>
                  {r.score.home}:{r.score.away}
                </strong>
                {r.periods.length > 0 ? <span className={styles.resultPeriods}> ({r.periods.map((p) => `${p.home}:${p.away}`).join(', ')})</span> : null}
              </>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
