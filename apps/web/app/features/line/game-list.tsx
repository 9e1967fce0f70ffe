/**
 * Games grouped as the listings show them: by sport, then by champ (in the order the API
 * sorted them), each champ with its column labels over the rows.
 */
import { Link } from '../../shell/link.tsx';
import type { GameCard } from '@betsite/contracts';
import { useRequiredRootData } from '../../config/root-data.ts';
import { GameRow, RowColumns } from './game-row.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { sportName } from './names.ts';
import { champPath, listingPath, sectionOf, type MenuSegment } from './paths.ts';
import styles from './line.module.css';

export interface ChampGroup {
  champId: number;
  champName: string;
  sportId: number;
  games: GameCard[];
}

export interface SportGroup {
  sportId: number;
  sportSlug: string;
  champs: ChampGroup[];
}

/** Sport → champ → games, each in the order it first appears. */
export function groupGames(games: readonly GameCard[]): SportGroup[] {
  const sports: SportGroup[] = [];
  for (const game of games) {
    let sport = sports.find((s) => s.sportId === game.sportId);
    if (!sport) sports.push((sport = { sportId: game.sportId, sportSlug: game.sportSlug, champs: [] }));
    let champ = sport.champs.find((c) => c.champId === game.champId);
    if (!champ) sport.champs.push((champ = { champId: game.champId, champName: game.champName, sportId: game.sportId, games: [] }));
    champ.games.push(game);
  }
  return sports;
}

export interface GameListProps {
  games: readonly GameCard[];
  cyber?: boolean;
  menu?: MenuSegment;
  /** Rows beyond this many do not follow their live topic (the socket carries at most 200 topics). */
  liveLimit?: number;
  /** Print the sport headings (off when the list is one sport's). */
  sportHeadings?: boolean;
  /** Heading level of the sport names (champ names are one below). */
  headingLevel?: 2 | 3;
}

export const LIVE_ROWS_MAX = 150;

export function GameList({ games, cyber = false, menu, liveLimit = LIVE_ROWS_MAX, sportHeadings = true, headingLevel = 2 }: GameListProps) {
  const { t } = useTranslation('sports');
  const { lng } = useRequiredRootData();
  let index = 0;
  const SportHeading = headingLevel === 2 ? 'h2' : 'h3';
  const ChampHeading = headingLevel === 2 ? 'h3' : 'h4';
  return (
    <div className={styles.gameList}>
      {groupGames(games).map((sport) => (
        <section key={sport.sportId} className={styles.sportGroup} aria-label={sportName(t, { id: sport.sportId, slug: sport.sportSlug })}>
          {sportHeadings ? <SportHeading className={styles.sportHeading}>{sportName(t, { id: sport.sportId, slug: sport.sportSlug })}</SportHeading> : null}
          {sport.champs.map((champ) => {
            const first = champ.games[0];
            const section = first ? sectionOf(first) : 'line';
            return (
              <section key={champ.champId} className={styles.champGroup} aria-label={champ.champName}>
                <div className={styles.champHeader}>
                  <ChampHeading className={styles.champName}>
                    <Link
                      to={
                        cyber
                          ? champPath({ id: champ.champId, name: champ.champName }, lng)
                          : listingPath(lng, section, { ...(menu ? { menu } : {}), sport: { id: sport.sportId, slug: sport.sportSlug }, champ: { id: champ.champId, name: champ.champName } })
                      }
                    >
                      {champ.champName}
                    </Link>
                  </ChampHeading>
                  <RowColumns sportId={champ.sportId} />
                </div>
                <ul className={styles.rows}>
                  {champ.games.map((game) => (
                    <GameRow key={game.id} game={game} live={index++ < liveLimit} cyber={cyber} {...(menu ? { menu } : {})} />
                  ))}
                </ul>
              </section>
            );
          })}
        </section>
      ))}
    </div>
  );
}
