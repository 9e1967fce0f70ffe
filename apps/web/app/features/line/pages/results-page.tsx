/**
 * Results (`results/:type?`, `champs/:champId?`): finished games with their final and period
 * scores, grouped sport → champ, for the last 24 hours or a UTC day, narrowed to a sport;
 * one champ's results under `champs/{id}`. Plain links and a GET form: every filter works
 * before the page is live and leaves a url that can be shared.
 */
import { Form } from 'react-router';
import { Link } from '../../../shell/link.tsx';
import type { ResultItem } from '@betsite/contracts';
import { useTranslation } from '../../../i18n/react.tsx';
import { useRequiredRootData } from '../../../config/root-data.ts';
import { useSettings } from '../../../shell/settings.tsx';
import { EmptyState, PageHeading, Panel, pageStyles } from '../../../shell/page-kit.tsx';
import type { ResultsData } from '../loaders.ts';
import { formatDay, formatKickoff, periodLabel, sportName } from '../names.ts';
import { champPath, gamePath, listingPath } from '../paths.ts';
import { champResultsPath, groupResults, RESULTS_LIMIT, resultsPath, shiftDay, utcDay, type ResultsFilter } from '../results.ts';
import { statisticPath } from '../statistic.ts';
import { ListSkeleton, LoadFailed, RightColumn, useLeaving } from './common.tsx';
import lineStyles from '../line.module.css';
import styles from './pages.module.css';

/** Where a filter change leads: the same page (type, champ) with another filter. */
function useFilterHref(data: ResultsData): (filter: ResultsFilter) => string {
  const { lng } = useRequiredRootData();
  return (filter) => (data.page === 'results' ? resultsPath(lng, data.type, filter) : champResultsPath(lng, data.champ, filter.date));
}

/** Sports with results in the period, "All sports" first (not on one champ's page). */
function SportFilter({ data }: { data: ResultsData }) {
  const { t } = useTranslation('sports');
  const href = useFilterHref(data);
  const sports = data.filter.sportId !== null && !data.sports.some((s) => s.id === data.filter.sportId) ? [...data.sports, { id: data.filter.sportId, count: 0 }] : data.sports;
  const total = data.sports.reduce((sum, s) => sum + s.count, 0);
  return (
    <nav aria-label={t('results_sport_filter')}>
      <h2 className={`${lineStyles.treeTitle} ${styles.filterTitle}`}>{t('tree_title')}</h2>
      <ul className={pageStyles.linkList}>
        <li>
          <Link to={href({ ...data.filter, sportId: null })} aria-current={data.filter.sportId === null ? 'page' : undefined} className={styles.filterLink} preventScrollReset>
            <span>{t('results_all_sports')}</span>
            <span className={lineStyles.count}>{total}</span>
          </Link>
        </li>
        {sports.map((sport) => (
          <li key={sport.id}>
            <Link to={href({ ...data.filter, sportId: sport.id })} aria-current={data.filter.sportId === sport.id ? 'page' : undefined} className={styles.filterLink} preventScrollReset>
              <span>{sportName(t, sport)}</span>
              <span className={lineStyles.count}>{sport.count}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The day: a date field (a UTC day) with the neighbouring days and the way back to the last 24 hours. */
function DayFilter({ data }: { data: ResultsData }) {
  const { t } = useTranslation('sports');
  const { now } = useRequiredRootData();
  const href = useFilterHref(data);
  const today = utcDay(now);
  const date = data.filter.date;
  const before = shiftDay(date ?? today, -1);
  const after = date !== null && date < today ? shiftDay(date, 1) : null;
  return (
    <div className={styles.dayFilter}>
      <Form method="get" className={styles.dayForm} preventScrollReset>
        {data.filter.sportId !== null ? <input type="hidden" name="sport" value={data.filter.sportId} /> : null}
        <label className={styles.field}>
          <span>{t('results_day_label')}</span>
          <input type="date" name="date" defaultValue={date ?? ''} max={today} required key={date ?? ''} />
        </label>
        <button type="submit" className="btn btn-primary">
          {t('results_show')}
        </button>
      </Form>
      <ul className={styles.dayLinks}>
        <li>
          <Link to={href({ ...data.filter, date: before })} preventScrollReset>
            <span aria-hidden="true">‹ </span>
            {t('results_day_before')}
          </Link>
        </li>
        {after ? (
          <li>
            <Link to={href({ ...data.filter, date: after })} preventScrollReset>
              {t('results_day_after')}
              <span aria-hidden="true"> ›</span>
            </Link>
          </li>
        ) : null}
        {date !== null ? (
          <li>
            <Link to={href({ ...data.filter, date: null })} preventScrollReset>
              {t('results_last_day')}
            </Link>
          </li>
        ) : null}
      </ul>
    </div>
  );
}

function ResultRow({ result }: { result: ResultItem }) {
  const { t } = useTranslation('sports');
  const { lng, now } = useRequiredRootData();
  const { timeZone } = useSettings();
  const cancelled = result.status === 5;
  return (
    <tr data-testid="result-row" data-game-id={result.id}>
      <td className={styles.resultsTime}>
        <time dateTime={new Date(result.startsAt).toISOString()}>{formatKickoff(result.startsAt, { timeZone, lng, now, today: t('today'), tomorrow: t('tomorrow') })}</time>
      </td>
      <th scope="row" className={styles.resultsTeams}>
        <Link to={gamePath({ ...result, isLive: false }, lng, { section: 'line' })}>
          {result.home.name} – {result.away.name}
        </Link>
      </th>
      <td className={styles.resultsScore} data-testid="result-score">
        {cancelled ? (
          <span className={styles.cancelled}>{t('status_cancelled')}</span>
        ) : (
          <strong>
            <bdi dir="ltr">
              {result.score.home}:{result.score.away}
            </bdi>
          </strong>
        )}
      </td>
      <td className={styles.resultsPeriods}>
        {!cancelled && result.periods.length > 0 ? (
          <span title={result.periods.map((p, i) => `${periodLabel(t, result.sportId, i + 1)}: ${p.home}:${p.away}`).join(', ')}>
            <bdi dir="ltr">({result.periods.map((p) => `${p.home}:${p.away}`).join(', ')})</bdi>
          </span>
        ) : null}
      </td>
    </tr>
  );
}

/** The results grouped sport → champ; each champ a table (time, match, score, periods). */
function ResultGroups({ data }: { data: ResultsData }) {
  const { t } = useTranslation('sports');
  const { lng } = useRequiredRootData();
  const groups = groupResults(data.results);
  const single = data.champ !== null;
  // One champ's page has no sport headings: its champ is the first heading below the page's.
  const ChampHeading = single ? 'h2' : 'h3';
  return (
    <div className={lineStyles.gameList}>
      {groups.map((sport) => (
        <section key={sport.sportId} className={lineStyles.sportGroup} aria-label={sportName(t, { id: sport.sportId })}>
          {!single && (groups.length > 1 || data.filter.sportId === null) ? <h2 className={lineStyles.sportHeading}>{sportName(t, { id: sport.sportId })}</h2> : null}
          {sport.champs.map((champ) => (
            <section key={champ.champId} className={lineStyles.champGroup} aria-labelledby={`results-champ-${champ.champId}`} data-testid="results-champ">
              <div className={`${lineStyles.champHeader} ${styles.resultsHead}`}>
                <ChampHeading id={`results-champ-${champ.champId}`} className={lineStyles.champName}>
                  {single ? champ.champName : <Link to={champResultsPath(lng, { id: champ.champId, name: champ.champName }, data.filter.date)}>{champ.champName}</Link>}
                </ChampHeading>
                {single ? null : (
                  <Link to={statisticPath(lng, { sportId: sport.sportId, champId: champ.champId })} className={styles.headLink}>
                    {t('results_standings_link')}
                  </Link>
                )}
              </div>
              <table className={styles.resultsTable}>
                <caption className="visually-hidden">{t('results_caption', { champ: champ.champName })}</caption>
                <thead className="visually-hidden">
                  <tr>
                    <th scope="col">{t('results_col_time')}</th>
                    <th scope="col">{t('results_col_game')}</th>
                    <th scope="col">{t('results_col_score')}</th>
                    <th scope="col">{t('results_col_periods')}</th>
                  </tr>
                </thead>
                <tbody>
                  {champ.results.map((result) => (
                    <ResultRow key={result.id} result={result} />
                  ))}
                </tbody>
              </table>
            </section>
          ))}
        </section>
      ))}
    </div>
  );
}

export function ResultsPage({ data }: { data: ResultsData }) {
  const { t } = useTranslation('sports');
  const { lng } = useRequiredRootData();
  const leaving = useLeaving();
  const href = useFilterHref(data);
  const filtered = data.filter.date !== null || data.filter.sportId !== null;
  const period = data.filter.date === null ? t('results_last_24h') : t('results_utc_day', { day: formatDay(Date.parse(`${data.filter.date}T00:00:00Z`), 0, lng) });

  const heading =
    data.page === 'results' ? (
      <nav aria-label={t('results_types')}>
        <ul className={pageStyles.chips}>
          {(['zone', 'live'] as const).map((type) => (
            <li key={type}>
              <Link to={resultsPath(lng, type, data.filter)} aria-current={data.type === type ? 'page' : undefined} preventScrollReset>
                {t(`results_type_${type}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    ) : data.champ ? (
      <div className={styles.headAfter}>
        {data.champ.sportId ? <span className={styles.resultDate}>{sportName(t, { id: data.champ.sportId })}</span> : null}
        <ul className={pageStyles.chips}>
          <li>
            <Link to={champPath(data.champ, lng)}>{t('results_champ_games')}</Link>
          </li>
          <li>
            <Link to={statisticPath(lng, { sportId: data.champ.sportId, champId: data.champ.id })}>{t('results_standings_link')}</Link>
          </li>
          <li>
            <Link to={champResultsPath(lng, null, data.filter.date)}>{t('results_all_champs')}</Link>
          </li>
        </ul>
      </div>
    ) : null;

  let list;
  if (leaving) list = <ListSkeleton />;
  else if (data.results.length === 0 && data.failed) list = <LoadFailed />;
  else if (data.results.length === 0) {
    list = (
      <Panel>
        <EmptyState
          icon="⚽"
          title={t(filtered ? 'results_filtered_empty_title' : 'results_empty_title')}
          text={t(filtered ? 'results_filtered_empty_text' : 'results_empty_text')}
          links={[
            ...(filtered ? [{ to: href({ sportId: null, date: null }), label: t('results_last_day'), primary: true }] : []),
            { to: listingPath(lng, 'live'), label: t('main:main_live'), primary: !filtered },
            { to: listingPath(lng, 'line'), label: t('main:main_line') },
          ]}
        />
      </Panel>
    );
  } else {
    list = (
      <>
        <ResultGroups data={data} />
        {data.truncated ? <p className={lineStyles.note}>{t('results_truncated', { limit: RESULTS_LIMIT })}</p> : null}
      </>
    );
  }

  const middle = (
    <div className={styles.middle} aria-busy={leaving}>
      <div className={styles.toolbar}>
        <p className={styles.period} data-testid="results-period">
          {period}
        </p>
        <DayFilter data={data} />
      </div>
      {list}
    </div>
  );

  return (
    <>
      <PageHeading after={heading}>{data.champ?.name || undefined}</PageHeading>
      {data.champ ? (
        <div className={styles.gameCols}>
          {middle}
          <RightColumn />
        </div>
      ) : (
        <div className={pageStyles.threeCols}>
          <Panel className={`${pageStyles.sticky} ${styles.treePanel}`}>
            <SportFilter data={data} />
          </Panel>
          {middle}
          <RightColumn />
        </div>
      )}
    </>
  );
}
