import styles from './casino.module.css';

/** SPEC §9 skeleton preloader: 16 game tiles (and 2 other-game tiles), decorative. */
export const SKELETON_GAME_TILES = 16;

export function GameTilesSkeleton({ count = SKELETON_GAME_TILES }: { count?: number }) {
  return (
    <ul className={styles.tiles} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className={styles.tile} />
      ))}
    </ul>
  );
}
