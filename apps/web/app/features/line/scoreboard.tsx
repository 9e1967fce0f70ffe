/**
 * The top of a game page (UI.md): teams, the score, the scores of the periods, the running
 * clock (from `clock.seconds` at `clock.at`, at `clock.rate`), the current game's points and
 * who serves in tennis; once finished, the result.
 */
import { Link } from '../../shell/link.tsx';
import type { GameDetail } from '@betsite/contracts';
import { useTranslation } from '../../i18n/react.tsx';
import { useRequiredRootData } from '../../config/root-data.ts';
import { useSettings } from '../../shell/settings.tsx';
import { GameTime } from './game-row.tsx';
import { formatKickoff, periodLabel, sportName } from './names.ts';
import { teamPath } from './paths.ts';
import { useNow } from './use-now.ts';
import styles from './line.module.css';

export function Scoreboard({ game }: { game: GameDetail }) {
  const { t } = useTranslation('sports');
  const { lng } = useRequiredRootData();
  const { timeZone } = useSettings();
  const now = useNow(60_000, !game.isLive && !game.isFinished);
  const live = game.live;
  const result = game.result;
  const score = result?.score ?? live?.score ?? null;
  const periods = result?.periods ?? live?.periods ?? [];
  const serving = (side: 'home' | 'away') =>
    live?.server === side && game.isLive ? (
      <span className={styles.serve} title={t('serving')}>
        <span aria-hidden="true">●</span>
        <span className="visually-hidden">{t('serving')}</span>
      </span>
    ) : null;

  return (
    <section className={styles.scoreboard} aria-labelledby="page-title" data-testid="scoreboard">
      <p className={styles.scoreboardMeta}>
        <span>{sportName(t, { id: game.sportId, slug: game.sportSlug })}</span>
        <span aria-hidden="true">·</span>
        <span>{game.champName}</span>
      </p>
      <div className={styles.scoreboardMain}>
        <div className={styles.side}>
          {serving('home')}
          <Link to={teamPath(game.home, lng)} className={styles.sideName}>
            {game.home.name}
          </Link>
        </div>
        <div className={styles.bigScore} aria-live="off">
          {score ? (
            <span data-testid="score">
              <span>{score.home}</span>
              <span aria-hidden="true">:</span>
              <span className="visually-hidden"> – </span>
              <span>{score.away}</span>
            </span>
          ) : (
            <span className={styles.kickoffBig}>
              {formatKickoff(game.startsAt, { timeZone, lng, now, today: t('today'), tomorrow: t('tomorrow') })}
            </span>
          )}
          <span className={styles.scoreStatus}>
            {game.isLive || game.isFinished ? <GameTime game={game} /> : t('status_not_started')}
          </span>
          {live?.point && game.isLive ? (
            <span className={styles.points} aria-label={t('points_label', { home: live.point.home, away: live.point.away })}>
              {live.point.home} – {live.point.away}
            </span>
          ) : null}
        </div>
        <div className={`${styles.side} ${styles.sideAway}`}>
          <Link to={teamPath(game.away, lng)} className={styles.sideName}>
            {game.away.name}
          </Link>
          {serving('away')}
        </div>
      </div>
      {periods.length > 0 ? (
        <table className={styles.periods}>
          <caption className="visually-hidden">{t('periods_caption')}</caption>
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">{t('team')}</span>
              </th>
              {periods.map((_, i) => (
                <th scope="col" key={i} title={periodLabel(t, game.sportId, i + 1)}>
                  {i + 1}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {(['home', 'away'] as const).map((side) => (
              <tr key={side}>
                <th scope="row">{game[side].name}</th>
                {periods.map((p, i) => (
                  <td key={i}>{p[side]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {result?.cancelled ? <p className={styles.note}>{t('result_cancelled')}</p> : null}
    </section>
  );
}
