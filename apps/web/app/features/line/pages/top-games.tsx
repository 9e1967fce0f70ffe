/**
 * The home page's top games (line API `top`): in play and to come, each a list of rows with
 * live odds. The live panel follows the live section while it shows games, so a game that
 * ends leaves it (a page without games opens no live connection for it).
 */
import { Link } from '../../../shell/link.tsx';
import type { GameCard, LineSection, SportCount } from '@betsite/contracts';
import { useTranslation } from '../../../i18n/react.tsx';
import { usePaths } from '../../../config/paths.ts';
import { EmptyState, Panel } from '../../../shell/page-kit.tsx';
import { GameRow } from '../game-row.tsx';
import { useSectionLive } from '../use-section-live.ts';
import { LoadFailed } from './load-failed.tsx';
import lineStyles from '../line.module.css';
import styles from './pages.module.css';

export interface TopGamesData {
  games: GameCard[];
  failed: boolean;
  /** How many the panel asked for: a panel not full takes new games in. */
  limit?: number;
}

/** The panels list no sports (a constant: the hook takes a new list as new data). */
const NO_SPORTS: readonly SportCount[] = [];

function TopGames({ section, data }: { section: LineSection; data: TopGamesData }) {
  const { t } = useTranslation(['sports', 'main']);
  const paths = usePaths();
  const full = data.games.length >= (data.limit ?? 8);
  useSectionLive(section, NO_SPORTS, { filtered: true, shown: data.games.map((g) => g.id), sportIds: full ? [] : null, enabled: data.games.length > 0 });
  if (data.failed && data.games.length === 0) return <LoadFailed />;
  if (data.games.length === 0) {
    return section === 'live' ? (
      <EmptyState
        headingLevel={3}
        icon="●"
        title={t('live_empty_title')}
        text={t('live_empty_text')}
        links={[
          { to: paths.to('line'), label: t('main:main_line') },
          { to: paths.to('results'), label: t('main:main_results') },
        ]}
      />
    ) : (
      <EmptyState headingLevel={3} icon="★" title={t('line_empty_title')} text={t('line_empty_text')} links={[{ to: paths.to('live'), label: t('main:main_live') }]} />
    );
  }
  return (
    <>
      <ul className={`${lineStyles.rows} ${styles.topList}`} data-testid={`top-${section}`}>
        {data.games.map((game) => (
          <GameRow key={game.id} game={game} showChamp />
        ))}
      </ul>
      <p className={styles.allLink}>
        <Link to={paths.to(section)}>{t(section === 'live' ? 'home_all_live' : 'home_all_line')}</Link>
      </p>
    </>
  );
}

export function TopGamesPanels({ live, line, lineTitle }: { live: TopGamesData; line: TopGamesData; lineTitle: string }) {
  const { t } = useTranslation('sports');
  return (
    <div className={styles.topGames}>
      <Panel title={t('home_live_title')} id="home-live">
        <TopGames section="live" data={live} />
      </Panel>
      <Panel title={lineTitle} id="home-top">
        <TopGames section="line" data={line} />
      </Panel>
    </div>
  );
}
