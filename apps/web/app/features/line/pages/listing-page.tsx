/**
 * `/{lng}/{line|live}/:menu?/:sport?/:champ?`: the sports tree, the games grouped by sport
 * and champ with the time-filter chips over them, and the selections. Counts and the list
 * follow the section's live topic; every row follows its game's.
 */
import { useLocation } from 'react-router';
import { Link, NavLink } from '../../../shell/link.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { useRequiredRootData } from '../../../config/root-data.ts';
import { EmptyState, PageHeading, Panel, pageStyles } from '../../../shell/page-kit.tsx';
import { GAMES_PAGE } from '../api.ts';
import { GameList } from '../game-list.tsx';
import type { ListingData } from '../loaders.ts';
import { sportName, sportOf } from '../names.ts';
import { listingPath, menusOf } from '../paths.ts';
import { SportsTree } from '../sports-tree.tsx';
import { useSectionLive } from '../use-section-live.ts';
import { ListSkeleton, LoadFailed, RightColumn, SportsColumn, useLeaving } from './common.tsx';
import styles from './pages.module.css';

function FilterChips({ data }: { data: ListingData }) {
  const { t } = useTranslation('sports');
  const { lng } = useRequiredRootData();
  const sport = data.sportId === null ? null : { id: data.sportId, ...(sportOf(data.sportId) ? { slug: sportOf(data.sportId)?.slug as string } : {}) };
  return (
    <nav aria-label={t('filters_label')}>
      <ul className={pageStyles.chips}>
        {menusOf(data.section).map((menu) => (
          <li key={menu}>
            <NavLink to={listingPath(lng, data.section, { menu, sport, champ: data.champ })} aria-current={menu === data.menu ? 'page' : undefined} preventScrollReset>
              {t(`filter_${menu.replace('-', '_')}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function ListingPage({ data }: { data: ListingData }) {
  const { t } = useTranslation('sports');
  const { lng } = useRequiredRootData();
  const location = useLocation();
  const leaving = useLeaving();
  const sports = useSectionLive(data.section, data.sports, {
    filtered: data.filter !== 0,
    shown: data.games.map((g) => g.id),
    sportIds: data.sportId === null ? null : [data.sportId],
  });
  const sportTitle = data.sportId === null ? null : sportName(t, sports.find((s) => s.id === data.sportId) ?? { id: data.sportId });
  const heading = [t(`main:main_${data.section}`), sportTitle, data.champ?.name].filter(Boolean).join(' · ');
  const other = data.section === 'live' ? 'line' : 'live';
  const more = Math.min(data.total, data.limit + GAMES_PAGE);
  const moreHref = (() => {
    const search = new URLSearchParams(location.search);
    search.set('limit', String(more));
    return `${location.pathname}?${search.toString()}`;
  })();

  let middle;
  if (leaving) middle = <ListSkeleton />;
  else if (data.games.length === 0 && data.failed) middle = <LoadFailed />;
  else if (data.games.length === 0) {
    const filtered = data.filter !== 0 || data.sportId !== null;
    middle = (
      <Panel>
        <EmptyState
          icon={data.section === 'live' ? '●' : '⚽'}
          title={t(filtered ? 'filtered_empty_title' : `${data.section}_empty_title`)}
          text={t(filtered ? 'filtered_empty_text' : `${data.section}_empty_text`)}
          links={[
            ...(filtered ? [{ to: listingPath(lng, data.section), label: t('filter_all_section', { section: t(`main:main_${data.section}`) }), primary: true }] : []),
            { to: listingPath(lng, other), label: t(`main:main_${other}`), primary: !filtered },
          ]}
        />
      </Panel>
    );
  } else {
    middle = (
      <>
        {data.failed ? <LoadFailed partial /> : null}
        <GameList games={data.games} menu={data.menu} sportHeadings={data.sportId === null} />
        {data.total > data.games.length ? (
          <div className={styles.more}>
            <span>{t('shown_of', { shown: data.games.length, total: data.total })}</span>
            {data.limit < 200 ? (
              <Link to={moreHref} className="btn btn-ghost" preventScrollReset>
                {t('show_more')}
              </Link>
            ) : null}
          </div>
        ) : null}
      </>
    );
  }

  return (
    <>
      <PageHeading after={<FilterChips data={data} />}>{heading}</PageHeading>
      <div className={pageStyles.threeCols}>
        <SportsColumn>
          <SportsTree
            section={data.section}
            filter={data.filter}
            menu={data.menu}
            sports={sports}
            selectedSportId={data.sportId}
            selectedChampId={data.champ?.id ?? null}
            champs={data.champs}
          />
        </SportsColumn>
        <div className={styles.middle} aria-busy={leaving}>
          {middle}
        </div>
        <RightColumn />
      </div>
    </>
  );
}
