import { useTranslation } from '../../i18n/react.tsx';
import styles from './casino.module.css';

/** SPEC §9 skeleton preloader: 16 game tiles and 2 other-game tiles. */
export const SKELETON_GAME_TILES = 16;
export const SKELETON_OTHER_GAME_TILES = 2;

export function GameTilesSkeleton({ count = SKELETON_GAME_TILES }: { count?: number }) {
  return (
    <ul className={styles.tiles} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className={styles.tile} />
      ))}
    </ul>
  );
}

/** While the next casino page loads: the tiles' places, said once to screen readers. */
export function CasinoSkeleton() {
  const { t } = useTranslation('casino');
  return (
    <div role="status" aria-live="polite" data-testid="casino-skeleton">
      <span className="visually-hidden">{t('loading_games')}</span>
      <GameTilesSkeleton />
      <ul className={styles.otherTiles} aria-hidden="true">
        {Array.from({ length: SKELETON_OTHER_GAME_TILES }, (_, i) => (
          <li key={i} className={styles.otherTile} />
        ))}
      </ul>
    </div>
  );
}
