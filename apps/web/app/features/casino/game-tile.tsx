/** A game in the lobby: its art, title and provider, badges, and the favorite star. */
import { Link } from '../../shell/link.tsx';
import type { CasinoGameTile } from '@betsite/contracts';
import { useTranslation } from '../../i18n/react.tsx';
import { usePaths } from '../../config/paths.ts';
import { FavoriteButton } from './favorites.tsx';
import { GameArt } from './game-art.tsx';
import { gameRoute } from './lobby-params.ts';
import styles from './casino.module.css';

export function useGamePath(): (game: Pick<CasinoGameTile, 'id' | 'category' | 'title'>) => string {
  const paths = usePaths();
  return (game) => {
    const { name, params } = gameRoute(game);
    return paths.to(name, params);
  };
}

/** `eager`: a tile of the first rows, whose picture the browser should not wait for layout to fetch. */
export function GameTile({ game, wide = false, eager = false }: { game: CasinoGameTile; wide?: boolean; eager?: boolean }) {
  const { t } = useTranslation('casino');
  const gamePath = useGamePath();
  return (
    <li className={`${styles.game} ${wide ? styles.gameWide : ''}`} data-testid={`game-${game.id}`}>
      <Link to={gamePath(game)} className={styles.gameLink}>
        <span className={styles.gameArt}>
          <GameArt art={game.art} id={game.id} eager={eager} />
          <span className={styles.badges}>
            {game.isNew ? <span className={`${styles.badge} ${styles.badgeNew}`}>{t('badge_new')}</span> : null}
            {game.popular ? <span className={`${styles.badge} ${styles.badgeHot}`}>{t('badge_popular')}</span> : null}
            {game.shared ? <span className={`${styles.badge} ${styles.badgeLive}`}>{t('badge_live')}</span> : null}
          </span>
          <span className={styles.playHint} aria-hidden="true">
            ▶
          </span>
        </span>
        <span className={styles.gameTitle}>{game.title}</span>
        <span className={styles.gameMeta}>
          {game.providerName} · {t('rtp_short', { rtp: game.rtp })}
        </span>
      </Link>
      <FavoriteButton gameId={game.id} title={game.title} />
    </li>
  );
}

/** Tiles in the first rows of a grid on a desktop screen. */
const FIRST_ROWS = 12;

/** A dense grid of tiles. */
export function GameGrid({ games, label, testId }: { games: readonly CasinoGameTile[]; label?: string; testId?: string }) {
  return (
    <ul className={styles.grid} aria-label={label} data-testid={testId}>
      {games.map((g, i) => (
        <GameTile key={g.id} game={g} eager={i < FIRST_ROWS} />
      ))}
    </ul>
  );
}
