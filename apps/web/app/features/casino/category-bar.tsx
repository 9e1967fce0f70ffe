import { NavLink } from '../../shell/link.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { usePaths, type Paths } from '../../config/paths.ts';
// Its own small stylesheet: the bar is on every casino page, the lobby's styles are not.
import styles from './category-bar.module.css';

export function casinoCategories(paths: Paths): { key: string; to: string; end?: boolean }[] {
  return [
    { key: 'casino_casino_lobby', to: paths.to('casino'), end: true },
    { key: 'casino_slots', to: paths.to('slots') },
    { key: 'nav_live_casino', to: paths.to('live-casino') },
    { key: 'casino_poker', to: paths.to('poker') },
    { key: 'casino_bingo', to: paths.to('bingo') },
    { key: 'casino_keno', to: paths.to('keno') },
    { key: 'casino_tvgames', to: paths.to('tvgames') },
    { key: 'casino_virtualsports', to: paths.to('virtualsports') },
    { key: 'casino_fast_games', to: paths.to('fast-games') },
    { key: 'casino_crash_games', to: paths.to('crash-games') },
    { key: 'casino_card_games', to: paths.to('card-games') },
    { key: 'casino_fishinghunting', to: paths.to('fishinghunting') },
    { key: 'casino_providers', to: paths.to('providers') },
    { key: 'casino_my_casino', to: paths.to('my-casino') },
    { key: 'casino_bonus', to: paths.to('bonus-casino') },
  ];
}

/** The casino category bar under the header of the casino layout. */
export function CasinoCategoryBar() {
  const { t } = useTranslation();
  const paths = usePaths();
  return (
    <nav className={styles.bar} aria-label={t('casino_categories_label')}>
      <ul className={styles.barList}>
        {casinoCategories(paths).map((c) => (
          <li key={c.key}>
            <NavLink to={c.to} end={c.end} className={({ isActive }) => (isActive ? `${styles.barLink} ${styles.barActive}` : styles.barLink)}>
              {t(c.key)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
