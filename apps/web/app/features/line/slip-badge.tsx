/**
 * The header's way to the selections: "Bet slip" with their count. On a sports page it
 * moves to the slip column; elsewhere it opens the coupon page (SPEC §2 "coupon"). The count is
 * the browser's (stored selections), so the server renders the link without one.
 */
import type { MouseEvent } from 'react';
import { Link } from '../../shell/link.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { usePaths } from '../../config/paths.ts';
import { useSelections } from './selections.ts';

export const SLIP_ANCHOR = 'bet-slip';

export function SlipBadge({ className, countClassName, labelClassName }: { className?: string; countClassName?: string; labelClassName?: string }) {
  const { t } = useTranslation();
  const paths = usePaths();
  const { count } = useSelections();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const slip = document.getElementById(SLIP_ANCHOR)?.closest('section');
    if (!slip) return;
    event.preventDefault();
    slip.scrollIntoView({ block: 'start', behavior: 'smooth' });
    slip.setAttribute('tabindex', '-1');
    slip.focus({ preventScroll: true });
  };
  return (
    <Link to={paths.to('coupon')} className={className} onClick={onClick} aria-label={count > 0 ? t('header_slip_count', { count }) : t('header_slip')} data-testid="header-slip">
      <span aria-hidden="true" className={labelClassName}>
        {t('header_slip')}
      </span>
      <span className={countClassName} aria-hidden="true" data-testid="header-slip-count">
        {count}
      </span>
    </Link>
  );
}
