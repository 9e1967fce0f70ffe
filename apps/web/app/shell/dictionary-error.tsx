import { useTranslation } from '../i18n/react.tsx';
import styles from './pages.module.css';

/**
 * SPEC §8: a dictionary that fails to load shows main_dictionary_load_error with a Refresh
 * button. On a first page `main` itself may be what failed, so the texts have English defaults.
 */
export function DictionaryError() {
  const { t } = useTranslation();
  return (
    <section className={styles.statePanel} role="alert">
      <h1>{t('main_dictionary_load_error', 'We could not load the texts of this page')}</h1>
      <p>{t('main_dictionary_load_error_hint', 'Check your connection and refresh the page.')}</p>
      <p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t('main_refresh', 'Refresh')}
        </button>
      </p>
    </section>
  );
}
