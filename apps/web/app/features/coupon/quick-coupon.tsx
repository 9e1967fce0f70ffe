/**
 * The coupon overlay's visible part (see coupon-overlay.tsx), loaded once the slip holds a pick:
 * - the quick coupon (UI.md: the slip collapses into it below 1366 px, and it is the slip of
 *   pages without a slip column): a floating "Bet slip · N · odds" button that opens the slip;
 * - the coupon reminder (SPEC §4 coupon notification): with a playable bet waiting, after
 *   30 s (live) or 5 minutes (line), once, a warning with a way to the coupon page — unless
 *   the coupon page or the quick coupon is showing; cleared when the coupon empties.
 */
import { lazy, Suspense, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../../shell/link.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { FALLBACK_LANGUAGE } from '../../i18n/namespaces.ts';
import { useRequiredRootData } from '../../config/root-data.ts';
import { usePaths } from '../../config/paths.ts';
import { SLIP_ANCHOR, useSelections } from '../line/index.ts';
import { reminderDelay } from './overlay-rules.ts';
import styles from './coupon.module.css';

// The slip itself is fetched when the quick coupon opens: most pages load without it.
const BetSlip = lazy(() => import('./bet-slip.tsx').then((m) => ({ default: m.BetSlip })));

/** Below this width the slip column gives way to the quick coupon (UI.md, SPEC §9 breakpoint). */
export const QUICK_COUPON_BELOW_PX = 1366;

const isCouponPage = (pathname: string) => /^\/[a-z]{2}\/coupon\/?$/.test(pathname);

function subscribeWidth(listener: () => void) {
  const query = window.matchMedia(`(max-width: ${QUICK_COUPON_BELOW_PX - 1}px)`);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}
const narrowNow = () => window.matchMedia(`(max-width: ${QUICK_COUPON_BELOW_PX - 1}px)`).matches;

/** Whether the page shows a slip column (the sports pages at 1366 px and wider). */
function usePageHasSlip(pathname: string): boolean {
  const narrow = useSyncExternalStore(subscribeWidth, narrowNow, () => false);
  const [column, setColumn] = useState(false);
  useEffect(() => {
    const look = () => setColumn(document.getElementById(SLIP_ANCHOR) !== null);
    look();
    // The page's content renders after navigation: look again once it has.
    const timer = setTimeout(look, 300);
    return () => clearTimeout(timer);
  }, [pathname]);
  return column && !narrow;
}

/** The slip's texts (`sports`) on pages that did not load them (casino, info …): fetched once a pick waits. */
function useSportsTexts(wanted: boolean): boolean {
  const { i18n } = useTranslation();
  const { lng } = useRequiredRootData();
  const [, setLoaded] = useState(0);
  // A language without its own `sports` file uses the English one.
  const has = i18n.hasResourceBundle(lng, 'sports') || i18n.hasResourceBundle(FALLBACK_LANGUAGE, 'sports');
  useEffect(() => {
    if (!wanted || has) return;
    let live = true;
    // The map of dictionary files loads with it, not with every page.
    void import('../../i18n/load.client.ts')
      .then(({ loadClientDictionaries }) => loadClientDictionaries(lng, ['sports']))
      .then(() => {
        if (live) setLoaded((n) => n + 1);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [wanted, has, i18n, lng]);
  return has;
}

export default function QuickCoupon() {
  const { pathname } = useLocation();
  const { t } = useTranslation('sports');
  const selections = useSelections();
  const pageSlip = usePageHasSlip(pathname);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const onCouponPage = isCouponPage(pathname);
  const texts = useSportsTexts(selections.count > 0);
  const quickShown = texts && !onCouponPage && !pageSlip && selections.count > 0;

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  // A new page: the quick coupon closes.
  useEffect(() => setOpen(false), [pathname]);

  return (
    <>
      {quickShown || (texts && open && !onCouponPage && !pageSlip) ? (
        <div className={styles.quickCoupon} data-testid="quick-coupon">
          {open ? (
            <div id={panelId} className={styles.quickPanel}>
              <Suspense fallback={null}>
                <BetSlip anchor={false} />
              </Suspense>
            </div>
          ) : null}
          <button type="button" className={styles.quickToggle} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
            <span>{t('coupon_tab_slip')}</span>
            <span className={styles.tabCount}>{selections.count}</span>
            <span aria-hidden="true">{open ? '▾' : '▴'}</span>
          </button>
        </div>
      ) : null}
      {texts ? <CouponReminder suppressed={onCouponPage || open} /> : null}
    </>
  );
}

function CouponReminder({ suppressed }: { suppressed: boolean }) {
  const { t } = useTranslation('sports');
  const paths = usePaths();
  const { bets } = useSelections();
  const [due, setDue] = useState(false);
  const [shown, setShown] = useState(false);
  const delay = reminderDelay(bets.map((b) => ({ isLive: b.isLive, blocked: false })));
  const suppressedRef = useRef(suppressed);
  useEffect(() => {
    suppressedRef.current = suppressed;
  });

  // Scheduled while a playable bet waits; cleared when the coupon empties or the coupon page opens.
  useEffect(() => {
    if (delay === null) {
      setDue(false);
      setShown(false);
      return;
    }
    if (shown) return;
    const timer = setTimeout(() => {
      if (!suppressedRef.current) {
        setDue(true);
        setShown(true);
      }
    }, delay);
    return () => clearTimeout(timer);
  }, [delay, shown]);
  useEffect(() => {
    if (suppressed) setDue(false);
  }, [suppressed]);

  if (!due || suppressed) return null;
  return (
    <div className={styles.reminder} role="status" data-testid="coupon-reminder">
      <p>{t('coupon_reminder', { count: bets.length })}</p>
      <div className={styles.reminderButtons}>
        <Link to={paths.to('coupon')} className="btn btn-accent" onClick={() => setDue(false)}>
          {t('coupon_reminder_open')}
        </Link>
        <button type="button" className="btn btn-ghost" onClick={() => setDue(false)}>
          {t('coupon_reminder_later')}
        </button>
      </div>
    </div>
  );
}
