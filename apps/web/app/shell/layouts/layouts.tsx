/**
 * The six layouts of SPEC §2, chosen by the leaf route's `meta.layout`. Route meta hides the
 * footer, the bottom navigation and the SEO text per route.
 */
import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { isWithinMaintenance, type LayoutName, type RouteMeta } from '@betsite/domain';
import { useRequiredRootData } from '../../config/root-data.ts';
// Every page has these: each comes from its own module, not its feature's index, which would
// bring the feature's pages and helpers into the first load (issue 14: the first load's budget).
import { CasinoCategoryBar } from '../../features/casino/category-bar.tsx';
import { CouponOverlay } from '../../features/coupon/coupon-overlay.tsx';
import { SessionLifecycle } from '../../features/session/session-lifecycle.tsx';
import { TermsWatch } from '../../features/terms/watch.tsx';
import { ProtectionWatch } from '../../features/protection/watch.tsx';
import { BanNotice } from '../../features/player-state/ban-notice.tsx';
import { BlockedHeader, Header } from '../header/header.tsx';
import { Logo } from '../header/logo.tsx';
import { Footer } from '../footer/footer.tsx';
import { ModalHost } from '../modals/modal-host.tsx';
import { NotificationAreaView, useNotifications } from '../notifications/index.ts';
import { BottomNav, ScrollToTop, SeoText, Snow, SupportButton } from '../extras.tsx';
import { useSettings } from '../settings.tsx';
import { useIsLive } from '../use-is-live.ts';
import styles from './layouts.module.css';

export interface LayoutProps {
  layout: LayoutName;
  meta: Pick<RouteMeta, 'hideFooter' | 'hideBottomNav' | 'hideSeoText'>;
  /** The home page (snow effect). */
  isHome: boolean;
  children: ReactNode;
}

function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className="skip-link" href="#main-content">
      {t('main_skip_to_content')}
    </a>
  );
}

function Main({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <main id="main-content" tabIndex={-1} className={wide ? styles.mainWide : styles.main}>
      {children}
    </main>
  );
}

/** SPEC §4: a maintenance notice at start when now is within the announced window. */
function MaintenanceNotice() {
  const { site, lng, now } = useRequiredRootData();
  const { timeZone } = useSettings();
  const notifications = useNotifications();
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    const m = site.maintenance;
    const window = m.notify_started_at !== null ? { started_at: m.notify_started_at, ended_at: m.notify_ended_at } : m;
    if (!isWithinMaintenance(window, Date.now()) && !isWithinMaintenance(window, now)) return;
    void import('../../features/site-state/index.ts').then(({ maintenanceTexts, maintenanceWindowText }) => {
      const { texts } = maintenanceTexts(lng);
      notifications.notify({ area: 'top', kind: 'warning', title: texts.notice, text: maintenanceWindowText(m, lng, timeZone) });
    });
  }, [site.maintenance, lng, now, timeZone, notifications]);
  return null;
}

// Its own chunk: most visitors never see it, and players never do.
const SocialOneTap = lazy(() => import('../../features/auth/index.ts').then((m) => ({ default: m.SocialOneTap })));

/** SPEC §5: one-tap sign-in only when enabled and the visitor is not logged in. */
function OneTapSlot() {
  const { site, user } = useRequiredRootData();
  const live = useIsLive();
  if (!live || user.loggedIn || !site.flags.oneTapSignIn) return null;
  return (
    <Suspense fallback={null}>
      <SocialOneTap loggedIn={false} />
    </Suspense>
  );
}

function Chrome({ children }: { children: ReactNode }) {
  return (
    <>
      <NotificationAreaView area="top" />
      {children}
      <NotificationAreaView area="bottom-right" />
      <ModalHost />
      <MaintenanceNotice />
      <SessionLifecycle />
      <TermsWatch />
      <ProtectionWatch />
      <BanNotice />
      <OneTapSlot />
    </>
  );
}

export function PageLayout({ layout, meta, isHome, children }: LayoutProps) {
  const { site } = useRequiredRootData();
  switch (layout) {
    case 'main':
      return (
        <Chrome>
          <SkipLink />
          <Header />
          <Main>{children}</Main>
          {meta.hideSeoText ? null : <SeoText />}
          {meta.hideFooter ? null : <Footer />}
          {meta.hideBottomNav ? null : <BottomNav />}
          <SupportButton />
          <ScrollToTop />
          <CouponOverlay />
          {isHome && site.flags.snowEffect ? <Snow /> : null}
        </Chrome>
      );
    case 'casino':
      return (
        <Chrome>
          <SkipLink />
          <Header />
          <CasinoCategoryBar />
          <Main>{children}</Main>
          {meta.hideFooter ? null : <Footer />}
          {meta.hideBottomNav ? null : <BottomNav />}
          <SupportButton />
          <ScrollToTop />
          <CouponOverlay />
        </Chrome>
      );
    case 'headless':
      return (
        <Chrome>
          <SkipLink />
          <Main wide>{children}</Main>
          {meta.hideFooter ? null : <Footer />}
          <ScrollToTop />
        </Chrome>
      );
    case 'empty':
      return (
        <Chrome>
          <Main>{children}</Main>
        </Chrome>
      );
    case 'blocked':
      return (
        <>
          <SkipLink />
          <BlockedHeader />
          <Main>{children}</Main>
        </>
      );
    case 'maintenance':
      return (
        <>
          <header className={styles.maintenanceHeader}>
            <Logo />
          </header>
          <Main>{children}</Main>
        </>
      );
  }
}
