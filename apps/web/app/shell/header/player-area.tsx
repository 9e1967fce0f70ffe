/**
 * The header's account area for a logged-in player: balance, top up, office, log out.
 * Its own chunk, so a visitor's first page load does not carry the wallet and auth code.
 */
import { Link } from '../link.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { usePaths } from '../../config/paths.ts';
import { LogoutButton } from '../../features/auth/index.ts';
import { HeaderBalance } from '../../features/wallet/index.ts';
import styles from './header.module.css';

export default function PlayerArea() {
  const { t } = useTranslation();
  const paths = usePaths();
  return (
    <div className={styles.account}>
      <div className={styles.balance}>
        <HeaderBalance labelClassName={styles.balanceLabel} valueClassName={styles.balanceValue} />
      </div>
      <Link to={paths.to('recharge')} className="btn btn-accent">
        {t('header_top_up')}
      </Link>
      <Link to={paths.to('account')} className={`btn btn-ghost ${styles.ghostOnDark}`}>
        {t('header_office')}
      </Link>
      <LogoutButton className={`btn btn-ghost ${styles.ghostOnDark}`} homeHref={paths.to('home')} />
    </div>
  );
}
