import { createContext, use, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { createNotificationStore, type NotificationArea, type NotificationStore } from './store.ts';
import styles from './notifications.module.css';

const NotificationContext = createContext<NotificationStore | null>(null);

/** One store per mounted app (never shared between server requests). */
export function NotificationProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => createNotificationStore());
  return <NotificationContext value={store}>{children}</NotificationContext>;
}

export function useNotifications(): NotificationStore {
  const store = use(NotificationContext);
  if (!store) throw new Error('NotificationProvider is missing');
  return store;
}

const EMPTY: readonly never[] = [];

export function NotificationAreaView({ area }: { area: NotificationArea }) {
  const store = useNotifications();
  const { t } = useTranslation();
  const notices = useSyncExternalStore(store.subscribe, store.list, () => EMPTY);
  const mine = notices.filter((n) => n.area === area);
  return (
    <div className={area === 'top' ? styles.top : styles.bottomRight} role="region" aria-label={t('notifications_region')} aria-live="polite">
      {mine.map((n) => (
        <div key={n.id} className={`${styles.notice} ${styles[n.kind]}`} role={n.kind === 'error' ? 'alert' : 'status'}>
          <div className={styles.body}>
            <strong>{n.title}</strong>
            {n.text ? <p>{n.text}</p> : null}
          </div>
          <button type="button" className={styles.close} onClick={() => store.dismiss(n.id)} aria-label={t('main_close')}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
