/**
 * Statistic (`statistic`, and `statisticpopup` in the empty layout): a sport, then one of
 * its champs, and the champ's standings-like table computed from the finished games of the
 * last `STATISTIC_DAYS` days on this site — said as such under the table, with the games
 * counted one click away.
 */
import { Link } from '../../../shell/link.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { useRequiredRootData } from '../../../config/root-data.ts';
import { EmptyState, PageHeading, Panel, pageStyles, usePageRoute } from '../../../shell/page-kit.tsx';
import type { StatisticData } from '../loaders.ts';
import { formatDay, sportName, sportOf } from '../names.ts';
import { listingPath, teamPath } from '../paths.ts';
import { champResultsPath, resultsPath } from '../results.ts';
import { computeStandings, STANDING_POINTS, type StandingRow } from '@betsite/domain';
import { STATISTIC_DAYS, statisticPath } from '../statistic.ts';
import { ListSkeleton, LoadFailed, ResultsList, useLeaving } from './common.tsx';
import lineStyles from '../line.module.css';
import styles from './pages.module.css';

const COLUMNS = ['played', 'won', 'drawn', 'lost', 'scored', 'conceded', 'diff', 'points'] as const satisfies readonly (keyof StandingRow)[];

function StandingsTable({ rows, caption, withDraws }: { rows: readonly StandingRow[]; caption: string; withDraws: boolean }) {
  const { t } = useTranslation('sports');
  const { lng } = useRequiredRootData();
  const columns = COLUMNS.filter((c) => c !== 'drawn' || withDraws);
  return (
    <div className={styles.tableScroll}>
      <table className={styles.standings} data-testid="standings">
        <caption className={styles.standingsCaption}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className={styles.standingsPos}>
              <span aria-hidden="true">#</span>
              <span className="visually-hidden">{t('statistic_col_position')}</span>
            </th>
            <th scope="col" className={styles.standingsTeam}>
              {t('team')}
            </th>
            {columns.map((c) => (
              <th scope="col" key={c} title={t(`statistic_col_${c}`)}>
                <span aria-hidden="true">{t(`statistic_abbr_${c}`)}</span>
                <span className="visually-hidden">{t(`statistic_col_${c}`)}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={row.team.id} data-testid="standings-row" data-team-id={row.team.id}>
              <td className={styles.standingsPos}>{i + 1}</td>
              <th scope="row" className={styles.standingsTeam}>
                <Link to={teamPath(row.team, lng)}>{row.team.name}</Link>
              </th>
              {columns.map((c) => (
                <td key={c} className={c === 'points' ? styles.standingsPoints : undefined}>
                  {c === 'diff' && row.diff > 0 ? `+${row.diff}` : c === 'diff' && row.diff < 0 ? `−${-row.diff}` : row[c]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function StatisticPage({ data }: { data: StatisticData }) {
  const { t } = useTranslation('sports');
  const { lng } = useRequiredRootData();
  const route = usePageRoute();
  const popup = route.meta.layout === 'empty';
  const leaving = useLeaving();
  const champ = data.champs.find((c) => c.id === data.champId) ?? null;
  const rows = computeStandings(data.results);
  const counted = data.results.filter((r) => r.status === 4).length;
  const newest = data.days[0];
  const oldest = data.days.at(-1);
  const dayText = (day: string | undefined) => (day ? formatDay(Date.parse(`${day}T00:00:00Z`), 0, lng) : '');
  const withDraws = sportOf(data.sportId ?? 0)?.hasDraw !== false || rows.some((r) => r.drawn > 0);

  const chooser = (
    <div className={styles.choosers}>
      <nav aria-label={t('statistic_sport_label')}>
        <ul className={pageStyles.chips}>
          {data.sports.map((sport) => (
            <li key={sport.id}>
              <Link to={statisticPath(lng, { sportId: sport.id }, popup)} aria-current={sport.id === data.sportId ? 'page' : undefined} preventScrollReset>
                {sportName(t, sport)} <span className={styles.chipCount}>{sport.count}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {data.champs.length > 0 ? (
        <nav aria-label={t('statistic_champ_label')}>
          <ul className={pageStyles.chips}>
            {data.champs.map((c) => (
              <li key={c.id}>
                <Link to={statisticPath(lng, { sportId: c.sportId, champId: c.id }, popup)} aria-current={c.id === data.champId ? 'page' : undefined} preventScrollReset>
                  {c.name} <span className={styles.chipCount}>{c.count}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );

  let body;
  if (leaving) body = <ListSkeleton rows={6} />;
  else if (data.failed && rows.length === 0) body = <LoadFailed />;
  else if (data.sports.length === 0 || champ === null || rows.length === 0) {
    const none = data.sports.length === 0;
    body = (
      <Panel>
        <EmptyState
          icon="▤"
          title={t(none ? 'statistic_empty_title' : 'statistic_sport_empty_title')}
          text={t(none ? 'statistic_empty_text' : 'statistic_sport_empty_text', { days: STATISTIC_DAYS })}
          links={[
            { to: resultsPath(lng), label: t('main:main_results'), primary: true },
            { to: listingPath(lng, 'live'), label: t('main:main_live') },
          ]}
        />
      </Panel>
    );
  } else {
    body = (
      <>
        {data.failed ? <LoadFailed partial /> : null}
        <Panel>
          <StandingsTable rows={rows} withDraws={withDraws} caption={t('statistic_caption', { champ: champ.name, sport: sportName(t, { id: champ.sportId }) })} />
          <p className={styles.statisticNote} data-testid="statistic-note">
            {t('statistic_note', { games: counted, from: dayText(oldest), to: dayText(newest), win: STANDING_POINTS.win, draw: STANDING_POINTS.draw })}
          </p>
          {data.truncated ? <p className={lineStyles.note}>{t('statistic_truncated')}</p> : null}
          <details className={styles.counted}>
            <summary>{t('statistic_games', { count: data.results.length })}</summary>
            <ResultsList results={data.results} />
          </details>
          {popup ? null : (
            <p className={styles.allLink}>
              <Link to={champResultsPath(lng, champ)}>{t('statistic_results_link')}</Link>
            </p>
          )}
        </Panel>
      </>
    );
  }

  return (
    <>
      <PageHeading after={<p className={styles.resultDate}>{t('statistic_period', { days: STATISTIC_DAYS })}</p>} />
      <div className={`${styles.middle} ${styles.statistic}`} aria-busy={leaving}>
        {data.sports.length > 0 ? chooser : null}
        {body}
      </div>
    </>
  );
}
