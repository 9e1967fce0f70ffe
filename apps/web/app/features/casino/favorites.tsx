/**
 * The player's favorite games on a page: the ids the loader read (`GET /my`), toggled from a
 * tile's star (`PUT`/`DELETE /favorites/:gameId`) at once and put back when the server
 * refuses. Per page (a React context), so a server render never shares one player's stars
 * with another's. Visitors have no favorites: their star opens the login form.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/react.tsx';
import { useNotifications } from '../../shell/notifications/index.ts';
import { api } from '../../shell/http.ts';
import { searchWithModal } from '../modals/index.ts';
import { casinoApi } from './api.ts';
import styles from './casino.module.css';

interface Favorites {
  /** null for a visitor. */
  ids: ReadonlySet<string> | null;
  toggle(gameId: string): void;
}

const FavoritesContext = createContext<Favorites>({ ids: null, toggle: () => {} });

/** Adds or removes `id` (a new set: React sees the change). */
export function toggled(ids: ReadonlySet<string>, id: string, on: boolean): Set<string> {
  const next = new Set(ids);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

export function FavoritesProvider({ initial, children }: { initial: readonly string[] | null; children: ReactNode }) {
  const { t } = useTranslation('casino');
  const notifications = useNotifications();
  const [ids, setIds] = useState<ReadonlySet<string> | null>(() => (initial ? new Set(initial) : null));
  const toggle = useCallback(
    (gameId: string) => {
      if (!ids) return;
      const on = !ids.has(gameId);
      setIds((current) => (current ? toggled(current, gameId, on) : current));
      void casinoApi(api)
        .setFavorite(gameId, on)
        .then((result) => {
          if (result.ok) return;
          setIds((current) => (current ? toggled(current, gameId, !on) : current));
          notifications.notify({ area: 'bottom-right', kind: 'error', title: t('favorite_failed') });
        });
    },
    [ids, notifications, t],
  );
  const value = useMemo(() => ({ ids, toggle }), [ids, toggle]);
  return <FavoritesContext.Provider value={value}>{children}</FavoritesContext.Provider>;
}

export const useFavorites = (): Favorites => useContext(FavoritesContext);

/** The star on a tile: a toggle for players; for visitors it opens the login form. */
export function FavoriteButton({ gameId, title }: { gameId: string; title: string }) {
  const { t } = useTranslation('casino');
  const { ids, toggle } = useFavorites();
  const navigate = useNavigate();
  const location = useLocation();
  const on = ids?.has(gameId) ?? false;
  if (!ids) {
    return (
      <button
        type="button"
        className={styles.star}
        aria-label={t('favorite_login', { title })}
        title={t('favorite_login', { title })}
        onClick={() => void navigate(`${location.pathname}${searchWithModal(location.search, 'login')}`, { preventScrollReset: true })}
      >
        <span aria-hidden="true">☆</span>
      </button>
    );
  }
  return (
    <button
      type="button"
      className={`${styles.star} ${on ? styles.starOn : ''}`}
      aria-pressed={on}
      aria-label={t('favorite_toggle', { title })}
      title={on ? t('favorite_remove') : t('favorite_add')}
      onClick={() => toggle(gameId)}
    >
      <span aria-hidden="true">{on ? '★' : '☆'}</span>
    </button>
  );
}
