import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { Link, NavLink } from '../link.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { usePaths, type Paths } from '../../config/paths.ts';
import { useRequiredRootData } from '../../config/root-data.ts';
import { searchWithModal } from '../../features/modals/index.ts';
import { Disclosure } from '../ui/disclosure.tsx';
import { Logo } from './logo.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { UtilityBar } from './utility-bar.tsx';
import styles from './header.module.css';
import { useIsLive } from '../use-is-live.ts';
// The badge alone, not the sportsbook's index: every page has the header.
import { SlipBadge } from '../../features/line/slip-badge.tsx';

const PlayerArea = lazy(() => import('./player-area.tsx'));

interface NavItem {
  key: string;
  href: string;
  /** Match child paths too (e.g. /live/football is in Live). */
  end?: boolean;
}

export function mainSections(paths: Paths): NavItem[] {
  return [
    { key: 'nav_sports', href: paths.to('line') },
    { key: 'nav_live', href: paths.to('live') },
    { key: 'nav_casino', href: paths.to('casino'), end: true },
    { key: 'nav_live_casino', href: paths.to('live-casino') },
    { key: 'nav_slots', href: paths.to('slots') },
    { key: 'nav_cyber', href: paths.to('cyber-real') },
    { key: 'nav_toto', href: paths.to('toto') },
    { key: 'nav_promotions', href: paths.to('promotions') },
  ];
}

export function moreSections(paths: Paths): NavItem[] {
  return [
    { key: 'main_results', href: paths.to('results') },
    { key: 'main_statistic', href: paths.to('statistic') },
    { key: 'main_multi_live', href: paths.to('multi') },
    { key: 'casino_poker', href: paths.to('poker') },
    { key: 'casino_bingo', href: paths.to('bingo') },
    { key: 'casino_virtualsports', href: paths.to('virtual-sports') },
    { key: 'casino_tvgames', href: paths.to('tv-games') },
    { key: 'casino_fast_games', href: paths.to('fast-games') },
    { key: 'casino_fishinghunting', href: paths.to('hunting-and-fishing') },
    { key: 'main_lotto', href: paths.to('lotto') },
    { key: 'games_index', href: paths.to('games') },
    { key: 'main_news', href: paths.to('news') },
    { key: 'main_betting_alphabet', href: paths.to('betting-alphabet') },
    { key: 'main_partners', href: paths.to('partners') },
    { key: 'main_mobile_apps', href: paths.to('mobile-apps') },
  ];
}

function AccountArea() {
  const { t } = useTranslation();
  const { site, user } = useRequiredRootData();
  const paths = usePaths();
  const location = useLocation();
  const live = useIsLive();
  const modalHref = (m: 'login' | 'registration') => `${location.pathname}${searchWithModal(location.search, m)}`;

  if (user.loggedIn) {
    return <Suspense fallback={<div className={styles.account} />}>{live ? <PlayerArea /> : null}</Suspense>;
  }
  const registrationAvailable = site.registrationAllowed && !site.isVipDomain;
  return (
    <div className={styles.account}>
      <Link to={modalHref('login')} className={`btn btn-ghost ${styles.ghostOnDark}`} preventScrollReset>
        {t('header_login')}
      </Link>
      {registrationAvailable ? (
        <Link
          to={site.flags.customRegistration ? paths.to('registration') : modalHref('registration')}
          className={`btn btn-accent ${styles.register}`}
          preventScrollReset
        >
          {t('header_registration')}
        </Link>
      ) : null}
    </div>
  );
}

/** The site header (UI.md page frame): utility bar, then logo, sections, search and account. */
export function Header() {
  const { t } = useTranslation();
  const paths = usePaths();
  return (
    <header className={styles.header}>
      <UtilityBar />
      <div className={styles.main}>
        <div className={styles.inner}>
          <Logo />
          <nav className={styles.nav} aria-label={t('nav_main_label')}>
            <ul className={styles.navList}>
              {mainSections(paths).map((item) => (
                <li key={item.key}>
                  <NavLink to={item.href} end={item.end} className={({ isActive }) => (isActive ? `${styles.navLink} ${styles.active}` : styles.navLink)}>
                    {t(item.key)}
                  </NavLink>
                </li>
              ))}
              <li>
                <Disclosure className={styles.menu} buttonClassName={styles.navLink} panelClassName={styles.menuPanel} label={<>{t('nav_more')} ▾</>}>
                  <ul className={styles.menuList}>
                    {moreSections(paths).map((item) => (
                      <li key={item.key}>
                        <Link to={item.href} className={styles.menuItem}>
                          {t(item.key)}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </Disclosure>
              </li>
            </ul>
          </nav>
          <form role="search" method="get" action={paths.to('casino-search')} className={styles.search}>
            <label htmlFor="site-search" className="visually-hidden">
              {t('header_search_label')}
            </label>
            <input id="site-search" name="q" type="search" placeholder={t('header_search_placeholder')} className={styles.searchInput} autoComplete="off" />
          </form>
          <SlipBadge className={styles.slip} countClassName={styles.slipCount} labelClassName={styles.slipLabel} />
          <AccountArea />
        </div>
      </div>
    </header>
  );
}

/** The blocked-access header: logo, language switcher and support contact only. */
export function BlockedHeader() {
  const { t } = useTranslation();
  const paths = usePaths();
  return (
    <header className={styles.header}>
      <div className={styles.main}>
        <div className={styles.inner}>
          <Logo />
          <div className={styles.blockedTools}>
            <Link to={paths.to('info-contacts')} className={styles.utilityLink}>
              {t('header_support_contact')}
            </Link>
            <LanguageSwitcher />
          </div>
        </div>
      </div>
    </header>
  );
}
