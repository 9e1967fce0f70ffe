/**
 * The API did not answer: say so and offer to try again. Its own module because the home
 * page's top games use it, and `common.tsx` would bring the listings' search and slip along.
 */
import { useRevalidator } from 'react-router';
import { useTranslation } from '../../../i18n/react.tsx';
import styles from './pages.module.css';

/** The API did not answer: say so and offer to try again (the loader runs again). */
export function LoadFailed({ partial = false }: { partial?: boolean }) {
  const { t } = useTranslation('sports');
  const revalidator = useRevalidator();
  const busy = revalidator.state === 'loading';
  return (
    <div className={styles.failed} role="alert">
      <p>{t(partial ? 'load_failed_partial' : 'load_failed')}</p>
      <button type="button" className="btn btn-primary" onClick={() => void revalidator.revalidate()} disabled={busy}>
        {busy ? t('loading') : t('retry')}
      </button>
    </div>
  );
}
