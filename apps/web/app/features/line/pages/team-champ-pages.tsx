/**
 * A team (`team/:team`): its games to come and in play, then its results. A champ
 * (`champ/:champ/home`): its games and results; `champ/:champ/final`: its final — the last
 * game on its schedule, or once played, the last result.
 */
import { Link } from '../../../shell/link.tsx';
import type { GameCard } from '@betsite/contracts';
import { useTranslation } from '../../../i18n/react.tsx';
import { useRequiredRootData } from '../../../config/root-data.ts';
import { EmptyState, PageHeading, Panel, pageStyles } from '../../../shell/page-kit.tsx';
import { GameList } from '../game-list.tsx';
import { GameRow } from '../game-row.tsx';
import { champFinal, type ChampData, type TeamData } from '../loaders.ts';
import { sportName } from '../names.ts';
import { champPath, listingPath } from '../paths.ts';
import { ListSkeleton, ResultsList, RightColumn, useLeaving } from './common.tsx';
import lineStyles from '../line.module.css';
import styles from './pages.module.css';

function GamesAndResults({ games, results, emptyKey, showChamp }: { games: readonly GameCard[]; results: TeamData['results']; emptyKey: 'team' | 'champ'; showChamp: boolean }) {
  const { t } = useTranslation('sports');
  const { lng } = useRequiredRootData();
  const live = games.filter((g) => g.isLive);
  const upcoming = games.filter((g) => !g.isLive);
  return (
    <>
      {games.length === 0 ? (
        <Panel>
          <EmptyState
            headingLevel={2}
            icon="⚽"
            title={t(`${emptyKey}_empty_title`)}
            text={t(`${emptyKey}_empty_text`)}
            links={[
              { to: listingPath(lng, 'line'), label: t('main:main_line'), primary: true },
              { to: listingPath(lng, 'live'), label: t('main:main_live') },
            ]}
          />
        </Panel>
      ) : null}
      {live.length > 0 ? (
        <section aria-labelledby="games-live" className={styles.middle}>
          <h2 id="games-live" className={styles.sectionTitle}>
            <span className={styles.liveBadge}>{t('live_badge')}</span>
            {t('games_live')}
          </h2>
          <GameList games={live} sportHeadings={false} headingLevel={3} />
        </section>
      ) : null}
      {upcoming.length > 0 ? (
        <section aria-labelledby="games-upcoming" className={styles.middle}>
          <h2 id="games-upcoming" className={styles.sectionTitle}>
            {t('games_upcoming')}
          </h2>
          <GameList games={upcoming} sportHeadings={false} headingLevel={3} />
        </section>
      ) : null}
      <Panel title={t('results_title')} id="results">
        {results.length === 0 ? <p className={lineStyles.note}>{t('results_none')}</p> : <ResultsList results={results} showChamp={showChamp} />}
      </Panel>
    </>
  );
}

export function TeamPage({ data }: { data: TeamData }) {
  const { t } = useTranslation('sports');
  const leaving = useLeaving();
  return (
    <>
      <PageHeading after={<span className={styles.resultDate}>{[sportName(t, { id: data.team.sportId }), data.team.country.name].filter(Boolean).join(' · ')}</span>}>{data.team.name}</PageHeading>
      <div className={styles.gameCols}>
        <div className={styles.middle} aria-busy={leaving}>
          {leaving ? <ListSkeleton /> : <GamesAndResults games={data.games} results={data.results} emptyKey="team" showChamp />}
        </div>
        <RightColumn />
      </div>
    </>
  );
}

export function ChampPage({ data }: { data: ChampData }) {
  const { t } = useTranslation('sports');
  const { lng } = useRequiredRootData();
  const leaving = useLeaving();
  const final = data.page === 'final' ? champFinal(data) : null;
  const tabs = (
    <div className={styles.headAfter}>
      <span className={styles.resultDate}>{[sportName(t, { id: data.champ.sportId }), data.champ.country.name].filter(Boolean).join(' · ')}</span>
      <nav aria-label={t('champ_pages')}>
        <ul className={pageStyles.chips}>
          <li>
            <Link to={champPath(data.champ, lng)} aria-current={data.page === 'home' ? 'page' : undefined}>
              {t('champ_home')}
            </Link>
          </li>
          <li>
            <Link to={champPath(data.champ, lng, 'final')} aria-current={data.page === 'final' ? 'page' : undefined}>
              {t('champ_final')}
            </Link>
          </li>
        </ul>
      </nav>
    </div>
  );
  let middle;
  if (leaving) middle = <ListSkeleton />;
  else if (final) {
    middle = (
      <>
        {final.game ? (
          <section aria-labelledby="champ-final" className={styles.middle}>
            <h2 id="champ-final" className={styles.sectionTitle}>
              {t('champ_final_next')}
            </h2>
            <div className={lineStyles.champGroup}>
              <ul className={lineStyles.rows}>
                <GameRow game={final.game} />
              </ul>
            </div>
          </section>
        ) : null}
        {final.result ? (
          <Panel title={t('champ_final_played')} id="champ-final-result">
            <ResultsList results={[final.result]} />
          </Panel>
        ) : null}
        {!final.game && !final.result ? (
          <Panel>
            <EmptyState icon="🏆" title={t('champ_final_none_title')} text={t('champ_final_none_text')} links={[{ to: champPath(data.champ, lng), label: t('champ_home'), primary: true }]} />
          </Panel>
        ) : null}
      </>
    );
  } else middle = <GamesAndResults games={data.games} results={data.results} emptyKey="champ" showChamp={false} />;

  return (
    <>
      <PageHeading after={tabs}>{data.champ.name}</PageHeading>
      <div className={styles.gameCols}>
        <div className={styles.middle} aria-busy={leaving}>
          {middle}
        </div>
        <RightColumn />
      </div>
    </>
  );
}
