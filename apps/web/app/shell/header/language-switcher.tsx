import { useLocation } from 'react-router';
import { Link } from '../link.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { splitLanguage, withLanguage } from '@betsite/domain';
import { COOKIE, SETTINGS_COOKIE_MAX_AGE, writeCookie } from '../../config/cookies.ts';
import { useRequiredRootData } from '../../config/root-data.ts';
import { Disclosure } from '../ui/disclosure.tsx';
import styles from './header.module.css';

/** The site's languages (hidden ones only for players), each a link to this page in that language. */
export function LanguageSwitcher({ placement = 'header' }: { placement?: 'header' | 'footer' }) {
  const { t } = useTranslation();
  const { site, user, lng } = useRequiredRootData();
  const location = useLocation();
  const { rest } = splitLanguage(location.pathname);
  const languages = site.languages.filter((l) => user.loggedIn || !l.hidden);
  const current = site.languages.find((l) => l.code === lng);
  return (
    <Disclosure
      className={placement === 'footer' ? styles.menuUp : styles.menu}
      buttonClassName={styles.menuButton}
      panelClassName={styles.menuPanel}
      ariaLabel={t('header_language', { language: current?.name ?? lng })}
      label={
        <>
          <span aria-hidden="true" className={styles.langCode}>
            {lng.toUpperCase()}
          </span>
          <span>{current?.name ?? lng}</span>
        </>
      }
    >
      <ul className={styles.menuList}>
        {languages.map((l) => (
          <li key={l.code}>
            <Link
              to={`${withLanguage(l.code, rest)}${location.search}`}
              lang={l.code}
              hrefLang={l.code}
              aria-current={l.code === lng ? 'true' : undefined}
              className={styles.menuItem}
              onClick={() => writeCookie(COOKIE.language, l.code, { maxAgeSeconds: SETTINGS_COOKIE_MAX_AGE })}
            >
              <span aria-hidden="true" className={styles.langCode}>
                {l.code.toUpperCase()}
              </span>
              {l.name}
            </Link>
          </li>
        ))}
      </ul>
    </Disclosure>
  );
}
