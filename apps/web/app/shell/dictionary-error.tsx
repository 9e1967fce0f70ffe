import { useTranslation } from '../i18n/react.tsx';
import styles from './pages.module.css';

/** SPEC §8: a dictionary that fails to load shows main_dictionary_load_error with a Refresh button. */
export function DictionaryError() {
  const { t } = useTranslation();
  return (
    <section className={styles.statePanel} role="alert">
      <h1>{t('main_dictionary_load_error')}</h1>
      <p>{t('main_dictionary_load_error_hint')}</p>
      <p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t('main_refresh')}
        </button>
      </p>
    </section>
  );
}
