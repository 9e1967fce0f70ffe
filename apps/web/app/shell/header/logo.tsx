import { Link } from '../link.tsx';
import { usePaths } from '../../config/paths.ts';
import { useRequiredRootData } from '../../config/root-data.ts';
import styles from './header.module.css';

/** The brand mark and name; a link home. */
export function Logo() {
  const { site } = useRequiredRootData();
  const paths = usePaths();
  return (
    <Link to={paths.to('home')} className={styles.logo} aria-label={site.companyName}>
      <svg className={styles.logoMark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" fill="var(--brand-accent)" />
        <path d="M9 8h8.5a5 5 0 0 1 1.9 9.6A5.2 5.2 0 0 1 17.8 26H9z" fill="var(--brand-on-accent)" />
        <path d="M13 12v4h4a2 2 0 0 0 0-4zm0 7.5V23h4.6a1.75 1.75 0 0 0 0-3.5z" fill="var(--brand-accent)" />
      </svg>
      <span className={styles.logoText}>{site.companyName}</span>
    </Link>
  );
}
