/** Small pieces of the main layout: scroll-to-top, floating support, snow, SEO text, bottom navigation. */
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Link, NavLink } from './link.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { usePaths } from '../config/paths.ts';
import { useRequiredRootData } from '../config/root-data.ts';
import { searchWithModal } from '../features/modals/index.ts';
import styles from './extras.module.css';

/** SPEC §9: the scroll-to-top button appears after one screen of scroll. */
export const SCROLL_TOP_SCREENS = 1;

export function shouldShowScrollTop(scrollY: number, viewportHeight: number): boolean {
  return scrollY > viewportHeight * SCROLL_TOP_SCREENS;
}

export function ScrollToTop() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setVisible(shouldShowScrollTop(window.scrollY, window.innerHeight)));
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      className={styles.scrollTop}
      onClick={() => {
        window.scrollTo({ top: 0, behavior: 'smooth' });
        document.getElementById('main-content')?.focus({ preventScroll: true });
      }}
      aria-label={t('main_scroll_top')}
    >
      <span aria-hidden="true">↑</span>
    </button>
  );
}

export function SupportButton() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Link className={styles.support} to={`${location.pathname}${searchWithModal(location.search, 'user-question')}`} preventScrollReset>
      <span aria-hidden="true" className={styles.supportIcon}>
        ?
      </span>
      {t('main_support_button')}
    </Link>
  );
}

const FLAKES = Array.from({ length: 28 }, (_, i) => i);

/** Decorative snow on the home page when `flags.snowEffect` is on (hidden from assistive tech, still with reduced motion). */
export function Snow() {
  return (
    <div className={styles.snow} aria-hidden="true">
      {FLAKES.map((i) => (
        <span
          key={i}
          className={styles.flake}
          style={{
            insetInlineStart: `${(i * 37) % 100}%`,
            animationDelay: `${(i * 0.73) % 9}s`,
            animationDuration: `${8 + ((i * 1.9) % 7)}s`,
            fontSize: `${10 + ((i * 7) % 12)}px`,
          }}
        >
          ❄
        </span>
      ))}
    </div>
  );
}

/** The search-engine text module at the foot of public pages. */
export function SeoText() {
  const { t } = useTranslation();
  const { site } = useRequiredRootData();
  return (
    <section className={styles.seo} aria-labelledby="seo-text-title">
      <h2 id="seo-text-title">{t('seo_text_title', { company: site.companyName })}</h2>
      <p>{t('seo_text_p1', { company: site.companyName })}</p>
      <p>{t('seo_text_p2')}</p>
    </section>
  );
}

/** Bottom navigation for narrow windows (hidden by route meta `hideBottomNav`). */
export function BottomNav() {
  const { t } = useTranslation();
  const paths = usePaths();
  const items = [
    { key: 'nav_sports', to: paths.to('line') },
    { key: 'nav_live', to: paths.to('live') },
    { key: 'nav_casino', to: paths.to('casino') },
    { key: 'nav_promotions', to: paths.to('promotions') },
  ];
  return (
    <nav className={styles.bottomNav} aria-label={t('nav_bottom_label')}>
      {items.map((i) => (
        <NavLink key={i.key} to={i.to} className={styles.bottomItem}>
          {t(i.key)}
        </NavLink>
      ))}
    </nav>
  );
}
