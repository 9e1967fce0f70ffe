/** The coupon page's body: the slip at a comfortable width, the bet types explained beside it. */
import { Link } from '../../shell/link.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { usePaths } from '../../config/paths.ts';
import { BetSlip } from './bet-slip.tsx';
import styles from './coupon.module.css';

export function CouponPageView() {
  const { t } = useTranslation('sports');
  const paths = usePaths();
  return (
    <div className={styles.couponPage}>
      <BetSlip />
      <aside className={styles.couponAside}>
        <p>{t('coupon_page_text')}</p>
        <ul>
          <li>
            <Link to={paths.to('line')}>{t('coupon_page_line')}</Link>
          </li>
          <li>
            <Link to={paths.to('office-history')}>{t('coupon_bets_all')}</Link>
          </li>
        </ul>
      </aside>
    </div>
  );
}
