/**
 * The lobby's toolbar: search as you type, the sort and the provider filter. On the search
 * page the typing updates `?q=` (debounced, replacing the history entry); elsewhere it
 * moves to the search page, which keeps the focus in its box.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { CasinoProviderCount, CasinoSort } from '@betsite/contracts';
import { useTranslation } from '../../i18n/react.tsx';
import { usePaths } from '../../config/paths.ts';
import { SEARCH_MAX } from './api.ts';
import { lobbySearch, searchable, SORTS, type LobbyParams } from './lobby-params.ts';
import styles from './casino.module.css';

/** Typing waits this long before the url (and the results) follow. */
export const SEARCH_DEBOUNCE_MS = 300;

interface ToolbarProps {
  params: LobbyParams;
  /** Providers for the filter (left out on a provider's own page). */
  providers?: readonly CasinoProviderCount[];
  /** The search page: typing filters in place. */
  searchPage?: boolean;
}

export function CasinoToolbar({ params, providers, searchPage = false }: ToolbarProps) {
  const { t } = useTranslation('casino');
  const paths = usePaths();
  const navigate = useNavigate();
  const location = useLocation();
  const [, setSearchParams] = useSearchParams();
  const ids = useId();
  const [text, setText] = useState(params.q);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const input = useRef<HTMLInputElement>(null);

  // Arriving on the search page from typing elsewhere: keep typing.
  useEffect(() => {
    if (searchPage && (location.state as { focusSearch?: boolean } | null)?.focusSearch) {
      const el = input.current;
      if (el) {
        el.focus();
        el.setSelectionRange(el.value.length, el.value.length);
      }
    }
  }, [searchPage, location.state]);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  const go = (q: string) => {
    const query = q.trim();
    if (searchPage) {
      if (query === params.q) return;
      setSearchParams(lobbySearch({ ...params, q: query }).slice(1), { replace: true, preventScrollReset: true });
    } else if (searchable(query)) {
      void navigate(paths.to('casino-search', {}, { q: query }), { state: { focusSearch: true } });
    }
  };
  const onType = (value: string) => {
    setText(value);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => go(value), SEARCH_DEBOUNCE_MS);
  };
  const set = (patch: Partial<LobbyParams>) => setSearchParams(lobbySearch({ ...params, ...patch }).slice(1), { preventScrollReset: true });

  return (
    <div className={styles.toolbar}>
      <form
        role="search"
        className={styles.searchBox}
        action={paths.to('casino-search')}
        onSubmit={(event) => {
          event.preventDefault();
          if (timer.current) clearTimeout(timer.current);
          go(text);
        }}
      >
        <label htmlFor={`${ids}-q`} className={styles.label}>
          {t('search_label')}
        </label>
        <input
          ref={input}
          id={`${ids}-q`}
          type="search"
          name="q"
          value={text}
          maxLength={SEARCH_MAX}
          autoComplete="off"
          placeholder={t('search_placeholder')}
          onChange={(event) => onType(event.target.value)}
        />
      </form>
      <div className={styles.field}>
        <label htmlFor={`${ids}-sort`} className={styles.label}>
          {t('sort_label')}
        </label>
        <select id={`${ids}-sort`} value={params.sort} onChange={(event) => set({ sort: event.target.value as CasinoSort })}>
          {SORTS.map((s) => (
            <option key={s} value={s}>
              {t(`sort_${s}`)}
            </option>
          ))}
        </select>
      </div>
      {providers ? (
        <div className={styles.field}>
          <label htmlFor={`${ids}-provider`} className={styles.label}>
            {t('provider_label')}
          </label>
          <select id={`${ids}-provider`} value={params.provider ?? ''} onChange={(event) => set({ provider: event.target.value || null })}>
            <option value="">{t('provider_all')}</option>
            {providers.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} ({p.count})
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </div>
  );
}
