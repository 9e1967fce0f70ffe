/**
 * A game in a list (UI.md "one row per game"): the kick-off, or the live clock and score;
 * the teams; the main markets' odds in fixed columns (1 X 2 or 1 2, then the main total);
 * "+N" more markets on the game page. Rows follow their game's live topic.
 */
import { Link } from '../../shell/link.tsx';
import type { TFunction } from '../../i18n/translator.ts';
import type { GameCard, LineMarket } from '@betsite/contracts';
import { useTranslation } from '../../i18n/react.tsx';
import { useRequiredRootData } from '../../config/root-data.ts';
import { useSettings } from '../../shell/settings.tsx';
import { clockSeconds, directionOf, formatClock, type DirectionMarks } from './game-state.ts';
import { formatKickoff, periodLabel, resultColumns, rowMarkets, sportOf } from './names.ts';
import { OddButton } from './odd-button.tsx';
import { gameHref, type MenuSegment } from './paths.ts';
import { useGameLive } from './use-game-live.ts';
import { useNow } from './use-now.ts';
import styles from './line.module.css';

/** What the clock of a game says: ["67:12", "2nd half"], ["Break", "2nd half"], ["", "Set 2"], ["Finished", ""]. */
export function liveStatusParts(t: TFunction, game: Pick<GameCard, 'status' | 'live' | 'sportId' | 'isFinished'>, now: number): [string, string] {
  if (game.status === 5) return [t('sports:status_cancelled'), ''];
  if (game.isFinished || game.status === 4) return [t('sports:status_finished'), ''];
  const live = game.live;
  if (!live) return ['', ''];
  const period = live.period > 0 ? periodLabel(t, game.sportId, live.period) : '';
  if (game.status === 3) return [t('sports:status_break'), period];
  const structure = sportOf(game.sportId)?.structure ?? 'timed';
  const clock = structure === 'sets' && !live.clock.running && live.clock.seconds === 0 ? '' : formatClock(clockSeconds(live.clock, now));
  return [clock, period];
}

/** The same in one line: "67:12 · 2nd half". */
export function liveStatusText(t: TFunction, game: Pick<GameCard, 'status' | 'live' | 'sportId' | 'isFinished'>, now: number): string {
  return liveStatusParts(t, game, now).filter(Boolean).join(' · ');
}

/** The kick-off time or the running clock; ticks while the clock runs. */
export function GameTime({ game }: { game: GameCard }) {
  const { t } = useTranslation('sports');
  const { lng } = useRequiredRootData();
  const { timeZone } = useSettings();
  const running = game.isLive && game.live?.clock.running === true;
  const now = useNow(1_000, running);
  if (game.isLive || game.isFinished) {
    const [clock, period] = liveStatusParts(t, game, now);
    return (
      <span className={styles.liveTime}>
        {game.isLive ? <span className={styles.liveDot} aria-hidden="true" /> : null}
        <span suppressHydrationWarning>{clock || period}</span>
        {clock && period ? <span className={styles.livePeriod}>{period}</span> : null}
      </span>
    );
  }
  return (
    <time className={styles.kickoff} dateTime={new Date(game.startsAt).toISOString()} suppressHydrationWarning>
      {formatKickoff(game.startsAt, { timeZone, lng, now, today: t('today'), tomorrow: t('tomorrow') })}
    </time>
  );
}

function OddsCells({ game, market, count, marks }: { game: GameCard; market: LineMarket | null; count: number; marks: DirectionMarks }) {
  if (!market) {
    return (
      <>
        {Array.from({ length: count }, (_, i) => (
          <span key={i} className={styles.oddEmpty} aria-hidden="true">
            —
          </span>
        ))}
      </>
    );
  }
  const outcomes = market.outcomes.slice(0, count);
  return (
    <>
      {outcomes.map((outcome) => (
        <OddButton key={outcome.key} game={game} market={market} outcome={outcome} direction={directionOf(marks, outcome.key)} />
      ))}
      {Array.from({ length: count - outcomes.length }, (_, i) => (
        <span key={`empty-${i}`} className={styles.oddEmpty} aria-hidden="true">
          —
        </span>
      ))}
    </>
  );
}

export interface GameRowProps {
  game: GameCard;
  /** Follow the game's live topic (default true). */
  live?: boolean;
  /** Link into the cyber section instead of line/live. */
  cyber?: boolean;
  menu?: MenuSegment;
  /** Print the champ's name in the row (lists that are not grouped by champ). */
  showChamp?: boolean;
}

export function GameRow({ game: initial, live = true, cyber = false, menu, showChamp = false }: GameRowProps) {
  const { t } = useTranslation('sports');
  const { lng } = useRequiredRootData();
  const { game, marks } = useGameLive(initial, { enabled: live && !initial.isFinished });
  const { result, total } = rowMarkets(game);
  const href = gameHref(game, lng, { cyber, ...(menu ? { menu } : {}) });
  const score = game.live?.score ?? null;
  const more = Math.max(0, game.marketsCount - (result ? 1 : 0) - (total ? 1 : 0));
  const columns = resultColumns(game.sportId);

  return (
    <li className={styles.row} data-game-id={game.id} data-testid="game-row">
      <span className={styles.rowTime}>
        <GameTime game={game} />
      </span>
      <Link to={href} className={styles.rowTeams} prefetch="intent">
        {showChamp ? <span className={styles.rowChamp}>{game.champName}</span> : null}
        <span className={styles.team}>
          <span className={styles.teamName}>{game.home.name}</span>
          {score ? <span className={styles.teamScore}>{score.home}</span> : null}
        </span>
        <span className={styles.team}>
          <span className={styles.teamName}>{game.away.name}</span>
          {score ? <span className={styles.teamScore}>{score.away}</span> : null}
        </span>
        {game.suspended && !game.isFinished ? <span className={styles.suspended}>{t('suspended')}</span> : null}
      </Link>
      <span className={`${styles.rowOdds} ${columns === 2 ? styles.odds2 : ''}`} role="group" aria-label={t('row_odds_label', { home: game.home.name, away: game.away.name })}>
        <OddsCells game={game} market={result} count={columns} marks={marks} />
        <span className={styles.totalLine} aria-hidden="true">
          {total?.param ?? ''}
        </span>
        <OddsCells game={game} market={total} count={2} marks={marks} />
      </span>
      <Link to={href} className={styles.more} aria-label={t('more_markets_label', { count: game.marketsCount })}>
        {more > 0 ? <bdi dir="ltr">+{more}</bdi> : <span aria-hidden="true">›</span>}
      </Link>
    </li>
  );
}

/** The labels over a group's odds columns: 1 X 2 (or 1 2), Total, Over, Under. */
export function RowColumns({ sportId }: { sportId: number }) {
  const { t } = useTranslation('sports');
  const columns = resultColumns(sportId);
  return (
    <span className={`${styles.rowOdds} ${styles.columnLabels} ${columns === 2 ? styles.odds2 : ''}`} aria-hidden="true">
      <span>1</span>
      {columns === 3 ? <span>X</span> : null}
      <span>2</span>
      <span>{t('column_total')}</span>
      <span>{t('column_over')}</span>
      <span>{t('column_under')}</span>
    </span>
  );
}
