/**
 * 404 and 500 pages (SPEC §2, §8). Inside the main layout when the language is known; a
 * bare page otherwise. A failed route chunk reloads the page (at most once a minute).
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Link } from './link.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { usePaths } from '../config/paths.ts';
import { isChunkLoadError, reloadForChunkError } from './chunk-reload.ts';
import { errorStatus } from './error-status.ts';
import styles from './pages.module.css';

export { errorStatus };

function useChunkReload(error: unknown): void {
  useEffect(() => {
    if (isChunkLoadError(error)) reloadForChunkError(sessionStorage, () => window.location.reload(), Date.now());
  }, [error]);
}

export function NotFoundContent() {
  const { t } = useTranslation();
  const paths = usePaths();
  return (
    <section className={styles.statePanel} aria-labelledby="page-title">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 id="page-title">{t('main_not_found')}</h1>
      <p>{t('main_not_found_hint')}</p>
      <ul className={styles.actions}>
        <li>
          <Link className="btn btn-primary" to={paths.to('home')}>
            {t('main_go_home')}
          </Link>
        </li>
        <li>
          <Link className="btn btn-ghost" to={paths.to('line')}>
            {t('nav_sports')}
          </Link>
        </li>
        <li>
          <Link className="btn btn-ghost" to={paths.to('casino')}>
            {t('nav_casino')}
          </Link>
        </li>
        <li>
          <Link className="btn btn-ghost" to={paths.to('info-contacts')}>
            {t('info_contacts')}
          </Link>
        </li>
      </ul>
    </section>
  );
}

export function ServerErrorContent() {
  const { t } = useTranslation();
  const paths = usePaths();
  const location = useLocation();
  const retry = `${location.pathname}${location.search}`;
  return (
    <section className={styles.statePanel} aria-labelledby="page-title">
      <p className={styles.code} aria-hidden="true">
        500
      </p>
      <h1 id="page-title">{t('main_server_error')}</h1>
      <p>{t('main_server_error_hint')}</p>
      <ul className={styles.actions}>
        <li>
          {/* A full page load: the retry must not reuse the failed client state. */}
          <a className="btn btn-primary" href={retry}>
            {t('main_retry')}
          </a>
        </li>
        <li>
          <Link className="btn btn-ghost" to={paths.to('home')} reloadDocument>
            {t('main_go_home')}
          </Link>
        </li>
      </ul>
    </section>
  );
}

export function ErrorContent({ error }: { error: unknown }) {
  useChunkReload(error);
  return errorStatus(error) === 404 ? <NotFoundContent /> : <ServerErrorContent />;
}

/** When nothing is known (no site config): plain English, no layout. */
export function BareErrorPage({ error }: { error: unknown }) {
  useChunkReload(error);
  const notFound = errorStatus(error) === 404;
  return (
    <main id="main-content" className={styles.bare}>
      <section className={styles.statePanel}>
        <p className={styles.code} aria-hidden="true">
          {notFound ? 404 : 500}
        </p>
        <h1>{notFound ? 'This page could not be found' : 'Something went wrong on our side'}</h1>
        <p>{notFound ? 'The address may be mistyped, or the page has moved.' : 'Please try again in a minute.'}</p>
        <p>
          <a className="btn btn-primary" href={notFound ? '/' : ''}>
            {notFound ? 'Go to the home page' : 'Try again'}
          </a>
        </p>
      </section>
    </main>
  );
}
