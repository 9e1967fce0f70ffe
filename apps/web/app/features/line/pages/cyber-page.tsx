/**
 * Cyber sports (`cyber/real/…`, SPEC §2): the line/live listing restricted to esports — the
 * disciplines with their champs on the left, games in play and to come in the middle.
 * `{discipline}/champs` lists the discipline's champs; `{discipline}/{line|live}` one section.
 */
import { Link, NavLink } from '../../../shell/link.tsx';
import type { LineSection } from '@betsite/contracts';
import { useTranslation } from '../../../i18n/react.tsx';
import { useRequiredRootData } from '../../../config/root-data.ts';
import { EmptyState, PageHeading, Panel, pageStyles } from '../../../shell/page-kit.tsx';
import { GameList } from '../game-list.tsx';
import type { CyberData } from '../loaders.ts';
import { sportName } from '../names.ts';
import { cyberPath, listingPath } from '../paths.ts';
import { groupByCountry, SportsTree } from '../sports-tree.tsx';
import { useSectionLive } from '../use-section-live.ts';
import { ListSkeleton, LoadFailed, RightColumn, SportsColumn, useLeaving } from './common.tsx';
import lineStyles from '../line.module.css';
import styles from './pages.module.css';

export function CyberPage({ data }: { data: CyberData }) {
  const { t } = useTranslation('sports');
  const { lng } = useRequiredRootData();
  const leaving = useLeaving();
  const sportIds = data.sportId === null ? data.sports.map((s) => s.id) : [data.sportId];
  const shown = [...data.live, ...data.line].map((g) => g.id);
  // Games start and end in both sections: follow both (their counts are added up by the loader).
  useSectionLive('live', data.sports, { filtered: true, shown, sportIds });
  useSectionLive('line', data.sports, { filtered: true, shown, sportIds });
  const discipline = data.sportId === null ? null : (data.sports.find((s) => s.id === data.sportId) ?? null);
  const location = data.location;
  const onlySection: LineSection | null = location.kind === 'section' ? location.section : null;
  const heading = [t('main:main_cyber'), discipline ? sportName(t, discipline) : null, data.champ?.name].filter(Boolean).join(' · ');

  const sectionLinks = discipline ? (
    <nav aria-label={t('filters_label')}>
      <ul className={pageStyles.chips}>
        {[
          { to: cyberPath(lng, { kind: 'discipline', discipline: discipline.slug }), label: t('cyber_all'), current: location.kind === 'discipline' },
          { to: cyberPath(lng, { kind: 'section', discipline: discipline.slug, section: 'live' }), label: t('main:main_live'), current: onlySection === 'live' },
          { to: cyberPath(lng, { kind: 'section', discipline: discipline.slug, section: 'line' }), label: t('main:main_line'), current: onlySection === 'line' },
          { to: cyberPath(lng, { kind: 'champs', discipline: discipline.slug }), label: t('cyber_champs'), current: location.kind === 'champs' },
        ].map((l) => (
          <li key={l.to}>
            <NavLink to={l.to} end aria-current={l.current ? 'page' : undefined} preventScrollReset>
              {l.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  ) : null;

  let middle;
  if (leaving) middle = <ListSkeleton />;
  else if (location.kind === 'champs') {
    middle = (
      <Panel title={t('cyber_champs')} id="cyber-champs">
        {data.champs.length === 0 ? (
          <p className={lineStyles.note}>{t('tree_no_champs')}</p>
        ) : (
          <ul className={pageStyles.linkList}>
            {groupByCountry(data.champs).flatMap((g) =>
              g.champs.map((champ) => (
                <li key={champ.id}>
                  <Link to={cyberPath(lng, { kind: 'champ', discipline: discipline?.slug ?? '', champId: champ.id }, { champ: champ.name })}>
                    {champ.name} <span className={lineStyles.count}>{champ.count}</span>
                  </Link>
                </li>
              )),
            )}
          </ul>
        )}
      </Panel>
    );
  } else if (data.live.length + data.line.length === 0) {
    middle = data.failed ? (
      <LoadFailed />
    ) : (
      <Panel>
        <EmptyState
          icon="🎮"
          title={t('cyber_empty_title')}
          text={t('cyber_empty_text')}
          links={[
            { to: listingPath(lng, 'live'), label: t('main:main_live'), primary: true },
            { to: listingPath(lng, 'line'), label: t('main:main_line') },
          ]}
        />
      </Panel>
    );
  } else {
    middle = (
      <>
        {data.failed ? <LoadFailed partial /> : null}
        {data.live.length > 0 ? (
          <section aria-labelledby="cyber-live" className={styles.middle}>
            <h2 id="cyber-live" className={styles.sectionTitle}>
              <span className={styles.liveBadge}>{t('live_badge')}</span>
              {t('games_live')}
            </h2>
            <GameList games={data.live} cyber headingLevel={3} sportHeadings={data.sportId === null} />
          </section>
        ) : null}
        {data.line.length > 0 ? (
          <section aria-labelledby="cyber-line" className={styles.middle}>
            <h2 id="cyber-line" className={styles.sectionTitle}>
              {t('games_upcoming')}
            </h2>
            <GameList games={data.line} cyber headingLevel={3} sportHeadings={data.sportId === null} />
          </section>
        ) : null}
      </>
    );
  }

  return (
    <>
      <PageHeading after={sectionLinks}>{heading}</PageHeading>
      <div className={pageStyles.threeCols}>
        <SportsColumn cyber>
          <SportsTree
            title={t('cyber_disciplines')}
            section="line"
            filter={0}
            menu="all"
            sports={data.sports}
            selectedSportId={data.sportId}
            selectedChampId={data.champ?.id ?? null}
            champs={data.champs}
            sportHref={(sport) => cyberPath(lng, { kind: 'discipline', discipline: sport.slug })}
            champHref={(sport, champ) => cyberPath(lng, { kind: 'champ', discipline: sport.slug, champId: champ.id }, { champ: champ.name })}
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
